import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { FILE_REPLY, route } from '../route';
import { Text } from '../text';
import { AmountOre, CurrencyCode, IsoDate } from '../vouchers/voucher';
import {
  DUPLICATE_WINDOW_DAYS,
  Payment,
  PaymentDraft,
  PaymentFieldProblem,
  PaymentFilter,
  PaymentStatusSchema,
} from './payment';

const tags = ['payments'];
const base = `${ApiPrefix.main}/v2/voucher-payments`;

export const CompanyScope = z.object({ companyId: Id.optional() });
export const PaymentIdParams = z.object({ id: Id });

export const PaymentList = z.object({ total: z.number().int(), rows: z.array(Payment) });
export const PaymentListReply = envelope(PaymentList);
export type PaymentList = z.infer<typeof PaymentList>;

export const listPayments = route({
  method: 'GET',
  path: base,
  access: 'company',
  action: 'payment.view',
  query: PaymentFilter,
  reply: PaymentListReply,
  summary: "The company's payment list (domestic and international), filtered and paged",
  tags,
});

export const PaymentStatusCount = z.object({ Status: PaymentStatusSchema, Total: z.number().int() });
/** What is due from one account on one day: the sums a person checks against the bank. */
export const PaymentTotal = z.object({
  DebtorCompanyBankId: z.number().int().nullable(),
  DebtorAccountNumber: z.string().nullable(),
  DueDate: IsoDate,
  Currency: CurrencyCode,
  AmountOre,
  Count: z.number().int(),
});
export const PaymentStatistics = z.object({
  counts: z.array(PaymentStatusCount),
  totals: z.array(PaymentTotal),
  totalFailed: z.number().int(),
});
export type PaymentStatistics = z.infer<typeof PaymentStatistics>;

export const paymentStatistics = route({
  method: 'GET',
  path: `${base}/statistics`,
  access: 'company',
  action: 'payment.view',
  query: PaymentFilter,
  reply: envelope(PaymentStatistics),
  summary:
    'Payments per status for the filter, and the totals of the listed statuses per account and due date',
  tags,
});

export const paymentsOfVoucher = route({
  method: 'GET',
  path: `${base}/by-voucher`,
  access: 'company',
  action: 'payment.view',
  query: CompanyScope.extend({ voucherId: Id }),
  reply: envelope(z.object({ rows: z.array(Payment), payableRestOre: AmountOre.nullable() })),
  summary: "A voucher's payments and what is still to pay of it",
  tags,
});

export const PaymentUuidQuery = CompanyScope.extend({ paymentsUUID: z.string().uuid() });

export const paymentsByUuid = route({
  method: 'GET',
  path: `${base}/by-uuid`,
  access: 'company',
  action: 'payment.view',
  query: PaymentUuidQuery,
  reply: envelope(z.array(Payment)),
  summary: 'The payment with this UUID (a list, as the catalogue reads it)',
  tags,
});

/** Everything the payment-info modal shows: the payment, its voucher and its history. */
export const PaymentInfo = z.object({
  payment: Payment,
  voucher: z
    .object({
      Id: z.number().int(),
      SupplierName: z.string().nullable(),
      AmountOre: AmountOre.nullable(),
      Date: IsoDate.nullable(),
      DueDate: IsoDate.nullable(),
      Description: z.string().nullable(),
    })
    .nullable(),
  history: z.array(
    z.object({
      Action: z.string(),
      FromStatus: z.number().int().nullable(),
      ToStatus: z.number().int().nullable(),
      Reason: z.string().nullable(),
      UserName: z.string().nullable(),
      CreatedAt: z.string(),
    }),
  ),
});
export type PaymentInfo = z.infer<typeof PaymentInfo>;

export const paymentInfoByUuid = route({
  method: 'GET',
  path: `${base}/get-payment-info-by-uuid`,
  access: 'company',
  action: 'payment.view',
  query: PaymentUuidQuery,
  reply: envelope(PaymentInfo),
  summary: 'A payment with its voucher and its history',
  tags,
});

export const paymentExists = route({
  method: 'GET',
  path: `${base}/exists`,
  access: 'company',
  action: 'payment.view',
  query: CompanyScope.extend({ voucherId: Id }),
  reply: envelope(z.object({ exists: z.boolean() })),
  summary: 'Whether a voucher has an open or paid payment',
  tags,
});

