import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dateLocaleTag, languageTexts, localeOfLanguage, readStoredLanguage } from './language';

const language = readStoredLanguage();
dayjs.locale(dateLocaleTag(language));
document.documentElement.lang = localeOfLanguage(language);

// Only the stored language's texts load before the first screen; the other loads when it is picked.
await i18n.use(initReactI18next).init({
  resources: { [language]: { translation: await languageTexts(language) } },
  lng: language,
  fallbackLng: 'en',
  supportedLngs: ['en', 'no'],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export { i18n };
