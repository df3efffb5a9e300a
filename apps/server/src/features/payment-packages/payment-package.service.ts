import { randomUUID } from 'node:crypto';
import {
  CARD_REFUSAL_REASONS,
  type CardRefusalReason,
  type CardWebhookOutcome,
  type Company,
  type CompanyPaymentPackages,
  type Language,
  type PackageCheckout,
  type PackagePurchase,
  type PackageReceipt,
  type PaymentPackage,
  type PaymentPackageKind,
  receiveCardWebhook,
} from '@bilag/contracts';
import {
  addDays,
  daysInMonth,
  type IsoDate,
  isoDateParts,
  ore,
  splitVatIncluded,
  todayIsoDate,
  toIsoDate,
} from '@bilag/domain';
import type { Db } from '../../db/client';
import { monthRange } from '../../db/sql-helpers';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { CardClient, CardEvent, CardEventType, CardPayment } from '../../providers/card/interface';
import { requireCompanyAccess } from '../companies';
import * as repository from './payment-package.repository';
import type { PackagePurchaseRow, PaymentPackageRow, PurchaseState } from './payment-package.table';

export type PaymentPackageDeps = { db: Db; card: CardClient; publicUrl: string };

/** Packages are sold, and their periods counted, by the Norwegian calendar. */
const TIME_ZONE = 'Europe/Oslo';

/** Who sells the packages, as the receipt names them. */
const SELLER = { name: 'Bilag AS', organisationNumber: '927 614 308 MVA', address: 'Postboks 1, 0101 Oslo' };

/** The events the product asks the card provider for; what the person does on its pages is read on return. */
const CARD_EVENTS: readonly CardEventType[] = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.canceled',
];

const today = (): IsoDate => todayIsoDate(TIME_ZONE);

/** The last day of a package of `months` months that begins on `start`, in force on both days. */
export function periodEndOf(start: IsoDate, months: number): IsoDate {
  const { year, month, day } = isoDateParts(start);
  const monthIndex = month - 1 + months;
  const endYear = year + Math.floor(monthIndex / 12);
  const endMonth = (monthIndex % 12) + 1;
  const sameDay = toIsoDate(endYear, endMonth, Math.min(day, daysInMonth(endYear, endMonth)));
  if (!sameDay) throw new Error(`No date ${months} months after ${start}`);
  return addDays(sameDay, -1);
}

function receiptNumberText(receiptNumber: number | null): string | null {
  return receiptNumber === null ? null : String(receiptNumber).padStart(6, '0');
}

function packageView(row: PaymentPackageRow): PaymentPackage {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    names: { en: row.nameEn, no: row.nameNo },
    descriptions: { en: row.descriptionEn, no: row.descriptionNo },
    priceOre: row.priceOre,
    vatOre: splitVatIncluded(ore(row.priceOre), row.vatRatePercent).vatOre,
    vatRatePercent: row.vatRatePercent,
    currency: row.currency,
    quantity: row.quantity,
    months: row.months,
  };
}

function purchaseStatus(row: PackagePurchaseRow, day: IsoDate): PackagePurchase['status'] {
  if (row.status !== 'paid') return row.status;
  return row.periodEnd !== null && row.periodEnd < day ? 'expired' : 'active';
}

function purchaseView(
  row: PackagePurchaseRow & { buyerName?: string | null },
  day = today(),
): PackagePurchase {
  return {
    id: row.id,
    packageId: row.packageId,
    kind: row.kind,
    names: { en: row.nameEn, no: row.nameNo },
    priceOre: row.priceOre,
    vatOre: splitVatIncluded(ore(row.priceOre), row.vatRatePercent).vatOre,
    vatRatePercent: row.vatRatePercent,
    currency: row.currency,
    quantity: row.quantity,
    months: row.months,
    status: purchaseStatus(row, day),
    failure:
      row.status === 'failed' && row.failureCode !== null && row.failureReason !== null && row.failedAt
        ? {
            messageCode: row.failureCode,
            message: row.failureMessage ?? '',
            reasonKey: row.failureReason,
            at: row.failedAt.toISOString(),
          }
        : null,
    buyerName: row.buyerName ?? null,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    receiptNumber: receiptNumberText(row.receiptNumber),
  };
}

