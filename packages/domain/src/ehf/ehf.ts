import { DomainError } from '../errors';
import { currencyMinorUnits, oreFromDecimal } from '../money/decimal';
import { type Ore, ore } from '../money/ore';
import {
  parseXml,
  type SafeXmlOptions,
  type XmlNode,
  xmlAttribute,
  xmlChild,
  xmlChildren,
  xmlText,
  xmlTextAt,
} from '../xml/safe-xml';
import { EhfAttachment } from './attachment';
import { decimalValue, fractionDigits } from './rule-values';
import { checkEhfRules } from './rules';
import type {
  EhfAllowanceCharge,
  EhfDocumentType,
  EhfEndpoint,
  EhfLine,
  EhfParty,
  EhfPayeeAccount,
  EhfProblem,
  EhfTaxSubtotal,
  EhfTotals,
} from './types';

export interface EhfDocument {
  documentType: EhfDocumentType;
  /** InvoiceTypeCode / CreditNoteTypeCode: 380 invoice, 381 credit note, 82 and 81 in EHF forward billing. */
  typeCode: string | undefined;
  customizationId: string | undefined;
  profileId: string | undefined;
  id: string;
  issueDate: string | undefined;
  dueDate: string | undefined;
  currency: string;
  buyerReference: string | undefined;
  orderReference: string | undefined;
  /** The invoice a credit note or correction refers to. */
  billingReference: string | undefined;
  supplier: EhfParty;
  customer: EhfParty;
  totals: EhfTotals;
  taxSubtotals: EhfTaxSubtotal[];
  allowanceCharges: EhfAllowanceCharge[];
  paymentMeansCode: string | undefined;
  /** PaymentMeans/PaymentID as written: a KID on Norwegian invoices, any reference elsewhere. */
  paymentId: string | undefined;
  /** The payment id when it has the form of a KID (digits, a '-' check character allowed). */
  kid: string | undefined;
  supplierAccount: EhfPayeeAccount | undefined;
  lines: EhfLine[];
  attachments: EhfAttachment[];
  /** The published rules the document breaks (EN 16931, PEPPOL BIS Billing 3, Norwegian). Never thrown. */
  problems: EhfProblem[];
}

const UBL_NAMESPACES: Readonly<Record<EhfDocumentType, string>> = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};

const KID_SHAPE = /^\d{1,24}[\d-]$/;
const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

function invalidInvoice(message: string): DomainError {
  return new DomainError('INVALID_EHF', message);
}

/**
 * Amounts are read as minor units of the document currency. Amounts in another currency, with more
 * decimals than the currency has, or missing are still read (as written, rounded, or zero): the rules
 * report them (PEPPOL-EN16931-R051, BR-DEC-*, BR-12..BR-15) so the document can be kept as failing.
 */
class AmountReader {
  constructor(private readonly decimals: number) {}

  optional(node: XmlNode | undefined, what: string): Ore | undefined {
    const text = xmlText(node)?.trim();
    if (text === undefined) return undefined;
    const value = decimalValue(text);
    if (value === undefined) throw invalidInvoice(`${what} is not a decimal number: ${text.slice(0, 40)}`);
    if (fractionDigits(text) <= this.decimals) return oreFromDecimal(text, this.decimals);
    const scaled = Math.round(Math.abs(value) * 10 ** this.decimals);
    if (!Number.isSafeInteger(scaled)) throw invalidInvoice(`${what} is too large: ${text.slice(0, 40)}`);
    return ore(value < 0 ? -scaled : scaled);
  }

  orZero(node: XmlNode | undefined, what: string): Ore {
    return this.optional(node, what) ?? ore(0);
  }
}

/** A document with a fatal problem has failed its checks; warnings alone do not fail it. */
export function hasFatalProblems(document: Pick<EhfDocument, 'problems'>): boolean {
  return document.problems.some((problem) => problem.severity === 'fatal');
}

/**
 * Reads an EHF 3 / PEPPOL BIS Billing 3 invoice or credit note (UBL 2.1) and checks it against the
 * published rules (see rules.ts), listing what it breaks in `problems`. Throws DomainError only for what
 * cannot be read at all: not XML, not a UBL invoice or credit note, no ID (BR-02), no currency (BR-05), or
 * an amount that is not a number.
 */
