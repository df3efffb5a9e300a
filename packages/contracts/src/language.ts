import { z } from 'zod';

export const Language = z.enum(['en', 'no']);
export type Language = z.infer<typeof Language>;

export const LANGUAGE_HEADER = 'language';

/** The catalogue accepts 'gb' as a language and means English by it. */
export function normalizeLanguage(value: string | null | undefined): Language {
  const lowered = (value ?? '').trim().toLowerCase();
  if (lowered.startsWith('no') || lowered.startsWith('nb') || lowered.startsWith('nn')) return 'no';
  return 'en';
}