export async function listPackages(db: Db, kind: PaymentPackageKind | undefined): Promise<PaymentPackage[]> {
  return (await repository.listPackagesOnSale(db, kind)).map(packageView);
}

export async function listCompanyPackages(
  db: Db,
  principal: Principal,
  companyId: number,
): Promise<CompanyPaymentPackages> {
  const company = await requireCompanyAccess(db, principal.userId, companyId);
  const day = today();
  const { year, month } = isoDateParts(day);
  const purchases = await repository.listPurchases(db, company.Id);
  const perMonth = await repository.paymentsPerMonthInForce(db, company.Id, day);
  if (perMonth === null)
    return { purchases: purchases.map((row) => purchaseView(row, day)), paymentAllowance: null };
  const usedThisMonth = await repository.paymentsSentInMonth(db, company.Id, monthRange(year, month));
  return {
    purchases: purchases.map((row) => purchaseView(row, day)),
    paymentAllowance: { perMonth, usedThisMonth, remaining: Math.max(0, perMonth - usedThisMonth) },
  };
}

async function requirePurchase(db: Db, companyId: number, purchaseId: number) {
  const purchase = await repository.findPurchase(db, companyId, purchaseId);
  if (!purchase) throw Errors.notFound('packagePurchaseNotFound');
  return purchase;
}

export type BuyOptions = {
  /** The request's Idempotency-Key: the same key finds the purchase it made before. */
  requestKey: string | undefined;
  language: Language;
};

/**
 * Buys a package of the catalogue by card: the purchase (the package as it is sold today) and its
 * card payment, whose checkout the person is sent to. A repeat with the same Idempotency-Key gives
 * the same purchase and the same card payment, also after a failure halfway.
 */
export async function buyPackage(
  deps: PaymentPackageDeps,
  principal: Principal,
  request: { companyId: number; packageId: number },
  kind: PaymentPackageKind,
  options: BuyOptions,
): Promise<PackageCheckout> {
  const { db } = deps;
  const company = await requireCompanyAccess(db, principal.userId, request.companyId);
  const sold = await repository.findPackageOnSale(db, request.packageId);
  if (!sold) throw Errors.notFound('packageNotFound');
  if (sold.kind !== kind) throw Errors.invalid('packageOfOtherKind');
  const requestKey = options.requestKey ?? randomUUID();
  const made = await db.transaction(async (tx) => {
    const buyer = await repository.findUserContact(tx, principal.userId);
    const purchase = await repository.insertPurchase(tx, {
      companyId: company.Id,
      packageId: sold.id,
      kind: sold.kind,
      nameEn: sold.nameEn,
      nameNo: sold.nameNo,
      priceOre: sold.priceOre,
      vatRatePercent: sold.vatRatePercent,
      currency: sold.currency,
      quantity: sold.quantity,
      months: sold.months,
      requestKey,
      buyerUserId: principal.userId,
      buyerEmail: buyer?.email ?? null,
    });
    if (purchase) {
      await writeAudit(tx, {
        companyId: company.Id,
        userId: principal.userId,
        entity: 'package-purchase',
        entityId: purchase.id,
        action: 'create',
        after: { packageId: sold.id, code: sold.code, priceOre: sold.priceOre, status: purchase.status },
      });
    }
    return purchase;
  });
  const purchase = made ?? (await repository.findPurchaseByRequestKey(db, company.Id, requestKey));
  if (!purchase) throw Errors.internal();
  if (purchase.packageId !== sold.id) throw Errors.conflict('packagePurchaseKeyReused');
  return checkoutOf(deps, principal, company, purchase.id, options.language);
}

/** Pays a purchase that is not paid yet: its card payment while that still takes a card, else a new one. */
export async function payPurchase(
  deps: PaymentPackageDeps,
  principal: Principal,
  request: { companyId: number; purchaseId: number },
  language: Language,
): Promise<PackageCheckout> {
  const company = await requireCompanyAccess(deps.db, principal.userId, request.companyId);
  const purchase = await requirePurchase(deps.db, company.Id, request.purchaseId);
  if (purchase.status === 'paid') throw Errors.conflict('packageAlreadyPaid');
  return checkoutOf(deps, principal, company, purchase.id, language);
}

