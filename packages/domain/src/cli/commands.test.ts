import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { norwegianInvoice } from '../ehf/__fixtures__/norwegian-invoice';
import {
  FIXTURE_ACCOUNT,
  norwegianAccountNumber,
  norwegianCamt053,
} from '../iso20022/__fixtures__/norwegian-camt053';
import { parsePain001 } from '../iso20022/pain001';
import { runParseEhf } from './ehf-command';
import { runParseCamt053, runParsePain002, runWritePain001 } from './iso20022-commands';

const directory = mkdtempSync(join(tmpdir(), 'bilag-cli-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function file(name: string, content: string): string {
  const path = join(directory, name);
  writeFileSync(path, content);
  return path;
}

describe('parse camt053', () => {
  it('prints statements with decimal amounts, the balance proof and entries', async () => {
    const fixture = norwegianCamt053({ entryCount: 3 });
    const output = (await runParseCamt053([file('statement.xml', fixture.xml)])) as {
      statements: Array<{
        account: unknown;
        currency: string;
        balances: Array<{ type: string; amount: string; date: string }>;
        balanceProof: unknown;
        entries: Array<Record<string, unknown>>;
      }>;
    };
    const [statement] = output.statements;
    expect(statement?.account).toEqual({ iban: undefined, bban: FIXTURE_ACCOUNT });
    expect(statement?.currency).toBe('NOK');
    expect(statement?.balances[0]).toEqual({
      type: 'OPBD',
      amount: '125000.00',
      currency: 'NOK',
      date: '2024-03-01',
    });
    expect(statement?.balanceProof).toMatchObject({ ok: true });
    expect(statement?.entries[0]).toMatchObject({
      currency: 'NOK',
      bookingDate: '2024-03-01',
      valueDate: '2024-03-01',
      endToEndId: 'E2E-0-0',
      accountServicerRef: 'ARKIV0000000000',
      counterparty: { name: 'Kunde 0 & Sønn AS', account: norwegianAccountNumber(2) },
    });
    expect(statement?.entries[0]?.amount).toMatch(/^\d+\.\d{2}$/);
    expect(statement?.entries[2]?.amount).toMatch(/^-\d+\.\d{2}$/);
    expect(JSON.parse(JSON.stringify(output))).toBeTruthy();
  });

  it('refuses a missing argument and a missing file with a usage error', async () => {
    await expect(runParseCamt053([])).rejects.toMatchObject({ code: 'USAGE' });
    await expect(runParseCamt053([join(directory, 'nope.xml')])).rejects.toMatchObject({ code: 'USAGE' });
  });
});

describe('write pain001', () => {
  it('turns the documented JSON into pain.001 XML', async () => {
    const request = {
      messageId: 'BATCH-CLI-1',
      createdAt: '2024-05-02T10:00:00',
      initiatingParty: { name: 'Eksempel AS' },
      payments: [
        {
          endToEndId: 'E2E-1',
          amount: '1250.00',
          currency: 'NOK',
          executionDate: '2024-05-03',
          debtor: { name: 'Eksempel AS', account: { bban: norwegianAccountNumber(1) }, bic: 'DNBANOKK' },
          creditor: { name: 'Leverandør AS', account: { bban: norwegianAccountNumber(2) } },
          kid: '1234567890128',
        },
      ],
    };
    const xml = await runWritePain001([file('payments.json', JSON.stringify(request))]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    const document = parsePain001(xml);
    expect(document.messageId).toBe('BATCH-CLI-1');
    expect(document.paymentInfos[0]?.transactions[0]).toMatchObject({
      amount: 125_000,
      kid: '1234567890128',
    });
  });

  it('refuses a file that is not JSON', async () => {
    await expect(runWritePain001([file('broken.json', '{ payments: ')])).rejects.toMatchObject({
      code: 'INVALID_PAYMENT',
    });
  });
});

describe('parse pain002', () => {
  it('prints the statuses', async () => {
    const xml =
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>S</MsgId></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>BATCH-CLI-1</OrgnlMsgId><GrpSts>ACCP</GrpSts></OrgnlGrpInfAndSts></CstmrPmtStsRpt></Document>';
    await expect(runParsePain002([file('status.xml', xml)])).resolves.toMatchObject({
      originalMessageId: 'BATCH-CLI-1',
      groupStatus: 'ACCP',
    });
  });
});

describe('parse ehf', () => {
  it('prints the invoice with decimal amounts, attachments and problems', async () => {
    const xml = norwegianInvoice({
      kid: '0003434323213231',
      attachment: { filename: 'faktura.pdf', mimeType: 'application/pdf', bytes: new Uint8Array(10) },
    });
    const output = await runParseEhf([file('invoice.xml', xml)]);
    expect(output).toMatchObject({
      documentType: 'Invoice',
      id: 'F-2024-0001',
      issueDate: '2024-03-01',
      dueDate: '2024-03-15',
      currency: 'NOK',
      supplier: { name: 'Fjordtjenester AS', orgNumber: '123456785', endpointId: '123456785' },
      customer: { name: 'Kjøper & Co AS', orgNumber: '987654325' },
      lineExtensionAmount: '9418.70',
      taxExclusiveAmount: '9418.70',
      taxAmount: '2227.96',
      payableAmount: '11646.66',
      kid: '0003434323213231',
      supplierAccount: { bban: '86011117947', bic: 'DNBANOKK' },
      attachments: [{ filename: 'faktura.pdf', mimeType: 'application/pdf', size: 10 }],
      problems: [],
    });
  });
});
