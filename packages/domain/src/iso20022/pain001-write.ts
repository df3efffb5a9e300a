/**
 * Writes a pain.001 credit transfer initiation, element by element in the order of each version's XSD.
 *
 * A file can carry a hundred thousand payments, so the text is written directly: one string per block,
 * one element per line, indented by two spaces a level, as fixed as the schema's nesting is.
 */

import { currencyMinorUnits, minorUnitsToDecimal } from '../money/decimal';
import { escapeXml } from '../xml/safe-xml';
import type {
  CreditTransfer,
  Pain001Message,
  Pain001Version,
  PaymentAccount,
  PaymentDebtor,
  PostalAddress,
  RegulatoryReporting,
} from './pain001';
import {
  checkMessage,
  compactAccount,
  creditorCountry,
  invalidPayment,
  isDomestic,
  MAX_TEXT_35,
  MAX_TEXT_140,
} from './pain001-validate';

const NAMESPACE_PREFIX = 'urn:iso:std:iso:20022:tech:xsd:pain.';

/** What escapeXml would change: the five special characters and what XML 1.0 cannot carry (or a surrogate). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML cannot carry are what it looks for.
const NEEDS_ESCAPE = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Text as element content; most text has nothing to escape, and testing for that is cheaper than replacing. */
function text(value: string): string {
  return NEEDS_ESCAPE.test(value) ? escapeXml(value) : value;
}

function truncate(value: string, maxLength: number): string {
  const trimmed = value.trim();
  // Cut by code points so no surrogate pair is split; a string no longer in code units has none too many.
  if (trimmed.length <= maxLength) return trimmed;
  const characters = Array.from(trimmed);
  return characters.length <= maxLength ? trimmed : characters.slice(0, maxLength).join('');
}

/** An element only for a value that is there and not blank, as an empty element would not be valid. */
function optionalLine(indent: string, name: string, value: string | undefined, maxLength?: number): string {
  if (value === undefined || value.trim() === '') return '';
  const content = maxLength === undefined ? value.trim() : truncate(value, maxLength);
  return `${indent}<${name}>${text(content)}</${name}>\n`;
}

/**
 * Amounts added by their currency's number of decimals, as numbers while the sum stays exact and as bigint
 * beyond, so that CtrlSum is a plain decimal sum whatever the currencies.
 */
class ControlSum {
  private readonly numbers: number[] = [];
  private readonly bigints: bigint[] = [];
  private scale = 0;

  add(amount: number, decimals: number): void {
    if (decimals > this.scale) this.scale = decimals;
    const sum = (this.numbers[decimals] ?? 0) + amount;
    if (Number.isSafeInteger(sum)) {
      this.numbers[decimals] = sum;
      return;
    }
    this.bigints[decimals] =
      (this.bigints[decimals] ?? 0n) + BigInt(this.numbers[decimals] ?? 0) + BigInt(amount);
    this.numbers[decimals] = 0;
  }

  decimal(): string {
    let total = 0n;
    for (let decimals = 0; decimals < Math.max(this.numbers.length, this.bigints.length); decimals++) {
      const sum = BigInt(this.numbers[decimals] ?? 0) + (this.bigints[decimals] ?? 0n);
      total += sum * 10n ** BigInt(this.scale - decimals);
    }
    return trimDecimal(bigintToDecimal(total, this.scale));
  }
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
  executionDate: (date: string) => string;
}

const SYNTAX: Readonly<Record<Pain001Version, VersionSyntax>> = {
  '001.001.03': {
    bicElement: 'BIC',
    executionDate: (date) => `      <ReqdExctnDt>${text(date)}</ReqdExctnDt>\n`,
  },
  '001.001.09': {
    bicElement: 'BICFI',
    executionDate: (date) => `      <ReqdExctnDt>\n        <Dt>${text(date)}</Dt>\n      </ReqdExctnDt>\n`,
  },
};