async function checkoutOf(
  deps: PaymentPackageDeps,
  principal: Principal,
  company: Company,
  purchaseId: number,
  language: Language,
): Promise<PackageCheckout> {
  const { db, card } = deps;
  const purchase = await requirePurchase(db, company.Id, purchaseId);
  if (purchase.status === 'paid') return { purchase: purchaseView(purchase), checkoutUrl: null };
  let attempt = purchase.attempt;
  if (purchase.cardPaymentId) {
    const payment = await card.getPaymentIntent(purchase.cardPaymentId);
    const current = await applyCardPayment(db, purchase, payment, {
      eventId: null,
      userId: principal.userId,
    });
    const view = purchaseView({ ...current.purchase, buyerName: purchase.buyerName });
    if (payment.status === 'awaiting-card' || payment.status === 'awaiting-authentication') {
      return { purchase: view, checkoutUrl: payment.checkoutUrl };
    }
    if (payment.status !== 'canceled') return { purchase: view, checkoutUrl: null };
    attempt = await nextAttempt(db, purchase);
  }
  const webhookUrl = `${deps.publicUrl}${receiveCardWebhook.path}`;
  await ensureWebhookEndpoint(card, webhookUrl);
  const name = language === 'no' ? purchase.nameNo : purchase.nameEn;
  const payment = await card.createPaymentIntent({
    amount: ore(purchase.priceOre),
    currency: 'NOK',
    description: `${name} – ${company.Name}`.slice(0, 500),
    metadata: {
      companyId: String(company.Id),
      purchaseId: String(purchase.id),
      packageId: String(purchase.packageId),
    },
    returnUrl: `${deps.publicUrl}/${encodeURIComponent(company.Alias)}/payment-packages?purchase=${purchase.id}`,
    ...(purchase.buyerEmail ? { receiptEmail: purchase.buyerEmail } : {}),
    language,
    idempotencyKey: `package-purchase-${company.Id}-${purchase.id}-${attempt}`,
  });
  const stored = await db.transaction(async (tx) => {
    const locked = await repository.lockPurchase(tx, company.Id, purchase.id);
    if (!locked || locked.cardPaymentId === payment.id || locked.status === 'paid') return locked;
    const changed = await repository.updatePurchase(tx, company.Id, purchase.id, {
      cardPaymentId: payment.id,
      ...(locked.status === 'canceled' ? { status: 'pending' as const } : {}),
    });
    await writeAudit(tx, {
      companyId: company.Id,
      userId: principal.userId,
      entity: 'package-purchase',
      entityId: purchase.id,
      action: 'card-payment',
      before: { cardPaymentId: locked.cardPaymentId, status: locked.status },
      after: { cardPaymentId: payment.id, attempt, status: changed?.status },
    });
    return changed;
  });
  if (!stored) throw Errors.internal();
  return {
    purchase: purchaseView({ ...stored, buyerName: purchase.buyerName }),
    // Paid meanwhile (by a card payment made before this one): nothing is left to pay.
    checkoutUrl: stored.status === 'paid' ? null : payment.checkoutUrl,
  };
}

/** The next card payment's number; two requests at once agree on it, so they make one payment. */
async function nextAttempt(db: Db, purchase: PackagePurchaseRow): Promise<number> {
  const advanced = await db.transaction(async (tx) => {
    const locked = await repository.lockPurchase(tx, purchase.companyId, purchase.id);
    if (!locked) throw Errors.notFound('packagePurchaseNotFound');
    if (locked.attempt !== purchase.attempt) return locked.attempt;
    const changed = await repository.updatePurchase(tx, purchase.companyId, purchase.id, {
      attempt: locked.attempt + 1,
    });
    return changed?.attempt ?? locked.attempt + 1;
  });
  return advanced;
}

/**
 * Registers the product's webhook with the card provider when it is not there yet. Two purchases at
 * once may both register it; the provider then delivers each event twice, which changes nothing.
 */
