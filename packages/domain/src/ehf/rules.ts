import { type XmlNode, xmlAttribute, xmlChild, xmlChildren, xmlPath, xmlText } from '../xml/safe-xml';
import {
  ALLOWANCE_REASON_CODES,
  CHARGE_REASON_CODES,
  COUNTRY_CODES,
  CREDIT_NOTE_TYPE_CODES,
  CURRENCY_CODES,
  ELECTRONIC_ADDRESS_SCHEMES,
  ICD_SCHEMES,
  INVOICE_TYPE_CODES,
  ITEM_CLASSIFICATION_SCHEMES,
  OBJECT_ID_SCHEMES,
  PAYMENT_MEANS_CODES,
  PEPPOL_CREDIT_NOTE_TYPE_CODES,
  PEPPOL_CURRENCY_CODES,
  PEPPOL_ELECTRONIC_ADDRESS_SCHEMES,
  PEPPOL_INVOICE_TYPE_CODES,
  PEPPOL_MIME_CODES,
  TAX_POINT_DATE_CODES,
  UNIT_CODES,
  VAT_CATEGORY_CODES,
  VAT_EXEMPTION_CODES,
  VAT_PREFIXES,
} from './codes';
import {
  decimalValue,
  formatHundredths,
  fractionDigits,
  hasValidAbn,
  hasValidBelgianCheckDigits,
  hasValidGs1CheckDigit,
  hasValidMod11CheckDigit,
  hasValidSwedishCheckDigit,
  hundredths,
  isIsoDate,
} from './rule-values';
import type { EhfDocumentType, EhfProblem } from './types';

/** Rules the published rule sets flag as warnings; every other rule checked here is fatal. */
const WARNING_RULES: ReadonlySet<string> = new Set(['BR-51', 'NO-R-002', 'PEPPOL-COMMON-R044']);

const SPECIFICATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
const BUSINESS_PROCESS = /^urn:fdc:peppol\.eu:2017:poacc:billing:(\d{2}):1\.0$/;

/**
 * EHF forward billing (anskaffelser.no) is BIS Billing 3 sent on by a third party under its own business
 * process; its published rule set is the BIS one without BR-07 (consumers as buyers may have no name) and
 * without PEPPOL-EN16931-R007, and it is validated as the pair of this specification and process.
 */
const FORWARD_BILLING_ID = `${SPECIFICATION_ID}#conformant#urn:fdc:anskaffelser.no:2019:ehf:forward-billing:3.0`;
const FORWARD_BILLING_PROCESS = 'urn:fdc:anskaffelser.no:2019:ehf:postaward:g3:08:1.0';

/** Elements holding an amount with a currencyID (PEPPOL-EN16931-R051, BR-CL-03, PEPPOL-EN16931-CL007). */
const AMOUNT_ELEMENTS: ReadonlySet<string> = new Set([
  'Amount',
  'BaseAmount',
  'PriceAmount',
  'TaxAmount',
  'TaxableAmount',
  'LineExtensionAmount',
  'TaxExclusiveAmount',
  'TaxInclusiveAmount',
  'AllowanceTotalAmount',
  'ChargeTotalAmount',
  'PrepaidAmount',
  'PayableRoundingAmount',
  'PayableAmount',
]);

const DATE_ELEMENTS: ReadonlySet<string> = new Set([
  'IssueDate',
  'DueDate',
  'TaxPointDate',
  'StartDate',
  'EndDate',
  'ActualDeliveryDate',
]);

/** PEPPOL-EN16931-P0104..P0111: the VAT category an exemption reason code belongs to. */
const EXEMPTION_CATEGORY: Readonly<Record<string, { rule: string; category: string }>> = {
  'VATEX-EU-G': { rule: 'PEPPOL-EN16931-P0104', category: 'G' },
  'VATEX-EU-O': { rule: 'PEPPOL-EN16931-P0105', category: 'O' },
  'VATEX-EU-IC': { rule: 'PEPPOL-EN16931-P0106', category: 'K' },
  'VATEX-EU-AE': { rule: 'PEPPOL-EN16931-P0107', category: 'AE' },
  'VATEX-EU-D': { rule: 'PEPPOL-EN16931-P0108', category: 'E' },
  'VATEX-EU-F': { rule: 'PEPPOL-EN16931-P0109', category: 'E' },
  'VATEX-EU-I': { rule: 'PEPPOL-EN16931-P0110', category: 'E' },
  'VATEX-EU-J': { rule: 'PEPPOL-EN16931-P0111', category: 'E' },
};

/** PEPPOL-COMMON-R040..R050: identifier schemes whose values have a published format or checksum. */
const IDENTIFIER_FORMATS: Readonly<
  Record<string, { rule: string; what: string; valid: (value: string) => boolean }>
> = {
  '0088': { rule: 'PEPPOL-COMMON-R040', what: 'GLN (GS1 check digit)', valid: hasValidGs1CheckDigit },
  '0192': {
    rule: 'PEPPOL-COMMON-R041',
    what: 'Norwegian organisation number (nine digits, MOD11)',
    valid: (value) => /^\d{9}$/.test(value) && hasValidMod11CheckDigit(value),
  },
  '0184': {
    rule: 'PEPPOL-COMMON-R042',
    what: 'Danish CVR number (8 digits, or DK and 8 digits)',
    valid: (value) => /^(DK)?\d{8}$/.test(value),
  },
  '0208': {
    rule: 'PEPPOL-COMMON-R043',
    what: 'Belgian enterprise number (ten digits, MOD97)',
    valid: hasValidBelgianCheckDigits,
  },
  '0201': {
    rule: 'PEPPOL-COMMON-R044',
    what: 'Italian IPA code (six letters or digits)',
    valid: (value) => /^[A-Za-z0-9]{6}$/.test(value),
  },
  '0007': {
    rule: 'PEPPOL-COMMON-R049',
    what: 'Swedish organisation number (ten digits, Luhn)',
    valid: hasValidSwedishCheckDigit,
  },
  '0151': { rule: 'PEPPOL-COMMON-R050', what: 'Australian Business Number', valid: hasValidAbn },
};

interface VatCategoryRules {
  code: string;
  prefix: string;
  label: string;
  /** S, L and M may have one breakdown per rate; the others exactly one. */
  perRate: boolean;
  /** Which seller identifier the category needs: any tax registration, a VAT number, or none at all (O). */
  sellerId: 'taxRegistration' | 'vat' | 'forbidden';
  buyerId?: 'vat' | 'vatOrLegal';
  rate: 'positive' | 'zero' | 'nonNegative' | 'absent';
  exemptionReason: 'forbidden' | 'required';
}

const VAT_CATEGORIES: readonly VatCategoryRules[] = [
  {
    code: 'S',
    prefix: 'BR-S',
    label: 'Standard rated',
    perRate: true,
    sellerId: 'taxRegistration',
    rate: 'positive',
    exemptionReason: 'forbidden',
  },
  {
    code: 'Z',
    prefix: 'BR-Z',
    label: 'Zero rated',
    perRate: false,
    sellerId: 'taxRegistration',
    rate: 'zero',
    exemptionReason: 'forbidden',
  },
  {
    code: 'E',
    prefix: 'BR-E',
    label: 'Exempt from VAT',
    perRate: false,
    sellerId: 'taxRegistration',
    rate: 'zero',
    exemptionReason: 'required',
  },
  {
    code: 'AE',
    prefix: 'BR-AE',
    label: 'Reverse charge',
    perRate: false,
    sellerId: 'taxRegistration',
    buyerId: 'vatOrLegal',
    rate: 'zero',
    exemptionReason: 'required',
  },
  {
    code: 'K',
    prefix: 'BR-IC',
    label: 'Intra-community supply',
    perRate: false,
    sellerId: 'vat',
    buyerId: 'vat',
    rate: 'zero',
    exemptionReason: 'required',
  },
  {
    code: 'G',
    prefix: 'BR-G',
    label: 'Export outside the EU',
    perRate: false,
    sellerId: 'vat',
    rate: 'zero',
    exemptionReason: 'required',
  },
  {
    code: 'O',
    prefix: 'BR-O',
    label: 'Not subject to VAT',
    perRate: false,
    sellerId: 'forbidden',
    rate: 'absent',
    exemptionReason: 'required',
  },
  {
    code: 'L',
    prefix: 'BR-AF',
    label: 'IGIC (Canary Islands)',
    perRate: true,
    sellerId: 'taxRegistration',
    rate: 'nonNegative',
    exemptionReason: 'forbidden',
  },
  {
    code: 'M',
    prefix: 'BR-AG',
    label: 'IPSI (Ceuta and Melilla)',
    perRate: true,
    sellerId: 'taxRegistration',
    rate: 'nonNegative',
    exemptionReason: 'forbidden',
  },
];

/** A VAT category as used on a line, a document level allowance or charge, or a VAT breakdown. */
interface CategoryUse {
  category: string | undefined;
  percentText: string | undefined;
  percent: number | undefined;
  /** Hundredths: the line net amount, the allowance or charge amount, or the breakdown's taxable amount. */
  amount: number;
  path: string;
}

interface BreakdownUse extends CategoryUse {
  taxAmount: number;
  hasExemptionReason: boolean;
}

interface AllowanceChargeUse extends CategoryUse {
  isCharge: boolean;
}

const text = (node: XmlNode | undefined, ...names: string[]): string | undefined =>
  xmlText(names.length === 0 ? node : xmlPath(node, ...names))?.trim() || undefined;

const exists = (node: XmlNode | undefined, ...names: string[]): boolean =>
  xmlPath(node, ...names) !== undefined;

