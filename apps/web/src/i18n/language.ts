import { isLanguage, LANGUAGES, type Language } from '@bilag/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/nb';
import 'dayjs/locale/vi';
import i18n from 'i18next';

const LANGUAGE_STORAGE_KEY = 'bilag.language';

/** The HTML lang attribute names Norwegian bokmål "nb"; the API and the catalogue call it "no". */
const localeOf: Record<Language, string> = { en: 'en', no: 'nb' };

/** Language names are shown in their own language, so a person can find theirs whatever is showing now. */
export const languageNames: Record<Language, string> = { en: 'English', no: 'Norsk' };

export const supportedLanguages = LANGUAGES;

export function readStoredLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : 'en';
}

export function localeOfLanguage(language: Language): string {
  return localeOf[language];
}

/** The date locales of the spec (§1): the interface's two languages, and Vietnamese. */
export type DateLocale = 'no' | 'en' | 'vn';

/** What dayjs, Intl and the date pickers call each date locale. */
const dateLocaleTags: Record<DateLocale, string> = { no: 'nb', en: 'en', vn: 'vi' };

/**
 * Norwegian screens show Norwegian dates. The interface has no Vietnamese texts, so the accountants in
 * Viet Nam work in English; their browser's first language gives them Vietnamese month and day names.
 */
export function chooseDateLocale(language: Language, browserLanguages: readonly string[]): DateLocale {
  if (language === 'no') return 'no';
  const preferred = browserLanguages[0]?.toLowerCase() ?? '';
  return preferred === 'vi' || preferred.startsWith('vi-') ? 'vn' : 'en';
}

/** The locale tag dates are written in for this interface language, in this browser. */
export function dateLocaleTag(
  language: Language,
  browserLanguages: readonly string[] = navigator.languages,
): string {
  return dateLocaleTags[chooseDateLocale(language, browserLanguages)];
}

/** Each language's texts are a chunk of their own: a person reads one language, and each weighs about 40 kB gzipped. */
const textsOf: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import('./en.json'),
  no: () => import('./no.json'),
};

const wholeTextsLoaded = new Set<Language>();

/** Adds a language's whole texts to the first screens' (see first-screen-texts.ts), once. */
export async function loadAllTexts(language: Language = currentLanguage()): Promise<void> {
  if (wholeTextsLoaded.has(language)) return;
  const texts = (await textsOf[language]()).default;
  i18n.addResourceBundle(language, 'translation', texts, true, true);
  wholeTextsLoaded.add(language);
}

/** Switches the interface texts, the date locale and the language header of every later call. */
export async function applyLanguage(language: Language): Promise<void> {
  await loadAllTexts(language);
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  dayjs.locale(dateLocaleTag(language));
  document.documentElement.lang = localeOf[language];
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
