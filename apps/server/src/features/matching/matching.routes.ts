import {
  AddGlobalRuleRequest,
  AddLocalRuleRequest,
  AdminConnectionsQuery,
  AdminConnectionsReply,
  AdminConnectReply,
  AdminConnectRequest,
  AutoMatchReply,
  AutoMatchRequest,
  CompanyScopedQuery,
  ConnectionIdParams,
  ConnectMissingFilter,
  ConnectMissingReply,
  ConnectReply,
  ConnectRequest,
  CopyRulesReply,
  CopyRulesRequest,
  DeleteRuleReply,
  DisconnectReply,
  Endpoint,
  ErrorReply,
  MatchingQualityQuery,
  MatchingQualityReply,
  RejectSuggestionReply,
  RejectSuggestionRequest,
  RuleCompanyQuery,
  RuleIdParams,
  RuleListQuery,
  RuleListReply,
  RulePreviewReply,
  RulePreviewRequest,
  RuleReply,
  type RuleScope,
  SuggestTransactionQuery,
  SuggestTransactionReply,
  TransactionIdPathParams,
  UpdateGlobalRuleRequest,
  UpdateLocalRuleRequest,
  UpdateMissingByVoucherRequest,
  VoucherSuggestInfoQuery,
  VoucherSuggestInfoReply,
  VoucherSuggestionsQuery,
  VoucherSuggestionsReply,
} from '@bilag/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAdmin, requirePrincipal } from '../../platform/auth';
import { ok } from '../../platform/reply';
import type { AutoMatchOptions } from './auto-match';
import * as matching from './matching.service';
import * as rules from './rule.service';

type Options = { db: Db };

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };

/** Matching (7.4 missing, suggestions, automatic matching; transactionVoucher; voucherSuggestions). */
export const matchingRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  const tags = ['matching'];

  app.get(
    Endpoint.connectMissing,
    {
      schema: {
        tags,
        summary: 'Transactions that miss a voucher, each with its ranked suggestions and their reasons',
        querystring: ConnectMissingFilter,
        response: { 200: ConnectMissingReply, ...errors },
      },
    },
    async (request) => ok(await matching.listMissing(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.suggestTransactions,
    {
      schema: {
        tags,
        summary: 'The transactions connected to a voucher, and the open ones that may pay it',
        querystring: SuggestTransactionQuery,
        response: { 200: SuggestTransactionReply, ...errors },
      },
    },
    async (request) => ok(await matching.suggestTransactions(db, requirePrincipal(request), request.query)),
  );

  const autoMatchRoute = (
    url: string,
    summary: string,
    options: Pick<AutoMatchOptions, 'retrain' | 'suggestOnly'>,
  ) =>
    app.post(
      url,
      { schema: { tags, summary, body: AutoMatchRequest, response: { 200: AutoMatchReply, ...errors } } },
      async (request) =>
        ok(await matching.autoMatchForUser(db, requirePrincipal(request), request.body, options)),
    );
  autoMatchRoute(
    Endpoint.autoUpdateTransactions,
    'Match the transactions that miss a voucher: rules, then KID and reference, then scored candidates',
    {},
  );
  autoMatchRoute(
    Endpoint.autoUpdateTransactionsByAiLocal,
    "Train the company's model on its confirmed and rejected pairs, then match with it",
    { retrain: true },
  );
  autoMatchRoute(
    Endpoint.refreshMatching,
    'Recompute the suggestions of the transactions that miss a voucher, without connecting any',
    { suggestOnly: true },
  );

  app.put(
    Endpoint.updateMissingByVoucher,
    {
      schema: {
        tags,
        summary: "Connect a transaction to the company's vouchers that explain it",
        params: TransactionIdPathParams,
        body: UpdateMissingByVoucherRequest,
        response: { 200: ConnectReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await matching.connect(db, requirePrincipal(request), {
          companyId: request.body.companyId,
          bankTransactionIds: [request.params.id],
          voucherIds: request.body.voucherIds,
        }),
      ),
  );

  app.post(
    Endpoint.connectTransactionVoucher,
    {
      schema: {
        tags,
        summary: 'Connect transactions with vouchers (several on one side only when the amounts add up)',
        body: ConnectRequest,
        response: { 200: ConnectReply, ...errors },
      },
    },
    async (request) => ok(await matching.connect(db, requirePrincipal(request), request.body)),
  );

  app.delete(
    Endpoint.disconnectTransactionVoucher,
    {
      schema: {
        tags,
        summary: 'Remove a connection; an automatic one is then never made automatically again',
        params: ConnectionIdParams,
        querystring: CompanyScopedQuery,
        response: { 200: DisconnectReply, ...errors },
      },
    },
    async (request) =>
      ok(
        await matching.disconnect(db, requirePrincipal(request), request.query.companyId, request.params.id),
      ),
  );

  app.post(
    Endpoint.adminVoucherConnect,
    {
      schema: {
        tags,
        summary: 'Administrators: connect a transaction and a voucher of any company',
        body: AdminConnectRequest,
        response: { 200: AdminConnectReply, ...errors },
      },
    },
    async (request) => ok(await matching.adminConnect(db, requireAdmin(request), request.body)),
  );

  app.get(
    Endpoint.matchingQuality,
    {
      schema: {
        tags,
        summary: 'Administrators: how well matching does per company',
        querystring: MatchingQualityQuery,
        response: { 200: MatchingQualityReply, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return ok(await matching.matchingQuality(db, request.query.keyword));
    },
  );

  app.get(
    Endpoint.adminConnections,
    {
      schema: {
        tags,
        summary: 'Administrators: the connections of every company, newest first',
        querystring: AdminConnectionsQuery,
        response: { 200: AdminConnectionsReply, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return ok(await matching.adminConnections(db, request.query));
    },
  );

  app.get(
    Endpoint.voucherSuggestInfo,
    {
      schema: {
        tags,
        summary: "What the company's learned model makes of a transaction, and its suggestions",
        querystring: VoucherSuggestInfoQuery,
        response: { 200: VoucherSuggestInfoReply, ...errors },
      },
    },
    async (request) => ok(await matching.suggestInfo(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.voucherSuggestions,
    {
      schema: {
        tags,
        summary: 'The open suggestions of a transaction, best first',
        querystring: VoucherSuggestionsQuery,
        response: { 200: VoucherSuggestionsReply, ...errors },
      },
    },
    async (request) => ok(await matching.voucherSuggestions(db, requirePrincipal(request), request.query)),
  );

  app.post(
    Endpoint.rejectVoucherSuggestion,
    {
      schema: {
        tags,
        summary: 'Reject a suggestion: the voucher is never suggested for the transaction again',
        body: RejectSuggestionRequest,
        response: { 200: RejectSuggestionReply, ...errors },
      },
    },
    async (request) => ok(await matching.rejectSuggestion(db, requirePrincipal(request), request.body)),
  );
};

/** globalRules and localRules (7.3). */
export const ruleRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  const tags = ['rules'];
  const scopes: { scope: RuleScope; list: string; add: string; preview: string; one: string }[] = [
    {
      scope: 'global',
      list: Endpoint.globalRules,
      add: Endpoint.addGlobalRule,
      preview: Endpoint.previewGlobalRule,
      one: Endpoint.globalRule,
    },
    {
      scope: 'local',
      list: Endpoint.localRules,
      add: Endpoint.addLocalRule,
      preview: Endpoint.previewLocalRule,
      one: Endpoint.localRule,
    },
  ];
  for (const { scope, list, add, preview, one } of scopes) {
    const body = scope === 'local' ? AddLocalRuleRequest : AddGlobalRuleRequest;
    const updateBody = scope === 'local' ? UpdateLocalRuleRequest : UpdateGlobalRuleRequest;
    const whose = scope === 'local' ? "a company's" : 'the bureau’s global';

    app.get(
      list,
      {
        schema: {
          tags,
          summary: `List ${whose} rules`,
          querystring: RuleListQuery,
          response: { 200: RuleListReply, ...errors },
        },
      },
      async (request) => ok(await rules.listRules(db, requirePrincipal(request), scope, request.query)),
    );

    app.post(
      add,
      {
        schema: { tags, summary: `Add one of ${whose} rules`, body, response: { 200: RuleReply, ...errors } },
      },
      async (request) => ok(await rules.addRule(db, requirePrincipal(request), scope, request.body)),
    );

    app.post(
      preview,
      {
        schema: {
          tags,
          summary: `What one of ${whose} rules would change, before it is saved`,
          body: RulePreviewRequest,
          response: { 200: RulePreviewReply, ...errors },
        },
      },
      async (request) => ok(await rules.previewRule(db, requirePrincipal(request), scope, request.body)),
    );

    app.put(
      one,
      {
        schema: {
          tags,
          summary: `Change one of ${whose} rules`,
          params: RuleIdParams,
          body: updateBody,
          response: { 200: RuleReply, ...errors },
        },
      },
      async (request) =>
        ok(await rules.updateRule(db, requirePrincipal(request), scope, request.params.id, request.body)),
    );

    app.delete(
      one,
      {
        schema: {
          tags,
          summary: `Delete one of ${whose} rules`,
          params: RuleIdParams,
          querystring: RuleCompanyQuery,
          response: { 200: DeleteRuleReply, ...errors },
        },
      },
      async (request) => {
        await rules.deleteRule(
          db,
          requirePrincipal(request),
          scope,
          request.params.id,
          request.query.companyId,
        );
        return ok(null);
      },
    );
  }

  app.post(
    Endpoint.copyLocalRules,
    {
      schema: {
        tags,
        summary: "Copy a company's rules to other companies (rules of the same name there are kept)",
        body: CopyRulesRequest,
        response: { 200: CopyRulesReply, ...errors },
      },
    },
    async (request) => ok(await rules.copyRules(db, requirePrincipal(request), request.body)),
  );
};
