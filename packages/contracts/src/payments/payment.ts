import { z } from 'zod';
import { Id, IdOrAny, PageNumber } from '../ids';
import { Text } from '../text';
import { AmountOre, CurrencyCode, IsoDate } from '../vouchers/voucher';
import { PAYMENT_STATUSES, PaymentStatus, PaymentStatusSchema } from './payment-status';

export { PAYMENT_STATUSES, PaymentStatus, PaymentStatusSchema };

/** The statuses the payment list shows as tabs, in order. */
export const LISTED_PAYMENT_STATUSES: readonly PaymentStatus[] = [0, 1, 2, 3, 4];

/**
 * The only status changes there are. Everything else is refused with a 409, so a paid payment can
 * never be sent again and a failed one never turns paid by accident.
 */
export const PAYMENT_TRANSITIONS: Readonly<Record<PaymentStatus, readonly PaymentStatus[]>> = {
  [PaymentStatus.FOR_APPROVE]: [PaymentStatus.PROCESSING, PaymentStatus.IGNORED, PaymentStatus.CANCELED],
  [PaymentStatus.PROCESSING]: [PaymentStatus.PAID, PaymentStatus.FAILED, PaymentStatus.CANCELED],
  [PaymentStatus.FAILED]: [],
  [PaymentStatus.PAID]: [],
  [PaymentStatus.IGNORED]: [],
  [PaymentStatus.CANCELED]: [],
};

export function canChangePaymentStatus(from: PaymentStatus, to: PaymentStatus): boolean {
  return PAYMENT_TRANSITIONS[from].includes(to);
}

/** Statuses whose amount still counts against the voucher: open or done, not dropped. */
export const PAYMENT_STATUSES_HOLDING_AMOUNT: readonly PaymentStatus[] = [
  PaymentStatus.FOR_APPROVE,
  PaymentStatus.PROCESSING,
  PaymentStatus.PAID,
];

/** Only a payment waiting for approval can still be edited. */
export const EDITABLE_PAYMENT_STATUSES: readonly PaymentStatus[] = [PaymentStatus.FOR_APPROVE];

export const PaymentType = { DOMESTIC: 0, INTERNATIONAL: 1, INTERNAL_TRANSFER: 2 } as const;
export type PaymentType = (typeof PaymentType)[keyof typeof PaymentType];
export const PaymentTypeSchema = z.union(Object.values(PaymentType).map((type) => z.literal(type)));

/** Where a payment came from. */
export const PaymentSource = { VOUCHER: 0, EHF: 1, MANUAL: 2 } as const;
export type PaymentSource = (typeof PaymentSource)[keyof typeof PaymentSource];

/** Which date a payment filter's from and to apply to; -1 (any) means the due date. */
export const PaymentDateType = { ANY: -1, DUE_DATE: 0, CREATED: 1, PAID: 2 } as const;

/** Who bears the charges of an international payment (SHA shared, OUR the payer, BEN the payee). */
export const ChargeBearerCode = z.enum(['SHA', 'OUR', 'BEN']);
export type ChargeBearerCode = z.infer<typeof ChargeBearerCode>;

/** The ISO 20022 status a bank gave a payment (pain.002 or the bank's status call). */
export const BankPaymentStatus = z.enum([
  'RCVD',
  'PDNG',
  'ACTC',
  'ACCP',
  'ACWC',
  'ACSP',
  'ACSC',
  'RJCT',
  'CANC',
]);
export type BankPaymentStatus = z.infer<typeof BankPaymentStatus>;

export const PAYMENT_PAGE_SIZE = 20;
export const INTERNAL_TRANSFER_PAGE_SIZE = 10;
/** Same creditor, amount and reference within this many days asks for confirmation. */
export const DUPLICATE_WINDOW_DAYS = 90;

