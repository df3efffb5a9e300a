import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import { hasSharedSamples, SHARED_SAMPLES_DIR, sharedSamplesLabel } from '../xml/__fixtures__/shared-samples';
import { parsePain002 } from './pain002';

const STATUS_REPORT_V10 = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.10">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>DNB-STS-0001</MsgId><CreDtTm>2024-05-03T08:15:00</CreDtTm></GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>BILAG-2024-05-001</OrgnlMsgId>
      <OrgnlMsgNmId>pain.001.001.09</OrgnlMsgNmId>
      <GrpSts>PART</GrpSts>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>BILAG-2024-05-001-1</OrgnlPmtInfId>
      <PmtInfSts>PART</PmtInfSts>
      <TxInfAndSts>
        <StsId>S1</StsId>
        <OrgnlEndToEndId>E2E-DOM-1</OrgnlEndToEndId>
        <TxSts>ACSC</TxSts>
        <OrgnlTxRef><Amt><InstdAmt Ccy="NOK">1250.00</InstdAmt></Amt></OrgnlTxRef>
      </TxInfAndSts>
      <TxInfAndSts>
        <StsId>S2</StsId>
        <OrgnlInstrId>I-2</OrgnlInstrId>
        <OrgnlEndToEndId>E2E-INT-1</OrgnlEndToEndId>
        <TxSts>RJCT</TxSts>
        <StsRsnInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>Konto er avsluttet</AddtlInf><AddtlInf>Kontakt mottaker</AddtlInf></StsRsnInf>
      </TxInfAndSts>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;

describe('parsePain002', () => {
  it('reads a 001.001.10 report with group, payment-block and transaction statuses', () => {
    const report = parsePain002(STATUS_REPORT_V10);
    expect(report).toMatchObject({
      version: '001.10',
      messageId: 'DNB-STS-0001',
      originalMessageId: 'BILAG-2024-05-001',
      originalMessageNameId: 'pain.001.001.09',
      groupStatus: 'PART',
      groupReasons: [],
    });
    const [block] = report.paymentInfos;
    expect(block?.originalPaymentInfoId).toBe('BILAG-2024-05-001-1');
    expect(block?.status).toBe('PART');
    expect(block?.transactions).toEqual([
      {
        statusId: 'S1',
        originalInstructionId: undefined,
        originalEndToEndId: 'E2E-DOM-1',
        status: 'ACSC',
        reasons: [],
        amount: 125_000,
        currency: 'NOK',
      },
      {
        statusId: 'S2',
        originalInstructionId: 'I-2',
        originalEndToEndId: 'E2E-INT-1',
        status: 'RJCT',
        reasons: [
          {
            code: 'AC04',
            proprietary: undefined,
            additionalInfo: ['Konto er avsluttet', 'Kontakt mottaker'],
          },
        ],
        amount: undefined,
        currency: undefined,
      },
    ]);
  });

  it('refuses other messages', () => {
    expect(() => parsePain002('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"/>')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_FILE' }),
    );
    expect(() => parsePain002('<Document><Other/></Document>')).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_FILE' }),
    );
  });

  it('throws nothing but DomainError on damaged input', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: STATUS_REPORT_V10.length }),
        fc.nat({ max: 60 }),
        fc.string({ maxLength: 8 }),
        (at, cut, insert) => {
          try {
            parsePain002(`${STATUS_REPORT_V10.slice(0, at)}${insert}${STATUS_REPORT_V10.slice(at + cut)}`);
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
  const sample = (name: string) => parsePain002(readFileSync(join(SHARED_SAMPLES_DIR, 'iso20022', name)));

  it('MsgId-001: partly accepted, one transaction rejected with AC01', () => {
    const report = sample('pain002-epo_p_ch5109000000250092291_1110097605_0_2018031511252307.xml');
    expect(report).toMatchObject({
      version: '001.03.ch.02',
      originalMessageId: 'MsgId-001',
      originalMessageNameId: 'pain.001.001.03.ch.02',
    });
    expect(report.paymentInfos[0]?.status).toBe('PART');
    expect(report.paymentInfos[0]?.transactions).toHaveLength(1);
    expect(report.paymentInfos[0]?.transactions[0]).toMatchObject({
      originalEndToEndId: 'EndToEndId-001-03-04',
      status: 'RJCT',
      reasons: [{ code: 'AC01', additionalInfo: ['1301813;Konto ungültig'] }],
    });
  });

  it('MsgId-005: the whole group rejected with AM10', () => {
    const report = sample('pain002-epo_p_0_0_0_2018032614401842.xml');
    expect(report).toMatchObject({ originalMessageId: 'MsgId-005', groupStatus: 'RJCT', paymentInfos: [] });
    expect(report.groupReasons.map((reason) => reason.code)).toEqual(['AM10']);
  });

  it('MsgId-006: block and transaction rejected with NARR and AC01', () => {
    const report = sample('pain002-epo_p_ch2909000000250094239_1109800799_0_2018032612092784.xml');
    expect(report.originalMessageId).toBe('MsgId-006');
    const [block] = report.paymentInfos;
    expect(block?.status).toBe('RJCT');
    expect(block?.reasons.map((reason) => reason.code)).toEqual(['NARR']);
    expect(block?.transactions[0]?.status).toBe('RJCT');
    expect(block?.transactions[0]?.reasons.map((reason) => reason.code)).toEqual(['AC01']);
  });
});
