import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bankParams } from './protocol';
import type { BankState } from './state';

/**
 * What a bank holds, for tests and people looking on: every payment made at one bank, newest first,
 * read-only. A real bank has no such call; it is the sandbox's own, beside its clock and faults.
 */
export function registerPaymentList(parent: FastifyInstance, state: BankState) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/sandbox/banks/:bankId/payments',
    {
      schema: {
        tags: ['sandbox'],
        summary:
          "The payments a sandbox bank has been asked to make, with their status (the sandbox's own call)",
        params: bankParams,
      },
    },
    async (request) => ({
      payments: [...state.payments.values()]
        .filter((payment) => payment.bankId === request.params.bankId)
        .sort((first, second) => second.createdAt.localeCompare(first.createdAt))
        .map((payment) => ({
          paymentId: payment.id,
          kind: payment.kind,
          product: payment.product,
          status: payment.status,
          debtorAccount: payment.debtorBban,
          requestedExecutionDate: payment.requestedExecutionDate ?? null,
          executionDate: payment.executionDate ?? null,
          psuId: payment.psuId ?? null,
          reasonCode: payment.reasonCode ?? null,
          lines: payment.lines.map((line) => ({
            endToEndId: line.endToEndIdentification ?? null,
            amountMinor: line.amountMinor,
            currency: line.instructedAmount.currency,
            creditorName: line.creditorName,
          })),
          createdAt: payment.createdAt,
        })),
    }),
  );
}
