import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { type Ore, ore } from '../money/ore';
import { hasSharedSamples, SHARED_SAMPLES_DIR, sharedSamplesLabel } from '../xml/__fixtures__/shared-samples';
import { norwegianAccountNumber } from './__fixtures__/norwegian-camt053';
import {
  type CreditTransfer,
  creditTransfersFromPain001,
  type Pain001Message,
  type Pain001Version,
  pain001MessageFromRequest,
  parsePain001,
  writePain001,
} from './pain001';

/** Child sequences of the pain.001 XSDs (001.001.03 and 001.001.09 agree on every element we write). */
const XSD_SEQUENCES: Record<string, string[]> = {
  Document: ['CstmrCdtTrfInitn'],
  CstmrCdtTrfInitn: ['GrpHdr', 'PmtInf', 'SplmtryData'],
  GrpHdr: ['MsgId', 'CreDtTm', 'Authstn', 'NbOfTxs', 'CtrlSum', 'InitgPty', 'FwdgAgt'],
  InitgPty: ['Nm', 'PstlAdr', 'Id', 'CtryOfRes', 'CtctDtls'],
  PmtInf: [
    'PmtInfId',
    'PmtMtd',
    'BtchBookg',
    'NbOfTxs',
    'CtrlSum',
    'PmtTpInf',
    'ReqdExctnDt',
    'PoolgAdjstmntDt',
    'Dbtr',
    'DbtrAcct',
    'DbtrAgt',
    'DbtrAgtAcct',
    'InstrForDbtrAgt',
    'UltmtDbtr',
    'ChrgBr',
    'ChrgsAcct',
    'ChrgsAcctAgt',
    'CdtTrfTxInf',
  ],
  PmtTpInf: ['InstrPrty', 'SvcLvl', 'LclInstrm', 'CtgyPurp'],
  CdtTrfTxInf: [
    'PmtId',
    'PmtTpInf',
    'Amt',
    'XchgRateInf',
    'ChrgBr',
    'ChqInstr',
    'UltmtDbtr',
    'IntrmyAgt1',
    'IntrmyAgt1Acct',
    'IntrmyAgt2',
    'IntrmyAgt2Acct',
    'IntrmyAgt3',
    'IntrmyAgt3Acct',
    'CdtrAgt',
    'CdtrAgtAcct',
    'Cdtr',
    'CdtrAcct',
    'UltmtCdtr',
    'InstrForCdtrAgt',
    'InstrForDbtrAgt',
    'Purp',
    'RgltryRptg',
    'Tax',
    'RltdRmtInf',
    'RmtInf',
    'SplmtryData',
  ],
  PmtId: ['InstrId', 'EndToEndId', 'UETR'],
  Cdtr: ['Nm', 'PstlAdr', 'Id', 'CtryOfRes', 'CtctDtls'],
  PstlAdr: [
    'AdrTp',
    'Dept',
    'SubDept',
    'StrtNm',
    'BldgNb',
    'BldgNm',
    'Flr',
    'PstBx',
    'Room',
    'PstCd',
    'TwnNm',
    'TwnLctnNm',
    'DstrctNm',
    'CtrySubDvsn',
    'Ctry',
    'AdrLine',
  ],
  DbtrAcct: ['Id', 'Tp', 'Ccy', 'Nm', 'Prxy'],
  CdtrAcct: ['Id', 'Tp', 'Ccy', 'Nm', 'Prxy'],
  Othr: ['Id', 'SchmeNm', 'Issr'],
  FinInstnId: ['BIC', 'BICFI', 'ClrSysMmbId', 'LEI', 'Nm', 'PstlAdr', 'Othr'],
  RgltryRptg: ['DbtCdtRptgInd', 'Authrty', 'Dtls'],
  Dtls: ['Tp', 'Dt', 'Ctry', 'Cd', 'Amt', 'Inf'],
  RmtInf: ['Ustrd', 'Strd'],
  Strd: ['RfrdDocInf', 'RfrdDocAmt', 'CdtrRefInf', 'Invcr', 'Invcee', 'TaxRmt', 'GrnshmtRmt', 'AddtlRmtInf'],
  CdtrRefInf: ['Tp', 'Ref'],
  Tp: ['CdOrPrtry', 'Issr'],
};

