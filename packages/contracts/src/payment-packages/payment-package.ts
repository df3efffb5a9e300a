import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { AmountOre } from '../vouchers/voucher';

export const paymentPackageTags = ['payment-packages'];

/**
 * What a package gives the company: a number of payments to the bank each month, a bundle of
 * remittances (payments sent by the bank services), or the bank integration that fetches statements
 * on its own (the catalogue's rgb integration) for a number of accounts.
 */
export const PAYMENT_PACKAGE_KINDS = ['payments', 'remittance', 'integration'] as const;
export const PaymentPackageKind = z.enum(PAYMENT_PACKAGE_KINDS);
export type PaymentPackageKind = z.infer<typeof PaymentPackageKind>;

/** A text of the catalogue in both languages of the product. */
export const LocalisedText = z.object({ en: z.string(), no: z.string() });
export type LocalisedText = z.infer<typeof LocalisedText>;

export const PaymentPackage = z.object({
  id: z.number().int(),
  /** Stable name of the package in the catalogue, such as `payments-standard`. */
  code: z.string(),
  kind: PaymentPackageKind,
  names: LocalisedText,
  descriptions: LocalisedText,
  /** What the company pays, VAT included, in øre. */
  priceOre: AmountOre,
  /** The VAT inside the price, in øre. */
  vatOre: AmountOre,
  vatRatePercent: z.number().int(),
  currency: z.string(),
  /** Payments each month, remittances in the bundle, or bank accounts integrated, by kind. */
  quantity: z.number().int(),
  /** How many months the package is in force from the day it is paid. */
  months: z.number().int(),
});
export type PaymentPackage = z.infer<typeof PaymentPackage>;

/**
 * Where a purchase stands: waiting for the card (`pending`), taken by the card network but not yet
 * settled (`processing`), refused by the card or its issuer and open for another try (`failed`),
 * paid and in force (`active`), paid and over (`expired`), or ended by the card provider unpaid
 * (`canceled`).
 */
export const PACKAGE_PURCHASE_STATUSES = [
  'pending',
  'processing',
  'failed',
  'active',
  'expired',
  'canceled',
] as const;
export const PackagePurchaseStatus = z.enum(PACKAGE_PURCHASE_STATUSES);
export type PackagePurchaseStatus = z.infer<typeof PackagePurchaseStatus>;

/** The product's own words for a refused card, which the person reads in their language. */
export const CARD_REFUSAL_REASONS = [
  'cardDeclined',
  'cardInsufficientFunds',
  'cardExpired',
  'cardAuthenticationFailed',
] as const;
export const CardRefusalReason = z.enum(CARD_REFUSAL_REASONS);
export type CardRefusalReason = z.infer<typeof CardRefusalReason>;

/** Why the last card tried was refused, as the card provider said it; kept until the purchase is paid. */
export const PackagePurchaseFailure = z.object({
  /** The provider's code: the issuer's decline code (insufficient_funds…) or the refusal's own. */
  messageCode: z.string(),
  /** The provider's own text, as it gave it. */
  message: z.string(),
  reasonKey: CardRefusalReason,
  at: z.string(),
});
export type PackagePurchaseFailure = z.infer<typeof PackagePurchaseFailure>;

export const PackagePurchase = z.object({
  id: z.number().int(),
  packageId: z.number().int(),
  /** The package as it was bought: its names, price and size stay as they were on the day. */
  kind: PaymentPackageKind,
  names: LocalisedText,
  priceOre: AmountOre,
  vatOre: AmountOre,
  vatRatePercent: z.number().int(),
  currency: z.string(),
  quantity: z.number().int(),
  months: z.number().int(),
  status: PackagePurchaseStatus,
  failure: PackagePurchaseFailure.nullable(),
  buyerName: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** The first and last day the package is in force (YYYY-MM-DD), once paid. */
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  receiptNumber: z.string().nullable(),
});
export type PackagePurchase = z.infer<typeof PackagePurchase>;

/** The payments the company's active payment packages allow this calendar month, and how many are used. */
export const PaymentAllowance = z.object({
  perMonth: z.number().int(),
  /** Payments sent to the bank this month: being processed, or paid this month. */
  usedThisMonth: z.number().int(),
  remaining: z.number().int(),
});
export type PaymentAllowance = z.infer<typeof PaymentAllowance>;

