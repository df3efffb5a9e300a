import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { AmountOre, CurrencyCode } from '../vouchers/voucher';
import { Payment } from './payment';

const tags = ['payments'];

/**
 * The bank groups payments are signed and sent to through their APIs (spec §5: bank verification
 * runs only for these); an account of another bank is paid with a pain.001 file.
 */
export const PAYMENT_BANK_GROUPS = ['sparebank1', 'dnb', 'handelsbanken'] as const;
export const PaymentBankGroup = z.enum(PAYMENT_BANK_GROUPS);
export type PaymentBankGroup = z.infer<typeof PaymentBankGroup>;

/** The most payments one basket (one bulk payment at the bank) holds. */
export const MAX_BASKET_PAYMENTS = 500;

/** The text and id a cancelled basket's payments get (spec §3). */
export const BASKET_CANCEL_STATUS_TEXT = 'CANCELED';
export const BASKET_CANCEL_STATUS_ID = 4001;

/**
 * Where a basket stands:
 * - `open`: made, waiting for its signatures (one, or two above the company's limit);
 * - `initiating`: sent to the bank, its answer not yet recorded;
 * - `awaiting-sca`: the bank has it and waits for the person on its SCA page;
 * - `accepted`: the bank accepted it; its payments are PROCESSING until the bank carries them out;
 * - `rejected`: the bank refused it or the SCA failed or timed out; its payments are back waiting;
 * - `canceled`: the person cancelled; its payments are CANCELED (4001);
 * - `expired`: nobody finished it in time; its payments are back waiting.
 */
export const BASKET_STATES = [
  'open',
  'initiating',
  'awaiting-sca',
  'accepted',
  'rejected',
  'canceled',
  'expired',
] as const;
export const BasketState = z.enum(BASKET_STATES);
export type BasketState = z.infer<typeof BasketState>;

/** Baskets in these states hold their payments: no other basket, edit or delete may take them. */
export const BASKET_STATES_HOLDING_PAYMENTS: readonly BasketState[] = ['open', 'initiating', 'awaiting-sca'];

export const PaymentKind = z.enum(['domestic', 'sepa', 'crossBorder']);
export type PaymentKind = z.infer<typeof PaymentKind>;

export const BasketApproval = z.object({
  UserId: z.number().int(),
  UserName: z.string(),
  ApprovedAt: z.string(),
});

export const Basket = z.object({
  currentBasketUUID: z.string().uuid(),
  CompanyId: z.number().int(),
  OrganisationNumber: z.string().nullable(),
  State: BasketState,
  BankGroup: PaymentBankGroup,
  DebtorCompanyBankId: z.number().int(),
  DebtorAccountNumber: z.string(),
  PaymentKind,
  PaymentsCount: z.number().int(),
  Totals: z.array(z.object({ Currency: CurrencyCode, AmountOre })),
  /** Two when a payment is above the company's second-approver limit: two different people sign. */
  RequiredApprovals: z.number().int().min(1).max(2),
  Approvals: z.array(BasketApproval),
  /** Why the basket ended without being paid (the bank's reason, a timeout), in the reader's language. */
  Message: z.string().nullable(),
  CreatedBy: z.number().int().nullable(),
  CreatedAt: z.string(),
  /** An unfinished basket lets its payments go at this time. */
  ExpiresAt: z.string(),
});
export type Basket = z.infer<typeof Basket>;

const BasketParams = z.object({ basketUUID: z.string().uuid() });

export const SaveBasketBody = z.object({
  companyId: Id,
  paymentsIds: z.array(Id).min(1).max(MAX_BASKET_PAYMENTS),
});

export const saveBasket = route({
  method: 'POST',
  path: `${ApiPrefix.main}/payments/baskets`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: SaveBasketBody,
  reply: envelope(Basket),
  summary:
    'Put payments waiting for approval, all from one account of a connected bank, into a new basket to sign (currentBasketUUID)',
  tags,
});

export const BasketWithPayments = z.object({ basket: Basket, data: z.array(Payment) });
export type BasketWithPayments = z.infer<typeof BasketWithPayments>;

export const basketPayments = route({
  method: 'GET',
  path: `${ApiPrefix.main}/payments/baskets/:basketUUID`,
  access: 'user',
  action: 'payment.view',
  params: BasketParams,
  reply: envelope(BasketWithPayments),
  summary: "A basket and its payments; 404 when it does not exist, is another company's, or is empty",
  tags,
});

export const UpdateBasketStatusBody = z.object({
  basketUUID: z.string().uuid(),
  statusText: z.literal(BASKET_CANCEL_STATUS_TEXT),
  statusID: z.literal(BASKET_CANCEL_STATUS_ID),
});