const REQUIRED: Record<string, string[]> = {
  GrpHdr: ['MsgId', 'CreDtTm', 'NbOfTxs', 'InitgPty'],
  PmtInf: ['PmtInfId', 'PmtMtd', 'ReqdExctnDt', 'Dbtr', 'DbtrAcct', 'DbtrAgt', 'CdtTrfTxInf'],
  CdtTrfTxInf: ['PmtId', 'Amt'],
  PmtId: ['EndToEndId'],
};

type OrderedNode = Record<string, OrderedNode[] | string>;

/** Every element with its children's names in document order, found by walking an order-preserving parse. */
function elementOrders(xml: string): Array<{ name: string; children: string[] }> {
  const tree = new XMLParser({ preserveOrder: true, ignoreAttributes: true }).parse(xml) as OrderedNode[];
  const result: Array<{ name: string; children: string[] }> = [];
  const walk = (nodes: OrderedNode[]) => {
    for (const node of nodes) {
      for (const [name, value] of Object.entries(node)) {
        if (name.startsWith('?') || name === '#text' || !Array.isArray(value)) continue;
        result.push({
          name,
          children: value.flatMap((child) => Object.keys(child).filter((key) => key !== '#text')),
        });
        walk(value);
      }
    }
  };
  walk(tree);
  return result;
}

function expectSchemaOrder(xml: string): void {
  for (const { name, children } of elementOrders(xml)) {
    const sequence = XSD_SEQUENCES[name];
    if (sequence === undefined) continue;
    const positions = children.map((child) => sequence.indexOf(child));
    expect(positions, `${name} has an unknown child in ${children.join(', ')}`).not.toContain(-1);
    expect(positions, `${name} children out of order: ${children.join(', ')}`).toEqual(
      [...positions].sort((a, b) => a - b),
    );
    for (const required of REQUIRED[name] ?? [])
      expect(children, `${name} lacks ${required}`).toContain(required);
  }
}

const DEBTOR = { name: 'Bilagsbank Demo AS', account: { bban: norwegianAccountNumber(1) }, bic: 'DNBANOKK' };

const domestic = (overrides: Partial<CreditTransfer> = {}): CreditTransfer => ({
  endToEndId: 'E2E-DOM-1',
  amount: ore(1_250_00),
  currency: 'NOK',
  executionDate: '2024-05-03',
  debtor: DEBTOR,
  creditor: { name: 'Leverandør & Sønn <AS>', account: { bban: norwegianAccountNumber(2) } },
  kid: '1234567890128',
  ...overrides,
});

const international = (overrides: Partial<CreditTransfer> = {}): CreditTransfer => ({
  endToEndId: 'E2E-INT-1',
  amount: ore(150_000_00),
  currency: 'EUR',
  executionDate: '2024-05-03',
  debtor: DEBTOR,
  creditor: {
    name: 'Lieferant GmbH',
    account: { iban: 'DE89370400440532013000' },
    bic: 'COBADEFFXXX',
    address: { street: 'Hauptstraße 1', postCode: '10115', town: 'Berlin', country: 'DE' },
  },
  message: 'Invoice 4711',
  nokEquivalent: ore(1_725_000_00),
  regulatoryReporting: { code: '14', text: 'Kjøp av varer' },
  chargeBearer: 'SHAR',
  ...overrides,
});

const message = (payments: CreditTransfer[]): Pain001Message => ({
  messageId: 'BILAG-2024-05-001',
  createdAt: '2024-05-02T10:00:00',
  initiatingParty: { name: 'Bilagsbank Demo AS', organisationNumber: '123456785' },
  payments,
});

function withoutNokEquivalent(payment: CreditTransfer): CreditTransfer {
  const { nokEquivalent: _ignored, ...rest } = payment;
  return rest;
}

