import type { Language } from '@bilag/contracts';

const english = {
  validationFailed: 'Some of the information sent is not valid.',
  invalidCredentials: 'The email or password is wrong.',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again in {minutes} minutes.',
  unauthenticated: 'You need to sign in.',
  sessionOver: 'Your session has ended. Sign in again.',
  refreshTokenReused: 'This sign-in was ended because an old token was used again. Sign in again.',
  forbidden: 'You do not have access to this.',
  adminOnly: 'Only administrators can do this.',
  companyIdMissing: 'Company ID is missing',
  companyNotFound: 'The company was not found, or you are not a member of it.',
  notFound: 'Not found.',
  unknownProduct: 'Unknown product.',
  payloadTooLarge: 'The upload is too large.',
  unsupportedMediaType: 'This kind of content is not accepted here.',
  rateLimited: 'Too many requests. Wait a moment and try again.',
  internal: 'Something went wrong on our side. Try again; if it keeps happening, contact support.',
  languageChanged: 'The language was changed.',
  signedOut: 'You are signed out.',
  fileTypeNotAccepted: 'The file "{name}" is not accepted. Accepted are: {accepted}.',
  noFilesUploaded: 'Choose at least one file to upload.',
  tooManyFiles: 'Upload at most {max} files at a time.',
  voucherNotFound: 'The voucher was not found.',
  balanceNotFound: 'The balance line was not found.',
  voucherHasNoAmount: 'Give the voucher an amount before splitting it.',
  balanceExceedsAmount: 'The parts would add up to more than the voucher amount.',
  fileNotFound: 'The file was not found.',
} as const;

export type MessageKey = keyof typeof english;

const norwegian: Record<MessageKey, string> = {
  validationFailed: 'Noe av informasjonen som ble sendt er ikke gyldig.',
  invalidCredentials: 'E-postadressen eller passordet er feil.',
  tooManyAttempts: 'For mange mislykkede innloggingsforsøk. Prøv igjen om {minutes} minutter.',
  unauthenticated: 'Du må logge inn.',
  sessionOver: 'Økten din er avsluttet. Logg inn på nytt.',
  refreshTokenReused:
    'Innloggingen ble avsluttet fordi et gammelt token ble brukt på nytt. Logg inn på nytt.',
  forbidden: 'Du har ikke tilgang til dette.',
  adminOnly: 'Bare administratorer kan gjøre dette.',
  companyIdMissing: 'Firma-ID mangler',
  companyNotFound: 'Firmaet finnes ikke, eller du er ikke medlem av det.',
  notFound: 'Fant ikke det du ba om.',
  unknownProduct: 'Ukjent produkt.',
  payloadTooLarge: 'Opplastingen er for stor.',
  unsupportedMediaType: 'Denne typen innhold tas ikke imot her.',
  rateLimited: 'For mange forespørsler. Vent litt og prøv igjen.',
  internal: 'Noe gikk galt hos oss. Prøv igjen; skjer det flere ganger, kontakt kundestøtte.',
  languageChanged: 'Språket ble endret.',
  signedOut: 'Du er logget ut.',
  fileTypeNotAccepted: 'Filen «{name}» tas ikke imot. Godtatt er: {accepted}.',
  noFilesUploaded: 'Velg minst én fil å laste opp.',
  tooManyFiles: 'Last opp høyst {max} filer om gangen.',
  voucherNotFound: 'Fant ikke bilaget.',
  balanceNotFound: 'Fant ikke saldolinjen.',
  voucherHasNoAmount: 'Gi bilaget et beløp før du deler det opp.',
  balanceExceedsAmount: 'Delene ville blitt mer enn bilagets beløp.',
  fileNotFound: 'Fant ikke filen.',
};

const catalogues: Record<Language, Record<MessageKey, string>> = { en: english, no: norwegian };

export function translate(
  language: Language,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = catalogues[language][key];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