export function parseEhf(input: string | Uint8Array, options?: SafeXmlOptions): EhfDocument {
  const document = parseXml(input, options);
  const documentType = document.rootName;
  if (documentType !== 'Invoice' && documentType !== 'CreditNote') {
    throw new DomainError(
      'UNSUPPORTED_FILE',
      `Not an EHF invoice or credit note (root element ${documentType})`,
    );
  }
  if (document.namespace !== undefined && document.namespace !== UBL_NAMESPACES[documentType]) {
    throw new DomainError(
      'UNSUPPORTED_FILE',
      `Unexpected namespace for a UBL ${documentType}: ${document.namespace}`,
    );
  }
  const root = document.root;
  const id = xmlTextAt(root, 'ID');
  if (id === undefined) throw invalidInvoice(`The ${documentType} has no ID`);
  const currency = xmlTextAt(root, 'DocumentCurrencyCode')?.toUpperCase();
  if (currency === undefined) throw invalidInvoice(`The ${documentType} has no DocumentCurrencyCode`);
  const amounts = new AmountReader(currencyMinorUnits(currency));

  const paymentMeans = xmlChildren(root, 'PaymentMeans');
  const paymentId = firstText(paymentMeans, 'PaymentID');
  const taxTotal =
    xmlChildren(root, 'TaxTotal').find((total) => {
      const taxCurrency = xmlAttribute(xmlChild(total, 'TaxAmount'), 'currencyID');
      return taxCurrency === undefined || taxCurrency === currency;
    }) ?? xmlChild(root, 'TaxTotal');
  const isInvoice = documentType === 'Invoice';

  const parsed: Omit<EhfDocument, 'problems'> = {
    documentType,
    typeCode: xmlTextAt(root, isInvoice ? 'InvoiceTypeCode' : 'CreditNoteTypeCode'),
    customizationId: xmlTextAt(root, 'CustomizationID'),
    profileId: xmlTextAt(root, 'ProfileID'),
    id,
    issueDate: xmlTextAt(root, 'IssueDate'),
    dueDate: xmlTextAt(root, 'DueDate') ?? firstText(paymentMeans, 'PaymentDueDate'),
    currency,
    buyerReference: xmlTextAt(root, 'BuyerReference'),
    orderReference: xmlTextAt(root, 'OrderReference', 'ID'),
    billingReference: xmlTextAt(root, 'BillingReference', 'InvoiceDocumentReference', 'ID'),
    supplier: readParty(xmlChild(xmlChild(root, 'AccountingSupplierParty'), 'Party')),
    customer: readParty(xmlChild(xmlChild(root, 'AccountingCustomerParty'), 'Party')),
    totals: readTotals(xmlChild(root, 'LegalMonetaryTotal'), taxTotal, amounts),
    taxSubtotals: xmlChildren(taxTotal, 'TaxSubtotal').map((subtotal) => readTaxSubtotal(subtotal, amounts)),
    allowanceCharges: xmlChildren(root, 'AllowanceCharge').map((entry) =>
      readAllowanceCharge(entry, amounts),
    ),
    paymentMeansCode: firstText(paymentMeans, 'PaymentMeansCode'),
    paymentId,
    kid:
      paymentId !== undefined && KID_SHAPE.test(paymentId.replace(/\s/g, ''))
        ? paymentId.replace(/\s/g, '')
        : undefined,
    supplierAccount: readPayeeAccount(paymentMeans),
    lines: xmlChildren(root, isInvoice ? 'InvoiceLine' : 'CreditNoteLine').map((line) =>
      readLine(line, isInvoice ? 'InvoicedQuantity' : 'CreditedQuantity', amounts),
    ),
    attachments: readAttachments(root),
  };
  return { ...parsed, problems: checkEhfRules(root, documentType) };
}

function firstText(nodes: XmlNode[], name: string): string | undefined {
  for (const node of nodes) {
    const text = xmlTextAt(node, name);
    if (text !== undefined) return text;
  }
  return undefined;
}

function readParty(party: XmlNode | undefined): EhfParty {
  const legalEntity = xmlChild(party, 'PartyLegalEntity');
  const endpointNode = xmlChild(party, 'EndpointID');
  const endpointText = xmlText(endpointNode);
  const endpointId: EhfEndpoint | undefined =
    endpointText === undefined
      ? undefined
      : { id: endpointText, scheme: xmlAttribute(endpointNode, 'schemeID') };
  const companyIdNode = xmlChild(legalEntity, 'CompanyID');
  const companyId = xmlText(companyIdNode);
  const vatScheme = xmlChildren(party, 'PartyTaxScheme').find(
    (scheme) => xmlTextAt(scheme, 'TaxScheme', 'ID') === 'VAT',
  );
  const tradingName = xmlTextAt(party, 'PartyName', 'Name');
  const fromEndpoint = companyId === undefined && endpointId?.scheme === '0192';
  return {
    name: xmlTextAt(legalEntity, 'RegistrationName') ?? tradingName,
    tradingName,
    orgNumber: fromEndpoint ? endpointId?.id : companyId,
    orgNumberScheme: fromEndpoint ? '0192' : xmlAttribute(companyIdNode, 'schemeID'),
    endpointId,
    vatId: xmlTextAt(vatScheme, 'CompanyID'),
    country: xmlTextAt(party, 'PostalAddress', 'Country', 'IdentificationCode'),
  };
}