/** What one call writes with: the version's syntax and, per currency, its decimals and amount tag. */
interface Writer {
  syntax: VersionSyntax;
  currencies: Map<string, { decimals: number; amountTag: string }>;
}

function currencyOf(writer: Writer, currency: string): { decimals: number; amountTag: string } {
  let known = writer.currencies.get(currency);
  if (known === undefined) {
    const decimals = currencyMinorUnits(currency);
    known = { decimals, amountTag: `<InstdAmt Ccy="${escapeXml(currency)}">` };
    writer.currencies.set(currency, known);
  }
  return known;
}

/**
 * An account's `<Id>`, its lines at `indent` (the debtor's once per PmtInf, the creditor's a level
 * deeper per payment). checkMessage has made sure an IBAN or account number is letters and digits once
 * compacted, so neither needs escaping.
 */
function accountIdXml(account: PaymentAccount, indent: string): string {
  if (account.iban !== undefined && account.iban.trim() !== '') {
    return `${indent}<Id>
${indent}  <IBAN>${compactAccount(account.iban).toUpperCase()}</IBAN>
${indent}</Id>
`;
  }
  return `${indent}<Id>
${indent}  <Othr>
${indent}    <Id>${compactAccount(account.bban ?? '')}</Id>
${indent}    <SchmeNm>
${indent}      <Cd>BBAN</Cd>
${indent}    </SchmeNm>
${indent}  </Othr>
${indent}</Id>
`;
}

/** The agent's `<FinInstnId>`, its lines at `indent`. */
function financialInstitutionXml(bic: string | undefined, syntax: VersionSyntax, indent: string): string {
  // The agent is mandatory for the debtor; without a BIC the EPC convention is Othr/Id NOTPROVIDED.
  if (bic === undefined || bic.trim() === '') {
    return `${indent}<FinInstnId>
${indent}  <Othr>
${indent}    <Id>NOTPROVIDED</Id>
${indent}  </Othr>
${indent}</FinInstnId>
`;
  }
  const element = syntax.bicElement;
  return `${indent}<FinInstnId>
${indent}  <${element}>${text(bic.trim().toUpperCase())}</${element}>
${indent}</FinInstnId>
`;
}

function groupHeaderXml(message: Pain001Message, messageId: string, controlSum: ControlSum): string {
  const organisationNumber = message.initiatingParty.organisationNumber;
  const organisationId =
    organisationNumber === undefined || organisationNumber.trim() === ''
      ? ''
      : `        <Id>
          <OrgId>
            <Othr>
              <Id>${text(organisationNumber.trim())}</Id>
              <SchmeNm>
                <Cd>CUST</Cd>
              </SchmeNm>
            </Othr>
          </OrgId>
        </Id>
`;
  return `    <GrpHdr>
      <MsgId>${text(messageId)}</MsgId>
      <CreDtTm>${text(message.createdAt)}</CreDtTm>
      <NbOfTxs>${message.payments.length}</NbOfTxs>
      <CtrlSum>${controlSum.decimal()}</CtrlSum>
      <InitgPty>
        <Nm>${text(truncate(message.initiatingParty.name, MAX_TEXT_140))}</Nm>
${organisationId}      </InitgPty>
    </GrpHdr>
`;
}

interface PaymentGroup {
  debtor: PaymentDebtor;
  executionDate: string;
  payments: CreditTransfer[];
  controlSum: ControlSum;
}

/** The start of a PmtInf: what it pays from and when, before its transactions. */
function paymentInfoHeaderXml(group: PaymentGroup, id: string, syntax: VersionSyntax): string {
  return `    <PmtInf>
      <PmtInfId>${text(id)}</PmtInfId>
      <PmtMtd>TRF</PmtMtd>
      <NbOfTxs>${group.payments.length}</NbOfTxs>
      <CtrlSum>${group.controlSum.decimal()}</CtrlSum>
      <PmtTpInf>
        <SvcLvl>
          <Cd>NURG</Cd>
        </SvcLvl>
      </PmtTpInf>
${syntax.executionDate(group.executionDate)}      <Dbtr>
        <Nm>${text(truncate(group.debtor.name, MAX_TEXT_140))}</Nm>
      </Dbtr>
      <DbtrAcct>
${accountIdXml(group.debtor.account, '        ')}      </DbtrAcct>
      <DbtrAgt>
${financialInstitutionXml(group.debtor.bic, syntax, '        ')}      </DbtrAgt>
`;
}

