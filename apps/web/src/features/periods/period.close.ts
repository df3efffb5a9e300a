import { PERIOD_LIMITS, type PeriodBlocker, type PeriodState } from '@bilag/contracts';

/** The role actions that change a month, as GET role actions names them. */
export const PeriodAction = {
  close: 'period.close',
  exceptions: 'period.exceptions',
  reopen: 'period.reopen',
} as const;

/**
 * What the month's close button does: ask to confirm a month nothing blocks, ask a reason for each
 * blocker of someone who may accept them, or nothing, with the reason it cannot (a month not yet over,
 * or one before the books begin, says so in its own notice). A closed month has no close button.
 */
export type CloseAction =
  | { kind: 'confirm' }
  | { kind: 'exceptions' }
  | { kind: 'unavailable'; reasonKey: CloseUnavailableKey }
  | { kind: 'not-ended' }
  | { kind: 'empty' }
  | { kind: 'none' };

export type CloseUnavailableKey = 'periods.close.unavailable.role' | 'periods.close.unavailable.blocked';

export function closeAction(state: PeriodState, actions: readonly string[]): CloseAction {
  if (state === 'closed') return { kind: 'none' };
  if (state === 'not-ended') return { kind: 'not-ended' };
  if (state === 'empty') return { kind: 'empty' };
  if (!actions.includes(PeriodAction.close))
    return { kind: 'unavailable', reasonKey: 'periods.close.unavailable.role' };
  if (state === 'ready') return { kind: 'confirm' };
  if (actions.includes(PeriodAction.exceptions)) return { kind: 'exceptions' };
  return { kind: 'unavailable', reasonKey: 'periods.close.unavailable.blocked' };
}

export type ReasonErrorKey = 'periods.reason.tooShort' | 'periods.reason.tooLong';

/** A reason stays on the record for an auditor, so it must say something: the server's bounds, trimmed. */
export function reasonError(text: string): ReasonErrorKey | undefined {
  const length = text.trim().length;
  if (length < PERIOD_LIMITS.reasonMin) return 'periods.reason.tooShort';
  if (length > PERIOD_LIMITS.reasonMax) return 'periods.reason.tooLong';
  return undefined;
}

export type ParsedExceptions =
  | { isValid: true; exceptions: { key: string; reason: string }[] }
  | { isValid: false; errors: Record<string, ReasonErrorKey> };

/** Every blocker accepted with a reason of its own, or the reason at fault for each blocker that lacks one. */
export function parseExceptions(
  blockers: readonly Pick<PeriodBlocker, 'key'>[],
  reasons: Readonly<Record<string, string>>,
): ParsedExceptions {
  const errors: Record<string, ReasonErrorKey> = {};
  const exceptions: { key: string; reason: string }[] = [];
  for (const { key } of blockers) {
    const reason = reasons[key] ?? '';
    const error = reasonError(reason);
    if (error) errors[key] = error;
    else exceptions.push({ key, reason: reason.trim() });
  }
  return Object.keys(errors).length > 0 ? { isValid: false, errors } : { isValid: true, exceptions };
}
