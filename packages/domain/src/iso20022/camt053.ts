import { DomainError } from '../errors';
import { type Ore, ore } from '../money/ore';
import {
  parseXml,
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
  messageNameFromNamespace,
  readAccountIdentification,
  readCodeOrProprietary,
  readCurrencyAmount,
  readDateChoice,
} from './common';

export type CamtMessageType = 'camt.052' | 'camt.053' | 'camt.054';

/** Balance type codes (ISO 20022 BalanceType12Code); banks may also send proprietary values. */
export type CamtBalanceType =
  | 'OPBD'
  | 'PRCD'
  | 'CLBD'
  | 'CLAV'
  | 'ITBD'
  | 'ITAV'
  | 'OPAV'
  | 'FWAV'
  | 'INFO'
  | 'XPCD'
  | (string & {});

/** BOOK (booked), PDNG (pending), INFO (information only), or a later version's code. */
export type CamtEntryStatus = 'BOOK' | 'PDNG' | 'INFO' | 'FUTR' | (string & {});

export interface CamtBalance {
  type: CamtBalanceType;
  /** Signed: negative when CdtDbtInd is DBIT. */
  amount: Ore;
  currency: string;
  date: string | undefined;
}

export interface CamtCounterparty {
  name: string | undefined;
  account: AccountIdentification | undefined;
}

export interface CamtBankTransactionCode {
  domain: string | undefined;
  family: string | undefined;
  subFamily: string | undefined;
  proprietary: string | undefined;
}

export interface CamtCreditorReference {
  /** SCOR for a structured creditor reference (KID, RF), or the proprietary type text. */
  type: string | undefined;
  reference: string;
}

export interface CamtTransaction {
  /** Signed like its entry; undefined when a batch does not give per-transaction amounts. */
  amount: Ore | undefined;
  currency: string | undefined;
  endToEndId: string | undefined;
  instructionId: string | undefined;
  accountServicerRef: string | undefined;
  creditorReferences: CamtCreditorReference[];
  /** A Norwegian KID: the first structured reference made of digits (a trailing '-' check digit allowed). */
  kid: string | undefined;
  /** An ISO 11649 creditor reference (RF…). */
  rfReference: string | undefined;
  /** Unstructured remittance lines joined with a space. */
  text: string | undefined;
  /** The other party: the debtor of a credit, the creditor of a debit. */
  counterparty: CamtCounterparty;
  returnReason: string | undefined;
}

export interface CamtEntry {
  /** Signed: positive for CRDT (money in), negative for DBIT. */
  amount: Ore;
  currency: string;
  status: CamtEntryStatus;
  reversal: boolean;
  bookingDate: string | undefined;
  valueDate: string | undefined;
  entryRef: string | undefined;
  accountServicerRef: string | undefined;
  bankTransactionCode: CamtBankTransactionCode | undefined;
  additionalInfo: string | undefined;
  /** One per TxDtls; a batched entry lists each of its transactions. */
  transactions: CamtTransaction[];
  /** The entry's references: those of its transaction when it has exactly one, else undefined. */
  endToEndId: string | undefined;
  kid: string | undefined;
  rfReference: string | undefined;
  text: string | undefined;
  counterparty: CamtCounterparty;
}

export interface CamtBalanceProof {
  ok: boolean;
  /** Opening balance (OPBD, else PRCD) plus the booked entries. */
  expected: Ore;
  /** The closing booked balance (CLBD). */
  actual: Ore;
  currency: string;
  openingType: 'OPBD' | 'PRCD';
}

export interface CamtStatement {
  id: string | undefined;
  electronicSequenceNumber: string | undefined;
  legalSequenceNumber: string | undefined;
  createdAt: string | undefined;
  fromDate: string | undefined;
  toDate: string | undefined;
  account: AccountIdentification & { ownerName: string | undefined; servicerBic: string | undefined };
  currency: string | undefined;
  balances: CamtBalance[];
  entries: CamtEntry[];
  /** Undefined when the statement lacks an opening or closing booked balance (e.g. a camt.054). */
  balanceProof: CamtBalanceProof | undefined;
}