function postalAddressXml(address: PostalAddress | undefined, country: string | undefined): string {
  const street = address?.street;
  const postCode = address?.postCode;
  const town = address?.town;
  if (street === undefined && postCode === undefined && town === undefined && country === undefined)
    return '';
  const indent = '            ';
  return `          <PstlAdr>
${optionalLine(indent, 'StrtNm', street, 70)}${optionalLine(indent, 'PstCd', postCode, 16)}${optionalLine(indent, 'TwnNm', town, 35)}${optionalLine(indent, 'Ctry', country)}          </PstlAdr>
`;
}

function creditorAgentXml(bic: string | undefined, syntax: VersionSyntax): string {
  if (bic === undefined || bic.trim() === '') return '';
  return `        <CdtrAgt>
${financialInstitutionXml(bic, syntax, '          ')}        </CdtrAgt>
`;
}

function creditorXml(payment: CreditTransfer, domestic: boolean): string {
  const creditor = payment.creditor;
  const country = domestic ? creditor.address?.country : creditorCountry(payment);
  return `        <Cdtr>
          <Nm>${text(truncate(creditor.name, MAX_TEXT_140))}</Nm>
${postalAddressXml(creditor.address, country)}        </Cdtr>
        <CdtrAcct>
${accountIdXml(creditor.account, '          ')}        </CdtrAcct>
`;
}

function regulatoryReportingXml(reporting: RegulatoryReporting | undefined): string {
  if (reporting === undefined) return '';
  return `        <RgltryRptg>
          <Dtls>
            <Cd>${text(reporting.code.trim())}</Cd>
            <Inf>${text(truncate(reporting.text, MAX_TEXT_35))}</Inf>
          </Dtls>
        </RgltryRptg>
`;
}

/** A KID or RF reference as a structured SCOR reference, otherwise the message as unstructured text. */
function remittanceXml(payment: CreditTransfer): string {
  const reference = payment.kid ?? payment.creditorReference;
  if (reference !== undefined) {
    const issuer = payment.creditorReference !== undefined ? '                <Issr>ISO</Issr>\n' : '';
    // checkMessage allows only digits in a KID and letters and digits in an RF reference: nothing to escape.
    return `        <RmtInf>
          <Strd>
            <CdtrRefInf>
              <Tp>
                <CdOrPrtry>
                  <Cd>SCOR</Cd>
                </CdOrPrtry>
${issuer}              </Tp>
              <Ref>${reference}</Ref>
            </CdtrRefInf>
          </Strd>
        </RmtInf>
`;
  }
  const message = payment.message;
  if (message === undefined || message.trim() === '') return '';
  return `        <RmtInf>
          <Ustrd>${text(truncate(message, MAX_TEXT_140))}</Ustrd>
        </RmtInf>
`;
}

function instructionIdXml(instructionId: string | undefined): string {
  if (instructionId === undefined || instructionId.trim() === '') return '';
  return `          <InstrId>${text(instructionId.trim())}</InstrId>
`;
}