async function ensureWebhookEndpoint(card: CardClient, url: string) {
  const endpoints = await card.listWebhookEndpoints();
  const isRegistered = endpoints.some(
    (endpoint) =>
      endpoint.enabled &&
      endpoint.url === url &&
      CARD_EVENTS.every((event) => endpoint.events.includes(event) || endpoint.events.includes('*')),
  );
  if (!isRegistered) await card.registerWebhookEndpoint(url, CARD_EVENTS);
}

/** The purchase brought up to date with its card payment as the provider tells it now (the return page). */
export async function refreshPurchase(
  deps: PaymentPackageDeps,
  principal: Principal,
  request: { companyId: number; purchaseId: number },
): Promise<PackagePurchase> {
  const company = await requireCompanyAccess(deps.db, principal.userId, request.companyId);
  const purchase = await requirePurchase(deps.db, company.Id, request.purchaseId);
  if (purchase.status === 'paid' || !purchase.cardPaymentId) return purchaseView(purchase);
  const payment = await deps.card.getPaymentIntent(purchase.cardPaymentId);
  const current = await applyCardPayment(deps.db, purchase, payment, {
    eventId: null,
    userId: principal.userId,
  });
  return purchaseView({ ...current.purchase, buyerName: purchase.buyerName });
}

function refusalReasonOf(key: string): CardRefusalReason {
  return (CARD_REFUSAL_REASONS as readonly string[]).includes(key)
    ? (key as CardRefusalReason)
    : 'cardDeclined';
}

type PurchaseChange = repository.PurchaseChange & { status?: PurchaseState };

/**
 * What a card payment means for its purchase: paid activates it (also a payment made before the one
 * it holds now: the money came), and for the payment it holds, a refused card, the card network's
 * processing, a new try in progress, or the provider's cancellation. Nothing once it is paid.
 */
function purchaseChangeFor(
  purchase: PackagePurchaseRow,
  payment: CardPayment,
): PurchaseChange | 'paid' | null {
  if (purchase.status === 'paid') return null;
  if (payment.amount !== purchase.priceOre || payment.currency !== purchase.currency) return null;
  if (payment.status === 'paid') return 'paid';
  if (purchase.cardPaymentId !== null && payment.id !== purchase.cardPaymentId) return null;
  switch (payment.status) {
    case 'processing':
      return purchase.status === 'processing' ? null : { status: 'processing' };
    case 'awaiting-authentication':
      return purchase.status === 'pending' && purchase.failureCode === null
        ? null
        : { status: 'pending', failureCode: null, failureMessage: null, failureReason: null, failedAt: null };
    case 'canceled':
      return purchase.status === 'canceled' ? null : { status: 'canceled' };
    case 'awaiting-card': {
      const failure = payment.lastFailure;
      if (!failure) return null;
      const messageCode = failure.declineCode ?? failure.code;
      if (
        purchase.status === 'failed' &&
        purchase.failureCode === messageCode &&
        purchase.failureMessage === failure.providerMessage
      ) {
        return null;
      }
      return {
        status: 'failed',
        failureCode: messageCode.slice(0, 100),
        failureMessage: failure.providerMessage.slice(0, 2000),
        failureReason: refusalReasonOf(failure.reasonKey),
        failedAt: new Date(),
      };
    }
    default:
      return null;
  }
}

/**
 * Applies a card payment to its purchase under the purchase's row lock, so the return page and the
 * provider's webhooks (in any order, any number of times) activate it once.
 */
