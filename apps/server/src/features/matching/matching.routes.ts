import {
  addGlobalRule,
  addLocalRule,
  adminConnections,
  adminVoucherConnect,
  autoUpdateTransactions,
  autoUpdateTransactionsByAiLocal,
  connectMissing,
  connectTransactionVoucher,
  copyLocalRules,
  deleteGlobalRule,
  deleteLocalRule,
  disconnectTransactionVoucher,
  globalRules,
  localRules,
  matchingQuality,
  previewGlobalRule,
  previewLocalRule,
  refreshMatching,
  rejectVoucherSuggestion,
  suggestTransactions,
  updateGlobalRule,
  updateLocalRule,
  updateMissingByVoucher,
  voucherSuggestInfo,
  voucherSuggestions,
} from '@bilag/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerRoute } from '../../platform/route';
import * as matching from './matching.service';
import * as rules from './rule.service';

type Options = { db: Db };

/** Matching (7.4 missing, suggestions, automatic matching; transactionVoucher; voucherSuggestions). */
export async function matchingRoutes(app: FastifyInstance, { db }: Options) {
  registerRoute(app, connectMissing, ({ query }, { principal }) =>
    matching.listMissing(db, principal, query),
  );
  registerRoute(app, suggestTransactions, ({ query }, { principal }) =>
    matching.suggestTransactions(db, principal, query),
  );
  registerRoute(app, autoUpdateTransactions, ({ body }, { principal }) =>
    matching.autoMatchForUser(db, principal, body, {}),
  );
  registerRoute(app, autoUpdateTransactionsByAiLocal, ({ body }, { principal }) =>
    matching.autoMatchForUser(db, principal, body, { retrain: true }),
  );
  registerRoute(app, refreshMatching, ({ body }, { principal }) =>
    matching.autoMatchForUser(db, principal, body, { suggestOnly: true }),
  );
  registerRoute(app, updateMissingByVoucher, ({ params, body }, { principal }) =>
    matching.connect(db, principal, {
      companyId: body.companyId,
      bankTransactionIds: [params.id],
      voucherIds: body.voucherIds,
    }),
  );
  registerRoute(app, connectTransactionVoucher, ({ body }, { principal }) =>
    matching.connect(db, principal, body),
  );
  registerRoute(app, disconnectTransactionVoucher, ({ params, query }, { principal }) =>
    matching.disconnect(db, principal, query.companyId, params.id),
  );
  registerRoute(app, adminVoucherConnect, ({ body }, { principal }) =>
    matching.connectAsAdmin(db, principal, body),
  );
  registerRoute(app, matchingQuality, ({ query }) => matching.getMatchingQuality(db, query.keyword));
  registerRoute(app, adminConnections, ({ query }) => matching.listAdminConnections(db, query));
  registerRoute(app, voucherSuggestInfo, ({ query }, { principal }) =>
    matching.getSuggestInfo(db, principal, query),
  );
  registerRoute(app, voucherSuggestions, ({ query }, { principal }) =>
    matching.listVoucherSuggestions(db, principal, query),
  );
  registerRoute(app, rejectVoucherSuggestion, ({ body }, { principal }) =>
    matching.rejectSuggestion(db, principal, body),
  );
}

/** globalRules and localRules (7.3). */
export async function ruleRoutes(app: FastifyInstance, { db }: Options) {
  registerRoute(app, globalRules, ({ query }, { principal }) =>
    rules.listRules(db, principal, 'global', query),
  );
  registerRoute(app, localRules, ({ query }, { principal }) =>
    rules.listRules(db, principal, 'local', query),
  );
  registerRoute(app, addGlobalRule, ({ body }, { principal }) =>
    rules.addRule(db, principal, 'global', body),
  );
  registerRoute(app, addLocalRule, ({ body }, { principal }) => rules.addRule(db, principal, 'local', body));
  registerRoute(app, previewGlobalRule, ({ body }, { principal }) =>
    rules.previewRule(db, principal, 'global', body),
  );
  registerRoute(app, previewLocalRule, ({ body }, { principal }) =>
    rules.previewRule(db, principal, 'local', body),
  );
  registerRoute(app, updateGlobalRule, ({ params, body }, { principal }) =>
    rules.updateRule(db, principal, 'global', params.id, body),
  );
  registerRoute(app, updateLocalRule, ({ params, body }, { principal }) =>
    rules.updateRule(db, principal, 'local', params.id, body),
  );
  registerRoute(app, deleteGlobalRule, ({ params, query }, { principal }) =>
    rules.deleteRule(db, principal, 'global', params.id, query.companyId),
  );
  registerRoute(app, deleteLocalRule, ({ params, query }, { principal }) =>
    rules.deleteRule(db, principal, 'local', params.id, query.companyId),
  );
  registerRoute(app, copyLocalRules, ({ body }, { principal }) => rules.copyRules(db, principal, body));
}
