import type { Language } from '@bilag/contracts';
import {
  addBank,
  addBankAutoImport,
  addCompanyBank,
  bankBalance,
  bankById,
  banks,
  banksAdminAutoImport,
  banksByCompany,
  banksByFilter,
  banksBySwiftCode,
  banksByTemplate,
  companyBankBalances,
  companyBankServiceDates,
  companyBanks,
  defaultCompanyBank,
  deleteCompanyBank,
  saveBankService,
  setDefaultAccountNumber,
  settingBankAccounts,
  sortCompanyBanks,
  updateBank,
  updateBankAutoImport,
  updateBankStatus,
  updateCompanyBank,
} from '@bilag/contracts';
import { formatAccountNumber, formatIban } from '@bilag/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { translate } from '../../platform/messages';
import { registerRoute, withMessage } from '../../platform/route';
import * as balances from './balance.service';
import * as registry from './bank.service';
import * as accounts from './company-bank.service';

type Options = { db: Db };

/** An account typed as its IBAN is saved as its account number, and the reply says so. */
function savedAccountReply({ account, iban }: accounts.SavedCompanyBank, language: Language) {
  if (iban === null) return account;
  return withMessage(
    account,
    translate(language, 'accountNumberFromIban', {
      iban: formatIban(iban),
      accountNumber: formatAccountNumber(account.AccountNumber),
    }),
  );
}

/** banks (the registry), company-banks (a company's accounts) and companyBankServices. */
export async function bankRoutes(app: FastifyInstance, { db }: Options) {
  registerRoute(app, banks, () => registry.listBanks(db));
  registerRoute(app, banksBySwiftCode, ({ query }) => registry.findBankBySwiftCode(db, query.swiftCode));
  registerRoute(app, banksByFilter, ({ query }) => registry.findBankByAccountNumber(db, query.accountNumber));
  registerRoute(app, banksByTemplate, ({ query }) => registry.listBanksByTemplate(db, query.template));
  registerRoute(app, bankById, ({ params }) => registry.getBank(db, params.id));
  registerRoute(app, addBank, ({ body }, { principal }) => registry.addBank(db, principal, body));
  registerRoute(app, updateBank, ({ params, body }, { principal }) =>
    registry.updateBank(db, principal, params.id, body),
  );
  registerRoute(app, addBankAutoImport, ({ body }, { principal }) =>
    registry.saveAutoImport(db, principal, body),
  );
  registerRoute(app, updateBankAutoImport, ({ body }, { principal }) =>
    registry.saveAutoImport(db, principal, body),
  );
  registerRoute(app, updateBankStatus, ({ params, body }, { principal }) =>
    registry.updateBankStatus(db, principal, params.id, body.status),
  );
  registerRoute(app, banksAdminAutoImport, () => accounts.listAutoImportAccounts(db));

  registerRoute(app, banksByCompany, ({ query }, { principal }) =>
    accounts.listBanksOfCompany(db, principal, query.companyId),
  );
  registerRoute(app, companyBanks, ({ query }, { principal }) =>
    accounts.listCompanyBanks(db, principal, query.companyId),
  );
  registerRoute(app, settingBankAccounts, ({ query }, { principal }) =>
    accounts.listSettingBankAccounts(db, principal, query.companyId),
  );
  registerRoute(app, defaultCompanyBank, ({ query }, { principal }) =>
    accounts.findDefaultCompanyBank(db, principal, query.companyId),
  );
  registerRoute(app, companyBankServiceDates, ({ params, query }, { principal }) =>
    accounts.getServiceDates(db, principal, query.companyId, params.id),
  );
  registerRoute(app, setDefaultAccountNumber, ({ body }, { principal }) =>
    accounts.setDefaultAccount(db, principal, body),
  );
  registerRoute(app, addCompanyBank, async ({ body }, { principal, request }) =>
    savedAccountReply(await accounts.addCompanyBank(db, principal, body), request.language),
  );
  registerRoute(app, sortCompanyBanks, ({ body }, { principal }) =>
    accounts.sortCompanyBanks(db, principal, body),
  );
  registerRoute(app, updateCompanyBank, async ({ params, body }, { principal, request }) =>
    savedAccountReply(await accounts.updateCompanyBank(db, principal, params.id, body), request.language),
  );
  registerRoute(app, deleteCompanyBank, ({ params, query }, { principal }) =>
    accounts.deleteCompanyBank(db, principal, query.companyId, params.id),
  );
  registerRoute(app, saveBankService, ({ body }, { principal }) =>
    accounts.saveServiceDates(db, principal, body),
  );

  registerRoute(app, bankBalance, ({ query }, { principal }) =>
    balances.listAccountBalances(db, principal, query),
  );
  registerRoute(app, companyBankBalances, ({ query }, { principal }) =>
    balances.listAccountBalances(db, principal, query),
  );
}