async function applyCardPayment(
  db: Db,
  target: { companyId: number; id: number },
  payment: CardPayment,
  source: { eventId: string | null; userId: number | null },
): Promise<{ purchase: PackagePurchaseRow; isChanged: boolean }> {
  const result = await db.transaction(async (tx) => {
    const purchase = await repository.lockPurchase(tx, target.companyId, target.id);
    if (!purchase) return undefined;
    if (source.eventId !== null && purchase.lastEventId === source.eventId)
      return { purchase, isChanged: false };
    const change = purchaseChangeFor(purchase, payment);
    if (change === null) return { purchase, isChanged: false };
    const audit = {
      companyId: purchase.companyId,
      userId: source.userId,
      entity: 'package-purchase',
      entityId: purchase.id,
    };
    if (change === 'paid') {
      const periodStart = today();
      const paid = await repository.markPaid(tx, purchase.companyId, purchase.id, {
        cardPaymentId: payment.id,
        periodStart,
        periodEnd: periodEndOf(periodStart, purchase.months),
        eventId: source.eventId,
      });
      if (!paid) return { purchase, isChanged: false };
      await writeAudit(tx, {
        ...audit,
        action: 'paid',
        before: { status: purchase.status },
        after: {
          status: paid.status,
          cardPaymentId: payment.id,
          receiptNumber: paid.receiptNumber,
          periodStart: paid.periodStart,
          periodEnd: paid.periodEnd,
          eventId: source.eventId,
        },
      });
      return { purchase: paid, isChanged: true };
    }
    const changed = await repository.updatePurchase(tx, purchase.companyId, purchase.id, {
      ...change,
      ...(source.eventId ? { lastEventId: source.eventId } : {}),
    });
    if (!changed) return { purchase, isChanged: false };
    await writeAudit(tx, {
      ...audit,
      action: change.status === 'failed' ? 'card-refused' : (change.status ?? 'update'),
      before: { status: purchase.status, failureCode: purchase.failureCode },
      after: {
        status: changed.status,
        failureCode: changed.failureCode,
        failureMessage: changed.failureMessage,
        cardPaymentId: payment.id,
        eventId: source.eventId,
      },
    });
    return { purchase: changed, isChanged: true };
  });
  if (!result) throw Errors.notFound('packagePurchaseNotFound');
  return result;
}

/**
 * An event the card provider sent, its signature already checked: applied to the purchase its
 * payment names. An event about anything else (another product's payment, a purchase that is gone)
 * is taken and ignored, so the provider stops sending it.
 */
export async function receiveCardEvent(
  db: Db,
  event: CardEvent,
): Promise<{ eventId: string; outcome: CardWebhookOutcome }> {
  const ignored = { eventId: event.id, outcome: 'ignored' as const };
  if (!CARD_EVENTS.includes(event.type)) return ignored;
  const companyId = Number(event.payment.metadata.companyId);
  const purchaseId = Number(event.payment.metadata.purchaseId);
  if (
    !Number.isSafeInteger(companyId) ||
    !Number.isSafeInteger(purchaseId) ||
    companyId <= 0 ||
    purchaseId <= 0
  ) {
    return ignored;
  }
  const purchase = await repository.findPurchase(db, companyId, purchaseId);
  if (!purchase) return ignored;
  const { isChanged } = await applyCardPayment(db, purchase, event.payment, {
    eventId: event.id,
    userId: null,
  });
  return { eventId: event.id, outcome: isChanged ? 'applied' : 'ignored' };
}

export async function purchaseReceipt(
  db: Db,
  principal: Principal,
  request: { companyId: number; purchaseId: number },
): Promise<PackageReceipt> {
  const company = await requireCompanyAccess(db, principal.userId, request.companyId);
  const purchase = await requirePurchase(db, company.Id, request.purchaseId);
  const { paidAt, periodStart, periodEnd, receiptNumber, cardPaymentId } = purchase;
  if (
    purchase.status !== 'paid' ||
    !paidAt ||
    !periodStart ||
    !periodEnd ||
    receiptNumber === null ||
    !cardPaymentId
  ) {
    throw Errors.conflict('packageNotPaid');
  }
  const { netOre, vatOre } = splitVatIncluded(ore(purchase.priceOre), purchase.vatRatePercent);
  return {
    receiptNumber: receiptNumberText(receiptNumber) ?? '',
    purchaseId: purchase.id,
    paidAt: paidAt.toISOString(),
    paymentReference: cardPaymentId,
    seller: SELLER,
    buyer: {
      companyName: company.Name,
      organisationNumber: company.OrganisationNumber,
      name: purchase.buyerName,
      email: purchase.buyerEmail,
    },
    kind: purchase.kind,
    names: { en: purchase.nameEn, no: purchase.nameNo },
    quantity: purchase.quantity,
    months: purchase.months,
    periodStart,
    periodEnd,
    netOre,
    vatOre,
    vatRatePercent: purchase.vatRatePercent,
    totalOre: purchase.priceOre,
    currency: purchase.currency,
  };
}
