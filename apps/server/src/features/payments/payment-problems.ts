import type { Language, PaymentFieldProblem } from '@bilag/contracts';
import type { PaymentProblem } from '@bilag/domain';
import { Errors } from '../../platform/errors';
import { type MessageKey, translate } from '../../platform/messages';

/** paymentProblem + the reason in PascalCase: DUE_DATE_PAST is paymentProblemDueDatePast. */
function problemMessageKey(reason: PaymentProblem['reason']): MessageKey {
  const pascal = reason
    .toLowerCase()
    .replace(/(^|_)([a-z])/g, (_whole, _separator: string, letter: string) => letter.toUpperCase());
  return `paymentProblem${pascal}` as MessageKey;
}

/** The domain's problems in the caller's language, each on its field (prefixed for a list of drafts). */
export function translateProblems(
  problems: readonly PaymentProblem[],
  language: Language,
  fieldPrefix = '',
): PaymentFieldProblem[] {
  return problems.map((problem) => ({
    field: `${fieldPrefix}${problem.field}`,
    reason: problem.reason,
    message: translate(language, problemMessageKey(problem.reason), problem.params),
  }));
}

/** A 400 that lists every problem in its message and gives each one to the form in `data.problems`. */
export function refuseProblems(problems: readonly PaymentFieldProblem[]): void {
  if (problems.length === 0) return;
  throw Errors.invalid(
    'paymentProblems',
    { problems: problems.map((problem) => problem.message).join(' ') },
    { problems },
  );
}
