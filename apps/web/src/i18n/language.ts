import { Language } from '@bilag/contracts';
import dayjs from 'dayjs';
import 'dayjs/locale/nb';
import i18n from 'i18next';

const LANGUAGE_STORAGE_KEY = 'bilag.language';

/** dayjs and the HTML lang attribute name Norwegian bokmål "nb"; the API and the catalogue call it "no". */
const localeOf: Record<Language, string> = { en: 'en', no: 'nb' };

/** Language names are shown in their own language, so a person can find theirs whatever is showing now. */
export const languageNames: Record<Language, string> = { en: 'English', no: 'Norsk' };

export const supportedLanguages = Language.options;

export function readStoredLanguage(): Language {
  const parsed = Language.safeParse(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  return parsed.success ? parsed.data : 'en';
}

export function localeOfLanguage(language: Language): string {
  return localeOf[language];
}

/** Switches the interface texts, the date locale and the language header of every later call. */
export async function applyLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  dayjs.locale(localeOf[language]);
  document.documentElement.lang = localeOf[language];
  await i18n.changeLanguage(language);
}

export function currentLanguage(): Language {
  return Language.safeParse(i18n.language).data ?? 'en';
}