const isVatScheme = (node: XmlNode | undefined) => text(node, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT';

const isTrue = (value: string | undefined) => value === 'true' || value === '1';

function childElementNames(node: XmlNode): string[] {
  if (typeof node === 'string') return [];
  return Object.keys(node).filter((key) => !key.startsWith('@_') && key !== '#text');
}

/** Each problem names its rule; the severity is the one the rule set gives it. */
class Findings {
  readonly problems: EhfProblem[] = [];

  add(rule: string, message: string, path?: string): void {
    const severity = WARNING_RULES.has(rule) ? 'warning' : 'fatal';
    this.problems.push(path === undefined ? { rule, severity, message } : { rule, severity, message, path });
  }

  /** Reports the rule when the condition does not hold. */
  require(condition: boolean, rule: string, message: string, path?: string): void {
    if (!condition) this.add(rule, message, path);
  }
}

/**
 * Checks an EHF / PEPPOL BIS Billing 3 invoice or credit note against the EN 16931 business rules, the
 * PEPPOL BIS Billing 3 rules and the Norwegian rules that can be decided from the document alone. Every
 * element is visited once for the rules that apply wherever an element occurs; the rest read the few
 * places they are about.
 */
export function checkEhfRules(root: XmlNode, documentType: EhfDocumentType): EhfProblem[] {
  const findings = new Findings();
  const currency = text(root, 'DocumentCurrencyCode') ?? '';
  const rootPath = `/${documentType}`;
  const isForwardBilling = text(root, 'CustomizationID') === FORWARD_BILLING_ID;
  visitElements(root, rootPath, documentType, currency, findings);
  checkHeader(root, documentType, isForwardBilling, rootPath, findings);
  const parties = checkParties(root, isForwardBilling, rootPath, findings);
  const lines = checkLines(root, documentType, rootPath, findings);
  const allowanceCharges = checkDocumentAllowanceCharges(root, rootPath, findings);
  const breakdowns = checkTaxTotals(root, currency, rootPath, findings);
  checkMonetaryTotal(root, documentType, lines, allowanceCharges, rootPath, findings);
  checkPaymentMeans(root, rootPath, findings);
  checkVatCategories(root, lines, allowanceCharges, breakdowns, parties, findings);
  checkNorwegianSupplier(root, rootPath, findings);
  return findings.problems;
}

/** One pass over every element for the rules whose context is an element wherever it occurs. */
function visitElements(
  root: XmlNode,
  rootPath: string,
  documentType: EhfDocumentType,
  currency: string,
  findings: Findings,
): void {
  const stack: {
    node: XmlNode;
    name: string;
    parent: XmlNode | undefined;
    parentName: string;
    path: string;
  }[] = [{ node: root, name: documentType, parent: undefined, parentName: '', path: rootPath }];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const { node, name, parent, parentName, path } = entry;
    const children = childElementNames(node);
    if (children.length === 0 && xmlText(node)?.trim() === undefined) {
      findings.add(
        'PEPPOL-EN16931-R008',
        `The document must not contain empty elements; ${name} is empty`,
        path,
      );
    }
    checkElement(node, name, parent, parentName, path, currency, findings);
    if (typeof node === 'string') continue;
    for (let index = children.length - 1; index >= 0; index--) {
      const childName = children[index] as string;
      const value = node[childName];
      if (Array.isArray(value)) {
        for (let position = value.length - 1; position >= 0; position--) {
          const child = value[position] as XmlNode;
          stack.push({
            node: child,
            name: childName,
            parent: node,
            parentName: name,
            path: `${path}/${childName}[${position + 1}]`,
          });
        }
      } else if (value !== undefined) {
        stack.push({
          node: value,
          name: childName,
          parent: node,
          parentName: name,
          path: `${path}/${childName}`,
        });
      }
    }
  }
}

function checkElement(
  node: XmlNode,
  name: string,
  parent: XmlNode | undefined,
  parentName: string,
  path: string,
  currency: string,
  findings: Findings,
): void {
  if (AMOUNT_ELEMENTS.has(name)) {
    const currencyId = xmlAttribute(node, 'currencyID');
    const isTaxTotalInAccountingCurrency =
      name === 'TaxAmount' && parentName === 'TaxTotal' && !exists(parent, 'TaxSubtotal');
    if (!isTaxTotalInAccountingCurrency) {
      findings.require(
        currencyId === currency,
        'PEPPOL-EN16931-R051',
        `Every amount must be in the invoice currency ${currency}; ${name} has currencyID ${currencyId ?? '(none)'}`,
        path,
      );
    }
    if (currencyId !== undefined) {
      findings.require(
        CURRENCY_CODES.has(currencyId.trim()),
        'BR-CL-03',
        `currencyID ${currencyId} is not an ISO 4217 currency code`,
        path,
      );
      findings.require(
        PEPPOL_CURRENCY_CODES.has(currencyId),
        'PEPPOL-EN16931-CL007',
        `Currency code ${currencyId} is not in ISO 4217 as PEPPOL holds it`,
        path,
      );
    }
    return;
  }
  if (DATE_ELEMENTS.has(name)) {
    const value = xmlText(node) ?? '';
    findings.require(
      isIsoDate(value),
      'PEPPOL-EN16931-F001',
      `A date must be written YYYY-MM-DD; found "${value}"`,
      path,
    );
    return;
  }
  const value = text(node);
  switch (name) {
    case 'EndpointID': {
      const scheme = xmlAttribute(node, 'schemeID');
      if (scheme === undefined) return;
      findings.require(
        ELECTRONIC_ADDRESS_SCHEMES.has(scheme.trim()),
        'BR-CL-25',
        `Electronic address scheme ${scheme} is not in the CEF EAS code list`,
        path,
      );
      findings.require(
        PEPPOL_ELECTRONIC_ADDRESS_SCHEMES.has(scheme),
        'PEPPOL-EN16931-CL008',
        `Electronic address scheme ${scheme} is not one PEPPOL accepts`,
        path,
      );
      checkIdentifierFormat(scheme, value, path, findings);
      return;
    }
    case 'ID': {
      const scheme = xmlAttribute(node, 'schemeID');
      if (scheme === undefined) return;
      if (parentName === 'PartyIdentification') {
        findings.require(
          ICD_SCHEMES.has(scheme.trim()),
          'BR-CL-10',
          `Identifier scheme ${scheme} is not an ISO 6523 ICD`,
          path,
        );
        checkIdentifierFormat(scheme, value, path, findings);
      } else if (parentName === 'StandardItemIdentification') {
        findings.require(
          ICD_SCHEMES.has(scheme.trim()),
          'BR-CL-21',
          `Item identifier scheme ${scheme} is not an ISO 6523 ICD`,
          path,
        );
      } else if (parentName === 'DeliveryLocation') {
        findings.require(
          ICD_SCHEMES.has(scheme.trim()),
          'BR-CL-26',
          `Delivery location scheme ${scheme} is not an ISO 6523 ICD`,
          path,
        );
      } else if (
        (parentName === 'AdditionalDocumentReference' || parentName === 'DocumentReference') &&
        text(parent, 'DocumentTypeCode') === '130'
      ) {
        findings.require(
          OBJECT_ID_SCHEMES.has(scheme.trim()),
          'BR-CL-07',
          `Invoiced object identifier scheme ${scheme} is not in UNTDID 1153`,
          path,
        );
      }
      return;
    }
    case 'CompanyID': {
      const scheme = xmlAttribute(node, 'schemeID');
      if (scheme === undefined) return;
      if (parentName === 'PartyLegalEntity') {
        findings.require(
          ICD_SCHEMES.has(scheme.trim()),
          'BR-CL-11',
          `Registration identifier scheme ${scheme} is not an ISO 6523 ICD`,
          path,
        );
      }
      checkIdentifierFormat(scheme, value, path, findings);
      return;
    }
    case 'PartyTaxScheme': {
      if (!isVatScheme(node)) return;
      const vatId = text(node, 'CompanyID');
      if (vatId === undefined) return;
      findings.require(
        VAT_PREFIXES.has(vatId.slice(0, 2)),
        'BR-CO-09',
        `VAT identifier ${vatId} must start with the ISO 3166-1 code of the country that issued it (EL for Greece)`,
        path,
      );
      return;
    }
    case 'ItemClassificationCode': {
      const listId = xmlAttribute(node, 'listID');
      if (listId === undefined) return;
      findings.require(
        ITEM_CLASSIFICATION_SCHEMES.has(listId.trim()),
        'BR-CL-13',
        `Item classification scheme ${listId} is not in UNTDID 7143`,
        path,
      );
      return;
    }
    case 'IdentificationCode': {
      if (parentName === 'Country') {
        findings.require(
          COUNTRY_CODES.has(value ?? ''),
          'BR-CL-14',
          `Country code ${value ?? ''} is not ISO 3166-1 alpha-2`,
          path,
        );
      } else if (parentName === 'OriginCountry') {
        findings.require(
          COUNTRY_CODES.has(value ?? ''),
          'BR-CL-15',
          `Origin country ${value ?? ''} is not ISO 3166-1 alpha-2`,
          path,
        );
      }
      return;
    }
    case 'InvoicedQuantity':
    case 'CreditedQuantity':
    case 'BaseQuantity': {
      const unit = xmlAttribute(node, 'unitCode');
      if (unit === undefined) return;
      findings.require(
        UNIT_CODES.has(unit.trim()),
        'BR-CL-23',
        `Unit code ${unit} is not in UN/ECE Recommendation 20 or 21`,
        path,
      );
      return;
    }
    case 'EmbeddedDocumentBinaryObject': {
      const mimeCode = xmlAttribute(node, 'mimeCode');
      if (mimeCode === undefined) return;
      findings.require(
        PEPPOL_MIME_CODES.has(mimeCode),
        'BR-CL-24',
        `Attachment type ${mimeCode} is not one of PDF, PNG, JPEG, CSV, XLSX or ODS`,
        path,
      );
      findings.require(
        PEPPOL_MIME_CODES.has(mimeCode),
        'PEPPOL-EN16931-CL001',
        `Attachment type ${mimeCode} is not in PEPPOL's subset of IANA media types`,
        path,
      );
      return;
    }
    case 'TaxExemptionReasonCode': {
      findings.require(
        VAT_EXEMPTION_CODES.has(value ?? ''),
        'BR-CL-22',
        `VAT exemption reason code ${value ?? ''} is not in the CEF VATEX code list`,
        path,
      );
      const expected = EXEMPTION_CATEGORY[(value ?? '').toUpperCase()];
      if (expected !== undefined && parentName === 'TaxCategory') {
        const category = text(parent, 'ID');
        findings.require(
          category === expected.category,
          expected.rule,
          `VAT exemption reason code ${value} needs VAT category ${expected.category}; the category is ${category ?? '(none)'}`,
          path,
        );
      }
      return;
    }
    case 'PaymentMeansCode':
      findings.require(
        PAYMENT_MEANS_CODES.has(value ?? ''),
        'BR-CL-16',
        `Payment means code ${value ?? ''} is not in UNCL 4461`,
        path,
      );
      return;
    case 'AllowanceChargeReasonCode': {
      if (isTrue(text(parent, 'ChargeIndicator'))) {
        findings.require(
          CHARGE_REASON_CODES.has(value ?? ''),
          'BR-CL-20',
          `Charge reason code ${value ?? ''} is not in UNCL 7161`,
          path,
        );
        findings.require(
          CHARGE_REASON_CODES.has(value ?? ''),
          'PEPPOL-EN16931-CL003',
          `Charge reason code ${value ?? ''} is not in UNCL 7161`,
          path,
        );
      } else {
        findings.require(
          ALLOWANCE_REASON_CODES.has(value ?? ''),
          'BR-CL-19',
          `Allowance reason code ${value ?? ''} is not in UNCL 5189`,
          path,
        );
        findings.require(
          ALLOWANCE_REASON_CODES.has(value ?? ''),
          'PEPPOL-EN16931-CL002',
          `Allowance reason code ${value ?? ''} is not in PEPPOL's subset of UNCL 5189`,
          path,
        );
      }
      return;
    }
    case 'DescriptionCode':
      if (parentName !== 'InvoicePeriod') return;
      findings.require(
        TAX_POINT_DATE_CODES.has(value ?? ''),
        'BR-CL-06',
        `VAT point date code ${value ?? ''} must be 3, 35 or 432 (UNTDID 2005)`,
        path,
      );
      findings.require(
        TAX_POINT_DATE_CODES.has(value ?? ''),
        'PEPPOL-EN16931-CL006',
        `Invoice period description code ${value ?? ''} must be 3, 35 or 432 (UNTDID 2005)`,
        path,
      );
      return;
    case 'TaxCategory':
    case 'ClassifiedTaxCategory': {
      const category = text(node, 'ID');
      findings.require(
        category === undefined || VAT_CATEGORY_CODES.has(category),
        name === 'TaxCategory' ? 'BR-CL-17' : 'BR-CL-18',
        `VAT category ${category ?? ''} is not in UNCL 5305`,
        `${path}/ID`,
      );
      return;
    }
    default:
      return;
  }
}