export const LocalIbanInfo = z.object({
  iban: z.string(),
  accountNumber: z.string(),
  bankName: z.string().nullable(),
  bic: z.string().nullable(),
});
export const localIbanInfo = route({
  method: 'GET',
  path: `${base}/local-iban-info`,
  access: 'company',
  action: 'payment.view',
  query: CompanyScope.extend({ iban: Text.trim().min(1).max(42) }),
  reply: envelope(LocalIbanInfo),
  summary: 'The Norwegian account number and bank of a Norwegian IBAN',
  tags,
});

export const AddToPaymentListRequest = z.object({
  companyId: Id.optional(),
  voucherIds: z.array(Id).min(1).max(500),
  /** Sent after a duplicate warning: the person has seen it and wants the payment anyway. */
  confirmDuplicate: z.boolean().default(false),
});
/** What adding did per voucher: the payment made (or already there), or why nothing was made. */
export const AddToPaymentListResult = z.object({
  added: z.array(z.object({ voucherId: z.number().int(), payment: Payment, isNew: z.boolean() })),
  skipped: z.array(z.object({ voucherId: z.number().int(), reason: z.string(), message: z.string() })),
  duplicates: z.array(z.object({ voucherId: z.number().int(), matches: z.array(Payment) })),
});
export type AddToPaymentListResult = z.infer<typeof AddToPaymentListResult>;

export const addToPaymentList = route({
  method: 'POST',
  path: `${base}/add-to-paymentlist`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: AddToPaymentListRequest,
  reply: envelope(AddToPaymentListResult),
  summary:
    'Put vouchers on the payment list. A voucher that would pay the same creditor the same amount and reference again is held back as a duplicate until confirmed',
  tags,
});

export const PaymentIdsRequest = z.object({ companyId: Id.optional(), ids: z.array(Id).min(1).max(500) });

export const deletePaymentList = route({
  method: 'POST',
  path: `${base}/delete-list`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: PaymentIdsRequest,
  reply: envelope(z.object({ removed: z.array(z.number().int()) })),
  summary:
    'Take payments waiting for approval off the list (they become IGNORED, and their vouchers payable again)',
  tags,
});

export const cancelPayment = route({
  method: 'POST',
  path: `${base}/cancel/:id`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  params: PaymentIdParams,
  body: CompanyScope,
  reply: envelope(Payment),
  summary: 'Cancel a payment that the bank has not paid (CANCELED, 4001)',
  tags,
});

export const updatePayment = route({
  method: 'PUT',
  path: `${base}/:id`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  params: PaymentIdParams,
  body: PaymentDraft.extend({ companyId: Id.optional(), confirmDuplicate: z.boolean().default(false) }),
  reply: envelope(Payment),
  summary: 'Edit a payment waiting for approval',
  tags,
});

export const PaymentStatusChange = z.object({
  companyId: Id.optional(),
  ids: z.array(Id).min(1).max(500),
  status: PaymentStatusSchema,
  reason: Text.trim().max(500).optional(),
});

export const updatePaymentStatuses = route({
  method: 'POST',
  path: `${base}/update`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: PaymentStatusChange,
  reply: envelope(z.array(Payment)),
  summary: 'Move payments to another status; only the transitions of the payment state machine are allowed',
  tags,
});

export const DuplicateCheckQuery = CompanyScope.extend({
  creditorAccount: Text.trim().min(1).max(40),
  amountOre: z.coerce.number().int().safe(),
  kid: Text.trim().max(30).optional(),
  message: Text.max(500).optional(),
  excludeId: Id.optional(),
});

export const duplicatePaymentCheck = route({
  method: 'GET',
  path: `${base}/duplicate-check`,
  access: 'company',
  action: 'payment.view',
  query: DuplicateCheckQuery,
  reply: envelope(z.object({ windowDays: z.literal(DUPLICATE_WINDOW_DAYS), matches: z.array(Payment) })),
  summary: `Open payments, or payments paid in the last ${DUPLICATE_WINDOW_DAYS} days, to the same creditor with the same amount and KID or message`,
  tags,
});

