import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { CompanyScope } from './voucher-payments';

const tags = ['payment users'];
const base = `${ApiPrefix.main}/company-users-assign-payment`;

/** An account a payment user may pay from, and how it came to be verified. */
export const VerifiedBank = z.object({
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  Name: z.string().nullable(),
  IsVerified: z.boolean(),
  VerifiedAt: z.string().nullable(),
  /** manual (set by an administrator here) or bank-authorisation (the bank confirmed it). */
  VerifiedBy: z.enum(['manual', 'bank-authorisation']).nullable(),
});
export type VerifiedBank = z.infer<typeof VerifiedBank>;

export const PaymentUser = z.object({
  Id: z.number().int(),
  CompanyId: z.number().int(),
  UserId: z.number().int(),
  FullName: z.string(),
  Email: z.string(),
  IsAllowPayments: z.boolean(),
  VerifiedBanks: z.array(VerifiedBank),
  CreatedAt: z.string(),
});
export type PaymentUser = z.infer<typeof PaymentUser>;

export const listPaymentUsers = route({
  method: 'GET',
  path: base,
  access: 'company',
  action: 'payment.view',
  query: CompanyScope,
  reply: envelope(z.object({ rows: z.array(PaymentUser), total: z.number().int() })),
  summary: 'Who may pay for the company, each with the accounts verified for them',
  tags,
});

export const addPaymentUser = route({
  method: 'POST',
  path: base,
  access: 'company',
  action: 'users.edit',
  idempotent: true,
  body: z.object({ companyId: Id.optional(), userId: Id, isAllowPayments: z.boolean().default(true) }),
  reply: envelope(PaymentUser),
  summary: 'Make a member of the company a payment user',
  tags,
});

export const updatePaymentUser = route({
  method: 'PUT',
  path: `${base}/:id`,
  access: 'company',
  action: 'users.edit',
  idempotent: true,
  params: z.object({ id: Id }),
  body: z.object({ companyId: Id.optional(), isAllowPayments: z.boolean() }),
  reply: envelope(PaymentUser),
  summary: 'Allow or stop payments by a payment user',
  tags,
});

export const removePaymentUser = route({
  method: 'DELETE',
  path: `${base}/:id`,
  access: 'company',
  action: 'users.edit',
  idempotent: true,
  params: z.object({ id: Id }),
  query: CompanyScope,
  reply: envelope(EmptyData),
  summary: 'Stop a person being a payment user of the company',
  tags,
});

export const verifiedBanksOfPaymentUser = route({
  method: 'GET',
  path: `${base}/banks-verified-payment/:assignUser`,
  access: 'company',
  action: 'payment.view',
  params: z.object({ assignUser: Id }),
  query: CompanyScope,
  reply: envelope(z.array(VerifiedBank)),
  summary: "The company's accounts, each marked whether it is verified for this payment user",
  tags,
});

export const setVerifiedBanksOfPaymentUser = route({
  method: 'POST',
  path: `${base}/banks-verified-payment/:assignUser`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  params: z.object({ assignUser: Id }),
  body: z.object({
    companyId: Id.optional(),
    accountNumbers: z.array(z.string().regex(/^\d{11}$/, 'Use 11 digits')).max(200),
    isAllowPayments: z.boolean().optional(),
  }),
  reply: envelope(z.array(VerifiedBank)),
  summary: 'Set which accounts a payment user may pay from (the accounts named; the others are dropped)',
  tags,
});

export const AssignableUser = z.object({ UserId: z.number().int(), FullName: z.string(), Email: z.string() });

export const assignableUsers = route({
  method: 'GET',
  path: `${base}/fetch-assign-users-by-company`,
  access: 'company',
  action: 'users.view',
  query: CompanyScope,
  reply: envelope(z.array(AssignableUser)),
  summary: 'Members of the company who are not payment users yet',
  tags,
});

export const myVerifiedPaymentBanks = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-banks/v2/:companyId/banks-verified-payment`,
  access: 'company',
  action: 'payment.view',
  params: z.object({ companyId: Id }),
  reply: envelope(z.array(VerifiedBank)),
  summary: 'The accounts the signed-in person may pay from in this company',
  tags,
});

/** What the signed-in person may do with the company's payments; the server enforces the same. */
export const PaymentActions = z.object({
  canView: z.boolean(),
  /** Put vouchers on the list, edit and remove payments waiting for approval. */
  canPrepare: z.boolean(),
  /** Approve and send payments (pain.001), cancel, read the bank's answer. */
  canPay: z.boolean(),
  /** Choose the company's payment users and their accounts. */
  canManageUsers: z.boolean(),
  verifiedCompanyBankIds: z.array(z.number().int()),
});
export type PaymentActions = z.infer<typeof PaymentActions>;

export const paymentActions = route({
  method: 'GET',
  path: `${ApiPrefix.main}/payment-actions/:companyId`,
  access: 'company',
  action: 'payment.view',
  params: z.object({ companyId: Id }),
  reply: envelope(PaymentActions),
  summary: 'What the signed-in person may do with the payments of the company',
  tags,
});
