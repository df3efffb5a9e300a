import {
  type BankPaymentStatus,
  type BasketWithPayments,
  type Language,
  normalizeLanguage,
  type Payment,
  type PaymentFlowOutcome,
  type PaymentFlowResult,
  PaymentStatus,
} from '@bilag/contracts';
import type { Db } from '../../db/client';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { JobOutcome } from '../../platform/jobs';
import { type MessageKey, translate } from '../../platform/messages';
import type {
  PaymentStatusAnswer,
  PaymentStatusReport,
  PaymentStatus as ProviderPaymentStatus,
} from '../../providers/bank/interface';
import { ProviderError } from '../../providers/provider-error';
import { bankReasonText } from './bank-status-reason';
import { toPayment } from './payment.mapping';
import type { PaymentRow } from './payment.table';
import { requirePaymentAccess } from './payment-access';
import * as basketRepository from './payment-basket.repository';
import {
  basketClosed,
  basketMessage,
  basketWithPayments,
  cancelBasket,
  endBasket,
  requireBasketOfMember,
} from './payment-basket.service';
import type { PaymentBasketRow, PaymentInitiationRow } from './payment-basket.table';
import {
  enqueueBasketExpiry,
  enqueueFlowCheck,
  enqueueStatusPoll,
  FIRST_POLL_DELAY_MS,
  STATUS_POLL_KEY_PREFIX,
} from './payment-flow.jobs';
import * as repository from './payment-initiation.repository';
import {
  bankOf,
  bankReferenceOf,
  type PaymentFlowDependencies,
  sendInitiation,
  storedBankStatus,
} from './payment-initiation.service';
import { changePaymentStatus, changePaymentStatuses, type PaymentMove } from './payment-status';

/** The bank statuses that mean it accepted the payment and will carry it out (or already has). */
const ACCEPTED_STATUSES: ReadonlySet<ProviderPaymentStatus> = new Set([
  'ACTC',
  'ACCP',
  'ACSP',
  'ACWC',
  'ACWP',
  'ACFC',
  'ACCC',
  'PATC',
  'PART',
]);
const CARRIED_OUT_STATUSES: ReadonlySet<ProviderPaymentStatus> = new Set(['ACSC', 'ACCC']);
/** The statuses of a payment the person has not approved at the bank yet. */
const WAITING_STATUSES: ReadonlySet<ProviderPaymentStatus> = new Set(['RCVD', 'PDNG']);
/** ISO 20022 reason for an order cancelled before it was carried out. */
const CANCELLED_REASON = 'DS02';

const POLL_MIN_MS = 30_000;
const POLL_MAX_MS = 60 * 60_000;
/** How long an initiation may stay unanswered before the sweep sends it again. */
const STALE_INITIATION_MS = 60_000;
const SWEEP_BATCH = 500;

type JobActor = { companyId: number; userId: number | null; language: Language };

async function actorFor(db: Db, basket: PaymentBasketRow, userId: number | null = null): Promise<JobActor> {
  const language =
    basket.createdBy === null
      ? 'no'
      : normalizeLanguage(await basketRepository.findUserLanguage(db, basket.createdBy));
  return { companyId: basket.companyId, userId, language };
}

function outcomeOf(basket: PaymentBasketRow): PaymentFlowOutcome {
  switch (basket.state) {
    case 'accepted':
      return 'accepted';
    case 'rejected':
    case 'expired':
      return 'rejected';
    case 'canceled':
      return 'canceled';
    default:
      return 'pending';
  }
}

/**
 * How a flow ended, as the page the bank returns to shows it. The flow's company and basket never
 * change, so the row the caller holds names them even after the flow moved on.
 */
async function flowResult(
  db: Db,
  initiation: PaymentInitiationRow,
  language: Language,
): Promise<PaymentFlowResult> {
  const found = await basketRepository.findBasketWithAlias(db, initiation.companyId, initiation.basketUuid);
  if (!found) throw Errors.notFound('paymentFlowUnknown');
  return {
    flowId: initiation.flowId,
    basketUUID: initiation.basketUuid,
    outcome: outcomeOf(found.basket),
    alias: found.alias,
    message: basketMessage(found.basket, language),
  };
}

function paidReason(language: Language, messageId: string | undefined, status: string): string {
  return messageId
    ? translate(language, 'paymentPaidByBankReport', { messageId })
    : translate(language, 'paymentPaidAtBank', { bankStatus: status });
}

