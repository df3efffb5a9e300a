import { randomUUID } from 'node:crypto';
import {
  type BankPaymentStatus,
  BankPaymentStatus as BankPaymentStatusSchema,
  type Language,
  type PaymentInitiationStarted,
} from '@bilag/contracts';
import { ore, todayIsoDate, validateIban } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { Providers } from '../../providers';
import type {
  BankClient,
  PaymentInitiated,
  PaymentOrder,
  PaymentReference,
  PaymentStatus as ProviderPaymentStatus,
} from '../../providers/bank/interface';
import { ProviderError } from '../../providers/provider-error';
import type { PaymentRow } from './payment.table';
import * as basketRepository from './payment-basket.repository';
import { basketClosed, endBasket, isBasketOpen, requireBasketOfMember } from './payment-basket.service';
import type { PaymentBasketRow, PaymentInitiationRow } from './payment-basket.table';
import { enqueueFlowCheck } from './payment-flow.jobs';
import * as repository from './payment-initiation.repository';

export type PaymentFlowDependencies = { db: Db; providers: Providers; publicUrl: string };

/** How soon a flow whose bank call failed on the way is tried again. */
const RESEND_AFTER_MS = 30_000;

export function bankOf(
  providers: Providers,
  initiation: Pick<PaymentInitiationRow, 'bankGroup'>,
): BankClient {
  const bank = providers.banks.forGroup(initiation.bankGroup);
  if (!bank) throw Errors.internal();
  return bank;
}

export function bankReferenceOf(initiation: PaymentInitiationRow): PaymentReference {
  if (initiation.bankPaymentId === null) throw Errors.internal();
  return { paymentId: initiation.bankPaymentId, kind: initiation.paymentKind, bulk: initiation.bulk };
}

/** The bank's status as a payment keeps it; the steps the payment list has no name for are left out. */
export function storedBankStatus(status: ProviderPaymentStatus): BankPaymentStatus | undefined {
  const parsed = BankPaymentStatusSchema.safeParse(status);
  return parsed.success ? parsed.data : undefined;
}

function started(initiation: PaymentInitiationRow): PaymentInitiationStarted {
  if (initiation.scaRedirectUrl === null) throw Errors.internal();
  return {
    flowId: initiation.flowId,
    basketUUID: initiation.basketUuid,
    scaRedirectUrl: initiation.scaRedirectUrl,
  };
}

function orderOf(payment: PaymentRow): PaymentOrder {
  const isIban = validateIban(payment.creditorAccount).valid;
  const remittance = payment.kid
    ? { kid: payment.kid }
    : payment.message
      ? { message: payment.message }
      : undefined;
  const address =
    payment.creditorCountry && payment.creditorCountry !== 'NO'
      ? {
          country: payment.creditorCountry,
          ...(payment.creditorAddress ? { street: payment.creditorAddress } : {}),
          ...(payment.creditorTown ? { town: payment.creditorTown } : {}),
          ...(payment.creditorPostCode ? { postCode: payment.creditorPostCode } : {}),
        }
      : undefined;
  return {
    amount: { amount: ore(payment.amountOre), currency: payment.currency },
    creditor: {
      name: payment.creditorName,
      account: isIban ? { iban: payment.creditorAccount } : { accountNumber: payment.creditorAccount },
      ...(payment.creditorBic ? { bic: payment.creditorBic } : {}),
      ...(address ? { address } : {}),
    },
    ...(remittance ? { remittance } : {}),
    endToEndId: payment.endToEndId,
  };
}

/**
 * The earliest due date, and never a day before the flow began. It depends on the flow alone, not on
 * when it is sent, so a repeat with the same idempotency key is the same request.
 */
function executionDateOf(payments: readonly PaymentRow[], initiation: PaymentInitiationRow): string {
  const firstDay = todayIsoDate('Europe/Oslo', initiation.createdAt);
  const [earliestDue = firstDay] = payments.map((payment) => payment.dueDate).sort();
  const [, later = firstDay] = [earliestDue, firstDay].sort();
  return later;
}

function returnUrlOf(publicUrl: string, initiation: PaymentInitiationRow): string {
  const query = new URLSearchParams({ flowId: initiation.flowId, basketUUID: initiation.basketUuid });
  return `${publicUrl}/ztl-payment/sca-callback?${query.toString()}`;
}

/** What the bank is asked for: the basket, its payments, who signs at the bank, and for which company. */
type InitiationOrder = {
  basket: PaymentBasketRow;
  payments: readonly PaymentRow[];
  approvals: readonly basketRepository.SendingApproval[];
  organisationNumber: string | null;
};

