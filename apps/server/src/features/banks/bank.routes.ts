import {
  AccountBalancesReply,
  AutoImportAccountsReply,
  BalanceQuery,
  BankIdParams,
  BankListReply,
  BankReply,
  ByAccountNumberQuery,
  BySwiftCodeQuery,
  ByTemplateQuery,
  CompanyBankIdParams,
  CompanyBankListReply,
  CompanyBankReply,
  CompanyIdOnlyQuery,
  EmptyReply,
  Endpoint,
  ErrorReply,
  NullableBankReply,
  NullableCompanyBankReply,
  SaveAutoImportRequest,
  SaveBankRequest,
  SaveBankServiceRequest,
  SaveCompanyBankRequest,
  ServiceDatesReply,
  SetDefaultAccountRequest,
  SettingBankAccountsReply,
  SortCompanyBanksRequest,
  UpdateBankStatusRequest,
} from '@bilag/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { requireAdmin, requirePrincipal } from '../../platform/auth';
import { ok } from '../../platform/reply';
import * as banks from './bank.service';

type Options = { db: Db };

const errors = {
  400: ErrorReply,
  401: ErrorReply,
  403: ErrorReply,
  404: ErrorReply,
  409: ErrorReply,
};

/** banks (the registry), company-banks (a company's accounts) and companyBankServices. */
export const bankRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  const tags = ['banks'];

  app.get(
    Endpoint.banks,
    {
      schema: {
        tags,
        summary: 'The registry of Norwegian banks',
        response: { 200: BankListReply, ...errors },
      },
    },
    async () => ok(await banks.listBanks(db)),
  );

  app.get(
    Endpoint.banksBySwiftCode,
    {
      schema: {
        tags,
        summary: 'The bank with a BIC (SWIFT code), or null',
        querystring: BySwiftCodeQuery,
        response: { 200: NullableBankReply, ...errors },
      },
    },
    async (request) => ok(await banks.bankBySwiftCode(db, request.query.swiftCode)),
  );

  app.get(
    Endpoint.banksByFilter,
    {
      schema: {
        tags,
        summary: 'The bank of an account number, found from its first four digits, or null',
        querystring: ByAccountNumberQuery,
        response: { 200: NullableBankReply, ...errors },
      },
    },
    async (request) => ok(await banks.bankByAccountNumber(db, request.query.accountNumber)),
  );

  app.get(
    Endpoint.banksByTemplate,
    {
      schema: {
        tags,
        summary: 'The banks whose statements are imported with a template',
        querystring: ByTemplateQuery,
        response: { 200: BankListReply, ...errors },
      },
    },
    async (request) => ok(await banks.banksByTemplate(db, request.query.template)),
  );

  app.get(
    Endpoint.banksByCompany,
    {
      schema: {
        tags,
        summary: 'The banks of the company accounts',
        querystring: CompanyIdOnlyQuery,
        response: { 200: BankListReply, ...errors },
      },
    },
    async (request) => ok(await banks.banksOfCompany(db, requirePrincipal(request), request.query.companyId)),
  );

  app.get(
    Endpoint.bankBalance,
    {
      schema: {
        tags,
        summary: 'Opening and closing balances of the accounts for a period (CLBD by default)',
        querystring: BalanceQuery,
        response: { 200: AccountBalancesReply, ...errors },
      },
    },
    async (request) => ok(await banks.accountBalances(db, requirePrincipal(request), request.query)),
  );

  app.get(
    Endpoint.banksAdminAutoImport,
    {
      schema: {
        tags,
        summary: 'Every company account with its bank and import state (administrators)',
        response: { 200: AutoImportAccountsReply, ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      return ok(await banks.listAutoImportAccounts(db));
    },
  );

  app.get(
    Endpoint.bankById,
    {
      schema: {
        tags,
        summary: 'One bank of the registry',
        params: BankIdParams,
        response: { 200: BankReply, ...errors },
      },
    },
    async (request) => ok(await banks.getBank(db, request.params.id)),
  );

  app.post(
    Endpoint.addBank,
    {
      schema: {
        tags,
        summary: 'Add a bank to the registry (administrators)',
        body: SaveBankRequest,
        response: { 200: BankReply, ...errors },
      },
    },
    async (request) => ok(await banks.addBank(db, requireAdmin(request), request.body)),
  );

  app.put(
    Endpoint.updateBank,
    {
      schema: {
        tags,
        summary: 'Change a bank of the registry (administrators)',
        params: BankIdParams,
        body: SaveBankRequest,
        response: { 200: BankReply, ...errors },
      },
    },
    async (request) => ok(await banks.updateBank(db, requireAdmin(request), request.params.id, request.body)),
  );

  app.post(
    Endpoint.addBankAutoImport,
    {
      schema: {
        tags,
        summary: "Switch on a bank's automatic statement import with its template (administrators)",
        body: SaveAutoImportRequest,
        response: { 200: BankReply, ...errors },
      },
    },
    async (request) => ok(await banks.saveAutoImport(db, requireAdmin(request), request.body)),
  );

  app.put(
    Endpoint.updateBankAutoImport,
    {
      schema: {
        tags,
        summary: "Change a bank's automatic statement import (administrators)",
        body: SaveAutoImportRequest,
        response: { 200: BankReply, ...errors },
      },
    },
    async (request) => ok(await banks.saveAutoImport(db, requireAdmin(request), request.body)),
  );

  app.put(
    Endpoint.updateBankStatus,
    {
      schema: {
        tags,
        summary: 'Activate (0) or deactivate (1) a bank (administrators)',
        params: BankIdParams,
        body: UpdateBankStatusRequest,
        response: { 200: BankReply, ...errors },
      },
    },
    async (request) =>
      ok(await banks.updateBankStatus(db, requireAdmin(request), request.params.id, request.body.status)),
  );

  const accountTags = ['company-banks'];

  app.get(
    Endpoint.companyBanks,
    {
      schema: {
        tags: accountTags,
        summary: 'The company bank accounts in their order, with bank, latest balance and size',
        querystring: CompanyIdOnlyQuery,
        response: { 200: CompanyBankListReply, ...errors },
      },
    },
    async (request) =>
      ok(await banks.listCompanyBanks(db, requirePrincipal(request), request.query.companyId)),
  );

  app.get(
    Endpoint.settingBankAccounts,
    {
      schema: {
        tags: accountTags,
        summary: 'The company accounts as settings list them (default or other)',
        querystring: CompanyIdOnlyQuery,
        response: { 200: SettingBankAccountsReply, ...errors },
      },
    },
    async (request) =>
      ok(await banks.settingBankAccounts(db, requirePrincipal(request), request.query.companyId)),
  );

  app.get(
    Endpoint.defaultCompanyBank,
    {
      schema: {
        tags: accountTags,
        summary: 'The default account (else the first), or null',
        querystring: CompanyIdOnlyQuery,
        response: { 200: NullableCompanyBankReply, ...errors },
      },
    },
    async (request) =>
      ok(await banks.defaultCompanyBank(db, requirePrincipal(request), request.query.companyId)),
  );

  app.get(
    Endpoint.companyBankServiceDates,
    {
      schema: {
        tags: accountTags,
        summary: 'The service period of an account and the dates its transactions span',
        params: CompanyBankIdParams,
        querystring: CompanyIdOnlyQuery,
        response: { 200: ServiceDatesReply, ...errors },
      },
    },
    async (request) =>
      ok(await banks.serviceDates(db, requirePrincipal(request), request.query.companyId, request.params.id)),
  );

  app.get(
    Endpoint.companyBankBalances,
    {
      schema: {
        tags: accountTags,
        summary: 'Balances of every company account (same as banks/balance)',
        querystring: BalanceQuery,
        response: { 200: AccountBalancesReply, ...errors },
      },
    },
    async (request) => ok(await banks.accountBalances(db, requirePrincipal(request), request.query)),
  );

  app.post(
    Endpoint.setDefaultAccountNumber,
    {
      schema: {
        tags: accountTags,
        summary: 'Make an account the default one',
        body: SetDefaultAccountRequest,
        response: { 200: CompanyBankReply, ...errors },
      },
    },
    async (request) => ok(await banks.setDefaultAccount(db, requirePrincipal(request), request.body)),
  );

  app.post(
    Endpoint.addCompanyBank,
    {
      schema: {
        tags: accountTags,
        summary: 'Add a bank account (mod 11 checked; the bank is found from the number)',
        body: SaveCompanyBankRequest,
        response: { 200: CompanyBankReply, ...errors },
      },
    },
    async (request) => ok(await banks.addCompanyBank(db, requirePrincipal(request), request.body)),
  );

  app.put(
    Endpoint.sortCompanyBanks,
    {
      schema: {
        tags: accountTags,
        summary: 'Put the company accounts in a new order',
        body: SortCompanyBanksRequest,
        response: { 200: CompanyBankListReply, ...errors },
      },
    },
    async (request) => ok(await banks.sortCompanyBanks(db, requirePrincipal(request), request.body)),
  );

  app.put(
    Endpoint.updateCompanyBank,
    {
      schema: {
        tags: accountTags,
        summary: 'Change a bank account',
        params: CompanyBankIdParams,
        body: SaveCompanyBankRequest,
        response: { 200: CompanyBankReply, ...errors },
      },
    },
    async (request) =>
      ok(await banks.updateCompanyBank(db, requirePrincipal(request), request.params.id, request.body)),
  );

  app.delete(
    Endpoint.deleteCompanyBank,
    {
      schema: {
        tags: accountTags,
        summary: 'Delete a bank account that has no transactions',
        params: CompanyBankIdParams,
        querystring: CompanyIdOnlyQuery,
        response: { 200: EmptyReply, ...errors },
      },
    },
    async (request) => {
      await banks.deleteCompanyBank(
        db,
        requirePrincipal(request),
        request.query.companyId,
        request.params.id,
      );
      return ok(null);
    },
  );

  app.post(
    Endpoint.saveBankService,
    {
      schema: {
        tags: accountTags,
        summary: 'Set the period the product serves an account',
        body: SaveBankServiceRequest,
        response: { 200: CompanyBankReply, ...errors },
      },
    },
    async (request) => ok(await banks.saveServiceDates(db, requirePrincipal(request), request.body)),
  );
};