/** The bank accepted: the basket's payments are PROCESSING (or PAID when it has carried them out). */
async function acceptFlow(
  tx: Db,
  basket: PaymentBasketRow,
  initiation: PaymentInitiationRow,
  status: ProviderPaymentStatus,
  now: Date,
): Promise<void> {
  const actor = await actorFor(tx, basket);
  const waiting = (await basketRepository.lockBasketPayments(tx, basket.companyId, basket.uuid)).filter(
    (row) => row.status === PaymentStatus.FOR_APPROVE,
  );
  const carriedOut = CARRIED_OUT_STATUSES.has(status);
  const processing = await changePaymentStatus(tx, actor, waiting, {
    to: PaymentStatus.PROCESSING,
    bankStatus: storedBankStatus(status) ?? 'ACTC',
    bankStatusReason: null,
    bankStatusText: null,
    reason: translate(actor.language, 'paymentAcceptedByBank', { bankStatus: status }),
  });
  if (carriedOut)
    await changePaymentStatus(tx, actor, processing, {
      to: PaymentStatus.PAID,
      paidReason: paidReason(actor.language, undefined, status),
    });
  await repository.updateInitiation(tx, basket.companyId, initiation.flowId, {
    state: carriedOut ? 'finished' : 'accepted',
    bankStatus: status,
  });
  await basketRepository.updateBasket(tx, basket.companyId, basket.uuid, { state: 'accepted' });
  await basketRepository.clearApprovalSsns(tx, basket.companyId, basket.uuid);
  if (!carriedOut) await enqueueStatusPoll(tx, initiation, new Date(now.getTime() + FIRST_POLL_DELAY_MS));
}

const REJECTION_MESSAGES: Readonly<Record<string, MessageKey>> = {
  CUST: 'basketScaRejected',
  NOAS: 'basketScaTimedOut',
};

async function rejectFlow(
  tx: Db,
  basket: PaymentBasketRow,
  initiation: PaymentInitiationRow,
  rejection: PaymentStatusAnswer['rejection'],
): Promise<void> {
  const reasonCode = rejection?.reasonCode ?? null;
  const reason = rejection?.text ?? bankReasonText(reasonCode) ?? reasonCode ?? 'RJCT';
  await repository.updateInitiation(tx, basket.companyId, initiation.flowId, {
    state: 'rejected',
    bankStatus: 'RJCT',
  });
  await endBasket(
    tx,
    basket,
    {
      state: 'rejected',
      messageKey: REJECTION_MESSAGES[reasonCode ?? ''] ?? 'basketBankRejected',
      messageParams: { reason },
      bank: { status: 'RJCT', reasonCode },
    },
    null,
  );
}

async function cancelFlow(
  tx: Db,
  basket: PaymentBasketRow,
  initiation: PaymentInitiationRow,
  userId: number | null,
): Promise<void> {
  const actor = await actorFor(tx, basket, userId);
  await repository.updateInitiation(tx, basket.companyId, initiation.flowId, {
    state: 'canceled',
    bankStatus: 'CANC',
  });
  await cancelBasket(tx, basket, actor, 'CANC');
}

/** The person never approved at the bank in time: the payment there is cancelled, the payments go back. */
async function expireFlow(tx: Db, basket: PaymentBasketRow, initiation: PaymentInitiationRow): Promise<void> {
  await repository.updateInitiation(tx, basket.companyId, initiation.flowId, {
    state: 'canceled',
    bankStatus: 'CANC',
  });
  await endBasket(tx, basket, { state: 'expired', messageKey: 'basketExpired' }, null);
}

type LockedFlow = { basket: PaymentBasketRow; initiation: PaymentInitiationRow };

/** Runs `change` with the flow's basket locked and the flow re-read under that lock. */
function withLockedFlow<T>(
  db: Db,
  flow: PaymentInitiationRow,
  change: (tx: Db, locked: LockedFlow) => Promise<T>,
) {
  return db.transaction(async (tx) => {
    const basket = await basketRepository.lockBasket(tx, flow.companyId, flow.basketUuid);
    const initiation = await repository.findInitiation(tx, flow.companyId, flow.flowId);
    if (!basket || !initiation) throw Errors.notFound('paymentFlowUnknown');
    return change(tx, { basket, initiation });
  });
}

/**
 * What the bank says of a flow waiting for its SCA, applied once: a second report of the same end
 * (a replayed callback, the job after the callback) finds the flow moved on and changes nothing.
 */
