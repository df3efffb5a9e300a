import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { route } from '../route';
import { BankListReply } from './bank';
import { CompanyBankListReply, CompanyIdOnlyQuery, NullableCompanyBankReply } from './company-bank';

const tags = ['company-banks'];

/** get-setting-bank-accounts: the accounts as settings screens list them. */
export const SettingBankAccount = z.object({
  Id: z.number().int(),
  Type: z.enum(['default', 'other']),
  AccountNumber: z.string(),
  Name: z.string().nullable(),
});
export const SettingBankAccountsReply = envelope(z.array(SettingBankAccount));

export const companyBanks = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-banks/fetch-all-company-bank-info-by-company-id`,
  access: 'company',
  action: 'bank.view',
  query: CompanyIdOnlyQuery,
  reply: CompanyBankListReply,
  summary: 'The company bank accounts in their order, with bank, latest balance and size',
  tags,
});

export const settingBankAccounts = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-banks/get-setting-bank-accounts`,
  access: 'company',
  action: 'bank.view',
  query: CompanyIdOnlyQuery,
  reply: SettingBankAccountsReply,
  summary: 'The company accounts as settings list them (default or other)',
  tags,
});

export const defaultCompanyBank = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-banks/get-default-bank`,
  access: 'company',
  action: 'bank.view',
  query: CompanyIdOnlyQuery,
  reply: NullableCompanyBankReply,
  summary: 'The default account (else the first), or null',
  tags,
});

export const banksByCompany = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks/getByCompany`,
  access: 'company',
  action: 'bank.view',
  query: CompanyIdOnlyQuery,
  reply: BankListReply,
  summary: 'The banks of the company accounts',
  tags: ['banks'],
});
