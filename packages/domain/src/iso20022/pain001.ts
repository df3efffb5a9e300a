import { DomainError } from '../errors';
import { currencyMinorUnits, minorUnitsToDecimal, oreFromDecimal } from '../money/decimal';
import { type Ore, ore } from '../money/ore';
import {
  escapeXml,
  type SafeXmlOptions,
  type XmlNode,
  xmlChild,
  xmlChildren,
  xmlText,
  xmlTextAt,
} from '../xml/safe-xml';
import {
  type AccountIdentification,
  isoDateOf,
  openIsoMessage,
  readAccountIdentification,
  readCodeOrProprietary,
  readCurrencyAmount,
} from './common';

export type Pain001Version = '001.001.03' | '001.001.09';
export const PAIN001_VERSIONS: readonly Pain001Version[] = ['001.001.03', '001.001.09'];

export type ChargeBearer = 'DEBT' | 'CRED' | 'SHAR' | 'SLEV';

/** Exactly one of `iban` and `bban` (a Norwegian 11-digit account number for domestic payments). */
export interface PaymentAccount {
  iban?: string;
  bban?: string;
}

export interface PostalAddress {
  street?: string;
  postCode?: string;
  town?: string;
  /** ISO 3166 alpha-2. */
  country?: string;
}

export interface PaymentDebtor {
  name: string;
  account: PaymentAccount;
  bic?: string;
}

export interface PaymentCreditor {
  name: string;
  account: PaymentAccount;
  /** Required for international payments. */
  bic?: string;
  address?: PostalAddress;
}

/**
 * Norwegian regulatory reporting (betalingsformål) for cross-border payments: a code from Norges Bank's
 * list and a short description. Required when an international payment exceeds NOK 100 000.
 */
export interface RegulatoryReporting {
  code: string;
  text: string;
}

export interface CreditTransfer {
  endToEndId: string;
  instructionId?: string;
  /** Minor units of `currency`. */
  amount: Ore;
  currency: string;
  /** Requested execution date, YYYY-MM-DD. */
  executionDate: string;
  debtor: PaymentDebtor;
  creditor: PaymentCreditor;
  /** KID, written as a structured creditor reference (SCOR). */
  kid?: string;
  /** ISO 11649 creditor reference (RF…), also written as SCOR. */
  creditorReference?: string;
  /** Free text to the creditor; cut to the 140 characters the format allows. */
  message?: string;
  regulatoryReporting?: RegulatoryReporting;
  /** NOK value of a foreign-currency payment, used to decide whether regulatory reporting is required. */
  nokEquivalent?: Ore;
  chargeBearer?: ChargeBearer;
}

export interface Pain001Message {
  /** Unique per file sent to the bank, at most 35 characters. */
  messageId: string;
  /** ISO date-time of creation. */
  createdAt: string;
  initiatingParty: { name: string; organisationNumber?: string };
  payments: CreditTransfer[];
}

const MAX_TEXT_35 = 35;
const MAX_TEXT_140 = 140;
/** Cross-border payments above NOK 100 000 must carry regulatory reporting (in øre). */
export const REGULATORY_REPORTING_THRESHOLD_ORE = ore(100_000_00);
const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:pain.';

function invalidPayment(message: string, details?: unknown): DomainError {
  return new DomainError('INVALID_PAYMENT', message, details);
}

function requireText(value: string | undefined, what: string, maxLength: number): string {
  const text = value?.trim() ?? '';
  if (text.length === 0) throw invalidPayment(`${what} is required`);
  if (text.length > maxLength) throw invalidPayment(`${what} is longer than ${maxLength} characters`);
  return text;
}

function isDomestic(payment: CreditTransfer): boolean {
  const { iban, bban } = payment.creditor.account;
  return payment.currency === 'NOK' && (bban !== undefined || iban?.toUpperCase().startsWith('NO') === true);
}

function needsRegulatoryReporting(payment: CreditTransfer): boolean {
  if (isDomestic(payment)) return false;
  const nokValue = payment.currency === 'NOK' ? payment.amount : payment.nokEquivalent;
  return nokValue !== undefined && nokValue > REGULATORY_REPORTING_THRESHOLD_ORE;
}