export const Payment = z.object({
  Id: z.number().int(),
  Uuid: z.string(),
  CompanyId: z.number().int(),
  VoucherId: z.number().int().nullable(),
  Type: PaymentTypeSchema,
  Source: z.number().int(),
  Status: PaymentStatusSchema,
  BankStatus: z.string().nullable(),
  BankStatusReason: z.string().nullable(),
  BankStatusText: z.string().nullable(),
  DebtorCompanyBankId: z.number().int().nullable(),
  DebtorAccountNumber: z.string().nullable(),
  CreditorName: z.string(),
  CreditorAccount: z.string(),
  CreditorCompanyBankId: z.number().int().nullable(),
  CreditorBic: z.string().nullable(),
  CreditorCountry: z.string().nullable(),
  CreditorAddress: z.string().nullable(),
  CreditorPostCode: z.string().nullable(),
  CreditorTown: z.string().nullable(),
  AmountOre,
  Currency: CurrencyCode,
  DueDate: IsoDate,
  Kid: z.string().nullable(),
  Message: z.string().nullable(),
  ChargeBearer: ChargeBearerCode.nullable(),
  ReasonCode: z.string().nullable(),
  ReasonText: z.string().nullable(),
  EndToEndId: z.string(),
  BasketUuid: z.string().nullable(),
  ExportId: z.number().int().nullable(),
  PaidAt: z.string().nullable(),
  PaidTransactionId: z.number().int().nullable(),
  /** Why the payment is paid (the statement line that shows it, or the bank's answer). */
  PaidReason: z.string().nullable(),
  VoucherSupplierName: z.string().nullable(),
  CreatedBy: z.number().int().nullable(),
  CreatedAt: z.string(),
  UpdatedAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;

const integer = z.coerce.number().int();

/** Repeated query keys arrive as an array, a single one as text: both read as a list of statuses. */
const StatusList = z
  .union([z.array(integer), integer])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(PaymentStatusSchema).max(PAYMENT_STATUSES.length));

/**
 * The payment filter of the spec. from and to are dropped when either is missing; the server then
 * lists every date. companyId is required by the server ('Invalid params' without it).
 */
export const PaymentFilter = z.object({
  companyId: Id.optional(),
  pageSize: integer.min(1).max(200).default(PAYMENT_PAGE_SIZE),
  pageNumber: PageNumber.default(1),
  statuses: StatusList.default([PaymentStatus.FOR_APPROVE]),
  from: IsoDate.optional(),
  to: IsoDate.optional(),
  paymentSource: integer.min(-1).max(2).default(-1),
  paymentType: integer.min(-1).max(2).default(-1),
  keyword: Text.trim().max(200).optional(),
  sortType: z.enum(['asc', 'desc']).default('asc'),
  typeDate: integer.min(-1).max(2).default(-1),
  companyBankId: IdOrAny.default(0),
});
export type PaymentFilter = z.infer<typeof PaymentFilter>;

/** A payment typed or edited by a person: the same fields for domestic and international payments. */
export const PaymentDraft = z.object({
  type: z.union([z.literal(PaymentType.DOMESTIC), z.literal(PaymentType.INTERNATIONAL)]),
  debtorCompanyBankId: Id,
  creditorName: Text.trim().min(1).max(70),
  /** An 11-digit Norwegian account number (domestic) or an IBAN (international). */
  creditorAccount: Text.trim().min(1).max(40),
  creditorBic: Text.trim().max(11).optional(),
  creditorCountry: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  creditorAddress: Text.trim().max(70).optional(),
  creditorPostCode: Text.trim().max(16).optional(),
  creditorTown: Text.trim().max(35).optional(),
  amountOre: z.number().int().safe(),
  currency: CurrencyCode.default('NOK'),
  dueDate: IsoDate,
  kid: Text.trim().max(30).optional(),
  message: Text.max(500).optional(),
  chargeBearer: ChargeBearerCode.optional(),
  reasonCode: Text.trim().max(10).optional(),
  reasonText: Text.trim().max(35).optional(),
});
export type PaymentDraft = z.infer<typeof PaymentDraft>;

/** Why one field of a payment is refused: a message key the web and the server both translate. */
export const PaymentFieldProblem = z.object({ field: z.string(), reason: z.string(), message: z.string() });
export type PaymentFieldProblem = z.infer<typeof PaymentFieldProblem>;
