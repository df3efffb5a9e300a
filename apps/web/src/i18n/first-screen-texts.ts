import type { Language } from '@bilag/contracts';
import {
  app as enApp,
  common as enCommon,
  errors as enErrors,
  language as enLanguage,
  login as enLogin,
  session as enSession,
  status as enStatus,
  toast as enToast,
} from './en.json?first-screen';
import {
  app as noApp,
  common as noCommon,
  errors as noErrors,
  language as noLanguage,
  login as noLogin,
  session as noSession,
  status as noStatus,
  toast as noToast,
} from './no.json?first-screen';

/**
 * What the entry's own screens say, in both languages: the sign-in page, the status pages, the error and
 * session dialogs and the toasts of a failed call. The bundler keeps only these sections of the text
 * files in the entry; the whole texts of a language load with the first screen beyond these
 * (`loadAllTexts`), so a first visit does not wait for every screen's sentences.
 */
export const firstScreenTexts: Record<Language, Record<string, unknown>> = {
  en: {
    app: enApp,
    common: enCommon,
    errors: enErrors,
    language: enLanguage,
    login: enLogin,
    session: enSession,
    status: enStatus,
    toast: enToast,
  },
  no: {
    app: noApp,
    common: noCommon,
    errors: noErrors,
    language: noLanguage,
    login: noLogin,
    session: noSession,
    status: noStatus,
    toast: noToast,
  },
};
