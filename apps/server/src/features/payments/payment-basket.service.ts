import { createHash, randomUUID } from 'node:crypto';
import {
  BASKET_STATES_HOLDING_PAYMENTS,
  type BankPaymentStatus,
  type Basket,
  type BasketState,
  type BasketWithPayments,
  ErrorCode,
  type Language,
  normalizeLanguage,
  PAYMENT_BANK_GROUPS,
  type PaymentBankGroup,
  type PaymentKind,
  PaymentStatus,
  PaymentType,
} from '@bilag/contracts';
import { isSepaPayment, validateIban } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit, writeAudits } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { AppError, Errors } from '../../platform/errors';
import { type MessageKey, translate } from '../../platform/messages';
import { toPayment } from './payment.mapping';
import type { PaymentRow } from './payment.table';
import { type PaymentAccess, type PaymentAccessLevel, requirePaymentAccess } from './payment-access';
import * as repository from './payment-basket.repository';
import type { PaymentBasketRow } from './payment-basket.table';
import { enqueueBasketExpiry } from './payment-flow.jobs';
import { changePaymentStatus, lockPayments, paymentStatusName } from './payment-status';

/** How long a basket waits for its signatures and the bank's approval before its payments go back. */
const BASKET_LIFETIME_MS = 30 * 60_000;

/** What a basket's message says, in the reader's language. */
export function basketMessage(row: PaymentBasketRow, language: Language): string | null {
  return row.messageKey ? translate(language, row.messageKey, row.messageParams ?? {}) : null;
}

function basketOf(row: PaymentBasketRow, details: repository.BasketDetails, language: Language): Basket {
  return {
    currentBasketUUID: row.uuid,
    CompanyId: row.companyId,
    OrganisationNumber: details.organisationNumber,
    State: row.state,
    BankGroup: row.bankGroup,
    DebtorCompanyBankId: row.debtorCompanyBankId,
    DebtorAccountNumber: row.debtorAccountNumber,
    PaymentKind: row.paymentKind,
    PaymentsCount: details.totals.reduce((sum, total) => sum + total.count, 0),
    Totals: details.totals.map((total) => ({ Currency: total.currency, AmountOre: total.amountOre })),
    RequiredApprovals: row.requiredApprovals,
    Approvals: details.approvals.map((approval) => ({
      UserId: approval.userId,
      UserName: approval.userName,
      ApprovedAt: approval.approvedAt.toISOString(),
    })),
    Message: basketMessage(row, language),
    CreatedBy: row.createdBy,
    CreatedAt: row.createdAt.toISOString(),
    ExpiresAt: row.expiresAt.toISOString(),
  };
}

export async function toBasket(db: Db, row: PaymentBasketRow, language: Language): Promise<Basket> {
  return basketOf(row, await repository.findBasketDetails(db, row.companyId, row.uuid), language);
}

/** A basket's payments wait for signatures only until it expires; after that the sweep lets them go. */
export function isBasketOpen(row: PaymentBasketRow, now = new Date()): boolean {
  return row.state === 'open' && row.expiresAt.getTime() > now.getTime();
}

const BASKET_STATE_NAMES: Readonly<Record<BasketState, MessageKey>> = {
  open: 'basketStateOpen',
  initiating: 'basketStateInitiating',
  'awaiting-sca': 'basketStateAwaitingSca',
  accepted: 'basketStateAccepted',
  rejected: 'basketStateRejected',
  canceled: 'basketStateCanceled',
  expired: 'basketStateExpired',
};

function basketStateName(language: Language, state: BasketState): string {
  return translate(language, BASKET_STATE_NAMES[state]);
}

/** The 409 for a basket that can no longer be signed, sent or cancelled, naming its state in words. */
export function basketClosed(language: Language, state: BasketState): AppError {
  return Errors.conflict('basketClosed', { state: basketStateName(language, state) });
}

function requireOpen(row: PaymentBasketRow, language: Language): void {
  if (!isBasketOpen(row)) throw basketClosed(language, row.state === 'open' ? 'expired' : row.state);
}

/**
 * One person signs a basket once, whatever user they sign in as: the fingerprint ties the signature
 * to the person and outlives the number itself, which is cleared when the basket ends.
 */
