import { createInstance, type TFunction } from 'i18next';
import en from './en.json';
import no from './no.json';

/**
 * The product's texts in one language without the browser setup of ./index.ts, so tests of wording
 * helpers read the real sentences.
 */
export function translator(language: 'en' | 'no'): TFunction {
  const instance = createInstance();
  void instance.init({
    lng: language,
    resources: { en: { translation: en }, no: { translation: no } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance.t;
}