function checkAccount(account: PaymentAccount, what: string): void {
  const hasIban = account.iban !== undefined && account.iban.trim() !== '';
  const hasBban = account.bban !== undefined && account.bban.trim() !== '';
  if (hasIban === hasBban) throw invalidPayment(`${what} needs exactly one of iban and bban`);
  if (hasIban && !/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact(account.iban ?? ''))) {
    throw invalidPayment(`${what} IBAN "${account.iban}" is not well formed`);
  }
  if (hasBban && !/^[A-Za-z0-9]{1,34}$/.test(compact(account.bban ?? ''))) {
    throw invalidPayment(`${what} account number "${account.bban}" is not well formed`);
  }
}

function compact(value: string): string {
  return value.replace(/[\s.]/g, '');
}

function checkPayment(payment: CreditTransfer, index: number): void {
  const where = `Payment ${index + 1} (${payment.endToEndId})`;
  requireText(payment.endToEndId, `Payment ${index + 1}: endToEndId`, MAX_TEXT_35);
  if (payment.instructionId !== undefined)
    requireText(payment.instructionId, `${where}: instructionId`, MAX_TEXT_35);
  if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
    throw invalidPayment(`${where}: the amount must be a positive whole number of minor units`);
  }
  currencyMinorUnits(payment.currency);
  if (payment.currency !== payment.currency.toUpperCase())
    throw invalidPayment(`${where}: currency must be upper case`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(payment.executionDate)) {
    throw invalidPayment(`${where}: executionDate must be YYYY-MM-DD`);
  }
  isoDateOf(payment.executionDate);
  requireText(payment.debtor.name, `${where}: debtor name`, MAX_TEXT_140);
  requireText(payment.creditor.name, `${where}: creditor name`, MAX_TEXT_140);
  checkAccount(payment.debtor.account, `${where}: debtor account`);
  checkAccount(payment.creditor.account, `${where}: creditor account`);
  if (payment.kid !== undefined && !/^\d{1,24}[\d-]$/.test(payment.kid)) {
    throw invalidPayment(`${where}: KID "${payment.kid}" must be 2 to 25 digits (the last may be '-')`);
  }
  if (
    payment.creditorReference !== undefined &&
    !/^RF\d{2}[A-Za-z0-9]{1,21}$/.test(payment.creditorReference)
  ) {
    throw invalidPayment(`${where}: creditorReference must be an RF reference`);
  }
  const references = [payment.kid, payment.creditorReference].filter((value) => value !== undefined).length;
  if (references > 1) throw invalidPayment(`${where}: give a KID or an RF reference, not both`);
  if (references > 0 && payment.message !== undefined && payment.message.trim() !== '') {
    throw invalidPayment(`${where}: a payment with a KID or RF reference cannot also carry a message`);
  }
  if (isDomestic(payment)) {
    if (
      payment.creditor.account.bban !== undefined &&
      !/^\d{11}$/.test(compact(payment.creditor.account.bban))
    ) {
      throw invalidPayment(`${where}: a Norwegian account number has 11 digits`);
    }
    return;
  }
  if (
    payment.creditor.bic === undefined ||
    !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(payment.creditor.bic)
  ) {
    throw invalidPayment(`${where}: an international payment needs the creditor's BIC`);
  }
  if (creditorCountry(payment) === undefined) {
    throw invalidPayment(`${where}: an international payment needs the creditor's country`);
  }
  if (needsRegulatoryReporting(payment) && payment.regulatoryReporting === undefined) {
    throw invalidPayment(
      `${where}: payments abroad above NOK 100 000 need regulatoryReporting (code and text)`,
    );
  }
  if (payment.regulatoryReporting !== undefined) {
    requireText(payment.regulatoryReporting.code, `${where}: regulatory reporting code`, 10);
    requireText(payment.regulatoryReporting.text, `${where}: regulatory reporting text`, MAX_TEXT_35);
  }
}

function creditorCountry(payment: CreditTransfer): string | undefined {
  const country = payment.creditor.address?.country ?? payment.creditor.account.iban?.slice(0, 2);
  return country !== undefined && /^[A-Z]{2}$/.test(country) ? country : undefined;
}