async function readOrder(db: Db, initiation: PaymentInitiationRow): Promise<InitiationOrder> {
  const { companyId, basketUuid } = initiation;
  const [sending, payments] = await Promise.all([
    basketRepository.findBasketForSending(db, companyId, basketUuid),
    basketRepository.listBasketPayments(db, companyId, basketUuid),
  ]);
  if (!sending) throw Errors.internal();
  const { basket, approvals, organisationNumber } = sending;
  return { basket, payments, approvals, organisationNumber };
}

/** Asks the bank for the basket's payment with the flow's own idempotency key. */
async function callBank(
  dependencies: PaymentFlowDependencies,
  initiation: PaymentInitiationRow,
  order: InitiationOrder,
): Promise<PaymentInitiated> {
  const { providers, publicUrl } = dependencies;
  const { basket, payments, approvals, organisationNumber } = order;
  if (payments.length === 0) throw Errors.internal();
  const orders = [...payments].sort((first, second) => first.id - second.id).map(orderOf);
  // The bank's page lets only this person approve: the last one who signed sends it.
  const signer = approvals.at(-1)?.ssn ?? undefined;
  const returnUrl = returnUrlOf(initiation.returnOrigin ?? publicUrl, initiation);
  const common = {
    kind: initiation.paymentKind,
    debtorAccount: { accountNumber: basket.debtorAccountNumber },
    requestedExecutionDate: executionDateOf(payments, initiation),
    onBehalfOf: {
      ...(signer ? { nationalIdentityNumber: signer } : {}),
      ...(organisationNumber !== null ? { organisationNumber } : {}),
    },
    returnUrl,
    returnUrlOnRejection: returnUrl,
    idempotencyKey: initiation.idempotencyKey,
  };
  const bank = bankOf(providers, initiation);
  const [single] = orders;
  if (!initiation.bulk && single) return bank.initiatePayment({ ...common, ...single });
  return bank.initiateBulkPayment({ ...common, batchBooking: false, payments: orders });
}

async function recordAnswer(
  db: Db,
  initiation: PaymentInitiationRow,
  answer: PaymentInitiated,
): Promise<PaymentInitiationRow> {
  const { companyId, basketUuid, flowId } = initiation;
  return db.transaction(async (tx) => {
    const basket = await basketRepository.lockBasket(tx, companyId, basketUuid);
    if (!basket) throw Errors.internal();
    const recorded = await repository.updateInitiationIn(tx, companyId, flowId, 'initiating', {
      state: 'awaiting-sca',
      bankPaymentId: answer.paymentId,
      scaRedirectUrl: answer.scaRedirectUrl,
      bankStatus: answer.status,
    });
    if (!recorded) {
      // Another request or the reconciliation recorded the same answer first.
      const current = await repository.findInitiation(tx, companyId, flowId);
      if (!current) throw Errors.internal();
      return current;
    }
    await basketRepository.updateBasket(tx, companyId, basketUuid, { state: 'awaiting-sca' });
    const bankStatus = storedBankStatus(answer.status);
    if (bankStatus) await basketRepository.setPaymentsBankStatus(tx, companyId, basketUuid, bankStatus);
    await writeAudit(tx, {
      companyId,
      userId: null,
      entity: 'payment-basket',
      entityId: basketUuid,
      action: 'at-bank',
      before: { state: basket.state },
      after: { state: 'awaiting-sca', flowId, bankPaymentId: answer.paymentId, bankStatus: answer.status },
    });
    await enqueueFlowCheck(tx, { companyId, flowId }, basket.expiresAt);
    return recorded;
  });
}

async function recordRefusal(db: Db, initiation: PaymentInitiationRow, error: ProviderError): Promise<void> {
  const { companyId, basketUuid, flowId } = initiation;
  await db.transaction(async (tx) => {
    const basket = await basketRepository.lockBasket(tx, companyId, basketUuid);
    const current = await repository.findInitiation(tx, companyId, flowId);
    if (!basket || current?.state !== 'initiating') return;
    await repository.updateInitiation(tx, companyId, flowId, { state: 'rejected' });
    await endBasket(
      tx,
      basket,
      {
        state: 'rejected',
        messageKey: 'basketBankRejected',
        messageParams: { reason: error.partyText ?? error.partyCode ?? String(error.status ?? '') },
        bank: { status: 'RJCT', reasonCode: error.partyCode ?? null },
      },
      null,
    );
  });
}