describe.each(['001.001.03', '001.001.09'] as Pain001Version[])('writePain001 %s', (version) => {
  const payments = [
    domestic(),
    international(),
    domestic({
      endToEndId: 'E2E-DOM-2',
      kid: undefined,
      message: 'x'.repeat(200),
      executionDate: '2024-05-06',
    }),
    domestic({
      endToEndId: 'E2E-DOM-3',
      debtor: { ...DEBTOR, account: { bban: norwegianAccountNumber(3) } },
    }),
  ];
  const xml = writePain001(message(payments), version);

  it('declares the version namespace', () => {
    expect(xml).toContain(`<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.${version}">`);
  });

  it('writes every element in the order of the XSD and all required elements', () => {
    expectSchemaOrder(xml);
  });

  it('uses the version syntax for agents and execution dates', () => {
    if (version === '001.001.03') {
      expect(xml).toContain('<ReqdExctnDt>2024-05-03</ReqdExctnDt>');
      expect(xml).toContain('<BIC>DNBANOKK</BIC>');
    } else {
      expect(xml).toMatch(/<ReqdExctnDt>\s*<Dt>2024-05-03<\/Dt>\s*<\/ReqdExctnDt>/);
      expect(xml).toContain('<BICFI>DNBANOKK</BICFI>');
    }
  });

  it('groups by debtor account and execution date with correct counts and sums', () => {
    const document = parsePain001(xml);
    expect(document.version).toBe(version.slice(4));
    expect(document.numberOfTransactions).toBe(4);
    expect(document.controlSum).toBe('153750.00');
    expect(
      document.paymentInfos.map((paymentInfo) => [
        paymentInfo.debtorAccount?.bban,
        paymentInfo.executionDate,
        paymentInfo.numberOfTransactions,
        paymentInfo.controlSum,
      ]),
    ).toEqual([
      [norwegianAccountNumber(1), '2024-05-03', 2, '151250.00'],
      [norwegianAccountNumber(1), '2024-05-06', 1, '1250.00'],
      [norwegianAccountNumber(3), '2024-05-03', 1, '1250.00'],
    ]);
    expect(new Set(document.paymentInfos.map((paymentInfo) => paymentInfo.id)).size).toBe(3);
  });

  it('writes domestic payments with BBAN and KID as a structured SCOR reference', () => {
    expect(xml).toMatch(/<CdtrAcct>\s*<Id>\s*<Othr>\s*<Id>\d{11}<\/Id>\s*<SchmeNm>\s*<Cd>BBAN<\/Cd>/);
    expect(xml).toMatch(/<CdOrPrtry>\s*<Cd>SCOR<\/Cd>\s*<\/CdOrPrtry>\s*<\/Tp>\s*<Ref>1234567890128<\/Ref>/);
  });

  it('writes international payments with IBAN, BIC and regulatory reporting', () => {
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(xml).toMatch(/<RgltryRptg>\s*<Dtls>\s*<Cd>14<\/Cd>\s*<Inf>Kjøp av varer<\/Inf>/);
    expect(xml).toContain('<InstdAmt Ccy="EUR">150000.00</InstdAmt>');
  });

  it('escapes text and cuts messages to 140 characters', () => {
    expect(xml).toContain('<Nm>Leverandør &amp; Sønn &lt;AS&gt;</Nm>');
    expect(xml).toContain(`<Ustrd>${'x'.repeat(140)}</Ustrd>`);
  });

  it('reads back the same payments', () => {
    const readBack = creditTransfersFromPain001(parsePain001(xml));
    const expected = payments
      .map(withoutNokEquivalent)
      .map((payment) =>
        payment.message === undefined ? payment : { ...payment, message: payment.message.slice(0, 140) },
      );
    expect(readBack).toEqual(expected);
  });
});