function checkIdentifierFormat(
  scheme: string,
  value: string | undefined,
  path: string,
  findings: Findings,
): void {
  const format = IDENTIFIER_FORMATS[scheme];
  if (format === undefined) return;
  findings.require(
    format.valid(value ?? ''),
    format.rule,
    `${value ?? '(empty)'} with scheme ${scheme} is not a valid ${format.what}`,
    path,
  );
}

function checkHeader(
  root: XmlNode,
  documentType: EhfDocumentType,
  isForwardBilling: boolean,
  rootPath: string,
  findings: Findings,
): void {
  const at = (name: string) => `${rootPath}/${name}`;
  const customizationId = text(root, 'CustomizationID');
  findings.require(
    customizationId !== undefined,
    'BR-01',
    'The specification identifier (CustomizationID) is missing',
    at('CustomizationID'),
  );
  findings.require(
    (customizationId ?? '').startsWith(SPECIFICATION_ID),
    'PEPPOL-EN16931-R004',
    `The specification identifier must be ${SPECIFICATION_ID}; found ${customizationId ?? '(none)'}`,
    at('CustomizationID'),
  );
  const profileId = text(root, 'ProfileID');
  findings.require(
    profileId !== undefined,
    'PEPPOL-EN16931-R001',
    'The business process (ProfileID) is missing',
    at('ProfileID'),
  );
  const process = BUSINESS_PROCESS.exec(profileId ?? '')?.[1];
  if (profileId !== undefined && isForwardBilling) {
    findings.require(
      profileId === FORWARD_BILLING_PROCESS,
      'PEPPOL-EN16931-R007',
      `EHF forward billing must use the business process ${FORWARD_BILLING_PROCESS}; found ${profileId}`,
      at('ProfileID'),
    );
  } else if (profileId !== undefined) {
    findings.require(
      process !== undefined,
      'PEPPOL-EN16931-R007',
      `The business process must have the form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0; found ${profileId}`,
      at('ProfileID'),
    );
  }
  findings.require(
    exists(root, 'IssueDate'),
    'BR-03',
    'The invoice issue date (IssueDate) is missing',
    at('IssueDate'),
  );

  const isInvoice = documentType === 'Invoice';
  const typeElement = isInvoice ? 'InvoiceTypeCode' : 'CreditNoteTypeCode';
  const typeCode = text(root, typeElement);
  findings.require(
    typeCode !== undefined,
    'BR-04',
    `The document type code (${typeElement}) is missing`,
    at(typeElement),
  );
  if (typeCode !== undefined) {
    findings.require(
      (isInvoice ? INVOICE_TYPE_CODES : CREDIT_NOTE_TYPE_CODES).has(typeCode),
      'BR-CL-01',
      `${typeElement} ${typeCode} is not an UNTDID 1001 code for ${isInvoice ? 'invoices' : 'credit notes'}`,
      at(typeElement),
    );
    if (process === '01') {
      findings.require(
        (isInvoice ? PEPPOL_INVOICE_TYPE_CODES : PEPPOL_CREDIT_NOTE_TYPE_CODES).has(typeCode),
        isInvoice ? 'PEPPOL-EN16931-P0100' : 'PEPPOL-EN16931-P0101',
        `${typeElement} ${typeCode} is not allowed in the billing process`,
        at(typeElement),
      );
    }
    if (isInvoice && (typeCode === '326' || typeCode === '384')) {
      findings.require(
        bothPartiesGerman(root),
        'PEPPOL-EN16931-P0112',
        `Invoice type code ${typeCode} is only allowed when both seller and buyer are German`,
        at(typeElement),
      );
    }
  }

  const documentCurrency = text(root, 'DocumentCurrencyCode') ?? '';
  findings.require(
    CURRENCY_CODES.has(documentCurrency),
    'BR-CL-04',
    `Invoice currency ${documentCurrency} is not an ISO 4217 currency code`,
    at('DocumentCurrencyCode'),
  );
  const taxCurrency = text(root, 'TaxCurrencyCode');
  if (taxCurrency !== undefined) {
    findings.require(
      CURRENCY_CODES.has(taxCurrency),
      'BR-CL-05',
      `VAT accounting currency ${taxCurrency} is not an ISO 4217 currency code`,
      at('TaxCurrencyCode'),
    );
    findings.require(
      taxCurrency !== documentCurrency,
      'PEPPOL-EN16931-R005',
      `The VAT accounting currency must differ from the invoice currency (both ${taxCurrency})`,
      at('TaxCurrencyCode'),
    );
  }

  findings.require(
    xmlChildren(root, 'Note').length <= 1 || bothPartiesGerman(root),
    'PEPPOL-EN16931-R002',
    `At most one note is allowed on document level; found ${xmlChildren(root, 'Note').length}`,
    at('Note'),
  );
  findings.require(
    exists(root, 'BuyerReference') || exists(root, 'OrderReference', 'ID'),
    'PEPPOL-EN16931-R003',
    'A buyer reference or a purchase order reference must be given',
    rootPath,
  );
  const invoicePeriods = xmlChildren(root, 'InvoicePeriod');
  findings.require(
    !(exists(root, 'TaxPointDate') && invoicePeriods.some((period) => exists(period, 'DescriptionCode'))),
    'BR-CO-03',
    'The VAT point date and the VAT point date code must not both be given',
    at('TaxPointDate'),
  );
  invoicePeriods.forEach((period, index) => {
    const path = at(`InvoicePeriod[${index + 1}]`);
    checkPeriod(period, 'BR-29', 'invoicing period', path, findings);
    findings.require(
      exists(period, 'StartDate') || exists(period, 'EndDate') || exists(period, 'DescriptionCode'),
      'BR-CO-19',
      'An invoicing period must have a start date or an end date, or both',
      path,
    );
  });

  const documentReferences = xmlChildren(root, 'AdditionalDocumentReference');
  documentReferences.forEach((reference, index) => {
    findings.require(
      exists(reference, 'ID') && text(reference, 'ID') !== undefined,
      'BR-52',
      'Each additional supporting document must have a reference (ID)',
      at(`AdditionalDocumentReference[${index + 1}]`),
    );
  });
  if (documentType === 'CreditNote') {
    findings.require(
      documentReferences.filter((reference) => text(reference, 'DocumentTypeCode') === '50').length <= 1,
      'PEPPOL-EN16931-R080',
      'Only one project reference is allowed on document level',
      at('AdditionalDocumentReference'),
    );
  }
  xmlChildren(root, 'BillingReference').forEach((reference, index) => {
    findings.require(
      exists(reference, 'InvoiceDocumentReference', 'ID'),
      'BR-55',
      'Each preceding invoice reference must contain the preceding invoice number',
      at(`BillingReference[${index + 1}]`),
    );
  });
  xmlChildren(root, 'Delivery').forEach((delivery, index) => {
    const address = xmlPath(delivery, 'DeliveryLocation', 'Address');
    if (address === undefined) return;
    findings.require(
      exists(address, 'Country', 'IdentificationCode'),
      'BR-57',
      'Each deliver-to address must contain a country code',
      at(`Delivery[${index + 1}]/DeliveryLocation/Address`),
    );
  });
}