async function applyBankAnswer(
  db: Db,
  flow: PaymentInitiationRow,
  answer: PaymentStatusAnswer,
  now: Date,
): Promise<void> {
  await withLockedFlow(db, flow, async (tx, { basket, initiation }) => {
    if (initiation.state !== 'awaiting-sca') return;
    if (ACCEPTED_STATUSES.has(answer.status) || CARRIED_OUT_STATUSES.has(answer.status))
      return acceptFlow(tx, basket, initiation, answer.status, now);
    if (answer.status === 'RJCT') return rejectFlow(tx, basket, initiation, answer.rejection);
    if (answer.status === 'CANC') return cancelFlow(tx, basket, initiation, null);
  });
}

async function requireFlow(db: Db, flowId: string): Promise<PaymentInitiationRow> {
  const flow = await repository.findInitiationByFlowId(db, flowId);
  if (!flow) throw Errors.notFound('paymentFlowUnknown');
  return flow;
}

/** The person is back from the bank's SCA page; the bank, not the query, says how it went. */
export async function paymentScaCallback(
  dependencies: PaymentFlowDependencies,
  language: Language,
  flowId: string,
): Promise<PaymentFlowResult> {
  const { db, providers } = dependencies;
  const flow = await requireFlow(db, flowId);
  if (flow.state === 'awaiting-sca') {
    const answer = await bankOf(providers, flow).getPaymentStatus(bankReferenceOf(flow));
    await applyBankAnswer(db, flow, answer, new Date());
  }
  return flowResult(db, flow, language);
}

/** The person is back from cancelling at the bank; only the bank's CANC cancels the payments. */
export async function paymentCancelCallback(
  dependencies: PaymentFlowDependencies,
  language: Language,
  flowId: string,
): Promise<PaymentFlowResult> {
  const { db, providers } = dependencies;
  const flow = await requireFlow(db, flowId);
  if (flow.state === 'awaiting-sca' || flow.state === 'accepted') {
    const answer = await bankOf(providers, flow).getPaymentStatus(bankReferenceOf(flow));
    if (answer.status === 'CANC')
      await withLockedFlow(db, flow, async (tx, { basket, initiation }) => {
        if (initiation.state === 'awaiting-sca' || initiation.state === 'accepted')
          await cancelFlow(tx, basket, initiation, null);
      });
  }
  return flowResult(db, flow, language);
}

/**
 * Stops a payment the bank accepted but has not carried out. A bulk payment is cancelled whole at the
 * bank, so every payment that went with it is stopped.
 */
export async function cancelPaymentAtBank(
  dependencies: PaymentFlowDependencies,
  principal: Principal,
  paymentId: number,
  companyIdInput: number,
): Promise<{ rows: Payment[] }> {
  const { db, providers } = dependencies;
  const { companyId } = await requirePaymentAccess(db, principal, companyIdInput, 'pay');
  const [payment] = await basketRepository.listPaymentsByIds(db, companyId, [paymentId]);
  if (!payment) throw Errors.notFound('paymentNotFound');
  const flow =
    payment.basketUuid === null
      ? undefined
      : await repository.findInitiationOfBasket(db, companyId, payment.basketUuid);
  if (payment.status !== PaymentStatus.PROCESSING || flow?.state !== 'accepted')
    throw Errors.conflict('paymentNotCancellableAtBank');
  try {
    await bankOf(providers, flow).cancelPayment(bankReferenceOf(flow));
  } catch (error) {
    if (error instanceof ProviderError && error.failure === 'rejected')
      throw Errors.conflict('paymentNotCancellableAtBank');
    throw error;
  }
  await withLockedFlow(db, flow, async (tx, { basket, initiation }) => {
    if (initiation.state === 'accepted') await cancelFlow(tx, basket, initiation, principal.userId);
  });
  const rows = await basketRepository.listBasketPayments(db, companyId, flow.basketUuid);
  return { rows: rows.map((row) => toPayment(row)) };
}

/** The bank refused to cancel a payment waiting for SCA: it has moved on, and the basket follows it. */
async function followRefusedCancellation(
  db: Db,
  providers: PaymentFlowDependencies['providers'],
  flow: PaymentInitiationRow,
) {
  const answer = await bankOf(providers, flow).getPaymentStatus(bankReferenceOf(flow));
  await applyBankAnswer(db, flow, answer, new Date());
  if (ACCEPTED_STATUSES.has(answer.status) || CARRIED_OUT_STATUSES.has(answer.status))
    throw Errors.conflict('basketAcceptedCannotCancel');
  return answer;
}

/**
 * The person cancels a basket (the sign-cancel page, the modal's cancel). One waiting at the bank's SCA
 * page is cancelled at the bank first; one the bank accepted is stopped from the payment list instead.
 */