function ssnFingerprint(basketUuid: string, ssn: string): string {
  return createHash('sha256').update(`${basketUuid}:${ssn}`).digest('hex');
}

function requireMaySign(
  principal: Principal,
  basket: PaymentBasketRow,
  signer: repository.SignerStanding,
  language: Language,
): void {
  requireOpen(basket, language);
  if (!signer.isVerified)
    throw Errors.forbidden('paymentAccountNotVerified', { account: basket.debtorAccountNumber });
  if (signer.approvals.some((approval) => approval.userId === principal.userId))
    throw Errors.conflict('basketAlreadyApproved');
}

export type BasketToSign = {
  debtorCompanyBankId: number;
  debtorAccountNumber: string;
  bankGroup: PaymentBankGroup;
};

/**
 * The gate before a BankID signing for a basket starts: the caller may pay from its account and has not
 * signed it yet, so nobody is sent through BankID for a signature that would be refused. `access` is
 * the caller's, checked for paying in the basket's company.
 */
export async function requireBasketToSign(
  db: Db,
  principal: Principal,
  access: PaymentAccess,
  basketUuid: string,
  language: Language,
): Promise<BasketToSign> {
  const found = await repository.findBasketWithSigner(db, access.companyId, basketUuid, principal.userId);
  if (!found) throw Errors.notFound('basketNotFound');
  requireMaySign(principal, found.basket, found.signer, language);
  return {
    debtorCompanyBankId: found.basket.debtorCompanyBankId,
    debtorAccountNumber: found.basket.debtorAccountNumber,
    bankGroup: found.basket.bankGroup,
  };
}

export type BasketApprovalInput = {
  basketUuid: string;
  /** The national identity number BankID confirmed; the bank needs it as the payer's PSU-ID. */
  ssn: string;
  signingRequestId: string;
  language?: Language;
};

/**
 * Records a signature after the bank confirmed the signer may pay from the basket's account. Runs in
 * the signing's transaction (pass it as `db`), so the signing is used only when the signature counts.
 * `access` is the caller's, checked for paying in the basket's company.
 */
export async function recordBasketApproval(
  db: Db,
  principal: Principal,
  access: PaymentAccess,
  input: BasketApprovalInput,
): Promise<Basket> {
  const basket = await repository.lockBasket(db, access.companyId, input.basketUuid);
  if (!basket) throw Errors.notFound('basketNotFound');
  const language = input.language ?? 'en';
  const signer = await repository.findSignerStanding(db, basket, principal.userId);
  requireMaySign(principal, basket, signer, language);
  const fingerprint = ssnFingerprint(basket.uuid, input.ssn);
  if (signer.approvals.some((approval) => approval.ssnFingerprint === fingerprint))
    throw Errors.conflict('basketSecondApproverSame');
  const approval = await repository.insertApproval(db, {
    companyId: basket.companyId,
    basketUuid: basket.uuid,
    userId: principal.userId,
    ssn: input.ssn,
    ssnFingerprint: fingerprint,
    signingRequestId: input.signingRequestId,
  });
  await writeAudit(db, {
    companyId: basket.companyId,
    userId: principal.userId,
    entity: 'payment-basket',
    entityId: basket.uuid,
    action: 'approve',
    after: { signingRequestId: approval.signingRequestId, approvals: signer.approvals.length + 1 },
  });
  return toBasket(db, basket, language);
}

/**
 * A basket named by its UUID alone (the pages the bank and the popups return to): a person who is not
 * a member of its company is told it does not exist, exactly as for a basket that does not.
 */
export async function requireBasketOfMember(
  db: Db,
  principal: Principal,
  basketUuid: string,
  level: PaymentAccessLevel,
): Promise<PaymentBasketRow> {
  const basket = await repository.findBasketByUuid(db, basketUuid);
  if (!basket) throw Errors.notFound('basketNotFound');
  try {
    await requirePaymentAccess(db, principal, basket.companyId, level);
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.COMPANY_NOT_FOUND)
      throw Errors.notFound('basketNotFound');
    throw error;
  }
  return basket;
}