function checkPeriod(period: XmlNode, rule: string, what: string, path: string, findings: Findings): void {
  const start = text(period, 'StartDate');
  const end = text(period, 'EndDate');
  if (start === undefined || end === undefined || !isIsoDate(start) || !isIsoDate(end)) return;
  findings.require(end >= start, rule, `The ${what} ends (${end}) before it starts (${start})`, path);
}

function countryOf(party: XmlNode | undefined): string | undefined {
  return text(party, 'PostalAddress', 'Country', 'IdentificationCode')?.toUpperCase();
}

function bothPartiesGerman(root: XmlNode): boolean {
  return (
    countryOf(xmlPath(root, 'AccountingSupplierParty', 'Party')) === 'DE' &&
    countryOf(xmlPath(root, 'AccountingCustomerParty', 'Party')) === 'DE'
  );
}

function vatIdOf(party: XmlNode | undefined): string | undefined {
  for (const scheme of xmlChildren(party, 'PartyTaxScheme')) {
    if (isVatScheme(scheme)) {
      const id = text(scheme, 'CompanyID');
      if (id !== undefined) return id;
    }
  }
  return undefined;
}

interface PartyFacts {
  /** Any PartyTaxScheme/CompanyID of the seller (VAT number or tax registration). */
  sellerTaxRegistration: boolean;
  sellerVatId: string | undefined;
  taxRepresentativeVatId: string | undefined;
  buyerVatId: string | undefined;
  buyerLegalId: boolean;
}

function checkParties(
  root: XmlNode,
  isForwardBilling: boolean,
  rootPath: string,
  findings: Findings,
): PartyFacts {
  const supplierPath = `${rootPath}/AccountingSupplierParty/Party`;
  const customerPath = `${rootPath}/AccountingCustomerParty/Party`;
  const supplier = xmlPath(root, 'AccountingSupplierParty', 'Party');
  const customer = xmlPath(root, 'AccountingCustomerParty', 'Party');

  findings.require(
    text(supplier, 'PartyLegalEntity', 'RegistrationName') !== undefined,
    'BR-06',
    "The seller's name (PartyLegalEntity/RegistrationName) is missing",
    `${supplierPath}/PartyLegalEntity`,
  );
  findings.require(
    isForwardBilling || text(customer, 'PartyLegalEntity', 'RegistrationName') !== undefined,
    'BR-07',
    "The buyer's name (PartyLegalEntity/RegistrationName) is missing",
    `${customerPath}/PartyLegalEntity`,
  );
  checkPostalAddress(supplier, 'BR-08', 'BR-09', 'seller', `${supplierPath}/PostalAddress`, findings);
  checkPostalAddress(customer, 'BR-10', 'BR-11', 'buyer', `${customerPath}/PostalAddress`, findings);

  findings.require(
    vatIdOf(supplier) !== undefined ||
      exists(supplier, 'PartyIdentification', 'ID') ||
      exists(supplier, 'PartyLegalEntity', 'CompanyID'),
    'BR-CO-26',
    'The seller must be identified by an identifier, a legal registration identifier or a VAT identifier',
    supplierPath,
  );
  if (supplier !== undefined) {
    findings.require(
      exists(supplier, 'EndpointID'),
      'PEPPOL-EN16931-R020',
      "The seller's electronic address (EndpointID) is missing",
      supplierPath,
    );
  }
  if (customer !== undefined) {
    findings.require(
      exists(customer, 'EndpointID'),
      'PEPPOL-EN16931-R010',
      "The buyer's electronic address (EndpointID) is missing",
      customerPath,
    );
  }
  const supplierEndpoint = xmlChild(supplier, 'EndpointID');
  if (supplierEndpoint !== undefined) {
    findings.require(
      xmlAttribute(supplierEndpoint, 'schemeID') !== undefined,
      'BR-62',
      "The seller's electronic address must have a scheme identifier",
      `${supplierPath}/EndpointID`,
    );
  }
  const customerEndpoint = xmlChild(customer, 'EndpointID');
  if (customerEndpoint !== undefined) {
    findings.require(
      xmlAttribute(customerEndpoint, 'schemeID') !== undefined,
      'BR-63',
      "The buyer's electronic address must have a scheme identifier",
      `${customerPath}/EndpointID`,
    );
  }

  const payee = xmlChild(root, 'PayeeParty');
  if (payee !== undefined) {
    const payeeName = text(payee, 'PartyName', 'Name');
    const payeeId = text(payee, 'PartyIdentification', 'ID');
    findings.require(
      payeeName !== undefined &&
        payeeName !== text(supplier, 'PartyName', 'Name') &&
        (payeeId === undefined || payeeId !== text(supplier, 'PartyIdentification', 'ID')),
      'BR-17',
      'A payee different from the seller must have its own name',
      `${rootPath}/PayeeParty`,
    );
  }

  const representative = xmlChild(root, 'TaxRepresentativeParty');
  if (representative !== undefined) {
    const path = `${rootPath}/TaxRepresentativeParty`;
    findings.require(
      text(representative, 'PartyName', 'Name') !== undefined,
      'BR-18',
      "The seller's tax representative must have a name",
      path,
    );
    const address = xmlChild(representative, 'PostalAddress');
    findings.require(
      address !== undefined,
      'BR-19',
      "The seller's tax representative must have a postal address",
      path,
    );
    if (address !== undefined) {
      findings.require(
        text(address, 'Country', 'IdentificationCode') !== undefined,
        'BR-20',
        "The tax representative's postal address must contain a country code",
        `${path}/PostalAddress`,
      );
    }
    findings.require(
      vatIdOf(representative) !== undefined,
      'BR-56',
      "The seller's tax representative must have a VAT identifier",
      path,
    );
  }

  return {
    sellerTaxRegistration: xmlChildren(supplier, 'PartyTaxScheme').some((scheme) =>
      exists(scheme, 'CompanyID'),
    ),
    sellerVatId: vatIdOf(supplier),
    taxRepresentativeVatId: vatIdOf(representative),
    buyerVatId: vatIdOf(customer),
    buyerLegalId: exists(customer, 'PartyLegalEntity', 'CompanyID'),
  };
}

function checkPostalAddress(
  party: XmlNode | undefined,
  addressRule: string,
  countryRule: string,
  role: string,
  path: string,
  findings: Findings,
): void {
  const address = xmlChild(party, 'PostalAddress');
  findings.require(address !== undefined, addressRule, `The ${role}'s postal address is missing`, path);
  if (address === undefined) return;
  findings.require(
    text(address, 'Country', 'IdentificationCode') !== undefined,
    countryRule,
    `The ${role}'s postal address must contain a country code`,
    path,
  );
}