export interface CamtDocument {
  messageType: CamtMessageType;
  /** e.g. "001.08"; undefined when the document declares no ISO namespace. */
  version: string | undefined;
  messageId: string | undefined;
  createdAt: string | undefined;
  /** The text encoding the file was read in, as its byte order mark or declaration says; undefined for text. */
  encoding: string | undefined;
  statements: CamtStatement[];
}

const CONTAINERS: Readonly<Record<CamtMessageType, { message: string; statement: string }>> = {
  'camt.052': { message: 'BkToCstmrAcctRpt', statement: 'Rpt' },
  'camt.053': { message: 'BkToCstmrStmt', statement: 'Stmt' },
  'camt.054': { message: 'BkToCstmrDbtCdtNtfctn', statement: 'Ntfctn' },
};

const KID_SHAPE = /^\d{1,24}[\d-]$/;

function invalidStatement(message: string): DomainError {
  return new DomainError('INVALID_STATEMENT', message);
}

/**
 * Reads an ISO 20022 bank-to-customer statement (camt.053), notification (camt.054) or report (camt.052),
 * any version from 001.02 on. One XML parse, then a single pass over the parsed tree.
 */
export function parseCamt053(input: string | Uint8Array, options?: SafeXmlOptions): CamtDocument {
  const document = parseXml(input, options);
  if (document.rootName !== 'Document') {
    throw new DomainError(
      'UNSUPPORTED_FILE',
      `Not an ISO 20022 document (root element ${document.rootName})`,
    );
  }
  const declared = messageNameFromNamespace(document.namespace);
  const messageType = detectMessageType(document.root, declared?.message);
  const container = CONTAINERS[messageType];
  const message = xmlChild(document.root, container.message);
  if (message === undefined) {
    throw invalidStatement(`A ${messageType} document must contain ${container.message}`);
  }
  const header = xmlChild(message, 'GrpHdr');
  return {
    messageType,
    version: declared?.version,
    messageId: xmlTextAt(header, 'MsgId'),
    createdAt: xmlTextAt(header, 'CreDtTm'),
    encoding: document.encoding,
    statements: xmlChildren(message, container.statement).map(readStatement),
  };
}

function detectMessageType(root: XmlNode, declaredMessage: string | undefined): CamtMessageType {
  if (declaredMessage !== undefined) {
    if (declaredMessage in CONTAINERS) return declaredMessage as CamtMessageType;
    throw new DomainError(
      'UNSUPPORTED_FILE',
      `Expected a camt.052, camt.053 or camt.054 document, got ${declaredMessage}`,
    );
  }
  for (const [type, container] of Object.entries(CONTAINERS)) {
    if (xmlChild(root, container.message) !== undefined) return type as CamtMessageType;
  }
  throw new DomainError('UNSUPPORTED_FILE', 'Not a camt.052, camt.053 or camt.054 document');
}

function readStatement(statement: XmlNode): CamtStatement {
  const accountNode = xmlChild(statement, 'Acct');
  const accountId = readAccountIdentification(accountNode);
  const period = xmlChild(statement, 'FrToDt');
  const balances = xmlChildren(statement, 'Bal').map(readBalance);
  const entries = xmlChildren(statement, 'Ntry').map(readEntry);
  const currency =
    xmlTextAt(accountNode, 'Ccy') ??
    entries[0]?.currency ??
    (balances.find((balance) => balance.type === 'OPBD') ?? balances[0])?.currency;
  return {
    id: xmlTextAt(statement, 'Id'),
    electronicSequenceNumber: xmlTextAt(statement, 'ElctrncSeqNb'),
    legalSequenceNumber: xmlTextAt(statement, 'LglSeqNb'),
    createdAt: xmlTextAt(statement, 'CreDtTm'),
    fromDate: isoDateOf(xmlTextAt(period, 'FrDtTm') ?? xmlTextAt(period, 'FrDt')),
    toDate: isoDateOf(xmlTextAt(period, 'ToDtTm') ?? xmlTextAt(period, 'ToDt')),
    account: {
      iban: accountId?.iban,
      bban: accountId?.bban,
      ownerName: xmlTextAt(accountNode, 'Ownr', 'Nm'),
      servicerBic:
        xmlTextAt(accountNode, 'Svcr', 'FinInstnId', 'BIC') ??
        xmlTextAt(accountNode, 'Svcr', 'FinInstnId', 'BICFI'),
    },
    currency,
    balances,
    entries,
    balanceProof: proveBalance(balances, entries),
  };
}

