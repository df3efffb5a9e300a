import { minorUnitsToDecimal, taxForRate } from '@bilag/domain';
import { element, optional, type XmlContent, type XmlTree, xmlDocument } from '@bilag/domain/xml/xml-builder';
import { BILLING_CUSTOMIZATION, BILLING_PROCESS, type DocumentKind, UBL_DOCUMENTS } from '../identifiers';

/**
 * Writes a Norwegian EHF (PEPPOL BIS Billing 3, UBL 2.1) invoice or credit note from a small model,
 * computing every total from the lines, so an example always adds up. Elements are written in the
 * order of the UBL 2.1 schema.
 */

/** The Norwegian VAT rates: general, food, transport and lodging, and zero-rated (books, newspapers). */
export type VatRate = 25 | 15 | 12 | 0;

export type UblParty = {
  organisationNumber: string;
  name: string;
  street?: string;
  postalZone?: string;
  city?: string;
  /** Writes the VAT number (NO…MVA) and, for a supplier, the Foretaksregisteret entry Norwegian rules ask for. */
  isVatRegistered: boolean;
  contact?: { name: string; email: string; phone: string };
};

export type UblLine = {
  name: string;
  description?: string;
  sellersItemId?: string;
  /** Up to two decimals, as written on the invoice. */
  quantity: string;
  /** UN/ECE recommendation 20 unit code: EA (each), HUR (hour), DAY, KWH, MON (month). */
  unitCode: string;
  unitPriceOre: number;
  vatRate: VatRate;
};

export type UblAttachment = {
  id: string;
  description: string;
  filename: string;
  mimeCode: 'application/pdf' | 'image/png' | 'image/jpeg' | 'text/csv';
  content: Uint8Array;
};

export type UblDocument = {
  kind: DocumentKind;
  id: string;
  issueDate: string;
  /** Invoices only: a UBL 2.1 credit note has no due date. */
  dueDate?: string;
  note?: string;
  buyerReference: string;
  period?: { start: string; end: string };
  orderReference?: string;
  /** The invoice a credit note corrects. */
  billingReference?: { id: string; issueDate: string };
  attachments?: UblAttachment[];
  supplier: UblParty;
  customer: UblParty;
  deliveryDate?: string;
  payment?: { kid?: string; bban: string; bic: string; accountName: string; terms: string };
  lines: UblLine[];
};

const CURRENCY = 'NOK';

function amount(name: string, ore: number): XmlTree {
  return element(name, minorUnitsToDecimal(ore, 2), { currencyID: CURRENCY });
}

/** quantity × unit price in øre, rounded half away from zero, without binary fractions. */
export function lineAmountOre(line: UblLine): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(line.quantity);
  if (!match)
    throw new Error(`Quantity ${line.quantity} must be a positive decimal with at most two decimals`);
  const hundredths = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Math.round((hundredths * line.unitPriceOre) / 100);
}

function taxCategory(name: string, rate: VatRate): XmlTree {
  return element(name, [
    element('cbc:ID', rate === 0 ? 'Z' : 'S'),
    element('cbc:Percent', String(rate)),
    element('cac:TaxScheme', [element('cbc:ID', 'VAT')]),
  ]);
}

function party(role: 'supplier' | 'customer', entry: UblParty): XmlTree {
  const taxSchemes: XmlContent[] = [];
  if (entry.isVatRegistered) {
    taxSchemes.push(
      element('cac:PartyTaxScheme', [
        element('cbc:CompanyID', `NO${entry.organisationNumber}MVA`),
        element('cac:TaxScheme', [element('cbc:ID', 'VAT')]),
      ]),
    );
  }
  if (role === 'supplier') {
    // Norwegian limited companies state that they are in the Register of Business Enterprises.
    taxSchemes.push(
      element('cac:PartyTaxScheme', [
        element('cbc:CompanyID', 'Foretaksregisteret'),
        element('cac:TaxScheme', [element('cbc:ID', 'TAX')]),
      ]),
    );
  }
  return element(role === 'supplier' ? 'cac:AccountingSupplierParty' : 'cac:AccountingCustomerParty', [
    element('cac:Party', [
      element('cbc:EndpointID', entry.organisationNumber, { schemeID: '0192' }),
      element('cac:PartyName', [element('cbc:Name', entry.name)]),
      element('cac:PostalAddress', [
        optional(entry.street, (street) => element('cbc:StreetName', street)),
        optional(entry.city, (city) => element('cbc:CityName', city)),
        optional(entry.postalZone, (zone) => element('cbc:PostalZone', zone)),
        element('cac:Country', [element('cbc:IdentificationCode', 'NO')]),
      ]),
      taxSchemes,
      element('cac:PartyLegalEntity', [
        element('cbc:RegistrationName', entry.name),
        element('cbc:CompanyID', entry.organisationNumber, { schemeID: '0192' }),
      ]),
      entry.contact &&
        element('cac:Contact', [
          element('cbc:Name', entry.contact.name),
          element('cbc:Telephone', entry.contact.phone),
          element('cbc:ElectronicMail', entry.contact.email),
        ]),
    ]),
  ]);
}