function checkLines(
  root: XmlNode,
  documentType: EhfDocumentType,
  rootPath: string,
  findings: Findings,
): CategoryUse[] {
  const lineName = documentType === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = documentType === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const lines = xmlChildren(root, lineName);
  findings.require(lines.length > 0, 'BR-16', `The document must have at least one ${lineName}`, rootPath);
  const documentPeriod = xmlChild(root, 'InvoicePeriod');
  const documentStart = text(documentPeriod, 'StartDate');
  const documentEnd = text(documentPeriod, 'EndDate');

  return lines.map((line, index) => {
    const path = `${rootPath}/${lineName}[${index + 1}]`;
    const lineId = text(line, 'ID');
    const label = `Line ${lineId ?? index + 1}`;
    findings.require(lineId !== undefined, 'BR-21', `${label} has no line identifier`, path);
    const quantityNode = xmlChild(line, quantityName);
    findings.require(quantityNode !== undefined, 'BR-22', `${label} has no ${quantityName}`, path);
    findings.require(
      xmlAttribute(quantityNode, 'unitCode') !== undefined,
      'BR-23',
      `${label} has no unit of measure (unitCode on ${quantityName})`,
      `${path}/${quantityName}`,
    );
    const netText = text(line, 'LineExtensionAmount');
    findings.require(
      xmlChild(line, 'LineExtensionAmount') !== undefined,
      'BR-24',
      `${label} has no net amount (LineExtensionAmount)`,
      path,
    );
    if (netText !== undefined) {
      findings.require(
        fractionDigits(netText) <= 2,
        'BR-DEC-23',
        `${label} net amount ${netText} has more than two decimals`,
        `${path}/LineExtensionAmount`,
      );
    }
    findings.require(
      text(line, 'Item', 'Name') !== undefined,
      'BR-25',
      `${label} has no item name`,
      `${path}/Item`,
    );

    const price = xmlChild(line, 'Price');
    const priceText = text(price, 'PriceAmount');
    findings.require(
      priceText !== undefined,
      'BR-26',
      `${label} has no item net price (Price/PriceAmount)`,
      `${path}/Price`,
    );
    const priceValue = decimalValue(priceText);
    if (priceValue !== undefined) {
      findings.require(
        priceValue >= 0,
        'BR-27',
        `${label} item net price ${priceText} is negative`,
        `${path}/Price/PriceAmount`,
      );
    }
    const priceAllowance = xmlChild(price, 'AllowanceCharge');
    const grossText = text(priceAllowance, 'BaseAmount');
    const grossValue = decimalValue(grossText);
    if (grossValue !== undefined) {
      findings.require(
        grossValue >= 0,
        'BR-28',
        `${label} item gross price ${grossText} is negative`,
        `${path}/Price/AllowanceCharge/BaseAmount`,
      );
    }
    xmlChildren(price, 'AllowanceCharge').forEach((allowance, position) => {
      const allowancePath = `${path}/Price/AllowanceCharge[${position + 1}]`;
      findings.require(
        text(allowance, 'ChargeIndicator') === 'false',
        'PEPPOL-EN16931-R044',
        `${label}: a charge on price level is not allowed; ChargeIndicator must be false`,
        allowancePath,
      );
      const base = decimalValue(text(allowance, 'BaseAmount'));
      const amount = decimalValue(text(allowance, 'Amount')) ?? 0;
      if (base !== undefined && priceValue !== undefined) {
        findings.require(
          Math.abs(priceValue - (base - amount)) < 1e-9,
          'PEPPOL-EN16931-R046',
          `${label}: item net price ${priceText} must equal gross price ${base} minus price discount ${amount}`,
          allowancePath,
        );
      }
    });

    const baseQuantityNode = xmlChild(price, 'BaseQuantity');
    const baseQuantity = decimalValue(text(baseQuantityNode));
    if (baseQuantityNode !== undefined) {
      findings.require(
        baseQuantity !== undefined && baseQuantity > 0,
        'PEPPOL-EN16931-R121',
        `${label}: price base quantity ${text(baseQuantityNode) ?? ''} must be above zero`,
        `${path}/Price/BaseQuantity`,
      );
      const baseUnit = xmlAttribute(baseQuantityNode, 'unitCode');
      if (baseUnit !== undefined && quantityNode !== undefined) {
        findings.require(
          baseUnit === xmlAttribute(quantityNode, 'unitCode'),
          'PEPPOL-EN16931-R130',
          `${label}: price base quantity unit ${baseUnit} differs from the quantity unit ${xmlAttribute(quantityNode, 'unitCode') ?? '(none)'}`,
          `${path}/Price/BaseQuantity`,
        );
      }
    }

    const lineAllowanceCharges = xmlChildren(line, 'AllowanceCharge');
    let lineAllowances = 0;
    let lineCharges = 0;
    lineAllowanceCharges.forEach((entry, position) => {
      const entryPath = `${path}/AllowanceCharge[${position + 1}]`;
      const isCharge = isTrue(text(entry, 'ChargeIndicator'));
      checkAllowanceChargeCommon(entry, entryPath, findings);
      const amountText = text(entry, 'Amount');
      findings.require(
        xmlChild(entry, 'Amount') !== undefined,
        isCharge ? 'BR-43' : 'BR-41',
        `${label}: each line ${isCharge ? 'charge' : 'allowance'} must have an amount`,
        entryPath,
      );
      const hasReason = exists(entry, 'AllowanceChargeReason') || exists(entry, 'AllowanceChargeReasonCode');
      const what = isCharge ? 'charge' : 'allowance';
      findings.require(
        hasReason,
        isCharge ? 'BR-44' : 'BR-42',
        `${label}: each line ${what} must have a reason or a reason code`,
        entryPath,
      );
      findings.require(
        hasReason,
        isCharge ? 'BR-CO-24' : 'BR-CO-23',
        `${label}: each line ${what} must contain a reason, a reason code, or both`,
        entryPath,
      );
      checkDecimals(
        amountText,
        isCharge ? 'BR-DEC-27' : 'BR-DEC-24',
        `${label} ${what} amount`,
        `${entryPath}/Amount`,
        findings,
      );
      checkDecimals(
        text(entry, 'BaseAmount'),
        isCharge ? 'BR-DEC-28' : 'BR-DEC-25',
        `${label} ${what} base amount`,
        `${entryPath}/BaseAmount`,
        findings,
      );
      const amount = hundredths(amountText) ?? 0;
      if (isCharge) lineCharges += amount;
      else lineAllowances += amount;
    });

    const net = decimalValue(netText) ?? 0;
    const quantity = decimalValue(text(quantityNode)) ?? 1;
    const perUnit = (priceValue ?? 0) / (baseQuantity !== undefined && baseQuantity !== 0 ? baseQuantity : 1);
    const expectedNet = quantity * perUnit + (lineCharges - lineAllowances) / 100;
    findings.require(
      Math.abs(net - expectedNet) <= 0.02 + 1e-9,
      'PEPPOL-EN16931-R120',
      `${label}: net amount ${netText ?? '0'} must equal quantity × (price ÷ base quantity) + charges − allowances = ${expectedNet.toFixed(2)}`,
      `${path}/LineExtensionAmount`,
    );

    const documentReferences = xmlChildren(line, 'DocumentReference');
    findings.require(
      documentReferences.length <= 1,
      'PEPPOL-EN16931-R100',
      `${label}: only one invoiced object is allowed per line`,
      path,
    );
    findings.require(
      documentReferences.every((reference) => text(reference, 'DocumentTypeCode') === '130'),
      'PEPPOL-EN16931-R101',
      `${label}: a line document reference can only be an invoiced object (DocumentTypeCode 130)`,
      path,
    );

    xmlChildren(line, 'InvoicePeriod').forEach((period, position) => {
      const periodPath = `${path}/InvoicePeriod[${position + 1}]`;
      checkPeriod(period, 'BR-30', `${label} period`, periodPath, findings);
      findings.require(
        exists(period, 'StartDate') || exists(period, 'EndDate'),
        'BR-CO-20',
        `${label}: a line period must have a start date or an end date, or both`,
        periodPath,
      );
      const start = text(period, 'StartDate');
      if (
        start !== undefined &&
        documentStart !== undefined &&
        isIsoDate(start) &&
        isIsoDate(documentStart)
      ) {
        findings.require(
          start >= documentStart,
          'PEPPOL-EN16931-R110',
          `${label}: period start ${start} is before the invoice period (${documentStart})`,
          `${periodPath}/StartDate`,
        );
      }
      const end = text(period, 'EndDate');
      if (end !== undefined && documentEnd !== undefined && isIsoDate(end) && isIsoDate(documentEnd)) {
        findings.require(
          end <= documentEnd,
          'PEPPOL-EN16931-R111',
          `${label}: period end ${end} is after the invoice period (${documentEnd})`,
          `${periodPath}/EndDate`,
        );
      }
    });

    const item = xmlChild(line, 'Item');
    const vatCategory = xmlChildren(item, 'ClassifiedTaxCategory').find(isVatScheme);
    findings.require(
      text(vatCategory, 'ID') !== undefined,
      'BR-CO-04',
      `${label} has no VAT category (Item/ClassifiedTaxCategory with TaxScheme VAT)`,
      `${path}/Item`,
    );
    xmlChildren(item, 'StandardItemIdentification').forEach((identification) => {
      findings.require(
        xmlAttribute(xmlChild(identification, 'ID'), 'schemeID') !== undefined,
        'BR-64',
        `${label}: the item standard identifier must have a scheme identifier`,
        `${path}/Item/StandardItemIdentification`,
      );
    });
    xmlChildren(item, 'CommodityClassification').forEach((classification) => {
      const code = xmlChild(classification, 'ItemClassificationCode');
      if (code === undefined) return;
      findings.require(
        xmlAttribute(code, 'listID') !== undefined,
        'BR-65',
        `${label}: the item classification identifier must have a scheme identifier (listID)`,
        `${path}/Item/CommodityClassification`,
      );
    });
    xmlChildren(item, 'AdditionalItemProperty').forEach((property, position) => {
      findings.require(
        exists(property, 'Name') && exists(property, 'Value'),
        'BR-54',
        `${label}: each item attribute must have a name and a value`,
        `${path}/Item/AdditionalItemProperty[${position + 1}]`,
      );
    });

    const percentText = text(vatCategory, 'Percent');
    return {
      category: text(vatCategory, 'ID'),
      percentText,
      percent: decimalValue(percentText),
      amount: hundredths(netText) ?? 0,
      path: `${path}/Item/ClassifiedTaxCategory`,
    };
  });
}

function checkDecimals(
  value: string | undefined,
  rule: string,
  what: string,
  path: string,
  findings: Findings,
): void {
  if (value === undefined) return;
  findings.require(fractionDigits(value) <= 2, rule, `${what} ${value} has more than two decimals`, path);
}

