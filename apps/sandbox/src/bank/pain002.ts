import { minorUnitsToDecimal } from '@bilag/domain';
import { element, optional, type XmlContent, xmlDocument } from '@bilag/domain/xml/xml-builder';
import { osloDate } from '../platform/clock';
import { findAccount } from '../platform/world';
import { bankOf } from './initiation';
import { companyNameOf, REASONS, type ReasonCode } from './lifecycle';
import type { AccountReference } from './protocol';
import type { PaymentLine, StoredPayment, TransactionStatus } from './state';

/**
 * A payment's status as a pain.002.001.03 customer payment status report, as banks send it to a
 * corporate's ERP. pain.002.001.03 has no code for a cancelled order, so CANC is reported as RJCT
 * with reason DS02 (order cancelled); a payment still waiting for SCA is RCVD for the group and
 * PDNG per transaction (the version has no RCVD for a transaction).
 */

const NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';

const GROUP_STATUS: Record<TransactionStatus, string> = {
  RCVD: 'RCVD',
  ACTC: 'ACTC',
  ACSC: 'ACSC',
  RJCT: 'RJCT',
  CANC: 'RJCT',
};

const TRANSACTION_STATUS: Record<TransactionStatus, string> = {
  RCVD: 'PDNG',
  ACTC: 'ACTC',
  ACSC: 'ACSC',
  RJCT: 'RJCT',
  CANC: 'RJCT',
};

/** ISO Max35Text: the payment id without its dashes fits. */
const messageIdOf = (paymentId: string) => paymentId.replaceAll('-', '');

function reasonXml(code: string | undefined): XmlContent {
  if (code === undefined) return undefined;
  const text = REASONS[code as ReasonCode] as string | undefined;
  return element('StsRsnInf', [
    element('Rsn', [element('Cd', code)]),
    optional(text, (value) => element('AddtlInf', value)),
  ]);
}

function accountXml(reference: AccountReference): XmlContent[] {
  const id =
    'iban' in reference
      ? element('IBAN', reference.iban)
      : element('Othr', [element('Id', reference.bban), element('SchmeNm', [element('Cd', 'BBAN')])]);
  return [element('Id', [id])];
}

function remittanceXml(line: PaymentLine): XmlContent {
  if (line.remittanceInformationStructured) {
    return element('RmtInf', [
      element('Strd', [
        element('CdtrRefInf', [
          element('Tp', [element('CdOrPrtry', [element('Cd', 'SCOR')])]),
          element('Ref', line.remittanceInformationStructured.reference),
        ]),
      ]),
    ]);
  }
  return optional(line.remittanceInformationUnstructured, (text) =>
    element('RmtInf', [element('Ustrd', text)]),
  );
}

/**
 * A line refused on its own (AM02, AC04, AM04 on 13.13) carries its reason and the other lines of
 * its bulk none; a payment refused as a whole (SCA, funds, cancellation) gives every line its reason.
 */
function lineReasonOf(payment: StoredPayment, line: PaymentLine): string | undefined {
  if (TRANSACTION_STATUS[payment.status] !== 'RJCT') return undefined;
  if (payment.lines.some((other) => other.reasonCode !== undefined)) return line.reasonCode;
  return payment.reasonCode;
}

function transactionXml(
  payment: StoredPayment,
  line: PaymentLine,
  index: number,
  debtorName?: string,
): XmlContent {
  const instructionId = `${messageIdOf(payment.id).slice(0, 28)}-${index + 1}`;
  return element('TxInfAndSts', [
    element('StsId', instructionId),
    element('OrgnlInstrId', instructionId),
    element('OrgnlEndToEndId', line.endToEndIdentification ?? 'NOTPROVIDED'),
    element('TxSts', TRANSACTION_STATUS[payment.status]),
    reasonXml(lineReasonOf(payment, line)),
    element('OrgnlTxRef', [
      element('Amt', [
        element('InstdAmt', minorUnitsToDecimal(line.amountMinor, 2), {
          Ccy: line.instructedAmount.currency,
        }),
      ]),
      element(
        'ReqdExctnDt',
        payment.executionDate ?? payment.requestedExecutionDate ?? osloDate(new Date(payment.createdAt)),
      ),
      remittanceXml(line),
      optional(debtorName, (name) => element('Dbtr', [element('Nm', name)])),
      element('DbtrAcct', accountXml(payment.debtorAccount)),
      optional(line.creditorAgent, (bic) =>
        element('CdtrAgt', [element('FinInstnId', [element('BIC', bic)])]),
      ),
      element('Cdtr', [element('Nm', line.creditorName)]),
      element('CdtrAcct', accountXml(line.creditorAccount)),
    ]),
  ]);
}

export function paymentStatusReport(payment: StoredPayment, now: Date): string {
  const bank = bankOf(payment.bankId);
  const debtor = findAccount(payment.bankId, payment.debtorBban);
  const messageId = messageIdOf(payment.id);
  const total = payment.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const groupStatus = GROUP_STATUS[payment.status];
  const createdAt = now.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const debtorName = debtor ? companyNameOf(debtor.ownerOrganisationNumber) : undefined;
  return xmlDocument(
    element(
      'Document',
      [
        element('CstmrPmtStsRpt', [
          element('GrpHdr', [
            element('MsgId', `STS${messageId.slice(0, 20)}${String(now.getTime()).slice(-12)}`),
            element('CreDtTm', createdAt),
            element('DbtrAgt', [element('FinInstnId', [element('BIC', bank.bic)])]),
          ]),
          element('OrgnlGrpInfAndSts', [
            element('OrgnlMsgId', messageId),
            element('OrgnlMsgNmId', 'pain.001.001.03'),
            element('OrgnlNbOfTxs', String(payment.lines.length)),
            element('OrgnlCtrlSum', minorUnitsToDecimal(total, 2)),
            element('GrpSts', groupStatus),
            groupStatus === 'RJCT' ? reasonXml(payment.reasonCode) : undefined,
          ]),
          element('OrgnlPmtInfAndSts', [
            element('OrgnlPmtInfId', messageId),
            element('OrgnlNbOfTxs', String(payment.lines.length)),
            element('OrgnlCtrlSum', minorUnitsToDecimal(total, 2)),
            element('PmtInfSts', groupStatus),
            ...payment.lines.map((line, index) => transactionXml(payment, line, index, debtorName)),
          ]),
        ]),
      ],
      { xmlns: NAMESPACE },
    ),
  );
}
