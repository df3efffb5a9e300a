import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { AmountOre } from '../vouchers/voucher';
import { Payment } from './payment';
import { AddToPaymentListResult } from './voucher-payments';

const tags = ['payments'];
const VoucherScope = z.object({ companyId: Id.optional(), voucherId: Id });

export const VoucherPayment = z.object({
  voucherId: z.number().int(),
  isPaid: z.boolean(),
  payableRestOre: AmountOre.nullable(),
  payments: z.array(Payment),
});

export const voucherPayment = route({
  method: 'GET',
  path: `${ApiPrefix.main}/voucher/payment`,
  access: 'company',
  action: 'payment.view',
  query: VoucherScope,
  reply: envelope(VoucherPayment),
  summary: "A voucher's payments, whether it is paid, and what is still to pay",
  tags,
});

export const addVoucherPayment = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/addPayment`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: VoucherScope.extend({ confirmDuplicate: z.boolean().default(false) }),
  reply: envelope(AddToPaymentListResult),
  summary: 'Put one voucher on the payment list (as add-to-paymentlist with one id)',
  tags,
});

export const removeVoucherPayment = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/removePayment`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: VoucherScope,
  reply: envelope(VoucherPayment),
  summary: "Take a voucher's payments waiting for approval off the list",
  tags,
});

export const updateVoucherPaymentStatus = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/updatePaymentStatus`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: VoucherScope.extend({ isPaid: z.boolean() }),
  reply: envelope(VoucherPayment),
  summary: 'Mark a voucher paid outside the product (or not paid); refused while a payment of it is open',
  tags,
});

export const unpaidEhfToPaymentList = route({
  method: 'POST',
  path: `${ApiPrefix.main}/voucher/unpaid-ehf-to-payment-list/:companyId`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  params: z.object({ companyId: Id }),
  body: z.object({ confirmDuplicate: z.boolean().default(false) }),
  reply: envelope(AddToPaymentListResult),
  summary: 'Put every unpaid EHF voucher of the company with an amount and an account on the payment list',
  tags,
});