/** PEPPOL-EN16931-R040..R043, which apply to document and line level allowances and charges alike. */
function checkAllowanceChargeCommon(entry: XmlNode, path: string, findings: Findings): void {
  const indicator = text(entry, 'ChargeIndicator');
  findings.require(
    indicator === 'true' || indicator === 'false',
    'PEPPOL-EN16931-R043',
    `ChargeIndicator must be true or false; found ${indicator ?? '(none)'}`,
    path,
  );
  const hasPercentage = exists(entry, 'MultiplierFactorNumeric');
  const hasBase = exists(entry, 'BaseAmount');
  findings.require(
    !hasPercentage || hasBase,
    'PEPPOL-EN16931-R041',
    'A base amount must be given with an allowance or charge percentage',
    path,
  );
  findings.require(
    !hasBase || hasPercentage,
    'PEPPOL-EN16931-R042',
    'A percentage must be given with an allowance or charge base amount',
    path,
  );
  if (hasPercentage && hasBase) {
    const base = decimalValue(text(entry, 'BaseAmount')) ?? 0;
    const percentage = decimalValue(text(entry, 'MultiplierFactorNumeric')) ?? 0;
    const amount = decimalValue(text(entry, 'Amount')) ?? 0;
    const expected = (base * percentage) / 100;
    findings.require(
      Math.abs(amount - expected) <= 0.02 + 1e-9,
      'PEPPOL-EN16931-R040',
      `Allowance/charge amount ${amount} must equal base amount ${base} × ${percentage} % = ${expected.toFixed(2)}`,
      path,
    );
  }
}

function checkDocumentAllowanceCharges(
  root: XmlNode,
  rootPath: string,
  findings: Findings,
): AllowanceChargeUse[] {
  return xmlChildren(root, 'AllowanceCharge').map((entry, index) => {
    const path = `${rootPath}/AllowanceCharge[${index + 1}]`;
    const isCharge = isTrue(text(entry, 'ChargeIndicator'));
    const what = isCharge ? 'charge' : 'allowance';
    checkAllowanceChargeCommon(entry, path, findings);
    findings.require(
      xmlChild(entry, 'Amount') !== undefined,
      isCharge ? 'BR-36' : 'BR-31',
      `Each document level ${what} must have an amount`,
      path,
    );
    const vatCategory = xmlChildren(entry, 'TaxCategory').find(isVatScheme);
    findings.require(
      text(vatCategory, 'ID') !== undefined,
      isCharge ? 'BR-37' : 'BR-32',
      `Each document level ${what} must have a VAT category`,
      path,
    );
    const hasReason = exists(entry, 'AllowanceChargeReason') || exists(entry, 'AllowanceChargeReasonCode');
    findings.require(
      hasReason,
      isCharge ? 'BR-38' : 'BR-33',
      `Each document level ${what} must have a reason or a reason code`,
      path,
    );
    findings.require(
      hasReason,
      isCharge ? 'BR-CO-22' : 'BR-CO-21',
      `Each document level ${what} must contain a reason, a reason code, or both`,
      path,
    );
    const amountText = text(entry, 'Amount');
    checkDecimals(
      amountText,
      isCharge ? 'BR-DEC-05' : 'BR-DEC-01',
      `Document level ${what} amount`,
      `${path}/Amount`,
      findings,
    );
    checkDecimals(
      text(entry, 'BaseAmount'),
      isCharge ? 'BR-DEC-06' : 'BR-DEC-02',
      `Document level ${what} base amount`,
      `${path}/BaseAmount`,
      findings,
    );
    const percentText = text(vatCategory, 'Percent');
    return {
      isCharge,
      category: text(vatCategory, 'ID'),
      percentText,
      percent: decimalValue(percentText),
      amount: hundredths(amountText) ?? 0,
      path: `${path}/TaxCategory`,
    };
  });
}

