import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { type JobHandlers, type JobSchedule, jobTime } from '../../platform/jobs';
import type { Providers } from '../../providers';
import { PaymentJob } from './payment-flow.jobs';
import { checkFlow, expireBasket, pollPaymentStatus, sweepPaymentFlows } from './payment-flow.service';

const FlowPayload = z.object({ companyId: z.number().int(), flowId: z.string() });
const BasketPayload = z.object({ companyId: z.number().int(), basketUuid: z.string() });

const SWEEP_EVERY_MS = 60_000;

/** The payment flow's background work: reconciliation, status polling, expiry, and the sweep behind them. */
export function paymentJobs(dependencies: {
  db: Db;
  providers: Providers;
  config: Pick<Config, 'publicUrl'>;
}): { handlers: JobHandlers; schedules: JobSchedule[] } {
  const flow = {
    db: dependencies.db,
    providers: dependencies.providers,
    publicUrl: dependencies.config.publicUrl,
  };
  return {
    handlers: {
      [PaymentJob.flowCheck]: (payload, context) =>
        checkFlow(flow, FlowPayload.parse(payload), jobTime(context)),
      [PaymentJob.statusPoll]: (payload, context) =>
        pollPaymentStatus(flow, FlowPayload.parse(payload), jobTime(context)),
      [PaymentJob.basketExpiry]: (payload, context) =>
        expireBasket(flow.db, BasketPayload.parse(payload), jobTime(context)),
      [PaymentJob.sweep]: async (_payload, context) => {
        await sweepPaymentFlows(flow.db, jobTime(context));
        return undefined;
      },
    },
    schedules: [{ name: PaymentJob.sweep, everyMs: SWEEP_EVERY_MS }],
  };
}
