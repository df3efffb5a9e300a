import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './en.json';
import { dateLocaleTag, localeOfLanguage, readStoredLanguage } from './language';
import no from './no.json';

export const resources = { en: { translation: en }, no: { translation: no } } as const;

const language = readStoredLanguage();
dayjs.locale(dateLocaleTag(language));
document.documentElement.lang = localeOfLanguage(language);

void i18n.use(initReactI18next).init({
  resources,
  lng: language,
  fallbackLng: 'en',
  supportedLngs: ['en', 'no'],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export { i18n };