function signed(amount: Ore, indicator: string | undefined, what: string): Ore {
  if (indicator === 'CRDT') return amount;
  if (indicator === 'DBIT') return ore(-amount);
  throw invalidStatement(`${what} has CdtDbtInd "${indicator ?? ''}"; expected CRDT or DBIT`);
}

function readBalance(balance: XmlNode): CamtBalance {
  const type = readCodeOrProprietary(xmlChild(xmlChild(balance, 'Tp'), 'CdOrPrtry'));
  if (type === undefined) throw invalidStatement('A balance has no type');
  const amount = readCurrencyAmount(xmlChild(balance, 'Amt'));
  if (amount === undefined) throw invalidStatement(`Balance ${type} has no amount`);
  return {
    type,
    amount: signed(amount.amount, xmlTextAt(balance, 'CdtDbtInd'), `Balance ${type}`),
    currency: amount.currency,
    date: readDateChoice(xmlChild(balance, 'Dt')),
  };
}

function readEntry(entry: XmlNode): CamtEntry {
  const amount = readCurrencyAmount(xmlChild(entry, 'Amt'));
  if (amount === undefined) throw invalidStatement('An entry has no amount');
  const indicator = xmlTextAt(entry, 'CdtDbtInd');
  const signedAmount = signed(amount.amount, indicator, 'An entry');
  const isCredit = indicator === 'CRDT';
  // Versions up to 001.08 write <Sts>BOOK</Sts>; later ones wrap the code in <Sts><Cd>.
  const statusNode = xmlChild(entry, 'Sts');
  const status = xmlTextAt(statusNode, 'Cd') ?? xmlTextAt(statusNode, 'Prtry') ?? xmlTextAt(entry, 'Sts');
  if (status === undefined) throw invalidStatement('An entry has no status');

  const transactionNodes: XmlNode[] = [];
  for (const details of xmlChildren(entry, 'NtryDtls')) {
    for (const transaction of xmlChildren(details, 'TxDtls')) transactionNodes.push(transaction);
  }
  const single = transactionNodes.length === 1;
  const transactions = transactionNodes.map((node) =>
    readTransaction(node, isCredit, single ? { amount: signedAmount, currency: amount.currency } : undefined),
  );
  const only = single ? transactions[0] : undefined;
  const additionalInfo = xmlTextAt(entry, 'AddtlNtryInf');
  const bankTransactionCode = readBankTransactionCode(xmlChild(entry, 'BkTxCd'));
  return {
    amount: signedAmount,
    currency: amount.currency,
    status,
    reversal: xmlTextAt(entry, 'RvslInd') === 'true',
    bookingDate: readDateChoice(xmlChild(entry, 'BookgDt')),
    valueDate: readDateChoice(xmlChild(entry, 'ValDt')),
    entryRef: xmlTextAt(entry, 'NtryRef'),
    accountServicerRef: xmlTextAt(entry, 'AcctSvcrRef'),
    bankTransactionCode,
    additionalInfo,
    transactions,
    endToEndId: only?.endToEndId,
    kid: only?.kid,
    rfReference: only?.rfReference,
    text: only?.text ?? additionalInfo,
    counterparty: only?.counterparty ?? { name: undefined, account: undefined },
  };
}

function readBankTransactionCode(code: XmlNode | undefined): CamtBankTransactionCode | undefined {
  if (code === undefined) return undefined;
  const domain = xmlChild(code, 'Domn');
  const family = xmlChild(domain, 'Fmly');
  return {
    domain: xmlTextAt(domain, 'Cd'),
    family: xmlTextAt(family, 'Cd'),
    subFamily: xmlTextAt(family, 'SubFmlyCd'),
    proprietary: xmlTextAt(code, 'Prtry', 'Cd'),
  };
}