/** Domestic in NOK (and transfers between own accounts), SEPA for euros to an IBAN of a SEPA country, else cross-border. */
export function paymentKindOf(payment: PaymentRow): PaymentKind {
  if (payment.type !== PaymentType.INTERNATIONAL)
    return payment.currency === 'NOK' ? 'domestic' : 'crossBorder';
  const isIban = validateIban(payment.creditorAccount).valid;
  return isIban && isSepaPayment(payment.creditorCountry ?? undefined, payment.currency)
    ? 'sepa'
    : 'crossBorder';
}

/**
 * Two people sign when the company has a limit and a payment is above it. There are no exchange rates
 * here, so a payment in another currency counts as above.
 */
function requiredApprovalsOf(rows: readonly PaymentRow[], limitOre: number | null): number {
  if (limitOre === null) return 1;
  return rows.some((row) => row.currency !== 'NOK' || row.amountOre > limitOre) ? 2 : 1;
}

function isConnectedGroup(group: string | null | undefined): group is PaymentBankGroup {
  return (PAYMENT_BANK_GROUPS as readonly string[]).includes(group ?? '');
}

function requireBasketable(rows: readonly PaymentRow[], ids: readonly number[], language: Language) {
  if (rows.length !== ids.length) throw Errors.notFound('paymentNotFound');
  for (const row of rows) {
    if (row.status !== PaymentStatus.FOR_APPROVE)
      throw Errors.invalid('basketPaymentNotWaiting', {
        endToEndId: row.endToEndId,
        status: paymentStatusName(language, row.status),
      });
    if (row.debtorCompanyBankId === null)
      throw Errors.invalid('basketAccountMissing', { endToEndId: row.endToEndId });
  }
  const accounts = new Set(rows.map((row) => row.debtorCompanyBankId));
  if (accounts.size > 1) throw Errors.invalid('basketMixedAccounts', { count: accounts.size });
  const kinds = new Set(rows.map(paymentKindOf));
  if (kinds.size > 1) throw Errors.invalid('basketMixedKinds');
  const [first] = rows;
  const [kind] = kinds;
  if (!first || first.debtorCompanyBankId === null || !kind) throw Errors.notFound('paymentNotFound');
  return { companyBankId: first.debtorCompanyBankId, kind };
}

/**
 * Puts payments waiting for approval into a new basket to sign. A payment already in another open
 * basket moves to this one (the person chose again); one already at the bank stays where it is.
 */
export async function saveBasket(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId: number; paymentsIds: number[] },
): Promise<Basket> {
  const { companyId } = await requirePaymentAccess(db, principal, body.companyId, 'pay');
  const ids = [...new Set(body.paymentsIds)].sort((first, second) => first - second);
  const saved = await db.transaction(async (tx) => {
    // Baskets before payments, the order every basket change locks in, so none waits on another.
    const previous = await repository.lockBasketsOfPayments(tx, companyId, ids);
    const rows = await lockPayments(tx, companyId, ids);
    const { companyBankId, kind } = requireBasketable(rows, ids, language);
    const account = await repository.findBasketAccount(tx, companyId, companyBankId, principal.userId);
    if (!account) throw Errors.invalid('basketAccountMissing', { endToEndId: rows[0]?.endToEndId ?? '' });
    if (!isConnectedGroup(account.bankGroup))
      throw Errors.invalid('basketBankNotConnected', { account: account.accountNumber });
    if (!account.isVerified)
      throw Errors.forbidden('paymentAccountNotVerified', { account: account.accountNumber });
    const previousByUuid = new Map(previous.map((row) => [row.uuid, row]));
    for (const row of rows) {
      if (row.basketUuid === null) continue;
      const holder = previousByUuid.get(row.basketUuid);
      // A basket that took the payment after the first look was not locked: treat it as at the bank.
      if (!holder || (holder.state !== 'open' && BASKET_STATES_HOLDING_PAYMENTS.includes(holder.state)))
        throw Errors.conflict('basketPaymentInFlight', { endToEndId: row.endToEndId });
    }
    const created = await repository.insertBasket(tx, {
      companyId,
      uuid: randomUUID(),
      bankGroup: account.bankGroup,
      debtorCompanyBankId: companyBankId,
      debtorAccountNumber: account.accountNumber,
      paymentKind: kind,
      requiredApprovals: requiredApprovalsOf(rows, account.secondApproverAboveOre),
      createdBy: principal.userId,
      expiresAt: new Date(Date.now() + BASKET_LIFETIME_MS),
    });
    await repository.setPaymentsBasket(tx, companyId, ids, created.uuid, principal.userId);
    await writeAudits(tx, [
      {
        companyId,
        userId: principal.userId,
        entity: 'payment-basket',
        entityId: created.uuid,
        action: 'create',
        after: {
          paymentIds: ids,
          debtorAccountNumber: created.debtorAccountNumber,
          paymentKind: created.paymentKind,
          requiredApprovals: created.requiredApprovals,
        },
      },
      ...rows.map((row) => ({
        companyId,
        userId: principal.userId,
        entity: 'payment',
        entityId: row.id,
        action: 'basket',
        before: { basketUuid: row.basketUuid },
        after: { basketUuid: created.uuid },
      })),
    ]);
    for (const emptied of previous) {
      if (emptied.state !== 'open') continue;
      if ((await repository.countBasketPayments(tx, companyId, emptied.uuid)) > 0) continue;
      await endBasket(tx, emptied, { state: 'expired', messageKey: 'basketExpired' }, principal.userId);
    }
    await enqueueBasketExpiry(tx, created);
    return { created, rows, organisationNumber: account.organisationNumber };
  });
  // Every payment locked above is in the new basket, and nobody has signed it yet.
  return basketOf(
    saved.created,
    { organisationNumber: saved.organisationNumber, totals: totalsOf(saved.rows), approvals: [] },
    language,
  );
}

