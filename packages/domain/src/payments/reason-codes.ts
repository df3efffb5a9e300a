/**
 * Norway's codes for the purpose of a payment abroad (Valutaregisteret, "koder for betalingsart"),
 * with their Norwegian and English texts. Banks report them with every cross-border payment.
 */
export const PAYMENT_REASON_CODES: readonly { code: string; no: string; en: string }[] = [
  { code: '14', no: 'Kjøp/salg av varer', en: 'Purchase or sale of goods' },
  { code: '26', no: 'Leie', en: 'Rent and leases, licences and royalties' },
  { code: '29', no: 'Annet kjøp/salg av tjenester', en: 'Other purchase or sale of services' },
  { code: '31', no: 'Renter', en: 'Interest' },
  { code: '35', no: 'Utbytte', en: 'Dividends' },
  { code: '38', no: 'Annen kapitalavkastning', en: 'Other return on capital' },
  {
    code: '41',
    no: 'Kjøp/salg av fast eiendom og aktiverte rettigheter i utlandet',
    en: 'Real estate and capitalised rights abroad',
  },
  { code: '43', no: 'Direkteinvestering i aksjer mm.', en: 'Direct investment in shares' },
  { code: '45', no: 'Direkteinvestering i annen kapital', en: 'Direct investment in other capital' },
  {
    code: '51',
    no: 'Porteføljeinvestering i aksjer og verdipapirfondsandeler',
    en: 'Portfolio investment in shares and fund units',
  },
  {
    code: '52',
    no: 'Porteføljeinvestering i obligasjoner og sertifikater',
    en: 'Portfolio investment in bonds and notes',
  },
  { code: '53', no: 'Porteføljeinvestering i derivater', en: 'Portfolio investment in derivatives' },
  { code: '71', no: 'Livsforsikring/pensjon', en: 'Life insurance and pensions' },
  { code: '79', no: 'Andre finansinvesteringer', en: 'Other financial investments' },
  { code: '81', no: 'Lønn', en: 'Wages and salaries' },
  { code: '82', no: 'Arv, gave med mer', en: 'Inheritance, gifts and the like' },
];

const CODES = new Set(PAYMENT_REASON_CODES.map((entry) => entry.code));

export function isPaymentReasonCode(code: string): boolean {
  return CODES.has(code.trim());
}