describe('writePain001 refuses what a bank would reject', () => {
  const refuse = (payments: CreditTransfer[], pattern: RegExp) => {
    expect(() => writePain001(message(payments))).toThrow(
      expect.objectContaining({ code: 'INVALID_PAYMENT' }),
    );
    expect(() => writePain001(message(payments))).toThrow(pattern);
  };

  it('requires regulatory reporting for payments abroad above NOK 100 000', () => {
    refuse([international({ regulatoryReporting: undefined })], /regulatoryReporting/);
    refuse(
      [
        international({
          currency: 'NOK',
          amount: ore(100_000_01),
          nokEquivalent: undefined,
          regulatoryReporting: undefined,
        }),
      ],
      /above NOK 100 000/,
    );
    expect(() =>
      writePain001(
        message([
          international({
            currency: 'NOK',
            amount: ore(100_000_00),
            nokEquivalent: undefined,
            regulatoryReporting: undefined,
          }),
        ]),
      ),
    ).not.toThrow();
    expect(() => writePain001(message([domestic({ amount: ore(5_000_000_00) })]))).not.toThrow();
  });

  it('requires the BIC and country of a foreign creditor', () => {
    refuse([international({ creditor: { ...international().creditor, bic: undefined } })], /BIC/);
  });

  it('refuses a KID together with a message, bad KIDs and bad accounts', () => {
    refuse([domestic({ message: 'hei' })], /cannot also carry a message/);
    refuse([domestic({ kid: '12AB' })], /KID/);
    refuse([domestic({ creditor: { name: 'X', account: { bban: '1234' } } })], /11 digits/);
    refuse([domestic({ creditor: { name: 'X', account: {} } })], /exactly one of iban and bban/);
  });

  it('refuses bad amounts, dates and identifiers', () => {
    refuse([domestic({ amount: ore(0) })], /positive/);
    refuse([domestic({ amount: -5 as Ore })], /positive/);
    refuse([domestic({ executionDate: '03.05.2024' })], /YYYY-MM-DD/);
    refuse([domestic({ endToEndId: 'x'.repeat(36) })], /35/);
    expect(() => writePain001({ ...message([domestic()]), messageId: '' })).toThrow(DomainError);
    expect(() => writePain001(message([]))).toThrow(/at least one payment/);
  });
});

describe('pain001MessageFromRequest', () => {
  const request = {
    version: '001.001.09',
    messageId: 'BATCH-1',
    createdAt: '2024-05-02T10:00:00',
    initiatingParty: { name: 'Eksempel AS' },
    payments: [
      {
        endToEndId: 'E2E-1',
        amount: '1250.50',
        currency: 'NOK',
        executionDate: '2024-05-03',
        debtor: { name: 'Eksempel AS', account: { bban: norwegianAccountNumber(1) } },
        creditor: { name: 'Leverandør AS', account: { bban: norwegianAccountNumber(2) } },
        kid: '1234567890128',
      },
    ],
  };

  it('reads decimal amounts into minor units', () => {
    const { message: read, version } = pain001MessageFromRequest(request);
    expect(version).toBe('001.001.09');
    expect(read.payments[0]?.amount).toBe(125_050);
  });

  it('refuses malformed requests with DomainError', () => {
    for (const bad of [
      null,
      [],
      { ...request, version: '001.001.99' },
      { ...request, payments: 'none' },
      { ...request, payments: [{ ...request.payments[0], amount: 12.5 }] },
      { ...request, payments: [{ ...request.payments[0], amount: '12.505' }] },
      { ...request, payments: [{ ...request.payments[0], chargeBearer: 'ALL' }] },
      { ...request, initiatingParty: 'me' },
    ]) {
      expect(() => pain001MessageFromRequest(bad)).toThrow(DomainError);
    }
  });
});