/** A small element tree rendered with two-space indentation; children keep the order given. */
interface XmlTree {
  open: string;
  close: string;
  text?: string;
  children?: XmlContent[];
}
type XmlContent = XmlTree | XmlContent[] | undefined;

function element(name: string, content: string | XmlContent[], attributes?: Record<string, string>): XmlTree {
  const attributeText = attributes
    ? Object.entries(attributes)
        .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
        .join('')
    : '';
  const open = `<${name}${attributeText}>`;
  const close = `</${name}>`;
  return typeof content === 'string'
    ? { open, close, text: escapeXml(content) }
    : { open, close, children: content };
}

function render(content: XmlContent, depth: number, lines: string[]): void {
  if (content === undefined) return;
  if (Array.isArray(content)) {
    for (const child of content) render(child, depth, lines);
    return;
  }
  const indent = '  '.repeat(depth);
  if (content.text !== undefined) {
    lines.push(`${indent}${content.open}${content.text}${content.close}`);
    return;
  }
  lines.push(`${indent}${content.open}`);
  for (const child of content.children ?? []) render(child, depth + 1, lines);
  lines.push(`${indent}${content.close}`);
}

function optional(value: string | undefined, write: (value: string) => XmlTree): XmlTree | undefined {
  return value === undefined || value.trim() === '' ? undefined : write(value.trim());
}

function truncate(value: string, maxLength: number): string {
  const characters = Array.from(value.trim());
  return characters.length <= maxLength ? value.trim() : characters.slice(0, maxLength).join('');
}

/** Decimal sum of amounts across currencies (CtrlSum is a plain number, whatever the currencies). */
function controlSum(payments: readonly CreditTransfer[]): string {
  const scale = Math.max(0, ...payments.map((payment) => currencyMinorUnits(payment.currency)));
  let total = 0n;
  for (const payment of payments) {
    total += BigInt(payment.amount) * 10n ** BigInt(scale - currencyMinorUnits(payment.currency));
  }
  return trimDecimal(bigintToDecimal(total, scale));
}

