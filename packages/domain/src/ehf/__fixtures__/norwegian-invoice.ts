import { minorUnitsToDecimal } from '../../money/decimal';
import { createKid } from '../../validators/kid';
import { escapeXml } from '../../xml/safe-xml';
import { taxForRate } from '../rule-values';

/** Our own EHF 3 invoices and credit notes with totals that add up, for tests and the benchmark. */
export interface InvoiceFixtureLine {
  name: string;
  quantity: number;
  /** Price per unit in øre. */
  priceOre: number;
  vatPercent: 25 | 15 | 12 | 0;
}

export interface InvoiceFixtureOptions {
  documentType?: 'Invoice' | 'CreditNote';
  id?: string;
  lines?: InvoiceFixtureLine[];
  kid?: string;
  supplierOrgNumber?: string;
  /** Replaces the computed payable amount, to produce an invoice whose totals do not add up. */
  payableOverrideOre?: number;
  attachment?: { filename: string; mimeType: string; bytes: Uint8Array };
  accountId?: string;
}

export const DEFAULT_FIXTURE_LINES: InvoiceFixtureLine[] = [
  { name: 'Konsulenttimer', quantity: 7, priceOre: 1_250_00, vatPercent: 25 },
  { name: 'Kaffe & kaker', quantity: 3, priceOre: 89_90, vatPercent: 15 },
  { name: 'Avis <abonnement>', quantity: 1, priceOre: 399_00, vatPercent: 0 },
];

const money = (tag: string, ore: number) =>
  `<cbc:${tag} currencyID="NOK">${minorUnitsToDecimal(ore, 2)}</cbc:${tag}>`;

function category(percent: number): string {
  return percent === 0 ? 'Z' : 'S';
}

