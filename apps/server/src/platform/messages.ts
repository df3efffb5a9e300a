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
  payloadTooLarge: 'The upload is larger than {megabytes} MB.',
  uploadFileTooLarge: 'The file "{name}" is larger than {megabytes} MB.',
  tooManyFormFields: 'The form has more than {max} fields.',
  unsupportedMediaType: 'This kind of content is not accepted here.',
  rateLimited: 'Too many requests. Wait a moment and try again.',
  providerUnavailable: '{party} does not answer right now. Nothing was changed; try again in a few minutes.',
  providerRejected: '{party} refused the request: {reason}',
  providerRejectedWithoutReason: '{party} refused the request.',
  providerFailed:
    '{party} could not be used: its answer was not as agreed, or it refused our access. Nothing was changed; contact support if it continues.',
  partyBank: 'The bank',
  bankConsentExpired: 'The bank consent has expired. Renew it to fetch transactions again.',
  bankConsentInvalid:
    'The bank consent is not in force: it has not been approved yet, was rejected or has been ended. Ask for a new consent.',
  bankConsentUnknown: 'The bank does not know this consent. Ask for a new consent.',
  bankAccessExceeded:
    'The consent allows no more automatic reads of this account today. Try again tomorrow, or fetch while you are here.',
  bankResourceUnknown: 'The bank does not know this account or payment, or the consent does not cover it.',
  bankProductUnknown: 'The bank does not offer this kind of payment.',
  bankRequestInvalid:
    'The bank did not accept the details that were sent (for example an account number, amount, KID or date). Check them and try again.',
  bankPeriodInvalid: 'The period is not valid: the start date must be on or before the end date.',
  bankPaymentFailed: 'The bank could not carry out the payment.',
  bankCancellationInvalid:
    'The payment can no longer be cancelled: the bank has already carried it out or rejected it.',
  bankStatusInvalid:
    'The bank cannot do this now: the consent or payment is in a state that does not allow it.',
  bankPersonUnknown:
    'The bank did not recognise the person or the company given. Check the national identity number and the organisation number.',
  bankTooManyTransactions:
    'The bank has more transactions in this period than can be fetched at once. Choose a shorter period.',
  partySigning: 'The BankID signing service',
  signingRequestNotFound: 'The BankID request is no longer known. Start the confirmation again.',
  partyBankAuthorisation: 'The bank authorisation service',
  bankAuthorisationInvalidOrganisationNumber: 'The organisation number is not valid.',
  bankAuthorisationInvalidSsn: 'The national identity number is not valid.',
  bankAuthorisationInvalidAccountNumber:
    'One or more account numbers are not valid (11 digits with a correct check digit).',
  partyCard: 'The card payment provider',
  cardDeclined: 'The card was declined. Try another card, or ask the card issuer why.',
  cardInsufficientFunds: 'There is not enough money on the card. Try another card.',
  cardExpired: 'The card has expired. Try another card.',
  cardAuthenticationFailed: 'The payment was not confirmed with the card issuer (3-D Secure). Try again.',
  cardPaymentNotFound: 'The card payment was not found.',
  cardPaymentNotChangeable:
    'The card payment is already paid, being processed or canceled, so it cannot be changed.',
  cardIdempotencyConflict:
    'The same payment was started before with other details. Start the payment again from the beginning.',
  partyPeppol: 'The EHF access point',
  peppolReceiverNotRegistered: 'The company is not registered to receive EHF at the access point.',
  peppolRegisteredElsewhere:
    'The company already receives EHF through another access point. It must be unregistered there before it can receive EHF here.',
  peppolReceiverUnknown: 'The receiver cannot receive EHF: it is not registered in the PEPPOL network.',
  peppolDocumentTypeNotAccepted:
    'The receiver does not take this kind of EHF document (invoice or credit note) through PEPPOL.',
  peppolDocumentInvalid:
    'The document is not an EHF invoice or credit note (PEPPOL BIS Billing 3) that the access point can read.',
  peppolDocumentTooLarge: 'The EHF document is larger than the 10 MB the access point carries.',
  partyMail: 'The mail server',
  mailRecipientRefused: 'The address does not receive e-mail. Check that it is written correctly.',
  mailSenderRefused: 'E-mail from the sender address the product is set up with is not accepted.',
  mailMessageRefused: 'The message was not accepted.',
  mailMessageTooLargeForServer:
    'The message is larger than the mail server accepts. Send fewer or smaller attachments.',
  mailAddressInvalid: 'The e-mail address "{address}" is not valid.',
  mailNoRecipients: 'Give the e-mail at least one recipient.',
  mailTooManyRecipients: 'An e-mail can go to at most {max} recipients.',
  mailSubjectInvalid: 'The e-mail subject must be one line of text, at most {max} characters.',
  mailHeaderInvalid:
    'The e-mail header "{name}" cannot be sent: a header name is letters, digits and hyphens, and its value one line of text.',
  mailHeaderReserved: 'The e-mail header "{name}" is set by the product itself.',
  mailAttachmentInvalid:
    'The attachment "{name}" cannot be sent: it needs a file name on one line and a content type such as application/pdf.',
  mailTooManyAttachments: 'An e-mail can carry at most {max} attachments.',
  mailTooManyHeaders: 'An e-mail can carry at most {max} extra headers.',
  mailTooLarge: 'The e-mail is too large: at most {megabytes} MB with its attachments.',
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
    'The account number {accountNumber} is not valid: give its 11 digits with a correct check digit, or its Norwegian IBAN.',
  accountNumberFromIban: 'The IBAN {iban} was saved as its account number {accountNumber}.',
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
  statementEncodingUnsupported:
    'The file is written in the text encoding {encoding}, which cannot be read here. Save it as UTF-8 or ISO-8859-1 and upload it again.',
  statementEncodingBroken:
    'The file says it is written in {encoding}, but it holds characters that are not {encoding}. Export it from the bank again.',
  mappingIncomplete: 'Choose which column holds the date and which hold the amount.',
  camtAccountMismatch: 'The statement is for the account {statementAccount}, not {accountNumber}.',
  importNoRows: 'The file holds no transactions to import.',
  exportTitlePrivateLost: 'Private and lost transactions',
  camtProofFailed:
    'Statement {id}: the opening balance plus the entries gives {expected}, but the closing balance is {actual}.',
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
  payloadTooLarge: 'Opplastingen er større enn {megabytes} MB.',
  uploadFileTooLarge: 'Filen «{name}» er større enn {megabytes} MB.',
  tooManyFormFields: 'Skjemaet har mer enn {max} felt.',
  unsupportedMediaType: 'Denne typen innhold tas ikke imot her.',
  rateLimited: 'For mange forespørsler. Vent litt og prøv igjen.',
  providerUnavailable: '{party} svarer ikke akkurat nå. Ingenting ble endret; prøv igjen om noen minutter.',
  providerRejected: '{party} avviste forespørselen: {reason}',
  providerRejectedWithoutReason: '{party} avviste forespørselen.',
  providerFailed:
    '{party} kunne ikke brukes: svaret var ikke som avtalt, eller tilgangen vår ble avvist. Ingenting ble endret; kontakt kundestøtte hvis det fortsetter.',
  partyBank: 'Banken',
  bankConsentExpired: 'Samtykket hos banken har utløpt. Forny det for å hente transaksjoner igjen.',
  bankConsentInvalid:
    'Samtykket hos banken gjelder ikke: det er ikke godkjent ennå, ble avvist eller er avsluttet. Be om et nytt samtykke.',
  bankConsentUnknown: 'Banken kjenner ikke dette samtykket. Be om et nytt samtykke.',
  bankAccessExceeded:
    'Samtykket tillater ikke flere automatiske oppslag på denne kontoen i dag. Prøv igjen i morgen, eller hent mens du selv er her.',
  bankResourceUnknown: 'Banken kjenner ikke denne kontoen eller betalingen, eller samtykket dekker den ikke.',
  bankProductUnknown: 'Banken tilbyr ikke denne typen betaling.',
  bankRequestInvalid:
    'Banken godtok ikke opplysningene som ble sendt (for eksempel et kontonummer, beløp, KID eller en dato). Kontroller dem og prøv igjen.',
  bankPeriodInvalid: 'Perioden er ikke gyldig: startdatoen må være samme dag som eller før sluttdatoen.',
  bankPaymentFailed: 'Banken kunne ikke gjennomføre betalingen.',
  bankCancellationInvalid:
    'Betalingen kan ikke lenger kanselleres: banken har allerede gjennomført eller avvist den.',
  bankStatusInvalid:
    'Banken kan ikke gjøre dette nå: samtykket eller betalingen er i en tilstand som ikke tillater det.',
  bankPersonUnknown:
    'Banken kjente ikke igjen personen eller firmaet som ble oppgitt. Kontroller fødselsnummeret og organisasjonsnummeret.',
  bankTooManyTransactions:
    'Banken har flere transaksjoner i denne perioden enn det som kan hentes på én gang. Velg en kortere periode.',
  partySigning: 'BankID-signeringstjenesten',
  signingRequestNotFound: 'BankID-forespørselen er ikke lenger kjent. Start bekreftelsen på nytt.',
  partyBankAuthorisation: 'Bankautorisasjonstjenesten',
  bankAuthorisationInvalidOrganisationNumber: 'Organisasjonsnummeret er ikke gyldig.',
  bankAuthorisationInvalidSsn: 'Fødselsnummeret er ikke gyldig.',
  bankAuthorisationInvalidAccountNumber:
    'Ett eller flere kontonumre er ikke gyldige (11 siffer med riktig kontrollsiffer).',
  partyCard: 'Kortbetalingsleverandøren',
  cardDeclined: 'Kortet ble avvist. Prøv et annet kort, eller spør kortutstederen hvorfor.',
  cardInsufficientFunds: 'Det er ikke nok dekning på kortet. Prøv et annet kort.',
  cardExpired: 'Kortet er utløpt. Prøv et annet kort.',
  cardAuthenticationFailed: 'Betalingen ble ikke bekreftet hos kortutstederen (3-D Secure). Prøv igjen.',
  cardPaymentNotFound: 'Fant ikke kortbetalingen.',
  cardPaymentNotChangeable:
    'Kortbetalingen er allerede betalt, under behandling eller kansellert, og kan ikke endres.',
  cardIdempotencyConflict:
    'Den samme betalingen ble startet tidligere med andre opplysninger. Start betalingen på nytt fra begynnelsen.',
  partyPeppol: 'EHF-aksesspunktet',
  peppolReceiverNotRegistered: 'Firmaet er ikke registrert for å motta EHF hos aksesspunktet.',
  peppolRegisteredElsewhere:
    'Firmaet mottar allerede EHF gjennom et annet aksesspunkt. Det må avregistreres der før det kan motta EHF her.',
  peppolReceiverUnknown: 'Mottakeren kan ikke motta EHF: den er ikke registrert i PEPPOL-nettverket.',
  peppolDocumentTypeNotAccepted:
    'Mottakeren tar ikke imot denne typen EHF-dokument (faktura eller kreditnota) gjennom PEPPOL.',
  peppolDocumentInvalid:
    'Dokumentet er ikke en EHF-faktura eller -kreditnota (PEPPOL BIS Billing 3) som aksesspunktet kan lese.',
  peppolDocumentTooLarge: 'EHF-dokumentet er større enn de 10 MB aksesspunktet frakter.',
  partyMail: 'E-posttjeneren',
  mailRecipientRefused: 'Adressen tar ikke imot e-post. Sjekk at den er skrevet riktig.',
  mailSenderRefused: 'E-post fra avsenderadressen produktet er satt opp med, tas ikke imot.',
  mailMessageRefused: 'Meldingen ble ikke tatt imot.',
  mailMessageTooLargeForServer:
    'Meldingen er større enn e-posttjeneren tar imot. Send færre eller mindre vedlegg.',
  mailAddressInvalid: 'E-postadressen «{address}» er ikke gyldig.',
  mailNoRecipients: 'Gi e-posten minst én mottaker.',
  mailTooManyRecipients: 'En e-post kan gå til høyst {max} mottakere.',
  mailSubjectInvalid: 'Emnet i e-posten må være én linje tekst, høyst {max} tegn.',
  mailHeaderInvalid:
    'E-posthodet «{name}» kan ikke sendes: navnet på et hode er bokstaver, sifre og bindestreker, og verdien én linje tekst.',
  mailHeaderReserved: 'E-posthodet «{name}» settes av produktet selv.',
  mailAttachmentInvalid:
    'Vedlegget «{name}» kan ikke sendes: det trenger et filnavn på én linje og en innholdstype som application/pdf.',
  mailTooManyAttachments: 'En e-post kan ha høyst {max} vedlegg.',
  mailTooManyHeaders: 'En e-post kan ha høyst {max} ekstra meldingshoder.',
  mailTooLarge: 'E-posten er for stor: høyst {megabytes} MB med vedlegg.',
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
    'Kontonummeret {accountNumber} er ikke gyldig: oppgi de 11 sifrene med riktig kontrollsiffer, eller kontoens norske IBAN.',
  accountNumberFromIban: 'IBAN {iban} ble lagret som kontonummeret {accountNumber}.',
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
  statementEncodingUnsupported:
    'Filen er skrevet med tegnkodingen {encoding}, som ikke kan leses her. Lagre den som UTF-8 eller ISO-8859-1 og last den opp igjen.',
  statementEncodingBroken:
    'Filen sier at den er skrevet med {encoding}, men har tegn som ikke er {encoding}. Eksporter den fra banken på nytt.',
  mappingIncomplete: 'Velg hvilken kolonne som har datoen, og hvilke som har beløpet.',
  camtAccountMismatch: 'Kontoutdraget gjelder kontoen {statementAccount}, ikke {accountNumber}.',
  importNoRows: 'Filen har ingen transaksjoner å importere.',
  exportTitlePrivateLost: 'Private og tapte transaksjoner',
  camtProofFailed:
    'Kontoutdrag {id}: inngående saldo pluss postene gir {expected}, men utgående saldo er {actual}.',
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