function readTransaction(
  transaction: XmlNode,
  isCredit: boolean,
  entryAmount: { amount: Ore; currency: string } | undefined,
): CamtTransaction {
  const references = xmlChild(transaction, 'Refs');
  // 001.02 puts the amount in AmtDtls/TxAmt only; 001.04 and later also give it directly as Amt.
  const ownAmount =
    readCurrencyAmount(xmlChild(transaction, 'Amt')) ??
    readCurrencyAmount(xmlChild(xmlChild(xmlChild(transaction, 'AmtDtls'), 'TxAmt'), 'Amt'));
  // The entry's CdtDbtInd is what moved the account; a transaction inside it is signed the same way even
  // when a bank repeats a contradictory indicator at transaction level.
  const amount =
    ownAmount === undefined
      ? entryAmount
      : { amount: isCredit ? ownAmount.amount : ore(-ownAmount.amount), currency: ownAmount.currency };

  const remittance = xmlChild(transaction, 'RmtInf');
  const creditorReferences: CamtCreditorReference[] = [];
  for (const structured of xmlChildren(remittance, 'Strd')) {
    for (const info of xmlChildren(structured, 'CdtrRefInf')) {
      const reference = xmlTextAt(info, 'Ref');
      if (reference === undefined) continue;
      creditorReferences.push({
        type: readCodeOrProprietary(xmlChild(xmlChild(info, 'Tp'), 'CdOrPrtry')),
        reference,
      });
    }
  }
  const unstructured = xmlChildren(remittance, 'Ustrd')
    .map((line) => xmlText(line))
    .filter((line): line is string => line !== undefined);

  const parties = xmlChild(transaction, 'RltdPties');
  const role = isCredit ? 'Dbtr' : 'Cdtr';
  const party = xmlChild(parties, role);
  return {
    amount: amount?.amount,
    currency: amount?.currency,
    endToEndId: notApplicable(xmlTextAt(references, 'EndToEndId')),
    instructionId: xmlTextAt(references, 'InstrId'),
    accountServicerRef: xmlTextAt(references, 'AcctSvcrRef'),
    creditorReferences,
    kid: creditorReferences.find((entry) => KID_SHAPE.test(entry.reference))?.reference,
    rfReference: creditorReferences.find((entry) => /^RF\d{2}[A-Z0-9]+$/i.test(entry.reference))?.reference,
    text: unstructured.length > 0 ? unstructured.join(' ') : undefined,
    counterparty: {
      name: xmlTextAt(party, 'Nm') ?? xmlTextAt(party, 'Pty', 'Nm'),
      account: readAccountIdentification(xmlChild(parties, `${role}Acct`)),
    },
    returnReason: xmlTextAt(transaction, 'RtrInf', 'Rsn', 'Cd'),
  };
}

/** "NOTPROVIDED" is the SEPA placeholder for a missing end-to-end id. */
function notApplicable(value: string | undefined): string | undefined {
  return value === 'NOTPROVIDED' ? undefined : value;
}

/**
 * Opening booked balance (OPBD, else the previous closing PRCD) plus every booked entry must equal the
 * closing booked balance (CLBD). Pending and information-only entries do not move the booked balance.
 */
function proveBalance(balances: CamtBalance[], entries: CamtEntry[]): CamtBalanceProof | undefined {
  const opening =
    balances.find((balance) => balance.type === 'OPBD') ??
    balances.find((balance) => balance.type === 'PRCD');
  const closing = balances.find((balance) => balance.type === 'CLBD');
  if (opening === undefined || closing === undefined) return undefined;
  let expected: number = opening.amount;
  let currenciesAgree = opening.currency === closing.currency;
  for (const entry of entries) {
    if (entry.status !== 'BOOK') continue;
    if (entry.currency !== closing.currency) currenciesAgree = false;
    expected += entry.amount;
  }
  const expectedOre = ore(expected);
  return {
    ok: currenciesAgree && expectedOre === closing.amount,
    expected: expectedOre,
    actual: closing.amount,
    currency: closing.currency,
    openingType: opening.type === 'OPBD' ? 'OPBD' : 'PRCD',
  };
}
