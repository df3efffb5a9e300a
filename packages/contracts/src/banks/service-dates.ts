import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { IsoDate } from '../vouchers/voucher';
import { CompanyBankIdParams, CompanyBankReply, CompanyIdOnlyQuery } from './company-bank';

const tags = ['company-banks'];

export const ServiceDates = z.object({
  Id: z.number().int(),
  ServiceStartDate: IsoDate.nullable(),
  ServiceEndDate: IsoDate.nullable(),
  FirstTransactionDate: IsoDate.nullable(),
  LastTransactionDate: IsoDate.nullable(),
});
export const ServiceDatesReply = envelope(ServiceDates);

/** companyBankServices/add-update: the period the product serves an account (imports, payments). */
export const SaveBankServiceRequest = z.object({
  companyId: Id.optional(),
  companyBankId: Id,
  serviceStartDate: IsoDate.nullable(),
  serviceEndDate: IsoDate.nullable(),
});

export const companyBankServiceDates = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-banks/v2/:id/service-dates`,
  access: 'company',
  action: 'bank.view',
  params: CompanyBankIdParams,
  query: CompanyIdOnlyQuery,
  reply: ServiceDatesReply,
  summary: 'The service period of an account and the dates its transactions span',
  tags,
});

export const saveBankService = route({
  method: 'POST',
  path: `${ApiPrefix.main}/companyBankServices/add-update`,
  access: 'company',
  action: 'setting.edit',
  body: SaveBankServiceRequest,
  reply: CompanyBankReply,
  summary: 'Set the period the product serves an account',
  tags,
});
