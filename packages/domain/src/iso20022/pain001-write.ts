/** Writes a pain.001 credit transfer initiation, element by element in the order of each version's XSD. */

import { currencyMinorUnits, minorUnitsToDecimal } from '../money/decimal';
import { element, optional, type XmlContent, xmlDocument } from '../xml/xml-builder';
import type {
  CreditTransfer,
  Pain001Message,
  Pain001Version,
  PaymentAccount,
  PaymentDebtor,
  PostalAddress,
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
      ? element('IBAN', compactAccount(account.iban).toUpperCase())
      : element('Othr', [
          element('Id', compactAccount(account.bban ?? '')),
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
    ? `IBAN:${compactAccount(account.iban).toUpperCase()}`
    : `BBAN:${compactAccount(account.bban ?? '')}`;
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
  checkMessage(message);
  const messageId = message.messageId.trim();

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
  return xmlDocument(document);
}
