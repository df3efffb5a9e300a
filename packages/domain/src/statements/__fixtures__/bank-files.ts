import iconv from 'iconv-lite';

/** Our own small bank exports, written to the layouts the banks use. */

/**
 * DNB netbank CSV: quoted, ";" separated, money out as positive numbers in "Ut fra konto", ISO-8859-1; a
 * card purchase counts for interest (Rentedato) from the day it was made, before it was booked.
 */
export const DNB_NETBANK_CSV = [
  '"Dato";"Forklaring";"Rentedato";"Ut fra konto";"Inn på konto"',
  '"02.01.2025";"Varekjøp Rema 1000 Bjølsen Dato 31.12";"31.12.2024";"1.234,50";""',
  '"03.01.2025";"Lønn fra Ærlig Åsheim AS";"03.01.2025";"";"45 000,00"',
  '"06.01.2025";"Giro 1234.56.78903 Strøm januar";"06.01.2025";"899,00";""',
  '',
].join('\r\n');

export const dnbNetbankBytes = (): Uint8Array => new Uint8Array(iconv.encode(DNB_NETBANK_CSV, 'win1252'));

/** SpareBank 1 CSV: UTF-8, every field quoted, a trailing ";", money out already negative. */
export const SPAREBANK1_CSV = [
  'Dato;Beskrivelse;Rentedato;Inn;Ut;Til konto;Fra konto;',
  '"14.02.2025";"Overføring fra Kari";;"2500,00";;"12345678903";"86011117947";',
  '"15.02.2025";"Vipps*Kaffebrenneriet";;;"-59,00";"86011117947";"12345678903";',
  '',
].join('\n');

/** A statement another bank might give: header names we know, "," separated, decimal point, D/M/YYYY. */
export const GENERIC_CSV = [
  'TransactionDate,Text,Amount,Currency',
  '1/2/2025,Coffee,-45.50,NOK',
  '15/2/2025,Refund,100,NOK',
  '',
].join('\n');

/** A headerless export: transaction date, posting date, text, amount, balance after. */
export const HEADERLESS_CSV = [
  '"05-03-2025";"05-03-2025";"Kjøp";"-100,00";"900,00"',
  '"06-03-2025";"06-03-2025";"Innskudd";"250,50";"1150,50"',
].join('\r\n');

/** Rows that cannot be trusted: a day that does not exist, no amount, a summary line, text in the amount. */
export const DNB_WITH_BAD_ROWS = [
  'Dato;Forklaring;Rentedato;Ut fra konto;Inn på konto',
  '31.02.2025;Kjøp;31.02.2025;100,00;',
  '01.03.2025;Gebyr;01.03.2025;;',
  ';;;;',
  'Sum;;;100,00;200,00',
  '02.03.2025;Kjøp;02.03.2025;hundre;',
  'Dato;Forklaring;Rentedato;Ut fra konto;Inn på konto',
  '03.03.2025;Kjøp;03.03.2025;10,00;',
].join('\n');