export async function updateBasketStatus(
  dependencies: PaymentFlowDependencies,
  principal: Principal,
  language: Language,
  basketUuid: string,
): Promise<BasketWithPayments> {
  const { db, providers } = dependencies;
  const found = await requireBasketOfMember(db, principal, basketUuid, 'pay');
  const actor = { userId: principal.userId, language };
  const atBank = await db.transaction(async (tx) => {
    const basket = await basketRepository.lockBasket(tx, found.companyId, found.uuid);
    if (!basket) throw Errors.notFound('basketNotFound');
    if (basket.state === 'open') await cancelBasket(tx, basket, actor, null);
    else if (basket.state === 'accepted') throw Errors.conflict('basketAcceptedCannotCancel');
    else if (basket.state === 'awaiting-sca')
      return repository.findInitiationOfBasket(tx, basket.companyId, basket.uuid);
    else if (basket.state !== 'canceled') throw basketClosed(language, basket.state);
    return undefined;
  });
  if (atBank) {
    try {
      await bankOf(providers, atBank).cancelPayment(bankReferenceOf(atBank));
    } catch (error) {
      if (!(error instanceof ProviderError && error.failure === 'rejected')) throw error;
      const answer = await followRefusedCancellation(db, providers, atBank);
      if (answer.status !== 'CANC') {
        const moved = await basketRepository.findBasket(db, found.companyId, found.uuid);
        if (!moved) throw Errors.notFound('basketNotFound');
        throw basketClosed(language, moved.state);
      }
    }
    await withLockedFlow(db, atBank, async (tx, { basket, initiation }) => {
      if (initiation.state === 'awaiting-sca') await cancelFlow(tx, basket, initiation, principal.userId);
    });
  }
  const basket = await basketRepository.findBasket(db, found.companyId, found.uuid);
  if (!basket) throw Errors.notFound('basketNotFound');
  return basketWithPayments(db, basket, language);
}

/** How long until the next status poll: about as long as the payment has waited, from 30 s up to an hour. */
function nextPollAt(initiation: PaymentInitiationRow, now: Date): Date {
  const waited = now.getTime() - initiation.updatedAt.getTime();
  return new Date(now.getTime() + Math.min(POLL_MAX_MS, Math.max(POLL_MIN_MS, waited)));
}

type TransactionOutcome =
  | { to: typeof PaymentStatus.PAID }
  | { to: typeof PaymentStatus.FAILED | typeof PaymentStatus.CANCELED; reasonCode: string | null };

function transactionOutcome(report: PaymentStatusReport, row: PaymentRow): TransactionOutcome | undefined {
  const transaction = report.transactions.find((candidate) => candidate.endToEndId === row.endToEndId);
  const status = report.status === 'ACSC' ? 'ACSC' : (transaction?.status ?? report.status);
  const reasonCode = transaction?.reasonCodes[0] ?? report.reasonCodes[0] ?? null;
  if (status === undefined) return undefined;
  if (CARRIED_OUT_STATUSES.has(status)) return { to: PaymentStatus.PAID };
  if (status === 'CANC' || (status === 'RJCT' && reasonCode === CANCELLED_REASON))
    return { to: PaymentStatus.CANCELED, reasonCode };
  if (status === 'RJCT') return { to: PaymentStatus.FAILED, reasonCode };
  return undefined;
}

/**
 * Follows an accepted flow at the bank: each payment becomes PAID or FAILED as the bank's status report
 * says. A payment a statement import already settled stays as it is.
 */
export async function pollPaymentStatus(
  dependencies: PaymentFlowDependencies,
  flowKey: { companyId: number; flowId: string },
  now: Date,
): Promise<JobOutcome> {
  const { db, providers } = dependencies;
  const flow = await repository.findInitiation(db, flowKey.companyId, flowKey.flowId);
  if (flow?.state !== 'accepted') return undefined;
  const report = await bankOf(providers, flow).getPaymentStatusReport(bankReferenceOf(flow));
  return withLockedFlow(db, flow, async (tx, { basket, initiation }) => {
    if (initiation.state !== 'accepted') return undefined;
    const actor = await actorFor(tx, basket);
    const processing = (await basketRepository.lockBasketPayments(tx, basket.companyId, basket.uuid)).filter(
      (row) => row.status === PaymentStatus.PROCESSING,
    );
    let stillProcessing = 0;
    const moves: PaymentMove[] = [];
    for (const row of processing) {
      const outcome = transactionOutcome(report, row);
      if (!outcome) {
        stillProcessing += 1;
        continue;
      }
      if (outcome.to === PaymentStatus.PAID) {
        moves.push({
          row,
          change: {
            to: PaymentStatus.PAID,
            bankStatus: 'ACSC',
            paidReason: paidReason(actor.language, report.messageId, 'ACSC'),
          },
        });
        continue;
      }
      const reasonText = bankReasonText(outcome.reasonCode) ?? outcome.reasonCode;
      const bankStatus: BankPaymentStatus = outcome.to === PaymentStatus.CANCELED ? 'CANC' : 'RJCT';
      moves.push({
        row,
        change: {
          to: outcome.to,
          bankStatus,
          bankStatusReason: outcome.reasonCode,
          bankStatusText: reasonText,
          reason: reasonText,
        },
      });
    }
    await changePaymentStatuses(tx, actor, moves);
    if (stillProcessing > 0) return { runAgainAt: nextPollAt(initiation, now) };
    await repository.updateInitiation(tx, basket.companyId, initiation.flowId, {
      state: 'finished',
      bankStatus: report.status ?? initiation.bankStatus,
    });
    return undefined;
  });
}