export const CompanyPaymentPackages = z.object({
  /** Newest first. */
  purchases: z.array(PackagePurchase),
  /** Null while no payment package is in force. */
  paymentAllowance: PaymentAllowance.nullable(),
});
export type CompanyPaymentPackages = z.infer<typeof CompanyPaymentPackages>;

/** A purchase and where the person pays for it: the card provider's checkout, or nothing left to pay. */
export const PackageCheckout = z.object({
  purchase: PackagePurchase,
  /** The provider's hosted checkout; null when the purchase is paid or being settled already. */
  checkoutUrl: z.string().nullable(),
});
export type PackageCheckout = z.infer<typeof PackageCheckout>;

export const PackageReceipt = z.object({
  receiptNumber: z.string(),
  purchaseId: z.number().int(),
  paidAt: z.string(),
  /** The card provider's reference of the payment. */
  paymentReference: z.string(),
  seller: z.object({ name: z.string(), organisationNumber: z.string(), address: z.string() }),
  buyer: z.object({
    companyName: z.string(),
    organisationNumber: z.string(),
    name: z.string().nullable(),
    email: z.string().nullable(),
  }),
  kind: PaymentPackageKind,
  names: LocalisedText,
  quantity: z.number().int(),
  months: z.number().int(),
  periodStart: z.string(),
  periodEnd: z.string(),
  netOre: AmountOre,
  vatOre: AmountOre,
  vatRatePercent: z.number().int(),
  totalOre: AmountOre,
  currency: z.string(),
});
export type PackageReceipt = z.infer<typeof PackageReceipt>;

export const listPaymentPackages = route({
  method: 'GET',
  path: `${ApiPrefix.main}/payment-packages`,
  access: 'user',
  action: 'packages.view',
  query: z.object({ kind: PaymentPackageKind.optional() }),
  reply: envelope(z.array(PaymentPackage)),
  summary: 'The packages on sale, in the order the catalogue shows them; prices in øre, VAT included',
  tags: paymentPackageTags,
});

export const listCompanyPaymentPackages = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-payment-packages/:companyId`,
  access: 'company',
  action: 'packages.view',
  params: z.object({ companyId: Id }),
  reply: envelope(CompanyPaymentPackages),
  summary:
    "The company's package purchases (pending, being settled, refused, in force, over) and the payments left this month",
  tags: paymentPackageTags,
});

/** Buying a package: the company and the package from the catalogue. */
export const BuyPaymentPackageRequest = z.object({ companyId: Id, packageId: Id });
export type BuyPaymentPackageRequest = z.infer<typeof BuyPaymentPackageRequest>;

export const addCompanyPaymentPackage = route({
  method: 'POST',
  path: `${ApiPrefix.main}/company-payment-packages/add`,
  access: 'company',
  action: 'packages.buy',
  body: BuyPaymentPackageRequest,
  idempotent: true,
  reply: envelope(PackageCheckout),
  summary:
    'Buy a payment package by card: the purchase and its card payment are made, and the person is sent to the checkout',
  tags: paymentPackageTags,
});

export const updateCompanyPaymentPackage = route({
  method: 'PUT',
  path: `${ApiPrefix.main}/company-payment-packages/:id`,
  access: 'company',
  action: 'packages.buy',
  params: z.object({ id: Id }),
  body: z.object({ companyId: Id }),
  reply: envelope(PackagePurchase),
  summary:
    "Bring a purchase up to date with its card payment, asked of the card provider (the checkout's return page)",
  tags: paymentPackageTags,
});

export const companyPaymentPackageReceipt = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-payment-packages/:id/receipt`,
  access: 'company',
  action: 'packages.view',
  params: z.object({ id: Id }),
  query: z.object({ companyId: Id }),
  reply: envelope(PackageReceipt),
  summary: 'The receipt of a paid purchase: seller, buyer, what was bought, VAT and the card payment',
  tags: paymentPackageTags,
});

export const buyRemittance = route({
  method: 'POST',
  path: `${ApiPrefix.main}/companyBankServices/buyRemittance`,
  access: 'company',
  action: 'packages.buy',
  body: BuyPaymentPackageRequest,
  idempotent: true,
  reply: envelope(PackageCheckout),
  summary: 'Buy a remittance bundle by card; as company-payment-packages/add, for remittance packages',
  tags: paymentPackageTags,
});
