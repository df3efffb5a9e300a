import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { firstScreenTexts } from './first-screen-texts';
import { dateLocaleTag, localeOfLanguage, readStoredLanguage } from './language';

const language = readStoredLanguage();
dayjs.locale(dateLocaleTag(language));
document.documentElement.lang = localeOfLanguage(language);

// The entry carries the first screens' texts; a language's whole texts load with the first screen
// beyond them, or when the language is picked.
await i18n.use(initReactI18next).init({
  resources: { [language]: { translation: firstScreenTexts[language] } },
  lng: language,
  fallbackLng: 'en',
  supportedLngs: ['en', 'no'],
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export { i18n };