describe('pain.001 round trip (property)', () => {
  const text = (max: number) =>
    fc
      .string({ minLength: 1, maxLength: max, unit: 'grapheme-ascii' })
      .filter((value) => value.trim() === value && value.trim() !== '');
  const payment = fc.record({
    endToEndId: fc.stringMatching(/^[A-Za-z0-9-]{1,35}$/),
    amount: fc.integer({ min: 1, max: 9_999_999_99 }),
    kid: fc.option(fc.stringMatching(/^\d{2,25}$/), { nil: undefined }),
    message: fc.option(text(200), { nil: undefined }),
    name: text(140),
    dateOffset: fc.integer({ min: 0, max: 3 }),
    debtorSeed: fc.integer({ min: 1, max: 3 }),
  });

  it('reads back what it writes', () => {
    fc.assert(
      fc.property(
        fc.array(payment, { minLength: 1, maxLength: 8 }),
        fc.constantFrom<Pain001Version>('001.001.03', '001.001.09'),
        (drawn, version) => {
          const payments = drawn.map((entry, index) =>
            domestic({
              endToEndId: `${index}-${entry.endToEndId}`.slice(0, 35),
              amount: ore(entry.amount),
              kid: entry.kid,
              message: entry.kid === undefined ? entry.message : undefined,
              executionDate: `2024-06-0${entry.dateOffset + 1}`,
              debtor: { ...DEBTOR, account: { bban: norwegianAccountNumber(entry.debtorSeed) } },
              creditor: {
                name: entry.name,
                account: { bban: norwegianAccountNumber(entry.debtorSeed + 10) },
              },
            }),
          );
          const xml = writePain001(message(payments), version);
          const readBack = creditTransfersFromPain001(parsePain001(xml));
          const byEndToEnd = new Map(readBack.map((entry) => [entry.endToEndId, entry]));
          for (const original of payments) {
            const expected =
              original.message === undefined
                ? original
                : { ...original, message: Array.from(original.message).slice(0, 140).join('').trim() };
            expect(byEndToEnd.get(original.endToEndId)).toEqual(expected);
          }
          expect(readBack).toHaveLength(payments.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('parsePain001 on arbitrary input', () => {
  it('throws nothing but DomainError', () => {
    const xml = writePain001(message([domestic(), international()]));
    fc.assert(
      fc.property(
        fc.nat({ max: xml.length }),
        fc.nat({ max: 100 }),
        fc.string({ maxLength: 10 }),
        (at, cut, insert) => {
          try {
            parsePain001(`${xml.slice(0, at)}${insert}${xml.slice(at + cut)}`);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe.skipIf(!hasSharedSamples)(sharedSamplesLabel('iso20022'), () => {
  const sample = (name: string) => parsePain001(readFileSync(join(SHARED_SAMPLES_DIR, 'iso20022', name)));

  it('pain.001.001.03.xml: a SEPA credit transfer with two payments', () => {
    const document = sample('pain.001.001.03.xml');
    expect(document).toMatchObject({
      version: '001.03',
      messageId: 'Message-ID-4711',
      numberOfTransactions: 2,
      controlSum: undefined,
    });
    const [paymentInfo] = document.paymentInfos;
    expect(paymentInfo).toMatchObject({
      controlSum: '6655.86',
      executionDate: '2010-11-25',
      debtorBic: 'BANKDEFFXXX',
    });
    expect(paymentInfo?.debtorAccount?.iban).toBe('DE87200500001234567890');
    expect(
      paymentInfo?.transactions.map((transaction) => [
        transaction.amount,
        transaction.currency,
        transaction.creditorAccount?.iban,
        transaction.endToEndId,
      ]),
    ).toEqual([
      [654_314, 'EUR', 'DE21500500009876543210', 'OriginatorID1234'],
      [11_272, 'EUR', 'DE21500500001234567897', 'OriginatorID1235'],
    ]);
  });

  it('gistfile1.xml: three currencies with a control sum across them', () => {
    const document = sample('gistfile1.xml');
    expect(document).toMatchObject({
      messageId: 'ABC/090928/CCT001',
      numberOfTransactions: 3,
      controlSum: '11500000',
    });
    const [paymentInfo] = document.paymentInfos;
    expect(paymentInfo?.executionDate).toBe('2009-09-29');
    expect(paymentInfo?.debtorAccount).toEqual({ iban: undefined, bban: '00125574999' });
    expect(
      paymentInfo?.transactions.map((transaction) => [transaction.amount, transaction.currency]),
    ).toEqual([
      [10_000_000, 'JPY'],
      [50_000_000, 'EUR'],
      [100_000_000, 'USD'],
    ]);
  });

  it('International_payment_USD_naujas_1.xml: one USD payment, file starts with a BOM', () => {
    const document = sample('International_payment_USD_naujas_1.xml');
    expect(document).toMatchObject({ messageId: 'MSGID0002', numberOfTransactions: 1, controlSum: '111.11' });
    expect(document.paymentInfos[0]).toMatchObject({ executionDate: '2015-09-28', debtorName: 'IMONE X' });
    expect(document.paymentInfos[0]?.debtorAccount?.iban).toBe('LT007180000000000000');
    expect(document.paymentInfos[0]?.transactions[0]).toMatchObject({ amount: 11_111, currency: 'USD' });
  });
});
