import { z } from 'zod';

/** The one character PostgreSQL cannot store in text: refused here, with a message, not by the database. */
const NUL = '\u0000';
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

/**
 * Half of a UTF-16 surrogate pair on its own: a JSON body can carry one as an escape (`"\ud800"`), but it
 * is no character. In a text column it would be stored as U+FFFD; inside JSON kept as jsonb PostgreSQL
 * refuses it.
 */
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATE_MESSAGE = 'Text cannot contain half of a surrogate pair (such as \\ud800) on its own';

/**
 * Free text a person types (names, notes, search words): any unicode except NUL, and no lone half of a
 * surrogate pair. Chain `.trim()`, `.min()` and `.max()` on it as on `z.string()`.
 */
export const Text = z
  .string()
  .refine((value) => !value.includes(NUL), NUL_MESSAGE)
  .refine((value) => !LONE_SURROGATE.test(value), LONE_SURROGATE_MESSAGE);