function creditTransferXml(payment: CreditTransfer, writer: Writer): string {
  const domestic = isDomestic(payment);
  const currency = currencyOf(writer, payment.currency);
  const amount = minorUnitsToDecimal(payment.amount, currency.decimals);
  const chargeBearer = domestic ? '' : `        <ChrgBr>${text(payment.chargeBearer ?? 'SHAR')}</ChrgBr>\n`;
  return `      <CdtTrfTxInf>
        <PmtId>
${instructionIdXml(payment.instructionId)}          <EndToEndId>${text(payment.endToEndId.trim())}</EndToEndId>
        </PmtId>
        <Amt>
          ${currency.amountTag}${amount}</InstdAmt>
        </Amt>
${chargeBearer}${creditorAgentXml(payment.creditor.bic, writer.syntax)}${creditorXml(payment, domestic)}${regulatoryReportingXml(payment.regulatoryReporting)}${remittanceXml(payment)}      </CdtTrfTxInf>
`;
}

function accountKey(account: PaymentAccount): string {
  return account.iban !== undefined && account.iban.trim() !== ''
    ? `IBAN:${compactAccount(account.iban).toUpperCase()}`
    : `BBAN:${compactAccount(account.bban ?? '')}`;
}

/**
 * One PmtInf per debtor account and execution date, in the order the groups first appear, with the
 * sums their headers need before their transactions are written.
 */
function groupPayments(writer: Writer, message: Pain001Message, total: ControlSum): PaymentGroup[] {
  const groups: PaymentGroup[] = [];
  const byAccountAndDate = new Map<string, Map<string, PaymentGroup>>();
  // A file's payments mostly come from one account, so its key is worked out once per account text.
  const accountKeys = new Map<string | undefined, Map<string | undefined, string>>();
  for (const payment of message.payments) {
    const { iban, bban } = payment.debtor.account;
    let keysByBban = accountKeys.get(iban);
    if (keysByBban === undefined) {
      keysByBban = new Map();
      accountKeys.set(iban, keysByBban);
    }
    let key = keysByBban.get(bban);
    if (key === undefined) {
      key = accountKey(payment.debtor.account);
      keysByBban.set(bban, key);
    }
    let byDate = byAccountAndDate.get(key);
    if (byDate === undefined) {
      byDate = new Map();
      byAccountAndDate.set(key, byDate);
    }
    let group = byDate.get(payment.executionDate);
    if (group === undefined) {
      group = {
        debtor: payment.debtor,
        executionDate: payment.executionDate,
        payments: [],
        controlSum: new ControlSum(),
      };
      byDate.set(payment.executionDate, group);
      groups.push(group);
    }
    group.payments.push(payment);
    const { decimals } = currencyOf(writer, payment.currency);
    group.controlSum.add(payment.amount, decimals);
    total.add(payment.amount, decimals);
  }
  return groups;
}

/**
 * Writes a pain.001 customer credit transfer initiation for a batch of Norwegian domestic (NOK to a BBAN,
 * KID or message) and international payments (IBAN, BIC, regulatory reporting). Element order follows the
 * ISO 20022 XSD of the chosen version. Throws DomainError INVALID_PAYMENT on input the bank would reject.
 */
export function writePain001(message: Pain001Message, version: Pain001Version = '001.001.03'): string {
  const syntax = SYNTAX[version];
  if (syntax === undefined) throw invalidPayment(`Unsupported pain.001 version ${String(version)}`);
  checkMessage(message);
  const messageId = message.messageId.trim();
  const writer: Writer = { syntax, currencies: new Map() };

  const total = new ControlSum();
  const groups = groupPayments(writer, message, total);
  let xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${escapeXml(`${NAMESPACE_PREFIX}${version}`)}">
  <CstmrCdtTrfInitn>
${groupHeaderXml(message, messageId, total)}`;
  const paymentInfoPrefix = messageId.slice(0, MAX_TEXT_35 - 6);
  groups.forEach((group, index) => {
    xml += paymentInfoHeaderXml(group, `${paymentInfoPrefix}-${index + 1}`, syntax);
    for (const payment of group.payments) xml += creditTransferXml(payment, writer);
    xml += '    </PmtInf>\n';
  });
  return `${xml}  </CstmrCdtTrfInitn>\n</Document>\n`;
}