/**
 * The reconciliation of one flow: an initiation no answer was recorded for is sent again with its own
 * key (the bank answers with the payment it already made); a flow still waiting at the bank's SCA page
 * when its basket expires is cancelled there, and its payments go back to waiting.
 */
export async function checkFlow(
  dependencies: PaymentFlowDependencies,
  flowKey: { companyId: number; flowId: string },
  now: Date,
): Promise<JobOutcome> {
  const { db, providers } = dependencies;
  let flow = await repository.findInitiation(db, flowKey.companyId, flowKey.flowId);
  if (flow?.state === 'initiating') {
    try {
      flow = await sendInitiation(dependencies, flow);
    } catch (error) {
      if (error instanceof ProviderError && error.failure === 'rejected') return undefined;
      throw error;
    }
  }
  if (flow?.state !== 'awaiting-sca') return undefined;
  const basket = await basketRepository.findBasket(db, flow.companyId, flow.basketUuid);
  if (!basket) return undefined;
  if (basket.expiresAt.getTime() > now.getTime()) return { runAgainAt: basket.expiresAt };
  const bank = bankOf(providers, flow);
  let answer = await bank.getPaymentStatus(bankReferenceOf(flow));
  if (WAITING_STATUSES.has(answer.status)) {
    try {
      await bank.cancelPayment(bankReferenceOf(flow));
      answer = { status: 'CANC', rejection: undefined };
    } catch (error) {
      if (!(error instanceof ProviderError && error.failure === 'rejected')) throw error;
      answer = await bank.getPaymentStatus(bankReferenceOf(flow));
    }
  }
  if (answer.status === 'CANC') {
    await withLockedFlow(db, flow, async (tx, locked) => {
      if (locked.initiation.state === 'awaiting-sca') await expireFlow(tx, locked.basket, locked.initiation);
    });
    return undefined;
  }
  await applyBankAnswer(db, flow, answer, now);
  return undefined;
}

/** An open basket nobody signed in time lets its payments go. */
export async function expireBasket(
  db: Db,
  basketKey: { companyId: number; basketUuid: string },
  now: Date,
): Promise<JobOutcome> {
  return db.transaction(async (tx) => {
    const basket = await basketRepository.lockBasket(tx, basketKey.companyId, basketKey.basketUuid);
    if (basket?.state !== 'open') return undefined;
    if (basket.expiresAt.getTime() > now.getTime()) return { runAgainAt: basket.expiresAt };
    await endBasket(tx, basket, { state: 'expired', messageKey: 'basketExpired' }, null);
    return undefined;
  });
}

/**
 * The safety net for a process that died between a change and queueing its follow-up: every flow and
 * basket that needs a job gets one (singleton keys keep a waiting job from being doubled).
 */
export async function sweepPaymentFlows(db: Db, now: Date): Promise<void> {
  const stale = await repository.listInitiationsIn(
    db,
    'initiating',
    new Date(now.getTime() - STALE_INITIATION_MS),
    SWEEP_BATCH,
  );
  const expired = await repository.listAwaitingScaPastExpiry(db, now, SWEEP_BATCH);
  for (const flow of [...stale, ...expired]) await enqueueFlowCheck(db, flow, now);
  for (const flow of await repository.listAcceptedWithoutPoll(db, STATUS_POLL_KEY_PREFIX, SWEEP_BATCH))
    await enqueueStatusPoll(db, flow, now);
  for (const basket of await basketRepository.listExpiredOpenBaskets(db, now, SWEEP_BATCH))
    await enqueueBasketExpiry(db, { companyId: basket.companyId, uuid: basket.uuid, expiresAt: now });
}