function bigintToDecimal(value: bigint, scale: number): string {
  if (scale === 0) return value.toString();
  const digits = value.toString().padStart(scale + 1, '0');
  return `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}

function trimDecimal(value: string): string {
  if (!value.includes('.')) return value;
  const [integerPart, fractionPart = ''] = value.split('.');
  const fraction = fractionPart.replace(/0+$/, '').padEnd(2, '0');
  return `${integerPart}.${fraction}`;
}

interface VersionSyntax {
  bicElement: 'BIC' | 'BICFI';
  organisationBicElement: 'BICOrBEI' | 'AnyBIC';
  executionDate: (date: string) => XmlContent;
}

const SYNTAX: Readonly<Record<Pain001Version, VersionSyntax>> = {
  '001.001.03': {
    bicElement: 'BIC',
    organisationBicElement: 'BICOrBEI',
    executionDate: (date) => element('ReqdExctnDt', date),
  },
  '001.001.09': {
    bicElement: 'BICFI',
    organisationBicElement: 'AnyBIC',
    executionDate: (date) => element('ReqdExctnDt', [element('Dt', date)]),
  },
};

function accountXml(account: PaymentAccount, currency?: string): XmlContent[] {
  const id =
    account.iban !== undefined && account.iban.trim() !== ''
      ? element('IBAN', compact(account.iban).toUpperCase())
      : element('Othr', [
          element('Id', compact(account.bban ?? '')),
          element('SchmeNm', [element('Cd', 'BBAN')]),
        ]);
  return [element('Id', [id]), optional(currency, (value) => element('Ccy', value))];
}

function agentXml(bic: string | undefined, syntax: VersionSyntax): XmlContent[] {
  // The agent is mandatory for the debtor; without a BIC the EPC convention is Othr/Id NOTPROVIDED.
  const identification =
    bic === undefined || bic.trim() === ''
      ? element('Othr', [element('Id', 'NOTPROVIDED')])
      : element(syntax.bicElement, bic.trim().toUpperCase());
  return [element('FinInstnId', [identification])];
}

function addressXml(address: PostalAddress | undefined, country: string | undefined): XmlContent {
  const street = address?.street;
  const postCode = address?.postCode;
  const town = address?.town;
  if (street === undefined && postCode === undefined && town === undefined && country === undefined)
    return undefined;
  return element('PstlAdr', [
    optional(street, (value) => element('StrtNm', truncate(value, 70))),
    optional(postCode, (value) => element('PstCd', truncate(value, 16))),
    optional(town, (value) => element('TwnNm', truncate(value, 35))),
    optional(country, (value) => element('Ctry', value)),
  ]);
}

function remittanceXml(payment: CreditTransfer): XmlContent {
  const reference = payment.kid ?? payment.creditorReference;
  if (reference !== undefined) {
    return element('RmtInf', [
      element('Strd', [
        element('CdtrRefInf', [
          element('Tp', [
            element('CdOrPrtry', [element('Cd', 'SCOR')]),
            payment.creditorReference !== undefined ? element('Issr', 'ISO') : undefined,
          ]),
          element('Ref', reference),
        ]),
      ]),
    ]);
  }
  return optional(payment.message, (message) =>
    element('RmtInf', [element('Ustrd', truncate(message, MAX_TEXT_140))]),
  );
}

function transactionXml(payment: CreditTransfer, syntax: VersionSyntax): XmlContent {
  const domestic = isDomestic(payment);
  const reporting = payment.regulatoryReporting;
  return element('CdtTrfTxInf', [
    element('PmtId', [
      optional(payment.instructionId, (value) => element('InstrId', value)),
      element('EndToEndId', payment.endToEndId.trim()),
    ]),
    element('Amt', [
      element('InstdAmt', minorUnitsToDecimal(payment.amount, currencyMinorUnits(payment.currency)), {
        Ccy: payment.currency,
      }),
    ]),
    domestic ? undefined : element('ChrgBr', payment.chargeBearer ?? 'SHAR'),
    optional(payment.creditor.bic, (bic) => element('CdtrAgt', agentXml(bic, syntax))),
    element('Cdtr', [
      element('Nm', truncate(payment.creditor.name, MAX_TEXT_140)),
      addressXml(
        payment.creditor.address,
        domestic ? payment.creditor.address?.country : creditorCountry(payment),
      ),
    ]),
    element('CdtrAcct', accountXml(payment.creditor.account)),
    reporting === undefined
      ? undefined
      : element('RgltryRptg', [
          element('Dtls', [
            element('Cd', reporting.code.trim()),
            element('Inf', truncate(reporting.text, MAX_TEXT_35)),
          ]),
        ]),
    remittanceXml(payment),
  ]);
}

interface PaymentGroup {
  debtor: PaymentDebtor;
  executionDate: string;
  payments: CreditTransfer[];
}

function accountKey(account: PaymentAccount): string {
  return account.iban !== undefined && account.iban.trim() !== ''
    ? `IBAN:${compact(account.iban).toUpperCase()}`
    : `BBAN:${compact(account.bban ?? '')}`;
}

/** One PmtInf per debtor account and execution date, in the order the groups first appear. */
function groupPayments(payments: readonly CreditTransfer[]): PaymentGroup[] {
  const groups = new Map<string, PaymentGroup>();
  for (const payment of payments) {
    const key = `${accountKey(payment.debtor.account)}|${payment.executionDate}`;
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, { debtor: payment.debtor, executionDate: payment.executionDate, payments: [payment] });
    } else {
      group.payments.push(payment);
    }
  }
  return [...groups.values()];
}

/**
 * Writes a pain.001 customer credit transfer initiation for a batch of Norwegian domestic (NOK to a BBAN,
 * KID or message) and international payments (IBAN, BIC, regulatory reporting). Element order follows the
 * ISO 20022 XSD of the chosen version. Throws DomainError INVALID_PAYMENT on input the bank would reject.
 */
export function writePain001(message: Pain001Message, version: Pain001Version = '001.001.03'): string {
  const syntax = SYNTAX[version];
  if (syntax === undefined) throw invalidPayment(`Unsupported pain.001 version ${String(version)}`);
  const messageId = requireText(message.messageId, 'messageId', MAX_TEXT_35);
  requireText(message.initiatingParty.name, 'initiatingParty.name', MAX_TEXT_140);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(message.createdAt)) {
    throw invalidPayment('createdAt must be an ISO date-time');
  }
  if (message.payments.length === 0) throw invalidPayment('A payment file needs at least one payment');
  message.payments.forEach(checkPayment);

  const paymentInfoPrefix = messageId.slice(0, MAX_TEXT_35 - 6);
  const paymentInfos = groupPayments(message.payments).map((group, index) =>
    element('PmtInf', [
      element('PmtInfId', `${paymentInfoPrefix}-${index + 1}`),
      element('PmtMtd', 'TRF'),
      element('NbOfTxs', String(group.payments.length)),
      element('CtrlSum', controlSum(group.payments)),
      element('PmtTpInf', [element('SvcLvl', [element('Cd', 'NURG')])]),
      syntax.executionDate(group.executionDate),
      element('Dbtr', [element('Nm', truncate(group.debtor.name, MAX_TEXT_140))]),
      element('DbtrAcct', accountXml(group.debtor.account)),
      element('DbtrAgt', agentXml(group.debtor.bic, syntax)),
      group.payments.map((payment) => transactionXml(payment, syntax)),
    ]),
  );
  const organisationNumber = message.initiatingParty.organisationNumber;
  const document = element(
    'Document',
    [
      element('CstmrCdtTrfInitn', [
        element('GrpHdr', [
          element('MsgId', messageId),
          element('CreDtTm', message.createdAt),
          element('NbOfTxs', String(message.payments.length)),
          element('CtrlSum', controlSum(message.payments)),
          element('InitgPty', [
            element('Nm', truncate(message.initiatingParty.name, MAX_TEXT_140)),
            optional(organisationNumber, (value) =>
              element('Id', [
                element('OrgId', [
                  element('Othr', [element('Id', value), element('SchmeNm', [element('Cd', 'CUST')])]),
                ]),
              ]),
            ),
          ]),
        ]),
        paymentInfos,
      ]),
    ],
    { xmlns: `${NAMESPACE_PREFIX}${version}` },
  );
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(document, 0, lines);
  return `${lines.join('\n')}\n`;
}

export interface Pain001RegulatoryReport {
  code: string | undefined;
  text: string | undefined;
}

export interface Pain001Transaction {
  instructionId: string | undefined;
  endToEndId: string | undefined;
  amount: Ore;
  currency: string;
  chargeBearer: string | undefined;
  creditorName: string | undefined;
  creditorAccount: AccountIdentification | undefined;
  creditorBic: string | undefined;
  creditorAddress: PostalAddress | undefined;
  kid: string | undefined;
  creditorReference: string | undefined;
  message: string | undefined;
  regulatoryReporting: Pain001RegulatoryReport[];
}

export interface Pain001PaymentInfo {
  id: string | undefined;
  numberOfTransactions: number | undefined;
  controlSum: string | undefined;
  executionDate: string | undefined;
  debtorName: string | undefined;
  debtorAccount: AccountIdentification | undefined;
  debtorBic: string | undefined;
  chargeBearer: string | undefined;
  transactions: Pain001Transaction[];
}

export interface Pain001Document {
  version: string | undefined;
  messageId: string | undefined;
  createdAt: string | undefined;
  numberOfTransactions: number | undefined;
  controlSum: string | undefined;
  initiatingPartyName: string | undefined;
  paymentInfos: Pain001PaymentInfo[];
}

function readCount(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value))
    throw new DomainError('INVALID_PAYMENT', `NbOfTxs "${value}" is not a number`);
  return Number(value);
}

function readBic(agent: XmlNode | undefined): string | undefined {
  const institution = xmlChild(agent, 'FinInstnId');
  return xmlTextAt(institution, 'BIC') ?? xmlTextAt(institution, 'BICFI');
}

/** Reads a pain.001 customer credit transfer initiation (001.001.03 to 001.001.09 and national variants). */
export function parsePain001(input: string | Uint8Array, options?: SafeXmlOptions): Pain001Document {
  const { message: initiation, version } = openIsoMessage(input, options, {
    message: 'pain.001',
    description: 'pain.001 credit transfer initiation',
    element: 'CstmrCdtTrfInitn',
  });
  const header = xmlChild(initiation, 'GrpHdr');
  return {
    version,
    messageId: xmlTextAt(header, 'MsgId'),
    createdAt: xmlTextAt(header, 'CreDtTm'),
    numberOfTransactions: readCount(xmlTextAt(header, 'NbOfTxs')),
    controlSum: xmlTextAt(header, 'CtrlSum'),
    initiatingPartyName: xmlTextAt(header, 'InitgPty', 'Nm'),
    paymentInfos: xmlChildren(initiation, 'PmtInf').map(readPaymentInfo),
  };
}

function readPaymentInfo(paymentInfo: XmlNode): Pain001PaymentInfo {
  const executionDate = xmlChild(paymentInfo, 'ReqdExctnDt');
  return {
    id: xmlTextAt(paymentInfo, 'PmtInfId'),
    numberOfTransactions: readCount(xmlTextAt(paymentInfo, 'NbOfTxs')),
    controlSum: xmlTextAt(paymentInfo, 'CtrlSum'),
    executionDate: isoDateOf(
      xmlText(executionDate) ?? xmlTextAt(executionDate, 'Dt') ?? xmlTextAt(executionDate, 'DtTm'),
    ),
    debtorName: xmlTextAt(paymentInfo, 'Dbtr', 'Nm'),
    debtorAccount: readAccountIdentification(xmlChild(paymentInfo, 'DbtrAcct')),
    debtorBic: readBic(xmlChild(paymentInfo, 'DbtrAgt')),
    chargeBearer: xmlTextAt(paymentInfo, 'ChrgBr'),
    transactions: xmlChildren(paymentInfo, 'CdtTrfTxInf').map(readTransaction),
  };
}

function readTransaction(transaction: XmlNode): Pain001Transaction {
  const amount = readCurrencyAmount(xmlChild(xmlChild(transaction, 'Amt'), 'InstdAmt'));
  if (amount === undefined)
    throw new DomainError('INVALID_PAYMENT', 'A credit transfer has no instructed amount');
  const remittance = xmlChild(transaction, 'RmtInf');
  let kid: string | undefined;
  let creditorReference: string | undefined;
  for (const structured of xmlChildren(remittance, 'Strd')) {
    const info = xmlChild(structured, 'CdtrRefInf');
    const reference = xmlTextAt(info, 'Ref');
    if (reference === undefined) continue;
    const isStructured = readCodeOrProprietary(xmlChild(xmlChild(info, 'Tp'), 'CdOrPrtry')) === 'SCOR';
    if (isStructured && /^RF\d{2}/i.test(reference)) creditorReference ??= reference;
    else if (isStructured && /^\d{1,24}[\d-]$/.test(reference)) kid ??= reference;
  }
  const unstructured = xmlChildren(remittance, 'Ustrd')
    .map((line) => xmlText(line))
    .filter((line): line is string => line !== undefined);
  const creditor = xmlChild(transaction, 'Cdtr');
  const address = xmlChild(creditor, 'PstlAdr');
  return {
    instructionId: xmlTextAt(transaction, 'PmtId', 'InstrId'),
    endToEndId: xmlTextAt(transaction, 'PmtId', 'EndToEndId'),
    amount: amount.amount,
    currency: amount.currency,
    chargeBearer: xmlTextAt(transaction, 'ChrgBr'),
    creditorName: xmlTextAt(creditor, 'Nm'),
    creditorAccount: readAccountIdentification(xmlChild(transaction, 'CdtrAcct')),
    creditorBic: readBic(xmlChild(transaction, 'CdtrAgt')),
    creditorAddress:
      address === undefined
        ? undefined
        : {
            street: xmlTextAt(address, 'StrtNm'),
            postCode: xmlTextAt(address, 'PstCd'),
            town: xmlTextAt(address, 'TwnNm'),
            country: xmlTextAt(address, 'Ctry'),
          },
    kid,
    creditorReference,
    message: unstructured.length > 0 ? unstructured.join(' ') : undefined,
    regulatoryReporting: xmlChildren(transaction, 'RgltryRptg').flatMap((reporting) =>
      xmlChildren(reporting, 'Dtls').map((details) => ({
        code: xmlTextAt(details, 'Cd'),
        text: xmlChildren(details, 'Inf')
          .map((line) => xmlText(line))
          .filter((line): line is string => line !== undefined)
          .join(' '),
      })),
    ),
  };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

/** The payments of a parsed pain.001 in the writer's input shape, e.g. to re-read a file we wrote. */
export function creditTransfersFromPain001(document: Pain001Document): CreditTransfer[] {
  return document.paymentInfos.flatMap((paymentInfo) =>
    paymentInfo.transactions.map((transaction) => {
      const firstReport = transaction.regulatoryReporting[0];
      const payment: CreditTransfer = {
        endToEndId: transaction.endToEndId ?? '',
        instructionId: transaction.instructionId,
        amount: transaction.amount,
        currency: transaction.currency,
        executionDate: paymentInfo.executionDate ?? '',
        debtor: withoutUndefined({
          name: paymentInfo.debtorName ?? '',
          account: withoutUndefined({ ...paymentInfo.debtorAccount }),
          bic: paymentInfo.debtorBic,
        }),
        creditor: withoutUndefined({
          name: transaction.creditorName ?? '',
          account: withoutUndefined({ ...transaction.creditorAccount }),
          bic: transaction.creditorBic,
          address: transaction.creditorAddress && withoutUndefined(transaction.creditorAddress),
        }),
        kid: transaction.kid,
        creditorReference: transaction.creditorReference,
        message: transaction.message,
        regulatoryReporting:
          firstReport === undefined
            ? undefined
            : { code: firstReport.code ?? '', text: firstReport.text ?? '' },
        chargeBearer: transaction.chargeBearer as ChargeBearer | undefined,
      };
      return withoutUndefined(payment);
    }),
  );
}

/**
 * JSON input of `write pain001` (amounts as decimal strings in the payment's currency):
 *
 * ```json
 * { "version": "001.001.03", "messageId": "BATCH-2024-001", "createdAt": "2024-05-02T10:00:00",
 *   "initiatingParty": { "name": "Eksempel AS", "organisationNumber": "123456785" },
 *   "payments": [
 *     { "endToEndId": "E2E-1", "amount": "1250.00", "currency": "NOK", "executionDate": "2024-05-03",
 *       "debtor": { "name": "Eksempel AS", "account": { "bban": "12345678903" }, "bic": "DNBANOKK" },
 *       "creditor": { "name": "Leverandør AS", "account": { "bban": "86011117947" } },
 *       "kid": "1234567890128" },
 *     { "endToEndId": "E2E-2", "amount": "150000.00", "currency": "EUR", "executionDate": "2024-05-03",
 *       "nokEquivalent": "1725000.00",
 *       "debtor": { "name": "Eksempel AS", "account": { "bban": "12345678903" }, "bic": "DNBANOKK" },
 *       "creditor": { "name": "Lieferant GmbH", "account": { "iban": "DE89370400440532013000" },
 *                     "bic": "COBADEFFXXX", "address": { "town": "Berlin", "country": "DE" } },
 *       "message": "Invoice 4711", "regulatoryReporting": { "code": "14", "text": "Kjøp av varer" } }
 *   ] }
 * ```
 */
export interface Pain001Request {
  version?: Pain001Version;
  messageId: string;
  createdAt?: string;
  initiatingParty: { name: string; organisationNumber?: string };
  payments: Array<
    Omit<CreditTransfer, 'amount' | 'nokEquivalent'> & { amount: string; nokEquivalent?: string }
  >;
}

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function objectAt(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw invalidPayment(`${path} must be an object`);
  return value;
}

function stringAt(object: JsonObject, key: string, path: string): string {
  const value = object[key];
  if (typeof value !== 'string') throw invalidPayment(`${path}.${key} must be a string`);
  return value;
}

function optionalStringAt(object: JsonObject, key: string, path: string): string | undefined {
  const value = object[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidPayment(`${path}.${key} must be a string`);
  return value;
}

function accountFrom(value: unknown, path: string): PaymentAccount {
  const object = objectAt(value, path);
  return withoutUndefined({
    iban: optionalStringAt(object, 'iban', path),
    bban: optionalStringAt(object, 'bban', path),
  });
}

function addressFrom(value: unknown, path: string): PostalAddress | undefined {
  if (value === undefined || value === null) return undefined;
  const object = objectAt(value, path);
  return withoutUndefined({
    street: optionalStringAt(object, 'street', path),
    postCode: optionalStringAt(object, 'postCode', path),
    town: optionalStringAt(object, 'town', path),
    country: optionalStringAt(object, 'country', path),
  });
}

const CHARGE_BEARERS: readonly string[] = ['DEBT', 'CRED', 'SHAR', 'SLEV'];

function paymentFrom(value: unknown, index: number): CreditTransfer {
  const path = `payments[${index}]`;
  const object = objectAt(value, path);
  const currency = stringAt(object, 'currency', path).toUpperCase();
  const decimals = currencyMinorUnits(currency);
  const debtor = objectAt(object.debtor, `${path}.debtor`);
  const creditor = objectAt(object.creditor, `${path}.creditor`);
  const nokEquivalent = optionalStringAt(object, 'nokEquivalent', path);
  const chargeBearer = optionalStringAt(object, 'chargeBearer', path);
  if (chargeBearer !== undefined && !CHARGE_BEARERS.includes(chargeBearer)) {
    throw invalidPayment(`${path}.chargeBearer must be one of ${CHARGE_BEARERS.join(', ')}`);
  }
  const reporting = object.regulatoryReporting;
  const reportingObject =
    reporting === undefined || reporting === null
      ? undefined
      : objectAt(reporting, `${path}.regulatoryReporting`);
  return withoutUndefined({
    endToEndId: stringAt(object, 'endToEndId', path),
    instructionId: optionalStringAt(object, 'instructionId', path),
    amount: oreFromDecimal(stringAt(object, 'amount', path), decimals),
    currency,
    executionDate: stringAt(object, 'executionDate', path),
    debtor: withoutUndefined({
      name: stringAt(debtor, 'name', `${path}.debtor`),
      account: accountFrom(debtor.account, `${path}.debtor.account`),
      bic: optionalStringAt(debtor, 'bic', `${path}.debtor`),
    }),
    creditor: withoutUndefined({
      name: stringAt(creditor, 'name', `${path}.creditor`),
      account: accountFrom(creditor.account, `${path}.creditor.account`),
      bic: optionalStringAt(creditor, 'bic', `${path}.creditor`),
      address: addressFrom(creditor.address, `${path}.creditor.address`),
    }),
    kid: optionalStringAt(object, 'kid', path),
    creditorReference: optionalStringAt(object, 'creditorReference', path),
    message: optionalStringAt(object, 'message', path),
    regulatoryReporting:
      reportingObject === undefined
        ? undefined
        : {
            code: stringAt(reportingObject, 'code', `${path}.regulatoryReporting`),
            text: stringAt(reportingObject, 'text', `${path}.regulatoryReporting`),
          },
    nokEquivalent: nokEquivalent === undefined ? undefined : oreFromDecimal(nokEquivalent, 2),
    chargeBearer: chargeBearer as ChargeBearer | undefined,
  });
}

/** Validates a {@link Pain001Request} read from JSON; throws DomainError INVALID_PAYMENT or INVALID_AMOUNT. */
export function pain001MessageFromRequest(
  value: unknown,
  now: Date = new Date(),
): {
  message: Pain001Message;
  version: Pain001Version;
} {
  const object = objectAt(value, 'request');
  const version = optionalStringAt(object, 'version', 'request') ?? '001.001.03';
  if (!PAIN001_VERSIONS.includes(version as Pain001Version)) {
    throw invalidPayment(`version must be one of ${PAIN001_VERSIONS.join(', ')}`);
  }
  const initiatingParty = objectAt(object.initiatingParty, 'initiatingParty');
  if (!Array.isArray(object.payments)) throw invalidPayment('payments must be an array');
  return {
    version: version as Pain001Version,
    message: {
      messageId: stringAt(object, 'messageId', 'request'),
      createdAt: optionalStringAt(object, 'createdAt', 'request') ?? now.toISOString().slice(0, 19),
      initiatingParty: withoutUndefined({
        name: stringAt(initiatingParty, 'name', 'initiatingParty'),
        organisationNumber: optionalStringAt(initiatingParty, 'organisationNumber', 'initiatingParty'),
      }),
      payments: object.payments.map(paymentFrom),
    },
  };
}