export const validatePayment = route({
  method: 'POST',
  path: `${base}/validate`,
  access: 'company',
  action: 'payment.prepare',
  body: PaymentDraft.extend({ companyId: Id.optional() }).partial({ debtorCompanyBankId: true }),
  reply: envelope(
    z.object({ isValid: z.boolean(), problems: z.array(PaymentFieldProblem), dueDate: IsoDate }),
  ),
  summary: 'Check a payment as the bank would, and the banking day its due date moves to',
  tags,
});

/** payments service: a payment typed by hand, without a voucher. */
export const addPayment = route({
  method: 'POST',
  path: `${ApiPrefix.main}/payments/add`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: PaymentDraft.extend({
    companyId: Id.optional(),
    voucherId: Id.optional(),
    confirmDuplicate: z.boolean().default(false),
  }),
  reply: envelope(Payment),
  summary: 'Add a payment by hand (optionally for a voucher)',
  tags,
});

export const getPayment = route({
  method: 'GET',
  path: `${ApiPrefix.main}/payments/:id`,
  access: 'company',
  action: 'payment.view',
  params: PaymentIdParams,
  query: CompanyScope,
  reply: envelope(Payment),
  summary: 'One payment',
  tags,
});

export const putPayment = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/payments/:id`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  params: PaymentIdParams,
  body: PaymentDraft.extend({ companyId: Id.optional(), confirmDuplicate: z.boolean().default(false) }),
  reply: envelope(Payment),
  summary: 'Edit a payment waiting for approval (the payments service form of PUT v2/voucher-payments/{id})',
  tags,
});

/** A pain.001 file made of the approved payments of one account. */
export const PaymentExport = z.object({
  Id: z.number().int(),
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  MessageId: z.string(),
  FileName: z.string(),
  PaymentCount: z.number().int(),
  TotalOre: AmountOre,
  CreatedBy: z.number().int().nullable(),
  CreatedAt: z.string(),
});
export type PaymentExport = z.infer<typeof PaymentExport>;

export const exportPain001 = route({
  method: 'POST',
  path: `${base}/export-pain001`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: z.object({
    companyId: Id.optional(),
    companyBankId: Id,
    /** Which payments; without ids, every payment waiting for approval from the account. */
    ids: z.array(Id).min(1).max(100_000).optional(),
  }),
  reply: envelope(PaymentExport),
  summary:
    'Approve payments of one account into a pain.001.001.03 file for the bank; they move to PROCESSING',
  tags,
});

export const listPaymentExports = route({
  method: 'GET',
  path: `${base}/exports`,
  access: 'company',
  action: 'payment.view',
  query: CompanyScope.extend({ companyBankId: Id.optional() }),
  reply: envelope(z.array(PaymentExport)),
  summary: 'The pain.001 files made for the company, newest first',
  tags,
});

export const downloadPaymentExport = route({
  method: 'GET',
  path: `${base}/exports/:id/file`,
  access: 'company',
  action: 'payment.view',
  params: PaymentIdParams,
  query: CompanyScope,
  reply: FILE_REPLY,
  summary: 'The pain.001 file of an export',
  tags,
});

/** What a bank's status report changed: each payment it names, and the lines it could not place. */
export const PaymentStatusReport = z.object({
  messageId: z.string().nullable(),
  updated: z.array(
    z.object({
      paymentId: z.number().int(),
      endToEndId: z.string(),
      bankStatus: z.string(),
      status: PaymentStatusSchema,
      reason: z.string().nullable(),
    }),
  ),
  unchanged: z.array(z.object({ paymentId: z.number().int(), endToEndId: z.string(), message: z.string() })),
  unknown: z.array(z.object({ endToEndId: z.string().nullable(), bankStatus: z.string().nullable() })),
});
export type PaymentStatusReport = z.infer<typeof PaymentStatusReport>;

export const importPain002 = route({
  method: 'POST',
  path: `${base}/import-pain002`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  consumes: ['multipart/form-data'],
  body: z.object({ companyId: Id.optional() }),
  reply: envelope(PaymentStatusReport),
  summary:
    "Read a bank's pain.002 status report and set each payment's bank status (ACCP, ACSC, RJCT) with its reason",
  tags,
});
