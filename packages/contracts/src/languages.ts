/**
 * The interface's languages and how a request names them, without a schema: the web app's sign-in page
 * reads them without loading the schema library (language.ts holds the schema).
 */
export const LANGUAGES = ['en', 'no'] as const;

type LanguageCode = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is LanguageCode {
  return LANGUAGES.some((language) => language === value);
}

export const LANGUAGE_HEADER = 'language';

/** The catalogue accepts 'gb' as a language and means English by it. */
export function normalizeLanguage(value: string | null | undefined): LanguageCode {
  const lowered = (value ?? '').trim().toLowerCase();
  if (lowered.startsWith('no') || lowered.startsWith('nb') || lowered.startsWith('nn')) return 'no';
  return 'en';
}
