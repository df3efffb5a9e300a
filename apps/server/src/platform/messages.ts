import type { Language } from '@bilag/contracts';

const english = {
  validationFailed: 'Some of the information sent is not valid.',
  valueNotStorable:
    'Some of the information sent cannot be stored: text cannot hold the NUL character, and numbers and dates must be within range.',
  invalidCredentials: 'The email or password is wrong.',
  tooManyAttempts: 'Too many failed sign-in attempts. Try again in {minutes} minutes.',
  tooManyAttemptsOneMinute: 'Too many failed sign-in attempts. Try again in 1 minute.',
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
  bankNotFound: 'The bank was not found.',
  bankBicTaken: 'A bank with the BIC {bic} is already in the registry.',
  companyBankNotFound: 'The bank account was not found.',
  invalidAccountNumber:
    'The account number {accountNumber} is not valid: it needs 11 digits and a correct check digit.',
  accountNumberTaken: 'The company already has the account {accountNumber}.',
  companyBankHasTransactions:
    'The account has {count} transactions. Undo its imports or delete its transactions first.',
  sortingMustListAll: 'List every account of the company, each once, to change the order.',
  serviceDatesReversed: 'The service end date comes before its start date.',
  transactionNotFound: 'The bank transaction was not found.',
  importJobNotFound: 'The import was not found. Upload the file again.',
  importNotFound: 'The import was not found.',
  importFileNotAccepted:
    'The file "{name}" is not a bank statement. Accepted are CSV, XLS, XLSX and camt.053 XML.',
  importFileTooLarge: 'The file is larger than {megabytes} MB.',
  importNotStartable: 'This import has already been run.',
  statementUnreadable: 'The file could not be read: {reason}',
  mappingIncomplete: 'Choose which column holds the date and which hold the amount.',
  camtAccountMismatch: 'The statement is for the account {statementAccount}, not {accountNumber}.',
  importNoRows: 'The file holds no transactions to import.',
  exportTitlePrivateLost: 'Private and lost transactions',
  camtProofFailed: 'Statement {id}: the opening balance plus the entries does not equal the closing balance.',
  camtBalanceGap: 'Statement {id} opens with {actual}, but the closing balance before it was {expected}.',
  camtOtherAccount: 'The file also holds a statement for the account {account}; it is not imported here.',
  importInterrupted:
    'The import was interrupted when the server stopped; nothing was imported. Start it again.',
  connectionNotFound: 'The connection was not found.',
  transactionAlreadyConnected: 'The bank transaction {id} is already connected to a voucher.',
  voucherAlreadyConnected: 'The voucher {id} is already connected to a bank transaction.',
  connectManyToMany:
    'Connect one transaction to several vouchers, or several transactions to one voucher, not both.',
  amountsDoNotAddUp:
    'The transactions add up to {transactions} and the vouchers to {vouchers}; they must be equal to the øre.',
  ruleNotFound: 'The rule was not found.',
  globalRulesReadOnly: 'Only administrators and accountants can change the rules for all companies.',
  copyToSameCompany: 'Choose other companies than the one the rules are copied from.',
} as const;

export type MessageKey = keyof typeof english;

const norwegian: Record<MessageKey, string> = {
  validationFailed: 'Noe av informasjonen som ble sendt er ikke gyldig.',
  valueNotStorable:
    'Noe av informasjonen som ble sendt kan ikke lagres: tekst kan ikke inneholde NUL-tegnet, og tall og datoer må være innenfor gyldig område.',
  invalidCredentials: 'E-postadressen eller passordet er feil.',
  tooManyAttempts: 'For mange mislykkede innloggingsforsøk. Prøv igjen om {minutes} minutter.',
  tooManyAttemptsOneMinute: 'For mange mislykkede innloggingsforsøk. Prøv igjen om 1 minutt.',
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
  bankNotFound: 'Fant ikke banken.',
  bankBicTaken: 'En bank med BIC {bic} finnes allerede i registeret.',
  companyBankNotFound: 'Fant ikke bankkontoen.',
  invalidAccountNumber:
    'Kontonummeret {accountNumber} er ikke gyldig: det må ha 11 sifre og riktig kontrollsiffer.',
  accountNumberTaken: 'Firmaet har allerede kontoen {accountNumber}.',
  companyBankHasTransactions:
    'Kontoen har {count} transaksjoner. Angre importene eller slett transaksjonene først.',
  sortingMustListAll: 'Ta med hver av firmaets kontoer, én gang hver, for å endre rekkefølgen.',
  serviceDatesReversed: 'Sluttdatoen for tjenesten er før startdatoen.',
  transactionNotFound: 'Fant ikke banktransaksjonen.',
  importJobNotFound: 'Fant ikke importen. Last opp filen på nytt.',
  importNotFound: 'Fant ikke importen.',
  importFileNotAccepted: 'Filen «{name}» er ikke et kontoutdrag. Godtatt er CSV, XLS, XLSX og camt.053 XML.',
  importFileTooLarge: 'Filen er større enn {megabytes} MB.',
  importNotStartable: 'Denne importen er allerede kjørt.',
  statementUnreadable: 'Filen kunne ikke leses: {reason}',
  mappingIncomplete: 'Velg hvilken kolonne som har datoen, og hvilke som har beløpet.',
  camtAccountMismatch: 'Kontoutdraget gjelder kontoen {statementAccount}, ikke {accountNumber}.',
  importNoRows: 'Filen har ingen transaksjoner å importere.',
  exportTitlePrivateLost: 'Private og tapte transaksjoner',
  camtProofFailed: 'Kontoutdrag {id}: inngående saldo pluss postene blir ikke utgående saldo.',
  camtBalanceGap: 'Kontoutdrag {id} starter med {actual}, men utgående saldo før det var {expected}.',
  camtOtherAccount: 'Filen har også et kontoutdrag for kontoen {account}; det importeres ikke her.',
  importInterrupted: 'Importen ble avbrutt da serveren stoppet; ingenting ble importert. Start den på nytt.',
  connectionNotFound: 'Fant ikke koblingen.',
  transactionAlreadyConnected: 'Banktransaksjonen {id} er allerede koblet til et bilag.',
  voucherAlreadyConnected: 'Bilaget {id} er allerede koblet til en banktransaksjon.',
  connectManyToMany:
    'Koble én transaksjon til flere bilag, eller flere transaksjoner til ett bilag, ikke begge deler.',
  amountsDoNotAddUp: 'Transaksjonene blir {transactions} og bilagene {vouchers}; de må være like på øret.',
  ruleNotFound: 'Fant ikke regelen.',
  globalRulesReadOnly: 'Bare administratorer og regnskapsførere kan endre reglene for alle firmaer.',
  copyToSameCompany: 'Velg andre firmaer enn det reglene kopieres fra.',
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
