import { useState } from 'react';
import { z } from 'zod';
import { ApiError } from '../../app/api/errors';

/**
 * A refusal may name the fields at fault: the server's validation answers a list of `{ field, message }`
 * with paths such as "body.accountOwnerSsn", and a rule's refusal may add `{ field }` to its message.
 */
const FieldProblem = z.object({ field: z.string(), message: z.string().optional() });
const FieldProblems = z.union([z.array(FieldProblem), FieldProblem.transform((problem) => [problem])]);

/** The server's messages for the form's own fields; a refusal that names none of them is shown for the form. */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  if (!(error instanceof ApiError)) return {};
  const problems = FieldProblems.safeParse(error.data).data ?? [];
  const errors: Partial<Record<Field, string>> = {};
  for (const problem of problems) {
    const name = problem.field.split('.').at(-1);
    const field = fields.find((candidate) => candidate === name);
    if (field && errors[field] === undefined) errors[field] = problem.message ?? error.message;
  }
  return errors;
}

/**
 * The server's refusals of a consent form's own fields, beside the form's own checks: a field's message
 * goes as the person changes that field, and one that names no field is left for the form to show.
 */
export function useServerFieldErrors<Field extends string>(fields: readonly Field[]) {
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  return {
    serverErrors,
    hasServerFieldError: Object.values(serverErrors).some((message) => message !== undefined),
    showServerErrors: (error: unknown) => setServerErrors(serverFieldErrors(error, fields)),
    clearServerError: (field: Field) => setServerErrors((current) => ({ ...current, [field]: undefined })),
    clearServerErrors: () => setServerErrors({}),
  };
}
