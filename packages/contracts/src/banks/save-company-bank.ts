import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { EmptyReply } from '../vouchers/change-vouchers';
import { CurrencyCode, IsoDate } from '../vouchers/voucher';
import {
  CompanyBankIdParams,
  CompanyBankListReply,
  CompanyBankReply,
  CompanyIdOnlyQuery,
} from './company-bank';

const tags = ['company-banks'];

export const SaveCompanyBankRequest = z.object({
  companyId: Id.optional(),
  accountNumber: Text.trim().min(1).max(40),
  name: Text.trim().max(80).nullable().optional(),
  currency: CurrencyCode.default('NOK'),
  /** Chosen by hand when the registry does not know the account number's bank. */
  bankId: Id.nullable().optional(),
  serviceStartDate: IsoDate.nullable().optional(),
  serviceEndDate: IsoDate.nullable().optional(),
  isDefault: z.boolean().optional(),
});
export type SaveCompanyBankRequest = z.infer<typeof SaveCompanyBankRequest>;

export const SetDefaultAccountRequest = z.object({
  companyId: Id.optional(),
  accountNumber: Text.trim().min(1).max(40),
});
export const SortCompanyBanksRequest = z.object({
  companyId: Id.optional(),
  /** Every account of the company, in the order wanted. */
  ids: z.array(Id).min(1).max(200),
});

export const addCompanyBank = route({
  method: 'POST',
  path: `${ApiPrefix.main}/company-banks/add`,
  access: 'company',
  action: 'bank.edit',
  body: SaveCompanyBankRequest,
  reply: CompanyBankReply,
  summary: 'Add a bank account (mod 11 checked; the bank is found from the number)',
  tags,
});

export const updateCompanyBank = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/company-banks/:id`,
  access: 'company',
  action: 'bank.edit',
  params: CompanyBankIdParams,
  body: SaveCompanyBankRequest,
  reply: CompanyBankReply,
  summary: 'Change a bank account',
  tags,
});

export const deleteCompanyBank = route({
  method: 'DELETE',
  path: `${ApiPrefix.main}/company-banks/:id`,
  access: 'company',
  action: 'bank.edit',
  params: CompanyBankIdParams,
  query: CompanyIdOnlyQuery,
  reply: EmptyReply,
  summary: 'Delete a bank account that has no transactions',
  tags,
});

export const setDefaultAccountNumber = route({
  method: 'POST',
  path: `${ApiPrefix.main}/company-banks/set-default-account-number`,
  access: 'company',
  action: 'bank.edit',
  body: SetDefaultAccountRequest,
  reply: CompanyBankReply,
  summary: 'Make an account the default one',
  tags,
});

export const sortCompanyBanks = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/company-banks/sorting-setting-bank-accounts`,
  access: 'company',
  action: 'bank.edit',
  body: SortCompanyBanksRequest,
  reply: CompanyBankListReply,
  summary: 'Put the company accounts in a new order',
  tags,
});
