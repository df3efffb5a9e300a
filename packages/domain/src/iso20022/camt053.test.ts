import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { validateKid } from '../validators/kid';
import { hasSharedSamples, SHARED_SAMPLES_DIR, sharedSamplesLabel } from '../xml/__fixtures__/shared-samples';
import { FIXTURE_ACCOUNT, norwegianCamt053 } from './__fixtures__/norwegian-camt053';
import { type CamtDocument, parseCamt053 } from './camt053';

const sample = (name: string): CamtDocument =>
  parseCamt053(readFileSync(join(SHARED_SAMPLES_DIR, 'iso20022', name)));

function onlyStatement(document: CamtDocument) {
  expect(document.statements).toHaveLength(1);
  const [statement] = document.statements;
  if (statement === undefined) throw new Error('no statement');
  return statement;
}

const sumOf = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('parseCamt053 on our Norwegian fixtures', () => {
  for (const version of ['001.02', '001.04', '001.08'] as const) {
    describe(`camt.053.${version}`, () => {
      const fixture = norwegianCamt053({ version, entryCount: 12 });
      const document = parseCamt053(fixture.xml);
      const statement = onlyStatement(document);

      it('reads the header, the BBAN account and the currency', () => {
        expect(document.messageType).toBe('camt.053');
        expect(document.version).toBe(version);
        expect(document.messageId).toBe('BILAG-CAMT-0001');
        expect(statement.id).toBe('STMT-2024-03');
        expect(statement.electronicSequenceNumber).toBe('3');
        expect(statement.legalSequenceNumber).toBe('2024003');
        expect(statement.account).toMatchObject({
          iban: undefined,
          bban: FIXTURE_ACCOUNT,
          servicerBic: 'DNBANOKK',
        });
        expect(statement.currency).toBe('NOK');
        expect(statement.fromDate).toBe('2024-03-01');
        expect(statement.toDate).toBe('2024-03-31');
      });

      it('signs balances and proves them', () => {
        expect(statement.balances.map((balance) => [balance.type, balance.amount, balance.date])).toEqual([
          ['OPBD', fixture.openingBalanceOre, '2024-03-01'],
          ['CLBD', fixture.closingBalanceOre, '2024-03-31'],
        ]);
        expect(statement.balanceProof).toEqual({
          ok: true,
          expected: fixture.closingBalanceOre,
          actual: fixture.closingBalanceOre,
          currency: 'NOK',
          openingType: 'OPBD',
        });
      });

      it('reads credits with KID and the debtor as counterparty', () => {
        const credit = statement.entries[0];
        expect(credit).toMatchObject({
          status: 'BOOK',
          currency: 'NOK',
          bookingDate: '2024-03-01',
          valueDate: '2024-03-01',
        });
        expect(credit?.amount).toBeGreaterThan(0);
        expect(credit?.kid).toMatch(/^\d+[\d-]$/);
        expect(validateKid(credit?.kid ?? '').valid).toBe(true);
        expect(credit?.endToEndId).toBe('E2E-0-0');
        expect(credit?.accountServicerRef).toBe('ARKIV0000000000');
        expect(credit?.counterparty.name).toBe('Kunde 0 & Sønn AS');
        expect(credit?.counterparty.account?.bban).toMatch(/^\d{11}$/);
        expect(credit?.transactions[0]?.creditorReferences[0]?.type).toBe('SCOR');
      });

      it('reads debits with text and the creditor as counterparty', () => {
        const debit = statement.entries[2];
        expect(debit?.amount).toBeLessThan(0);
        expect(debit?.kid).toBeUndefined();
        expect(debit?.text).toBe('Faktura 2-0 <varer>');
        expect(debit?.counterparty.name).toBe('Leverandør 2-0 AS');
      });

      it('splits a batched entry into its transactions with their own amounts', () => {
        const batch = statement.entries[9];
        expect(batch?.transactions).toHaveLength(3);
        expect(sumOf(batch?.transactions.map((transaction) => transaction.amount ?? 0) ?? [])).toBe(
          batch?.amount,
        );
        expect(batch?.kid).toBeUndefined();
        expect(batch?.transactions.map((transaction) => transaction.endToEndId)).toEqual([
          'E2E-9-0',
          'E2E-9-1',
          'E2E-9-2',
        ]);
      });
    });
  }

  it('reports a broken balance proof with both figures', () => {
    const fixture = norwegianCamt053({ entryCount: 3 });
    const closingTag = '<Cd>CLBD</Cd></CdOrPrtry></Tp>\n        <Amt Ccy="NOK">';
    const wrongClosing = fixture.xml.replace(closingTag, `${closingTag}1`);
    const proof = onlyStatement(parseCamt053(wrongClosing)).balanceProof;
    expect(proof?.ok).toBe(false);
    expect(proof?.expected).toBe(fixture.closingBalanceOre);
    expect(proof?.actual).not.toBe(fixture.closingBalanceOre);
  });

  it('leaves pending entries out of the proof and falls back to PRCD', () => {
    const xml = `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr><Stmt><Id>S</Id>
      <Acct><Id><IBAN>NO9386011117947</IBAN></Id></Acct>
      <Bal><Tp><CdOrPrtry><Cd>PRCD</Cd></CdOrPrtry></Tp><Amt Ccy="NOK">100.00</Amt><CdtDbtInd>DBIT</CdtDbtInd><Dt><Dt>2024-01-01</Dt></Dt></Bal>
      <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="NOK">50.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><DtTm>2024-01-02T23:59:59+01:00</DtTm></Dt></Bal>
      <Ntry><Amt Ccy="NOK">150.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2024-01-02</Dt></BookgDt></Ntry>
      <Ntry><Amt Ccy="NOK">999.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>PDNG</Sts></Ntry>
      </Stmt></BkToCstmrStmt></Document>`;
    const statement = onlyStatement(parseCamt053(xml));
    expect(statement.account.iban).toBe('NO9386011117947');
    expect(statement.balances[1]?.date).toBe('2024-01-02');
    expect(statement.entries.map((entry) => entry.status)).toEqual(['BOOK', 'PDNG']);
    expect(statement.balanceProof).toMatchObject({
      ok: true,
      expected: 5000,
      actual: 5000,
      openingType: 'PRCD',
    });
  });

  it('refuses documents that are not bank statements', () => {
    expect(() => parseCamt053('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_FILE' }),
    );
    expect(() => parseCamt053('<Invoice/>')).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_FILE' }));
    expect(() =>
      parseCamt053(
        '<Document><BkToCstmrStmt><Stmt><Ntry><Amt Ccy="NOK">1</Amt><CdtDbtInd>X</CdtDbtInd><Sts>BOOK</Sts></Ntry></Stmt></BkToCstmrStmt></Document>',
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_STATEMENT' }));
  });
});

describe('parseCamt053 in the encoding the file declares', () => {
  const statementIn = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><GrpHdr><MsgId>M</MsgId></GrpHdr><Stmt><Id>S</Id>
<Acct><Id><IBAN>NO9386011117947</IBAN></Id><Ownr><Nm>Fjordfisk Ålesund AS</Nm></Ownr></Acct>
<Ntry><Amt Ccy="NOK">250.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-01-02</Dt></BookgDt>
<NtryDtls><TxDtls><RmtInf><Ustrd>Kjøp i Ålesund – € 25</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>
</Stmt></BkToCstmrStmt></Document>`;

  function textsOf(document: CamtDocument) {
    const statement = onlyStatement(document);
    return [statement.account.ownerName, statement.entries[0]?.text];
  }

  it('reads ISO-8859-1 and windows-1252 bytes as the declaration says, € included', () => {
    for (const encoding of ['ISO-8859-1', 'windows-1252']) {
      const bytes = new Uint8Array(iconv.encode(statementIn(encoding), 'win1252'));
      const document = parseCamt053(bytes);
      expect(textsOf(document)).toEqual(['Fjordfisk Ålesund AS', 'Kjøp i Ålesund – € 25']);
      expect(document.encoding).toBe('windows-1252');
    }
  });

  it('reads an encoding of its own name, such as ISO-8859-15', () => {
    const bytes = new Uint8Array(iconv.encode(statementIn('ISO-8859-15').replace(' –', ''), 'iso-8859-15'));
    expect(textsOf(parseCamt053(bytes))).toEqual(['Fjordfisk Ålesund AS', 'Kjøp i Ålesund € 25']);
  });

  it('reads UTF-16 with a byte order mark, little and big endian', () => {
    for (const [encoding, bom] of [
      ['utf-16le', [0xff, 0xfe]],
      ['utf-16be', [0xfe, 0xff]],
    ] as const) {
      const body = iconv.encode(statementIn('UTF-16'), encoding);
      const document = parseCamt053(new Uint8Array([...bom, ...body]));
      expect(textsOf(document)).toEqual(['Fjordfisk Ålesund AS', 'Kjøp i Ålesund – € 25']);
      expect(document.encoding).toBe(encoding);
    }
  });

  it('reads UTF-8 as before, with or without a declaration', () => {
    const bytes = new TextEncoder().encode(statementIn('UTF-8'));
    expect(textsOf(parseCamt053(bytes))).toEqual(['Fjordfisk Ålesund AS', 'Kjøp i Ålesund – € 25']);
    expect(parseCamt053(bytes).encoding).toBe('utf-8');
  });

  it('refuses an encoding it cannot read, and bytes that are not in the declared encoding', () => {
    const klingon = new TextEncoder().encode(statementIn('x-klingon'));
    expect(() => parseCamt053(klingon)).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_ENCODING', details: { encoding: 'x-klingon' } }),
    );
    const latin1SaidUtf8 = new Uint8Array(iconv.encode(statementIn('UTF-8'), 'win1252'));
    expect(() => parseCamt053(latin1SaidUtf8)).toThrow(
      expect.objectContaining({ code: 'INVALID_ENCODING', details: { encoding: 'UTF-8' } }),
    );
    const saidUtf16 = new TextEncoder().encode(statementIn('UTF-16'));
    expect(() => parseCamt053(saidUtf16)).toThrow(expect.objectContaining({ code: 'INVALID_ENCODING' }));
  });
});

describe('parseCamt053 on arbitrary input', () => {
  it('throws nothing but DomainError', () => {
    const fixture = norwegianCamt053({ entryCount: 2 }).xml;
    fc.assert(
      fc.property(
        fc.nat({ max: fixture.length }),
        fc.nat({ max: 200 }),
        fc.string({ maxLength: 20 }),
        (at, cut, insert) => {
          const mutated = `${fixture.slice(0, at)}${insert}${fixture.slice(at + cut)}`;
          try {
            parseCamt053(mutated);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
        },
      ),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(() => parseCamt053(bytes)).toThrow(DomainError);
      }),
      { numRuns: 200 },
    );
  });
});

describe.skipIf(!hasSharedSamples)(sharedSamplesLabel('iso20022'), () => {
  it('FI_camt_053_sample: camt.053.001.02 with ten entries that add up', () => {
    const document = sample('FI_camt_053_sample.xml.xml');
    expect(document).toMatchObject({
      messageType: 'camt.053',
      version: '001.02',
      messageId: 'BANKFILEID00001',
    });
    const statement = onlyStatement(document);
    expect(statement).toMatchObject({ id: 'BANKSTMTID0972009', legalSequenceNumber: '97', currency: 'EUR' });
    expect(statement.account.iban).toBe('FI7433010001222090');
    expect(statement.balances.map((balance) => [balance.type, balance.amount])).toEqual([
      ['OPBD', 1_000_000],
      ['PRCD', 1_000_000],
      ['CLBD', 2_364_483],
      ['CLAV', 3_364_483],
    ]);
    expect(statement.balances[0]?.date).toBe('2009-10-29');
    expect(statement.entries).toHaveLength(10);
    const amounts = statement.entries.map((entry) => entry.amount);
    expect(sumOf(amounts.filter((amount) => amount > 0))).toBe(2_307_500);
    expect(sumOf(amounts.filter((amount) => amount < 0))).toBe(-943_017);
    expect(statement.balanceProof).toMatchObject({ ok: true, expected: 2_364_483, actual: 2_364_483 });
    const references = statement.entries.flatMap((entry) =>
      entry.transactions.flatMap((transaction) =>
        transaction.creditorReferences.map((reference) => reference.reference),
      ),
    );
    expect(references.sort()).toEqual(['3900', 'RF98123456789012', 'RF98123456789012']);
    const texts = statement.entries.flatMap((entry) =>
      entry.transactions.map((transaction) => transaction.text),
    );
    expect(texts).toContain('Invoices 123 and 321');
    expect(texts).toContain('INVOICE US20291092');
    const batch = statement.entries[2];
    expect(batch?.transactions.map((transaction) => transaction.amount)).toEqual([
      -200_002, -100_001, -123_002,
    ]);
    expect(batch?.transactions[0]?.counterparty).toEqual({
      name: 'Creditor Company',
      account: { iban: undefined, bban: '29501800020582' },
    });
    expect(statement.entries[7]?.rfReference).toBe('RF98123456789012');
    expect(statement.entries[7]?.counterparty.name).toBe('PAYERS NAME2');
  });

  it('PostFinance camt.053.001.04 without Acct/Ccy takes CHF from the amounts', () => {
    const document = sample('camt.053_P_CH2909000000250094239_1110092698_0_2020112503071366.xml');
    expect(document).toMatchObject({ version: '001.04', messageId: '20201124375204229003967' });
    const statement = onlyStatement(document);
    expect(statement.account.iban).toBe('CH2909000000250094239');
    expect(statement.currency).toBe('CHF');
    expect(statement.balances.map((balance) => [balance.type, balance.amount, balance.date])).toEqual([
      ['OPBD', 21_199_319, '2020-11-24'],
      ['CLBD', 21_511_221, '2020-11-24'],
      ['CLAV', 21_511_221, '2020-11-24'],
      ['FWAV', 21_664_921, '2020-11-25'],
    ]);
    expect(statement.entries).toHaveLength(5);
    const amounts = statement.entries.map((entry) => entry.amount);
    expect(sumOf(amounts.filter((amount) => amount > 0))).toBe(473_372);
    expect(sumOf(amounts.filter((amount) => amount < 0))).toBe(-7_770);
    // The bank's own figures disagree: OPBD + entries gives the forward available balance, not CLBD.
    expect(statement.balanceProof).toMatchObject({ ok: false, expected: 21_664_921, actual: 21_511_221 });
  });

  it.each([
    ['camt053.v2.minimal.xml', '001.02'],
    ['camt053.v3.xml', '001.03'],
    ['camt053.v4.xml', '001.04'],
    ['camt053.v8.xml', '001.08'],
  ])('%s: the genkgo statement in version %s', (file, version) => {
    const document = sample(file);
    expect(document).toMatchObject({ messageType: 'camt.053', version, messageId: 'CAMT053RIB000000000001' });
    const statement = onlyStatement(document);
    expect(statement.account.iban).toBe('NL26VAYB8060476890');
    const byType = Object.fromEntries(
      statement.balances.map((balance) => [balance.type, [balance.amount, balance.currency]]),
    );
    expect(byType).toEqual({
      OPBD: [1815, 'EUR'],
      CLBD: [-2700, 'SEK'],
      OPAV: [3500, 'CHF'],
      CLAV: [-2700, 'JPY'],
    });
    expect(statement.entries).toHaveLength(1);
    expect(statement.entries[0]).toMatchObject({
      amount: 885,
      currency: 'EUR',
      bookingDate: '2014-12-31',
      valueDate: '2015-01-02',
      status: 'BOOK',
    });
    expect(statement.currency).toBe('EUR');
    expect(statement.balanceProof?.ok).toBe(false);
  });

  it('FI_camt_054_sample: a notification with five booked entries and one INFO', () => {
    const document = sample('FI_camt_054_sample.xml.xml');
    expect(document).toMatchObject({
      messageType: 'camt.054',
      version: '001.02',
      messageId: 'BANKFILEID219073',
    });
    const statement = onlyStatement(document);
    expect(statement.account.iban).toBe('FI7433010001222090');
    expect(statement.entries.map((entry) => entry.status)).toEqual([
      'BOOK',
      'BOOK',
      'BOOK',
      'BOOK',
      'BOOK',
      'INFO',
    ]);
    expect(statement.entries[5]).toMatchObject({ amount: 10_000, reversal: true });
    const references = new Set(
      statement.entries.flatMap((entry) =>
        entry.transactions.flatMap((transaction) =>
          transaction.creditorReferences.map((reference) => reference.reference),
        ),
      ),
    );
    for (const reference of ['3900', '12344', '43216', 'RF7812345', '2345678917', '1234567897']) {
      expect(references).toContain(reference);
    }
    expect(statement.balanceProof).toBeUndefined();
  });

  it('camt054.v2: one 200000 SEK debit with structured and unstructured remittance', () => {
    const document = sample('camt054.v2.xml');
    expect(document).toMatchObject({ messageType: 'camt.054', messageId: 'AAAASESS-FP-ACCR001' });
    const statement = onlyStatement(document);
    expect(statement.account.iban).toBe('CH2801234000123456789');
    expect(statement.entries).toHaveLength(1);
    const entry = statement.entries[0];
    expect(entry).toMatchObject({ amount: -20_000_000, currency: 'SEK', bookingDate: '2007-10-18' });
    expect(
      entry?.transactions.map((transaction) =>
        transaction.creditorReferences.map((reference) => reference.reference),
      ),
    ).toEqual([
      ['ISR ref number V1'],
      ['ISR ref number V2'],
      ['Ref number V3 block 1', 'Ref number V3 block 2'],
    ]);
    expect(entry?.transactions[2]?.text).toBe(
      'Unstructured Remittance Information V3 block 1 Unstructured Remittance Information V3 block 2',
    );
  });
});