export function writeUblDocument(document: UblDocument): string {
  const isInvoice = document.kind === 'invoice';
  const { root, namespace } = UBL_DOCUMENTS[document.kind];
  const lineAmounts = document.lines.map(lineAmountOre);
  const lineTotal = lineAmounts.reduce((sum, value) => sum + value, 0);
  const rates = [...new Set(document.lines.map((line) => line.vatRate))].sort((a, b) => b - a);
  const subtotals = rates.map((rate) => {
    const taxable = document.lines.reduce(
      (sum, line, index) => (line.vatRate === rate ? sum + (lineAmounts[index] ?? 0) : sum),
      0,
    );
    return { rate, taxable, tax: taxForRate(taxable, String(rate)) ?? 0 };
  });
  const taxTotal = subtotals.reduce((sum, subtotal) => sum + subtotal.tax, 0);

  const lines = document.lines.map((line, index) =>
    element(isInvoice ? 'cac:InvoiceLine' : 'cac:CreditNoteLine', [
      element('cbc:ID', String(index + 1)),
      element(isInvoice ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', line.quantity, {
        unitCode: line.unitCode,
      }),
      amount('cbc:LineExtensionAmount', lineAmounts[index] ?? 0),
      element('cac:Item', [
        optional(line.description, (description) => element('cbc:Description', description)),
        element('cbc:Name', line.name),
        optional(line.sellersItemId, (id) =>
          element('cac:SellersItemIdentification', [element('cbc:ID', id)]),
        ),
        taxCategory('cac:ClassifiedTaxCategory', line.vatRate),
      ]),
      element('cac:Price', [amount('cbc:PriceAmount', line.unitPriceOre)]),
    ]),
  );

  const payment = document.payment;
  return xmlDocument(
    element(
      root,
      [
        element('cbc:CustomizationID', BILLING_CUSTOMIZATION),
        element('cbc:ProfileID', BILLING_PROCESS),
        element('cbc:ID', document.id),
        element('cbc:IssueDate', document.issueDate),
        isInvoice ? optional(document.dueDate, (date) => element('cbc:DueDate', date)) : undefined,
        element(isInvoice ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', isInvoice ? '380' : '381'),
        optional(document.note, (note) => element('cbc:Note', note)),
        element('cbc:DocumentCurrencyCode', CURRENCY),
        element('cbc:BuyerReference', document.buyerReference),
        document.period &&
          element('cac:InvoicePeriod', [
            element('cbc:StartDate', document.period.start),
            element('cbc:EndDate', document.period.end),
          ]),
        optional(document.orderReference, (id) => element('cac:OrderReference', [element('cbc:ID', id)])),
        document.billingReference &&
          element('cac:BillingReference', [
            element('cac:InvoiceDocumentReference', [
              element('cbc:ID', document.billingReference.id),
              element('cbc:IssueDate', document.billingReference.issueDate),
            ]),
          ]),
        (document.attachments ?? []).map((attachment) =>
          element('cac:AdditionalDocumentReference', [
            element('cbc:ID', attachment.id),
            element('cbc:DocumentDescription', attachment.description),
            element('cac:Attachment', [
              element(
                'cbc:EmbeddedDocumentBinaryObject',
                Buffer.from(attachment.content).toString('base64'),
                {
                  mimeCode: attachment.mimeCode,
                  filename: attachment.filename,
                },
              ),
            ]),
          ]),
        ),
        party('supplier', document.supplier),
        party('customer', document.customer),
        optional(document.deliveryDate, (date) =>
          element('cac:Delivery', [element('cbc:ActualDeliveryDate', date)]),
        ),
        payment && [
          element('cac:PaymentMeans', [
            element('cbc:PaymentMeansCode', '30', { name: 'Credit transfer' }),
            optional(payment.kid, (kid) => element('cbc:PaymentID', kid)),
            element('cac:PayeeFinancialAccount', [
              element('cbc:ID', payment.bban),
              element('cbc:Name', payment.accountName),
              element('cac:FinancialInstitutionBranch', [element('cbc:ID', payment.bic)]),
            ]),
          ]),
          element('cac:PaymentTerms', [element('cbc:Note', payment.terms)]),
        ],
        element('cac:TaxTotal', [
          amount('cbc:TaxAmount', taxTotal),
          subtotals.map((subtotal) =>
            element('cac:TaxSubtotal', [
              amount('cbc:TaxableAmount', subtotal.taxable),
              amount('cbc:TaxAmount', subtotal.tax),
              taxCategory('cac:TaxCategory', subtotal.rate),
            ]),
          ),
        ]),
        element('cac:LegalMonetaryTotal', [
          amount('cbc:LineExtensionAmount', lineTotal),
          amount('cbc:TaxExclusiveAmount', lineTotal),
          amount('cbc:TaxInclusiveAmount', lineTotal + taxTotal),
          amount('cbc:PayableAmount', lineTotal + taxTotal),
        ]),
        lines,
      ],
      {
        xmlns: namespace,
        'xmlns:cac': 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
        'xmlns:cbc': 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
      },
    ),
  );
}
