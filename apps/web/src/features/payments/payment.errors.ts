import { ErrorCode, Payment, PaymentFieldProblem } from '@bilag/contracts';
import { z } from 'zod';
import { ApiError } from '../../app/api/errors';

const DuplicatesData = z.object({ duplicates: z.array(Payment) });
const ProblemsData = z.object({ problems: z.array(PaymentFieldProblem) });

/** The open or recently paid payments a 409 says the new one repeats, or undefined for any other failure. */
export function duplicatesOf(error: unknown): Payment[] | undefined {
  if (!(error instanceof ApiError) || error.status !== 409) return undefined;
  return DuplicatesData.safeParse(error.data).data?.duplicates;
}

/** The fields a 400 refused, each with the server's message, or undefined for any other failure. */
export function fieldProblemsOf(error: unknown): PaymentFieldProblem[] | undefined {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.VALIDATION_FAILED) return undefined;
  return ProblemsData.safeParse(error.data).data?.problems;
}
