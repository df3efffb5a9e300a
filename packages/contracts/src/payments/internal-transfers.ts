import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { AmountOre, CurrencyCode, IsoDate } from '../vouchers/voucher';
import { INTERNAL_TRANSFER_PAGE_SIZE, Payment, PaymentFilter } from './payment';
import { CompanyScope, PaymentList, PaymentStatistics } from './voucher-payments';

const tags = ['payments'];
const integer = z.coerce.number().int();

/** The internal-transfer filter: the payment filter with its own page size and newest first. */
export const InternalTransferFilter = PaymentFilter.omit({ companyId: true, paymentType: true }).extend({
  pageSize: integer.min(1).max(200).default(INTERNAL_TRANSFER_PAGE_SIZE),
  pageNumber: PageNumber.default(1),
  sortType: z.enum(['asc', 'desc']).default('desc'),
});
export type InternalTransferFilter = z.infer<typeof InternalTransferFilter>;

export const listInternalTransfers = route({
  method: 'GET',
  path: `${ApiPrefix.main}/v2/voucher-payments/internal-transfer/:companyId`,
  access: 'company',
  action: 'payment.view',
  params: z.object({ companyId: Id }),
  query: InternalTransferFilter,
  reply: envelope(PaymentList),
  summary: "Transfers between the company's own accounts, newest first",
  tags,
});

export const internalTransferStatistic = route({
  method: 'GET',
  path: `${ApiPrefix.main}/v2/voucher-payments/internal-transfer-statistic`,
  access: 'company',
  action: 'payment.view',
  query: InternalTransferFilter.extend({ companyId: Id.optional() }),
  reply: envelope(PaymentStatistics),
  summary: 'Internal transfers per status, and their totals per account and date',
  tags,
});

/** One of the company's own accounts, as a transfer's source or target. */
export const TransferAccount = z.object({
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  Name: z.string().nullable(),
  Currency: CurrencyCode,
  BankName: z.string().nullable(),
  IsDefault: z.boolean(),
});

export const internalTransferBanks = route({
  method: 'GET',
  path: `${ApiPrefix.main}/internal-transfers/banks`,
  access: 'company',
  action: 'payment.view',
  query: CompanyScope,
  reply: envelope(z.array(TransferAccount)),
  summary: "The company's accounts a transfer can go from and to",
  tags,
});

export const InternalTransferDraft = z.object({
  fromCompanyBankId: Id,
  toCompanyBankId: Id,
  amountOre: AmountOre,
  dueDate: IsoDate,
  message: Text.max(500).optional(),
});
export type InternalTransferDraft = z.infer<typeof InternalTransferDraft>;

export const addInternalTransfer = route({
  method: 'POST',
  path: `${ApiPrefix.main}/v2/voucher-payments/internal-transfer/add`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: InternalTransferDraft.extend({ companyId: Id.optional() }),
  reply: envelope(Payment),
  summary: "Add a transfer between two of the company's own accounts",
  tags,
});

export const editInternalTransfer = route({
  method: 'POST',
  path: `${ApiPrefix.main}/v2/voucher-payments/internal-transfer/edit`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: InternalTransferDraft.extend({ companyId: Id.optional(), id: Id }),
  reply: envelope(Payment),
  summary: 'Edit an internal transfer waiting for approval',
  tags,
});

export const insertInternalTransfers = route({
  method: 'POST',
  path: `${ApiPrefix.main}/internal-transfers/insert`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: z.object({ companyId: Id.optional(), transfers: z.array(InternalTransferDraft).min(1).max(100) }),
  reply: envelope(z.array(Payment)),
  summary: 'Add several internal transfers at once; all or none',
  tags,
});