function readTotals(
  monetaryTotal: XmlNode | undefined,
  taxTotal: XmlNode | undefined,
  amounts: AmountReader,
): EhfTotals {
  const amount = (name: string) => amounts.optional(xmlChild(monetaryTotal, name), name);
  const amountOrZero = (name: string) => amounts.orZero(xmlChild(monetaryTotal, name), name);
  return {
    lineExtensionAmount: amountOrZero('LineExtensionAmount'),
    taxExclusiveAmount: amountOrZero('TaxExclusiveAmount'),
    taxInclusiveAmount: amountOrZero('TaxInclusiveAmount'),
    allowanceTotalAmount: amount('AllowanceTotalAmount'),
    chargeTotalAmount: amount('ChargeTotalAmount'),
    prepaidAmount: amount('PrepaidAmount'),
    payableRoundingAmount: amount('PayableRoundingAmount'),
    payableAmount: amountOrZero('PayableAmount'),
    taxAmount: amounts.optional(xmlChild(taxTotal, 'TaxAmount'), 'TaxTotal/TaxAmount') ?? ore(0),
  };
}

function readTaxSubtotal(subtotal: XmlNode, amounts: AmountReader): EhfTaxSubtotal {
  const category = xmlChild(subtotal, 'TaxCategory');
  return {
    taxableAmount: amounts.orZero(xmlChild(subtotal, 'TaxableAmount'), 'TaxSubtotal/TaxableAmount'),
    taxAmount: amounts.orZero(xmlChild(subtotal, 'TaxAmount'), 'TaxSubtotal/TaxAmount'),
    category: xmlTextAt(category, 'ID'),
    percent: xmlTextAt(category, 'Percent'),
    exemptionReasonCode: xmlTextAt(category, 'TaxExemptionReasonCode'),
    exemptionReason: xmlTextAt(category, 'TaxExemptionReason'),
  };
}

function readAllowanceCharge(entry: XmlNode, amounts: AmountReader): EhfAllowanceCharge {
  const category = xmlChild(entry, 'TaxCategory');
  return {
    isCharge: xmlTextAt(entry, 'ChargeIndicator') === 'true',
    amount: amounts.orZero(xmlChild(entry, 'Amount'), 'AllowanceCharge/Amount'),
    reason: xmlTextAt(entry, 'AllowanceChargeReason'),
    reasonCode: xmlTextAt(entry, 'AllowanceChargeReasonCode'),
    vatCategory: xmlTextAt(category, 'ID'),
    vatPercent: xmlTextAt(category, 'Percent'),
  };
}

function readPayeeAccount(paymentMeans: XmlNode[]): EhfPayeeAccount | undefined {
  for (const means of paymentMeans) {
    const account = xmlChild(means, 'PayeeFinancialAccount');
    const id = xmlTextAt(account, 'ID');
    if (id === undefined) continue;
    const compact = id.replace(/\s/g, '').toUpperCase();
    const isIban = IBAN_SHAPE.test(compact);
    return {
      id,
      iban: isIban ? compact : undefined,
      bban: isIban ? undefined : compact,
      bic: xmlTextAt(account, 'FinancialInstitutionBranch', 'ID'),
      name: xmlTextAt(account, 'Name'),
    };
  }
  return undefined;
}

function readLine(line: XmlNode, quantityElement: string, amounts: AmountReader): EhfLine {
  const item = xmlChild(line, 'Item');
  const quantity = xmlChild(line, quantityElement);
  const taxCategory = xmlChild(item, 'ClassifiedTaxCategory');
  const lineId = xmlTextAt(line, 'ID');
  return {
    id: lineId,
    quantity: xmlText(quantity),
    unit: xmlAttribute(quantity, 'unitCode'),
    netAmount: amounts.orZero(
      xmlChild(line, 'LineExtensionAmount'),
      `Line ${lineId ?? ''} LineExtensionAmount`,
    ),
    itemName: xmlTextAt(item, 'Name'),
    description: xmlTextAt(item, 'Description'),
    vatCategory: xmlTextAt(taxCategory, 'ID'),
    vatPercent: xmlTextAt(taxCategory, 'Percent'),
    price: xmlTextAt(line, 'Price', 'PriceAmount'),
    note: xmlTextAt(line, 'Note'),
  };
}

function readAttachments(root: XmlNode): EhfAttachment[] {
  const attachments: EhfAttachment[] = [];
  for (const reference of xmlChildren(root, 'AdditionalDocumentReference')) {
    const binary = xmlChild(xmlChild(reference, 'Attachment'), 'EmbeddedDocumentBinaryObject');
    if (binary === undefined) continue;
    attachments.push(
      new EhfAttachment({
        id: xmlTextAt(reference, 'ID'),
        description: xmlTextAt(reference, 'DocumentDescription'),
        filename: xmlAttribute(binary, 'filename'),
        mimeType: xmlAttribute(binary, 'mimeCode'),
        base64: xmlText(binary) ?? '',
      }),
    );
  }
  return attachments;
}
