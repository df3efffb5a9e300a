import type { Ore } from '../money/ore';
import {
  type SafeXmlOptions,
  type XmlNode,
  xmlChild,
  xmlChildren,
  xmlText,
  xmlTextAt,
} from '../xml/safe-xml';
import { openIsoMessage, readCurrencyAmount } from './common';

/** ACCP, ACSC, ACSP, ACTC, ACWC, PART, PDNG, RCVD, RJCT, … (ExternalPaymentGroupStatus1Code and friends). */
export type PaymentStatusCode = string;

export interface Pain002StatusReason {
  /** ISO external reason code, e.g. AC01 (incorrect account number) or AM10 (invalid control sum). */
  code: string | undefined;
  proprietary: string | undefined;
  additionalInfo: string[];
}

export interface Pain002TransactionStatus {
  statusId: string | undefined;
  originalInstructionId: string | undefined;
  originalEndToEndId: string | undefined;
  status: PaymentStatusCode | undefined;
  reasons: Pain002StatusReason[];
  amount: Ore | undefined;
  currency: string | undefined;
}

export interface Pain002PaymentInfoStatus {
  originalPaymentInfoId: string | undefined;
  status: PaymentStatusCode | undefined;
  reasons: Pain002StatusReason[];
  transactions: Pain002TransactionStatus[];
}

export interface Pain002Report {
  /** e.g. "001.03", "001.10" or the Swiss "001.03.ch.02"; undefined without an ISO namespace. */
  version: string | undefined;
  messageId: string | undefined;
  createdAt: string | undefined;
  originalMessageId: string | undefined;
  originalMessageNameId: string | undefined;
  groupStatus: PaymentStatusCode | undefined;
  groupReasons: Pain002StatusReason[];
  paymentInfos: Pain002PaymentInfoStatus[];
}

/** Reads a customer payment status report (pain.002, versions 001.03 to 001.10 and national variants). */
export function parsePain002(input: string | Uint8Array, options?: SafeXmlOptions): Pain002Report {
  const { message: report, version } = openIsoMessage(input, options, {
    message: 'pain.002',
    description: 'pain.002 payment status report',
    element: 'CstmrPmtStsRpt',
  });
  const header = xmlChild(report, 'GrpHdr');
  const group = xmlChild(report, 'OrgnlGrpInfAndSts');
  return {
    version,
    messageId: xmlTextAt(header, 'MsgId'),
    createdAt: xmlTextAt(header, 'CreDtTm'),
    originalMessageId: xmlTextAt(group, 'OrgnlMsgId'),
    originalMessageNameId: xmlTextAt(group, 'OrgnlMsgNmId'),
    groupStatus: xmlTextAt(group, 'GrpSts'),
    groupReasons: readReasons(group),
    paymentInfos: xmlChildren(report, 'OrgnlPmtInfAndSts').map(readPaymentInfoStatus),
  };
}

function readReasons(node: XmlNode | undefined): Pain002StatusReason[] {
  return xmlChildren(node, 'StsRsnInf').map((reason) => {
    const code = xmlChild(reason, 'Rsn');
    return {
      code: xmlTextAt(code, 'Cd'),
      proprietary: xmlTextAt(code, 'Prtry'),
      additionalInfo: xmlChildren(reason, 'AddtlInf')
        .map((line) => xmlText(line))
        .filter((line): line is string => line !== undefined),
    };
  });
}

function readPaymentInfoStatus(paymentInfo: XmlNode): Pain002PaymentInfoStatus {
  return {
    originalPaymentInfoId: xmlTextAt(paymentInfo, 'OrgnlPmtInfId'),
    status: xmlTextAt(paymentInfo, 'PmtInfSts'),
    reasons: readReasons(paymentInfo),
    transactions: xmlChildren(paymentInfo, 'TxInfAndSts').map(readTransactionStatus),
  };
}

function readTransactionStatus(transaction: XmlNode): Pain002TransactionStatus {
  const originalAmount = xmlChild(xmlChild(transaction, 'OrgnlTxRef'), 'Amt');
  const amount = readCurrencyAmount(xmlChild(originalAmount, 'InstdAmt'));
  return {
    statusId: xmlTextAt(transaction, 'StsId'),
    originalInstructionId: xmlTextAt(transaction, 'OrgnlInstrId'),
    originalEndToEndId: xmlTextAt(transaction, 'OrgnlEndToEndId'),
    status: xmlTextAt(transaction, 'TxSts'),
    reasons: readReasons(transaction),
    amount: amount?.amount,
    currency: amount?.currency,
  };
}