/** The totals per currency of payments, ordered by currency as the database orders them. */
function totalsOf(rows: readonly PaymentRow[]): repository.BasketTotal[] {
  const byCurrency = new Map<string, repository.BasketTotal>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? { currency: row.currency, amountOre: 0, count: 0 };
    total.amountOre += row.amountOre;
    total.count += 1;
    byCurrency.set(row.currency, total);
  }
  return [...byCurrency.values()].sort((first, second) => (first.currency < second.currency ? -1 : 1));
}

export async function basketWithPayments(
  db: Db,
  basket: PaymentBasketRow,
  language: Language,
): Promise<BasketWithPayments> {
  const rows = await repository.listBasketPayments(db, basket.companyId, basket.uuid);
  return { basket: await toBasket(db, basket, language), data: rows.map((row) => toPayment(row)) };
}

/** A basket and its payments; one whose payments went back to the list (or never were) is not found. */
export async function basketPayments(
  db: Db,
  principal: Principal,
  language: Language,
  basketUuid: string,
): Promise<BasketWithPayments> {
  const basket = await requireBasketOfMember(db, principal, basketUuid, 'view');
  const answer = await basketWithPayments(db, basket, language);
  if (answer.data.length === 0) throw Errors.notFound('basketEmpty');
  return answer;
}

/** The language texts are written in for the person who made the basket, who reads them later. */
async function readerLanguage(db: Db, basket: PaymentBasketRow): Promise<Language> {
  if (basket.createdBy === null) return 'no';
  return normalizeLanguage(await repository.findUserLanguage(db, basket.createdBy));
}

export type BasketEnding = {
  state: 'rejected' | 'expired';
  messageKey: MessageKey;
  messageParams?: Record<string, string>;
  /** What the bank said, kept on each payment beside the message. */
  bank?: { status: BankPaymentStatus; reasonCode: string | null };
};

/**
 * Ends a basket without paying it: its payments go back to waiting for approval, out of the basket,
 * each with why; the signers' identity numbers are no longer needed. Runs with the basket locked.
 */