export const updateBasketStatus = route({
  method: 'POST',
  path: `${ApiPrefix.main}/payments/update-status`,
  access: 'user',
  action: 'payment.prepare',
  idempotent: true,
  body: UpdateBasketStatusBody,
  reply: envelope(BasketWithPayments),
  summary:
    "Cancel a basket that the bank has not accepted: its payments become CANCELED (4001); a payment waiting at the bank's SCA page is cancelled there first",
  tags,
});

export const PaymentInitiationStarted = z.object({
  flowId: z.string().uuid(),
  basketUUID: z.string().uuid(),
  /** The bank's SCA page; send the person there. */
  scaRedirectUrl: z.string(),
});
export type PaymentInitiationStarted = z.infer<typeof PaymentInitiationStarted>;

export const payBasketNow = route({
  method: 'POST',
  path: `${ApiPrefix.main}/payments/baskets/:basketUUID/pay-now`,
  access: 'user',
  action: 'payment.prepare',
  idempotent: true,
  params: BasketParams,
  reply: envelope(PaymentInitiationStarted),
  summary:
    "Send a fully signed basket to its bank as one payment initiation (a bulk payment for more than one); answers the bank's SCA page. Repeated calls, from any tab, answer the same initiation",
  tags,
});

/** Where a payment flow at the bank ended, as the callback pages show it. */
export const PaymentFlowOutcome = z.enum(['accepted', 'pending', 'rejected', 'canceled']);
export type PaymentFlowOutcome = z.infer<typeof PaymentFlowOutcome>;

export const PaymentFlowResult = z.object({
  flowId: z.string().uuid(),
  basketUUID: z.string().uuid(),
  outcome: PaymentFlowOutcome,
  /** The company's alias, for the way back to its payment list. */
  alias: z.string().nullable(),
  message: z.string().nullable(),
});
export type PaymentFlowResult = z.infer<typeof PaymentFlowResult>;

const FlowParams = z.object({ flowId: z.string().uuid() });
/** Every query parameter the bank sent the person back with; only read for logs, the bank is asked. */
const CallbackQuery = z.object({
  query: z
    .record(z.string().max(100), z.string().max(2000))
    .refine((query) => Object.keys(query).length <= 30, 'Too many parameters'),
});

export const paymentScaCallback = route({
  method: 'POST',
  path: `${ApiPrefix.main}/v2/voucher-payments/ztl/sca/:flowId`,
  access: 'public',
  params: FlowParams,
  body: CallbackQuery,
  reply: envelope(PaymentFlowResult),
  summary:
    "The bank sent the person back from its SCA page: the bank is asked where the payment stands (the query is never trusted), and the basket's payments follow",
  tags,
});

export const paymentCancelCallback = route({
  method: 'POST',
  path: `${ApiPrefix.main}/v2/voucher-payments/ztl/cancel/:flowId`,
  access: 'public',
  params: FlowParams,
  body: CallbackQuery,
  reply: envelope(PaymentFlowResult),
  summary:
    'The bank sent the person back from cancelling a payment: when the bank confirms the cancellation, the payments become CANCELED',
  tags,
});

export const cancelPaymentAtBank = route({
  method: 'POST',
  path: `${ApiPrefix.main}/v2/voucher-payments/cancel-at-bank/:id`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  params: z.object({ id: Id }),
  body: z.object({ companyId: Id }),
  reply: envelope(z.object({ rows: z.array(Payment) })),
  summary:
    'Stop a payment the bank accepted but has not carried out; the whole basket it went with is stopped, as the bank cancels a bulk payment only whole',
  tags,
});

export const PaymentSettings = z.object({
  CompanyId: z.number().int(),
  /** A basket with a payment above this amount (in NOK øre) needs two different people to sign; null for never. */
  SecondApproverAboveOre: AmountOre.nullable(),
  CanManage: z.boolean(),
});
export type PaymentSettings = z.infer<typeof PaymentSettings>;

export const paymentSettings = route({
  method: 'GET',
  path: `${ApiPrefix.main}/payments/settings/:companyId`,
  access: 'company',
  action: 'payment.view',
  params: z.object({ companyId: Id }),
  reply: envelope(PaymentSettings),
  summary: "The company's payment settings: the amount above which a second person must sign",
  tags,
});

export const updatePaymentSettings = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/payments/settings/:companyId`,
  access: 'company',
  action: 'setting.edit',
  params: z.object({ companyId: Id }),
  body: z.object({ SecondApproverAboveOre: AmountOre.positive().nullable() }),
  reply: envelope(PaymentSettings),
  summary: 'Change the second-approver limit (owner, CEO or administrator)',
  tags,
});