function checkTaxTotals(
  root: XmlNode,
  currency: string,
  rootPath: string,
  findings: Findings,
): BreakdownUse[] {
  const taxTotals = xmlChildren(root, 'TaxTotal');
  const taxCurrency = text(root, 'TaxCurrencyCode');
  const withBreakdown = taxTotals.filter((total) => exists(total, 'TaxSubtotal'));
  findings.require(
    withBreakdown.length === 1,
    'PEPPOL-EN16931-R053',
    `Exactly one TaxTotal with VAT breakdown is required; found ${withBreakdown.length}`,
    `${rootPath}/TaxTotal`,
  );
  const withoutBreakdown = taxTotals.length - withBreakdown.length;
  findings.require(
    withoutBreakdown === (taxCurrency === undefined ? 0 : 1),
    'PEPPOL-EN16931-R054',
    taxCurrency === undefined
      ? `A TaxTotal without VAT breakdown is only allowed with a VAT accounting currency; found ${withoutBreakdown}`
      : `Exactly one TaxTotal without VAT breakdown is required for the VAT accounting currency; found ${withoutBreakdown}`,
    `${rootPath}/TaxTotal`,
  );
  findings.require(
    withBreakdown.length > 0,
    'BR-CO-18',
    'The document must have at least one VAT breakdown (TaxSubtotal)',
    rootPath,
  );

  const totalIn = (code: string | undefined) =>
    taxTotals
      .map((total) => xmlChild(total, 'TaxAmount'))
      .filter((amount) => amount !== undefined && xmlAttribute(amount, 'currencyID') === code);
  const documentTaxAmounts = totalIn(currency);
  const documentTaxText = text(documentTaxAmounts[0]);
  if (documentTaxText !== undefined) {
    checkDecimals(
      documentTaxText,
      'BR-DEC-13',
      'Invoice total VAT amount',
      `${rootPath}/TaxTotal/TaxAmount`,
      findings,
    );
  }
  if (taxCurrency !== undefined) {
    const accountingAmounts = totalIn(taxCurrency);
    findings.require(
      accountingAmounts.length > 0,
      'BR-53',
      `The VAT total in the VAT accounting currency ${taxCurrency} must be given`,
      `${rootPath}/TaxTotal`,
    );
    const accountingText = text(accountingAmounts[0]);
    checkDecimals(
      accountingText,
      'BR-DEC-15',
      'Invoice total VAT amount in accounting currency',
      `${rootPath}/TaxTotal/TaxAmount`,
      findings,
    );
    const accounting = decimalValue(accountingText);
    const documentTax = decimalValue(documentTaxText);
    if (accounting !== undefined && documentTax !== undefined) {
      findings.require(
        (accounting <= 0 && documentTax <= 0) || (accounting >= 0 && documentTax >= 0),
        'PEPPOL-EN16931-R055',
        `The VAT total ${documentTaxText} ${currency} and the VAT total in accounting currency ${accountingText} ${taxCurrency} must have the same sign`,
        `${rootPath}/TaxTotal`,
      );
    }
  }
  const taxExclusive = hundredths(text(root, 'LegalMonetaryTotal', 'TaxExclusiveAmount'));
  const taxInclusive = hundredths(text(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount'));
  const documentTax = hundredths(documentTaxText);
  findings.require(
    documentTaxAmounts.length === 1 &&
      taxExclusive !== undefined &&
      taxInclusive !== undefined &&
      documentTax !== undefined &&
      taxInclusive === taxExclusive + documentTax,
    'BR-CO-15',
    documentTaxAmounts.length === 1
      ? `Total with VAT ${formatOptional(taxInclusive)} must equal total without VAT ${formatOptional(taxExclusive)} + VAT ${formatOptional(documentTax)}`
      : `Exactly one VAT total in the invoice currency ${currency} is required; found ${documentTaxAmounts.length}`,
    `${rootPath}/LegalMonetaryTotal/TaxInclusiveAmount`,
  );

  const breakdowns: BreakdownUse[] = [];
  taxTotals.forEach((total, totalIndex) => {
    const subtotals = xmlChildren(total, 'TaxSubtotal');
    if (subtotals.length === 0) return;
    const totalPath = `${rootPath}/TaxTotal[${totalIndex + 1}]`;
    let sum = 0;
    subtotals.forEach((subtotal, index) => {
      const path = `${totalPath}/TaxSubtotal[${index + 1}]`;
      const taxableText = text(subtotal, 'TaxableAmount');
      const taxText = text(subtotal, 'TaxAmount');
      findings.require(
        xmlChild(subtotal, 'TaxableAmount') !== undefined,
        'BR-45',
        'Each VAT breakdown must have a taxable amount',
        path,
      );
      findings.require(
        xmlChild(subtotal, 'TaxAmount') !== undefined,
        'BR-46',
        'Each VAT breakdown must have a VAT amount',
        path,
      );
      const category = xmlChildren(subtotal, 'TaxCategory').find(isVatScheme);
      const categoryCode = text(category, 'ID');
      findings.require(
        categoryCode !== undefined,
        'BR-47',
        'Each VAT breakdown must have a VAT category code',
        path,
      );
      const percentText = text(category, 'Percent');
      findings.require(
        percentText !== undefined || categoryCode === 'O',
        'BR-48',
        `The VAT breakdown for category ${categoryCode ?? '(none)'} must have a VAT rate`,
        path,
      );
      checkDecimals(
        taxableText,
        'BR-DEC-19',
        'VAT category taxable amount',
        `${path}/TaxableAmount`,
        findings,
      );
      checkDecimals(taxText, 'BR-DEC-20', 'VAT category tax amount', `${path}/TaxAmount`, findings);
      const taxable = hundredths(taxableText) ?? 0;
      const tax = hundredths(taxText) ?? 0;
      const percent = decimalValue(percentText);
      sum += tax;
      checkBreakdownTax(taxable, tax, percent, 'BR-CO-17', `${path}/TaxAmount`, findings);
      breakdowns.push({
        category: categoryCode,
        percentText,
        percent,
        amount: taxable,
        taxAmount: tax,
        hasExemptionReason:
          exists(category, 'TaxExemptionReason') || exists(category, 'TaxExemptionReasonCode'),
        path: `${path}/TaxCategory`,
      });
    });
    const totalTax = hundredths(text(total, 'TaxAmount'));
    findings.require(
      totalTax === sum,
      'BR-CO-14',
      `Invoice total VAT amount ${formatOptional(totalTax)} must equal the sum of the VAT breakdown amounts ${formatHundredths(sum)}`,
      `${totalPath}/TaxAmount`,
    );
  });
  return breakdowns;
}

function formatOptional(value: number | undefined): string {
  return value === undefined ? '(none)' : formatHundredths(value);
}

/** taxable × percent / 100 in hundredths, rounded half away from zero. */
function expectedTax(taxable: number, percent: number): number {
  return Math.round((Math.abs(taxable) * percent) / 100);
}

/**
 * BR-CO-17 (and BR-S-09, BR-AF-09, BR-AG-09): the VAT amount may differ from taxable × rate by less than
 * one currency unit, in either direction, compared in absolute values.
 */
function checkBreakdownTax(
  taxable: number,
  tax: number,
  percent: number | undefined,
  rule: string,
  path: string,
  findings: Findings,
): void {
  if (percent === undefined || Math.round(percent) === 0) {
    findings.require(
      Math.round(tax / 100) === 0,
      rule,
      `With a VAT rate of zero (or none) the VAT amount must round to zero; found ${formatHundredths(tax)}`,
      path,
    );
    return;
  }
  const expected = expectedTax(taxable, percent);
  findings.require(
    Math.abs(Math.abs(tax) - expected) < 100,
    rule,
    `VAT ${percent} % of ${formatHundredths(taxable)} is ${formatHundredths(expected)}; the breakdown says ${formatHundredths(tax)}`,
    path,
  );
}

function checkMonetaryTotal(
  root: XmlNode,
  documentType: EhfDocumentType,
  lines: CategoryUse[],
  allowanceCharges: AllowanceChargeUse[],
  rootPath: string,
  findings: Findings,
): void {
  const total = xmlChild(root, 'LegalMonetaryTotal');
  const path = `${rootPath}/LegalMonetaryTotal`;
  const textOf = (name: string) => text(total, name);
  const amount = (name: string) => hundredths(textOf(name));
  const present = (name: string) => xmlChild(total, name) !== undefined;
  findings.require(
    present('LineExtensionAmount'),
    'BR-12',
    'The sum of line net amounts (LineExtensionAmount) is missing',
    path,
  );
  findings.require(
    present('TaxExclusiveAmount'),
    'BR-13',
    'The total without VAT (TaxExclusiveAmount) is missing',
    path,
  );
  findings.require(
    present('TaxInclusiveAmount'),
    'BR-14',
    'The total with VAT (TaxInclusiveAmount) is missing',
    path,
  );
  findings.require(
    present('PayableAmount'),
    'BR-15',
    'The amount due for payment (PayableAmount) is missing',
    path,
  );
  const decimals: [string, string][] = [
    ['LineExtensionAmount', 'BR-DEC-09'],
    ['AllowanceTotalAmount', 'BR-DEC-10'],
    ['ChargeTotalAmount', 'BR-DEC-11'],
    ['TaxExclusiveAmount', 'BR-DEC-12'],
    ['TaxInclusiveAmount', 'BR-DEC-14'],
    ['PrepaidAmount', 'BR-DEC-16'],
    ['PayableRoundingAmount', 'BR-DEC-17'],
    ['PayableAmount', 'BR-DEC-18'],
  ];
  for (const [name, rule] of decimals) checkDecimals(textOf(name), rule, name, `${path}/${name}`, findings);
  if (total === undefined) return;

  const lineSum = lines.reduce((sum, line) => sum + line.amount, 0);
  const lineExtension = amount('LineExtensionAmount');
  findings.require(
    lineExtension === lineSum,
    'BR-CO-10',
    `Sum of line net amounts ${formatOptional(lineExtension)} must equal the lines' net amounts added up, ${formatHundredths(lineSum)}`,
    `${path}/LineExtensionAmount`,
  );
  const allowances = allowanceCharges.filter((entry) => !entry.isCharge);
  const charges = allowanceCharges.filter((entry) => entry.isCharge);
  const allowanceTotal = amount('AllowanceTotalAmount');
  const chargeTotal = amount('ChargeTotalAmount');
  const allowanceSum = allowances.reduce((sum, entry) => sum + entry.amount, 0);
  const chargeSum = charges.reduce((sum, entry) => sum + entry.amount, 0);
  findings.require(
    allowanceTotal === undefined ? allowances.length === 0 : allowanceTotal === allowanceSum,
    'BR-CO-11',
    `Sum of document level allowances ${formatOptional(allowanceTotal)} must equal the allowances added up, ${formatHundredths(allowanceSum)}`,
    `${path}/AllowanceTotalAmount`,
  );
  findings.require(
    chargeTotal === undefined ? charges.length === 0 : chargeTotal === chargeSum,
    'BR-CO-12',
    `Sum of document level charges ${formatOptional(chargeTotal)} must equal the charges added up, ${formatHundredths(chargeSum)}`,
    `${path}/ChargeTotalAmount`,
  );
  const taxExclusive = amount('TaxExclusiveAmount');
  const expectedExclusive = (lineExtension ?? 0) - (allowanceTotal ?? 0) + (chargeTotal ?? 0);
  findings.require(
    taxExclusive === expectedExclusive,
    'BR-CO-13',
    `Total without VAT ${formatOptional(taxExclusive)} must equal line net amounts − allowances + charges = ${formatHundredths(expectedExclusive)}`,
    `${path}/TaxExclusiveAmount`,
  );
  const payable = amount('PayableAmount');
  const expectedPayable =
    (amount('TaxInclusiveAmount') ?? 0) -
    (amount('PrepaidAmount') ?? 0) +
    (amount('PayableRoundingAmount') ?? 0);
  findings.require(
    payable === expectedPayable,
    'BR-CO-16',
    `Amount due ${formatOptional(payable)} must equal total with VAT − paid amount + rounding = ${formatHundredths(expectedPayable)}`,
    `${path}/PayableAmount`,
  );
  if (documentType === 'Invoice' && payable !== undefined && payable > 0) {
    const hasDueDate =
      exists(root, 'DueDate') ||
      xmlChildren(root, 'PaymentMeans').some((means) => exists(means, 'PaymentDueDate'));
    findings.require(
      hasDueDate || xmlChildren(root, 'PaymentTerms').some((terms) => exists(terms, 'Note')),
      'BR-CO-25',
      `The amount due ${formatHundredths(payable)} is positive, so a payment due date or payment terms must be given`,
      rootPath,
    );
  }
}

function checkPaymentMeans(root: XmlNode, rootPath: string, findings: Findings): void {
  const allMeans = xmlChildren(root, 'PaymentMeans');
  const cards = allMeans.filter((means) => exists(means, 'CardAccount')).length;
  const mandates = allMeans.filter((means) => exists(means, 'PaymentMandate')).length;
  findings.require(
    cards <= 1,
    'BR-66',
    `At most one payment card account is allowed; found ${cards}`,
    rootPath,
  );
  findings.require(
    mandates <= 1,
    'BR-67',
    `At most one payment mandate is allowed; found ${mandates}`,
    rootPath,
  );
  allMeans.forEach((means, index) => {
    const path = `${rootPath}/PaymentMeans[${index + 1}]`;
    const code = text(means, 'PaymentMeansCode');
    findings.require(
      code !== undefined,
      'BR-49',
      'Each payment instruction must have a payment means code',
      path,
    );
    const isCreditTransfer = code === '30' || code === '58';
    const accountId = text(means, 'PayeeFinancialAccount', 'ID');
    if (isCreditTransfer && exists(means, 'PayeeFinancialAccount')) {
      findings.require(
        accountId !== undefined,
        'BR-50',
        'A credit transfer must name the payment account',
        `${path}/PayeeFinancialAccount`,
      );
    }
    findings.require(
      !isCreditTransfer || exists(means, 'PayeeFinancialAccount', 'ID'),
      'BR-61',
      `Payment means ${code} (credit transfer) needs the payment account identifier`,
      path,
    );
    const cardNumber = text(means, 'CardAccount', 'PrimaryAccountNumberID');
    if (cardNumber !== undefined) {
      findings.require(
        cardNumber.length <= 10,
        'BR-51',
        'An invoice should never include a full card number; give at most the first 6 and last 4 digits',
        `${path}/CardAccount/PrimaryAccountNumberID`,
      );
    }
    if (code === '49' || code === '59') {
      findings.require(
        exists(means, 'PaymentMandate', 'ID'),
        'PEPPOL-EN16931-R061',
        `Payment means ${code} (direct debit) needs the mandate reference`,
        path,
      );
    }
  });
}

function checkVatCategories(
  root: XmlNode,
  lines: CategoryUse[],
  allowanceCharges: AllowanceChargeUse[],
  breakdowns: BreakdownUse[],
  parties: PartyFacts,
  findings: Findings,
): void {
  const allowances = allowanceCharges.filter((entry) => !entry.isCharge);
  const charges = allowanceCharges.filter((entry) => entry.isCharge);
  const sellerIdentified = {
    taxRegistration: parties.sellerTaxRegistration || parties.taxRepresentativeVatId !== undefined,
    vat: parties.sellerVatId !== undefined || parties.taxRepresentativeVatId !== undefined,
  };
  for (const rules of VAT_CATEGORIES) {
    const { code, prefix, label } = rules;
    const isCode = (use: CategoryUse) => use.category === code;
    const categoryLines = lines.filter(isCode);
    const categoryAllowances = allowances.filter(isCode);
    const categoryCharges = charges.filter(isCode);
    const categoryBreakdowns = breakdowns.filter(isCode);
    const used = categoryLines.length + categoryAllowances.length + categoryCharges.length;
    if (used === 0 && categoryBreakdowns.length === 0) continue;

    findings.require(
      rules.perRate ? used > 0 === categoryBreakdowns.length > 0 : categoryBreakdowns.length === 1,
      `${prefix}-01`,
      rules.perRate
        ? `Lines, allowances or charges in VAT category ${code} (${label}) need at least one VAT breakdown for ${code}, and a breakdown for ${code} needs such lines, allowances or charges`
        : `VAT category ${code} (${label}) is used, so exactly one VAT breakdown for ${code} is required; found ${categoryBreakdowns.length}`,
    );

    const parts: [CategoryUse[], string, string][] = [
      [categoryLines, '02', 'an invoice line'],
      [categoryAllowances, '03', 'a document level allowance'],
      [categoryCharges, '04', 'a document level charge'],
    ];
    for (const [uses, number, where] of parts) {
      if (uses.length === 0) continue;
      const rule = `${prefix}-${number}`;
      if (rules.sellerId === 'forbidden') {
        findings.require(
          parties.sellerVatId === undefined &&
            parties.taxRepresentativeVatId === undefined &&
            parties.buyerVatId === undefined,
          rule,
          `With ${where} not subject to VAT (O), the seller, the tax representative and the buyer must not have VAT identifiers`,
          uses[0]?.path,
        );
        continue;
      }
      const buyerOk =
        rules.buyerId === undefined ||
        parties.buyerVatId !== undefined ||
        (rules.buyerId === 'vatOrLegal' && parties.buyerLegalId);
      findings.require(
        sellerIdentified[rules.sellerId] && buyerOk,
        rule,
        `With ${where} in VAT category ${code} (${label}), the seller${rules.sellerId === 'vat' ? "'s VAT identifier" : "'s VAT identifier or tax registration"} (or the tax representative's VAT identifier)${rules.buyerId === undefined ? '' : rules.buyerId === 'vat' ? " and the buyer's VAT identifier" : " and the buyer's VAT identifier or legal registration"} must be given`,
        uses[0]?.path,
      );
    }

    const rates: [CategoryUse[], string, string][] = [
      [categoryLines, '05', 'line'],
      [categoryAllowances, '06', 'document level allowance'],
      [categoryCharges, '07', 'document level charge'],
    ];
    for (const [uses, number, where] of rates) {
      for (const use of uses) checkCategoryRate(rules, use, `${prefix}-${number}`, where, findings);
    }

    for (const breakdown of categoryBreakdowns) {
      const matches = (use: CategoryUse) => !rules.perRate || use.percent === breakdown.percent;
      const expected =
        categoryLines.filter(matches).reduce((sum, use) => sum + use.amount, 0) +
        categoryCharges.filter(matches).reduce((sum, use) => sum + use.amount, 0) -
        categoryAllowances.filter(matches).reduce((sum, use) => sum + use.amount, 0);
      if (rules.perRate) {
        const hasSource =
          categoryLines.some(matches) || categoryAllowances.some(matches) || categoryCharges.some(matches);
        findings.require(
          breakdown.percent === undefined || (hasSource && Math.abs(breakdown.amount - expected) < 100),
          `${prefix}-08`,
          `Taxable amount ${formatHundredths(breakdown.amount)} for ${code} ${breakdown.percentText ?? ''} % must equal the lines plus charges minus allowances at that rate, ${formatHundredths(expected)}`,
          breakdown.path,
        );
        checkBreakdownTax(
          breakdown.amount,
          breakdown.taxAmount,
          breakdown.percent,
          `${prefix}-09`,
          breakdown.path,
          findings,
        );
      } else {
        findings.require(
          breakdown.amount === expected,
          `${prefix}-08`,
          `Taxable amount ${formatHundredths(breakdown.amount)} for ${code} (${label}) must equal the lines plus charges minus allowances in ${code}, ${formatHundredths(expected)}`,
          breakdown.path,
        );
        findings.require(
          breakdown.taxAmount === 0,
          `${prefix}-09`,
          `The VAT amount for ${code} (${label}) must be zero; found ${formatHundredths(breakdown.taxAmount)}`,
          breakdown.path,
        );
      }
      findings.require(
        rules.exemptionReason === 'required' ? breakdown.hasExemptionReason : !breakdown.hasExemptionReason,
        `${prefix}-10`,
        rules.exemptionReason === 'required'
          ? `The VAT breakdown for ${code} (${label}) must give an exemption reason or reason code`
          : `The VAT breakdown for ${code} (${label}) must not give an exemption reason or reason code`,
        breakdown.path,
      );
    }
  }

  if (breakdowns.some((breakdown) => breakdown.category === 'O')) {
    const isOther = (use: CategoryUse) => use.category !== undefined && use.category !== 'O';
    findings.require(
      !breakdowns.some(isOther),
      'BR-O-11',
      'A document with a breakdown not subject to VAT (O) must not have other VAT breakdowns',
    );
    findings.require(
      !lines.some(isOther),
      'BR-O-12',
      'A document with a breakdown not subject to VAT (O) must not have lines in another VAT category',
    );
    findings.require(
      !allowances.some(isOther),
      'BR-O-13',
      'A document with a breakdown not subject to VAT (O) must not have allowances in another VAT category',
    );
    findings.require(
      !charges.some(isOther),
      'BR-O-14',
      'A document with a breakdown not subject to VAT (O) must not have charges in another VAT category',
    );
  }
  if (breakdowns.some((breakdown) => breakdown.category === 'K')) {
    const delivery = xmlChild(root, 'Delivery');
    const hasDeliveryDate = (text(delivery, 'ActualDeliveryDate') ?? '').length > 1;
    const period = xmlChild(root, 'InvoicePeriod');
    findings.require(
      hasDeliveryDate || (period !== undefined && childElementNames(period).length > 0),
      'BR-IC-11',
      'An intra-community supply (K) needs the actual delivery date or the invoicing period',
    );
    findings.require(
      (text(delivery, 'DeliveryLocation', 'Address', 'Country', 'IdentificationCode') ?? '').length > 1,
      'BR-IC-12',
      'An intra-community supply (K) needs the deliver-to country code',
    );
  }
}

function checkCategoryRate(
  rules: VatCategoryRules,
  use: CategoryUse,
  rule: string,
  where: string,
  findings: Findings,
): void {
  const { code, label } = rules;
  const rate = use.percent;
  switch (rules.rate) {
    case 'positive':
      findings.require(
        rate !== undefined && rate > 0,
        rule,
        `A ${where} in VAT category ${code} (${label}) must have a rate above zero; found ${use.percentText ?? '(none)'}`,
        use.path,
      );
      return;
    case 'zero':
      findings.require(
        rate === 0,
        rule,
        `A ${where} in VAT category ${code} (${label}) must have a rate of 0; found ${use.percentText ?? '(none)'}`,
        use.path,
      );
      return;
    case 'nonNegative':
      findings.require(
        rate !== undefined && rate >= 0,
        rule,
        `A ${where} in VAT category ${code} (${label}) must have a rate of 0 or more; found ${use.percentText ?? '(none)'}`,
        use.path,
      );
      return;
    case 'absent':
      findings.require(
        use.percentText === undefined,
        rule,
        `A ${where} not subject to VAT (O) must not have a VAT rate; found ${use.percentText ?? ''}`,
        use.path,
      );
      return;
  }
}

/** The seller's country as the Norwegian rules read it: VAT number prefix, tax representative, then address. */
function supplierCountry(root: XmlNode): string {
  const supplier = xmlPath(root, 'AccountingSupplierParty', 'Party');
  const vatPrefix = vatIdOf(supplier)?.slice(0, 2);
  if (vatPrefix) return vatPrefix.toUpperCase();
  const representativePrefix = vatIdOf(xmlChild(root, 'TaxRepresentativeParty'))?.slice(0, 2);
  if (representativePrefix) return representativePrefix.toUpperCase();
  return countryOf(supplier) ?? 'XX';
}

function checkNorwegianSupplier(root: XmlNode, rootPath: string, findings: Findings): void {
  if (supplierCountry(root) !== 'NO') return;
  const supplier = xmlPath(root, 'AccountingSupplierParty', 'Party');
  const path = `${rootPath}/AccountingSupplierParty/Party`;
  const vatId = vatIdOf(supplier);
  if (vatId?.startsWith('NO')) {
    const digits = vatId.slice(2, 11);
    findings.require(
      /^NO\d{9}MVA$/.test(vatId) && hasValidMod11CheckDigit(digits),
      'NO-R-001',
      `A Norwegian seller's VAT number must be NO, a valid organisation number (nine digits) and MVA; found ${vatId}`,
      `${path}/PartyTaxScheme`,
    );
  }
  const registerNotice = xmlChildren(supplier, 'PartyTaxScheme').find(
    (scheme) => text(scheme, 'TaxScheme', 'ID') === 'TAX',
  );
  findings.require(
    text(registerNotice, 'CompanyID') === 'Foretaksregisteret',
    'NO-R-002',
    'Most Norwegian sellers (AS, ASA, branches of foreign companies) must state "Foretaksregisteret" on the invoice (PartyTaxScheme with TaxScheme TAX)',
    path,
  );
}
