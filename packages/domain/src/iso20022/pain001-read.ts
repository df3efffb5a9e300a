/** Reads a pain.001 credit transfer initiation, and turns it back into the payments the writer takes. */

import { DomainError } from '../errors';
import type { Ore } from '../money/ore';
import {
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
  withoutUndefined,
} from './common';
import type { ChargeBearer, CreditTransfer, PostalAddress } from './pain001';

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
