import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { AutoImportTemplate, BankListReply, BankReply, NullableBankReply } from './bank';

const tags = ['banks'];

export const BankIdParams = z.object({ id: Id });
export const BySwiftCodeQuery = z.object({ swiftCode: Text.trim().min(1).max(11) });
export const ByAccountNumberQuery = z.object({ accountNumber: Text.trim().min(1).max(40) });
export const ByTemplateQuery = z.object({ template: AutoImportTemplate });

export const banks = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks`,
  access: 'user',
  action: 'account.use',
  reply: BankListReply,
  summary: 'The registry of Norwegian banks',
  tags,
});

export const banksBySwiftCode = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks/bySwiftCode`,
  access: 'user',
  action: 'account.use',
  query: BySwiftCodeQuery,
  reply: NullableBankReply,
  summary: 'The bank with a BIC (SWIFT code), or null',
  tags,
});

export const banksByFilter = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks/getByFilter`,
  access: 'user',
  action: 'account.use',
  query: ByAccountNumberQuery,
  reply: NullableBankReply,
  summary: 'The bank of an account number, found from its first four digits, or null',
  tags,
});

export const banksByTemplate = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks/getByTemplate`,
  access: 'user',
  action: 'account.use',
  query: ByTemplateQuery,
  reply: BankListReply,
  summary: 'The banks whose statements are imported with a template',
  tags,
});

export const bankById = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks/:id`,
  access: 'user',
  action: 'account.use',
  params: BankIdParams,
  reply: BankReply,
  summary: 'One bank of the registry',
  tags,
});