/**
 * Sends an initiation row to the bank and records the answer. Safe to repeat, from any request or
 * job: the key is the row's, so the bank answers every repeat with the one payment it made. A refusal
 * ends the basket; a failure on the way leaves the row for the reconciliation to send again. `order`
 * is what the bank is asked for, when the caller has just read it in the transaction that made the row.
 */
export async function sendInitiation(
  dependencies: PaymentFlowDependencies,
  initiation: PaymentInitiationRow,
  order?: InitiationOrder,
): Promise<PaymentInitiationRow> {
  let answer: PaymentInitiated;
  try {
    answer = await callBank(
      dependencies,
      initiation,
      order ?? (await readOrder(dependencies.db, initiation)),
    );
  } catch (error) {
    if (error instanceof ProviderError && error.failure === 'rejected') {
      await recordRefusal(dependencies.db, initiation, error);
    } else {
      await enqueueFlowCheck(dependencies.db, initiation, new Date(Date.now() + RESEND_AFTER_MS));
    }
    throw error;
  }
  return recordAnswer(dependencies.db, initiation, answer);
}

type PayNowDecision =
  | { kind: 'answer'; initiation: PaymentInitiationRow }
  | { kind: 'send'; initiation: PaymentInitiationRow; order?: InitiationOrder };

async function decidePayNow(
  db: Db,
  principal: Principal,
  found: PaymentBasketRow,
  returnOrigin: string,
  language: Language,
): Promise<PayNowDecision> {
  return db.transaction(async (tx) => {
    const locked = await basketRepository.lockBasket(tx, found.companyId, found.uuid);
    if (!locked) throw Errors.notFound('basketNotFound');
    // Read after the lock, so it holds what every request before this one committed.
    const sending = await basketRepository.findBasketForSending(tx, locked.companyId, locked.uuid);
    if (!sending) throw Errors.notFound('basketNotFound');
    const { basket, approvals, initiation: existing } = sending;
    const isApprover = approvals.some((approval) => approval.userId === principal.userId);
    if (existing) {
      if (!isApprover) throw Errors.forbidden('basketNotApprover');
      if (existing.state === 'awaiting-sca') return { kind: 'answer', initiation: existing };
      if (existing.state === 'initiating') return { kind: 'send', initiation: existing };
      throw basketClosed(language, basket.state);
    }
    if (!isBasketOpen(basket))
      throw basketClosed(language, basket.state === 'open' ? 'expired' : basket.state);
    const missing = basket.requiredApprovals - approvals.length;
    if (missing > 0) throw Errors.conflict('basketNeedsApprovals', { missing }, { missing });
    if (!isApprover) throw Errors.forbidden('basketNotApprover');
    const payments = await basketRepository.listBasketPayments(tx, basket.companyId, basket.uuid);
    if (payments.length === 0) throw Errors.notFound('basketEmpty');
    const initiation = await repository.insertInitiation(tx, {
      companyId: basket.companyId,
      flowId: randomUUID(),
      basketUuid: basket.uuid,
      bankGroup: basket.bankGroup,
      idempotencyKey: randomUUID(),
      state: 'initiating',
      paymentKind: basket.paymentKind,
      bulk: payments.length > 1,
      initiatedBy: principal.userId,
      returnOrigin,
    });
    await basketRepository.updateBasket(tx, basket.companyId, basket.uuid, { state: 'initiating' });
    await writeAudit(tx, {
      companyId: basket.companyId,
      userId: principal.userId,
      entity: 'payment-basket',
      entityId: basket.uuid,
      action: 'initiate',
      before: { state: basket.state },
      after: { state: 'initiating', flowId: initiation.flowId, payments: payments.length },
    });
    // A basket that is initiating keeps its payments and approvals: this is what the bank is asked for.
    const order = { basket, payments, approvals, organisationNumber: sending.organisationNumber };
    return { kind: 'send', initiation, order };
  });
}

/**
 * Sends a signed basket to its bank. The initiation row and its idempotency key are committed before
 * the bank is called, so however many tabs, clicks or processes ask, the bank gets one payment.
 */
export async function payBasketNow(
  dependencies: PaymentFlowDependencies,
  principal: Principal,
  basketUuid: string,
  returnOrigin: string,
  language: Language,
): Promise<PaymentInitiationStarted> {
  const basket = await requireBasketOfMember(dependencies.db, principal, basketUuid, 'pay');
  const decision = await decidePayNow(dependencies.db, principal, basket, returnOrigin, language);
  if (decision.kind === 'answer') return started(decision.initiation);
  return started(await sendInitiation(dependencies, decision.initiation, decision.order));
}
