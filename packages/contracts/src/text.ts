import { z } from 'zod';

/** The one character PostgreSQL cannot store in text: refused here, with a message, not by the database. */
const NUL = '\u0000';
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000)';

/**
 * Free text a person types (names, notes, search words): any unicode except NUL. Chain `.trim()`,
 * `.min()` and `.max()` on it as on `z.string()`.
 */
export const Text = z.string().refine((value) => !value.includes(NUL), NUL_MESSAGE);
