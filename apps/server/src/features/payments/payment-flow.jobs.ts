import type { Db } from '../../db/client';
import { enqueueJob } from '../../platform/jobs';

/** The background jobs of the payment flow (handlers in payment-jobs.ts). */
export const PaymentJob = {
  /** Finishes an initiation a request left behind; then lets a basket nobody approves at the bank expire. */
  flowCheck: 'payments.flow-check',
  /** Follows an accepted payment at the bank until it is carried out or refused. */
  statusPoll: 'payments.status-poll',
  /** Lets the payments of an open basket go when nobody signs it in time. */
  basketExpiry: 'payments.basket-expiry',
  /** Finds what a process that died left without its job, and queues that job. */
  sweep: 'payments.sweep',
} as const;

export const flowCheckKey = (flowId: string) => `${PaymentJob.flowCheck}:${flowId}`;
export const STATUS_POLL_KEY_PREFIX = `${PaymentJob.statusPoll}:`;
export const statusPollKey = (flowId: string) => `${STATUS_POLL_KEY_PREFIX}${flowId}`;
export const basketExpiryKey = (basketUuid: string) => `${PaymentJob.basketExpiry}:${basketUuid}`;

/** A first status poll soon after the bank accepted, when a same-day payment may already be carried out. */
export const FIRST_POLL_DELAY_MS = 5_000;

export function enqueueFlowCheck(db: Db, flow: { companyId: number; flowId: string }, runAt: Date) {
  return enqueueJob(db, {
    name: PaymentJob.flowCheck,
    payload: { companyId: flow.companyId, flowId: flow.flowId },
    singletonKey: flowCheckKey(flow.flowId),
    companyId: flow.companyId,
    runAt,
  });
}

export function enqueueStatusPoll(db: Db, flow: { companyId: number; flowId: string }, runAt: Date) {
  return enqueueJob(db, {
    name: PaymentJob.statusPoll,
    payload: { companyId: flow.companyId, flowId: flow.flowId },
    singletonKey: statusPollKey(flow.flowId),
    companyId: flow.companyId,
    runAt,
  });
}

export function enqueueBasketExpiry(db: Db, basket: { companyId: number; uuid: string; expiresAt: Date }) {
  return enqueueJob(db, {
    name: PaymentJob.basketExpiry,
    payload: { companyId: basket.companyId, basketUuid: basket.uuid },
    singletonKey: basketExpiryKey(basket.uuid),
    companyId: basket.companyId,
    runAt: basket.expiresAt,
  });
}