export async function endBasket(
  tx: Db,
  basket: PaymentBasketRow,
  ending: BasketEnding,
  userId: number | null,
): Promise<PaymentBasketRow> {
  const locked = await repository.lockBasketPayments(tx, basket.companyId, basket.uuid);
  const text = translate(await readerLanguage(tx, basket), ending.messageKey, ending.messageParams ?? {});
  const waiting = locked.filter((row) => row.status === PaymentStatus.FOR_APPROVE);
  await repository.releasePayments(
    tx,
    basket.companyId,
    locked.map((row) => row.id),
    waiting.map((row) => row.id),
    {
      bankStatus: ending.bank?.status ?? null,
      bankStatusReason: ending.bank?.reasonCode ?? null,
      bankStatusText: text,
    },
    userId,
  );
  const ended = await repository.updateBasket(tx, basket.companyId, basket.uuid, {
    state: ending.state,
    messageKey: ending.messageKey,
    messageParams: ending.messageParams ?? {},
  });
  await repository.clearApprovalSsns(tx, basket.companyId, basket.uuid);
  await writeAudits(tx, [
    {
      companyId: basket.companyId,
      userId,
      entity: 'payment-basket',
      entityId: basket.uuid,
      action: ending.state,
      before: { state: basket.state },
      after: { state: ending.state, message: text, bankStatus: ending.bank ?? null },
    },
    ...locked.map((row) => ({
      companyId: basket.companyId,
      userId,
      entity: 'payment',
      entityId: row.id,
      action: 'basket',
      before: { basketUuid: basket.uuid, bankStatus: row.bankStatus },
      after: { basketUuid: null, bankStatusText: waiting.includes(row) ? text : row.bankStatusText },
    })),
  ]);
  return ended;
}

/** Cancels a basket the bank does not hold (or no longer holds): its waiting payments are CANCELED. */
export async function cancelBasket(
  tx: Db,
  basket: PaymentBasketRow,
  actor: { userId: number | null; language: Language },
  bankStatus: BankPaymentStatus | null,
): Promise<PaymentBasketRow> {
  const locked = await repository.lockBasketPayments(tx, basket.companyId, basket.uuid);
  const open = locked.filter(
    (row) => row.status === PaymentStatus.FOR_APPROVE || row.status === PaymentStatus.PROCESSING,
  );
  await changePaymentStatus(tx, { companyId: basket.companyId, ...actor }, open, {
    to: PaymentStatus.CANCELED,
    ...(bankStatus ? { bankStatus } : {}),
    reason: translate(actor.language, 'basketCanceled'),
  });
  const canceled = await repository.updateBasket(tx, basket.companyId, basket.uuid, {
    state: 'canceled',
    messageKey: 'basketCanceled',
    messageParams: {},
  });
  await repository.clearApprovalSsns(tx, basket.companyId, basket.uuid);
  await writeAudit(tx, {
    companyId: basket.companyId,
    userId: actor.userId,
    entity: 'payment-basket',
    entityId: basket.uuid,
    action: 'cancel',
    before: { state: basket.state },
    after: { state: 'canceled' },
  });
  return canceled;
}

/**
 * The payments among these that a basket holds: waiting in one being signed or at the bank's SCA
 * page, or PROCESSING in one the bank accepted (only the bank can stop those).
 */
export async function paymentsHeldByBaskets(
  db: Db,
  companyId: number,
  rows: readonly PaymentRow[],
): Promise<PaymentRow[]> {
  const uuids = [...new Set(rows.flatMap((row) => (row.basketUuid ? [row.basketUuid] : [])))];
  if (uuids.length === 0) return [];
  const states = new Map(
    (await repository.listBaskets(db, companyId, uuids)).map((basket) => [basket.uuid, basket.state]),
  );
  return rows.filter((row) => {
    const state = row.basketUuid === null ? undefined : states.get(row.basketUuid);
    if (state === undefined) return false;
    if (row.status === PaymentStatus.FOR_APPROVE) return BASKET_STATES_HOLDING_PAYMENTS.includes(state);
    return row.status === PaymentStatus.PROCESSING && state === 'accepted';
  });
}

/**
 * Refuses (409) changing a payment by hand while a basket holds it: what the signers saw must be what
 * the bank gets, and a payment the bank accepted is stopped at the bank, not only on the list.
 */
export async function refusePaymentsInBaskets(db: Db, companyId: number, rows: readonly PaymentRow[]) {
  const [held] = await paymentsHeldByBaskets(db, companyId, rows);
  if (held?.status === PaymentStatus.PROCESSING) throw Errors.conflict('basketAcceptedCannotCancel');
  if (held) throw Errors.conflict('basketPaymentInFlight', { endToEndId: held.endToEndId });
}