export function norwegianInvoice(options: InvoiceFixtureOptions = {}): string {
  const documentType = options.documentType ?? 'Invoice';
  const isInvoice = documentType === 'Invoice';
  const lines = options.lines ?? DEFAULT_FIXTURE_LINES;
  const id = options.id ?? 'F-2024-0001';
  const kid = options.kid ?? createKid('2024000100', 'MOD10');
  const orgNumber = options.supplierOrgNumber ?? '123456785';

  const byRate = new Map<number, number>();
  const lineXml = lines.map((line, index) => {
    const net = line.quantity * line.priceOre;
    byRate.set(line.vatPercent, (byRate.get(line.vatPercent) ?? 0) + net);
    return [
      `  <cac:${documentType}Line>`,
      `    <cbc:ID>${index + 1}</cbc:ID>`,
      `    <cbc:${isInvoice ? 'Invoiced' : 'Credited'}Quantity unitCode="EA">${line.quantity}</cbc:${isInvoice ? 'Invoiced' : 'Credited'}Quantity>`,
      `    ${money('LineExtensionAmount', net)}`,
      '    <cac:Item>',
      `      <cbc:Name>${escapeXml(line.name)}</cbc:Name>`,
      `      <cac:ClassifiedTaxCategory><cbc:ID>${category(line.vatPercent)}</cbc:ID><cbc:Percent>${line.vatPercent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>`,
      '    </cac:Item>',
      `    <cac:Price>${money('PriceAmount', line.priceOre)}</cac:Price>`,
      `  </cac:${documentType}Line>`,
    ].join('\n');
  });
  const subtotals = [...byRate.entries()].map(([percent, taxable]) => ({
    percent,
    taxable,
    tax: taxForRate(taxable, String(percent)) ?? 0,
  }));
  const lineTotal = subtotals.reduce((sum, subtotal) => sum + subtotal.taxable, 0);
  const taxTotal = subtotals.reduce((sum, subtotal) => sum + subtotal.tax, 0);
  const payable = options.payableOverrideOre ?? lineTotal + taxTotal;
  const attachment = options.attachment;

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${documentType} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${documentType}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`,
    '  <cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
    '  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>',
    `  <cbc:ID>${escapeXml(id)}</cbc:ID>`,
    '  <cbc:IssueDate>2024-03-01</cbc:IssueDate>',
    isInvoice ? '  <cbc:DueDate>2024-03-15</cbc:DueDate>' : undefined,
    isInvoice
      ? '  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>'
      : '  <cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>',
    '  <cbc:DocumentCurrencyCode>NOK</cbc:DocumentCurrencyCode>',
    '  <cbc:BuyerReference>Ola Nordmann</cbc:BuyerReference>',
    attachment === undefined
      ? undefined
      : `  <cac:AdditionalDocumentReference><cbc:ID>1</cbc:ID><cbc:DocumentDescription>Faktura som PDF</cbc:DocumentDescription><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="${attachment.mimeType}" filename="${escapeXml(attachment.filename)}">${Buffer.from(attachment.bytes).toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`,
    '  <cac:AccountingSupplierParty><cac:Party>',
    `    <cbc:EndpointID schemeID="0192">${orgNumber}</cbc:EndpointID>`,
    '    <cac:PartyName><cbc:Name>Fjordtjenester</cbc:Name></cac:PartyName>',
    '    <cac:PostalAddress><cbc:CityName>Bergen</cbc:CityName><cbc:PostalZone>5003</cbc:PostalZone><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>',
    `    <cac:PartyTaxScheme><cbc:CompanyID>NO${orgNumber}MVA</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`,
    '    <cac:PartyTaxScheme><cbc:CompanyID>Foretaksregisteret</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
    `    <cac:PartyLegalEntity><cbc:RegistrationName>Fjordtjenester AS</cbc:RegistrationName><cbc:CompanyID schemeID="0192">${orgNumber}</cbc:CompanyID></cac:PartyLegalEntity>`,
    '  </cac:Party></cac:AccountingSupplierParty>',
    '  <cac:AccountingCustomerParty><cac:Party>',
    '    <cbc:EndpointID schemeID="0192">987654325</cbc:EndpointID>',
    '    <cac:PostalAddress><cac:Country><cbc:IdentificationCode>NO</cbc:IdentificationCode></cac:Country></cac:PostalAddress>',
    '    <cac:PartyLegalEntity><cbc:RegistrationName>Kjøper &amp; Co AS</cbc:RegistrationName><cbc:CompanyID schemeID="0192">987654325</cbc:CompanyID></cac:PartyLegalEntity>',
    '  </cac:Party></cac:AccountingCustomerParty>',
    '  <cac:PaymentMeans>',
    '    <cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>',
    `    <cbc:PaymentID>${kid}</cbc:PaymentID>`,
    `    <cac:PayeeFinancialAccount><cbc:ID>${options.accountId ?? '86011117947'}</cbc:ID><cac:FinancialInstitutionBranch><cbc:ID>DNBANOKK</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount>`,
    '  </cac:PaymentMeans>',
    '  <cac:TaxTotal>',
    `    ${money('TaxAmount', taxTotal)}`,
    ...subtotals.map(
      (subtotal) =>
        `    <cac:TaxSubtotal>${money('TaxableAmount', subtotal.taxable)}${money('TaxAmount', subtotal.tax)}<cac:TaxCategory><cbc:ID>${category(subtotal.percent)}</cbc:ID><cbc:Percent>${subtotal.percent}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`,
    ),
    '  </cac:TaxTotal>',
    '  <cac:LegalMonetaryTotal>',
    `    ${money('LineExtensionAmount', lineTotal)}`,
    `    ${money('TaxExclusiveAmount', lineTotal)}`,
    `    ${money('TaxInclusiveAmount', lineTotal + taxTotal)}`,
    `    ${money('PayableAmount', payable)}`,
    '  </cac:LegalMonetaryTotal>',
    ...lineXml,
    `</${documentType}>`,
    '',
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}
