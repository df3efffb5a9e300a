import { randomUUID } from 'node:crypto';
import { ErrorCode, PaymentStatus, PaymentType } from '@bilag/contracts';
import { creditTransfersFromPain001, parsePain001 } from '@bilag/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  givenTenantApp,
  multipart,
  type TenantApp,
} from '../../test/fixtures';
import { givenPaymentRow, givenPaymentUser } from './payment.fixtures';
import { type NewPaymentRow, payments } from './payment.table';

const EXPORTS = '/api/main/v2/voucher-payments/exports';
const EXPORT = '/api/main/v2/voucher-payments/export-pain001';
const IMPORT = '/api/main/v2/voucher-payments/import-pain002';

describe('payment files: pain.001 out, pain.002 in', () => {
  let context: TenantApp;

  beforeAll(async () => {
    context = await givenTenantApp();
  });
  afterAll(() => context.close());

  /** The member as a payment user of the company, allowed to pay from the given accounts. */
  function givenPayer(options: { isAllowPayments?: boolean; verified?: number[] } = {}) {
    return givenPaymentUser(context.db, context.companyId, context.user.id, {
      isAllowPayments: options.isAllowPayments,
      companyBankIds: options.verified,
    });
  }

  /** A payment on the list as the payment list would have made it. */
  function givenPayment(companyBankId: number, fields: Partial<NewPaymentRow> = {}) {
    return givenPaymentRow(context.db, {
      companyId: context.companyId,
      debtorCompanyBankId: companyBankId,
      source: 2,
      createdBy: context.user.id,
      ...fields,
    });
  }

  async function paymentsByIds(ids: number[]) {
    const rows = await context.db
      .select()
      .from(payments)
      .where(eq(payments.companyId, context.companyId))
      .orderBy(asc(payments.id));
    return rows.filter((row) => ids.includes(row.id));
  }

  function exportFrom(companyBankId: number, ids?: number[], headers: Record<string, string> = {}) {
    return context.app.inject({
      method: 'POST',
      url: EXPORT,
      headers: { ...bearer(context.session), ...headers },
      payload: { companyId: context.companyId, companyBankId, ...(ids ? { ids } : {}) },
    });
  }

  async function importReport(xml: string, name = 'pain002.xml') {
    const body = await multipart({ companyId: String(context.companyId) }, [
      { field: 'file', name, bytes: new TextEncoder().encode(xml), type: 'application/xml' },
    ]);
    return context.app.inject({
      method: 'POST',
      url: IMPORT,
      headers: { ...bearer(context.session), ...body.headers },
      payload: body.payload,
    });
  }

  describe('exporting pain.001', () => {
    it('writes the waiting payments of an account into one pain.001 that reads back with every amount and reference, and moves them to processing', async () => {
      const account = await givenBankAccount(context.app, context.session, context.companyId);
      const other = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 500),
      );
      await givenPayer({ verified: [account.Id] });
      const withKid = await givenPayment(account.Id, { kid: '1234567890128', amountOre: 99_00 });
      const withMessage = await givenPayment(account.Id, {
        message: 'Faktura 2041, takk for leveransen',
        amountOre: 4_321_99,
        dueDate: '2030-03-18',
      });
      const abroad = await givenPayment(account.Id, {
        type: PaymentType.INTERNATIONAL,
        creditorName: 'Lieferant GmbH',
        creditorAccount: 'DE89370400440532013000',
        creditorBic: 'COBADEFFXXX',
        creditorCountry: 'DE',
        creditorTown: 'Berlin',
        currency: 'EUR',
        amountOre: 1_500_00,
        message: 'Invoice 4711',
        chargeBearer: 'OUR',
        reasonCode: '14',
        reasonText: 'Kjøp av varer',
      });
      const transfer = await givenPayment(account.Id, {
        type: PaymentType.INTERNAL_TRANSFER,
        creditorName: 'Eget sparekonto',
        creditorAccount: other.AccountNumber,
        creditorCompanyBankId: other.Id,
        amountOre: 10_000_00,
        message: 'Til sparing',
      });
      const fromOtherAccount = await givenPayment(other.Id);
      const alreadySent = await givenPayment(account.Id, { status: PaymentStatus.PROCESSING });

      const response = await exportFrom(account.Id);
      expect(response.statusCode).toBe(200);
      const created = response.json().data;
      expect(created).toMatchObject({
        CompanyBankId: account.Id,
        AccountNumber: account.AccountNumber,
        PaymentCount: 4,
        TotalOre: 99_00 + 4_321_99 + 1_500_00 + 10_000_00,
        CreatedBy: context.user.id,
      });
      expect(created.FileName).toMatch(new RegExp(`^pain001-${account.AccountNumber}-\\d{8}-\\d{6}\\.xml$`));

      const download = await context.call(
        'GET',
        `${EXPORTS}/${created.Id}/file?companyId=${context.companyId}`,
      );
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-type']).toContain('application/xml');
      expect(download.headers['content-disposition']).toContain('attachment');
      expect(download.headers['content-disposition']).toContain(created.FileName);
      const document = parsePain001(download.body);
      expect(document.version).toBe('001.03');
      expect(document.messageId).toBe(created.MessageId);
      expect(document.numberOfTransactions).toBe(4);
      expect(
        document.paymentInfos.every((group) => group.debtorAccount?.bban === account.AccountNumber),
      ).toBe(true);
      expect(document.paymentInfos.every((group) => group.debtorBic === 'DNBANOKK')).toBe(true);
      const transfers = creditTransfersFromPain001(document);
      const byEndToEnd = new Map(transfers.map((payment) => [payment.endToEndId, payment]));
      expect([...byEndToEnd.keys()].sort()).toEqual(
        [withKid, withMessage, abroad, transfer].map((row) => row.endToEndId).sort(),
      );
      expect(byEndToEnd.get(withKid.endToEndId)).toMatchObject({
        amount: 99_00,
        currency: 'NOK',
        kid: '1234567890128',
        executionDate: '2030-03-15',
        creditor: { account: { bban: withKid.creditorAccount } },
      });
      expect(byEndToEnd.get(withMessage.endToEndId)).toMatchObject({
        amount: 4_321_99,
        message: 'Faktura 2041, takk for leveransen',
        executionDate: '2030-03-18',
      });
      expect(byEndToEnd.get(abroad.endToEndId)).toMatchObject({
        amount: 1_500_00,
        currency: 'EUR',
        message: 'Invoice 4711',
        chargeBearer: 'DEBT',
        creditor: {
          account: { iban: 'DE89370400440532013000' },
          bic: 'COBADEFFXXX',
          address: { town: 'Berlin', country: 'DE' },
        },
        regulatoryReporting: { code: '14', text: 'Kjøp av varer' },
      });
      expect(byEndToEnd.get(transfer.endToEndId)).toMatchObject({
        amount: 10_000_00,
        creditor: { account: { bban: other.AccountNumber } },
        message: 'Til sparing',
      });

      const after = await paymentsByIds([
        withKid.id,
        withMessage.id,
        abroad.id,
        transfer.id,
        fromOtherAccount.id,
        alreadySent.id,
      ]);
      expect(after.map((row) => [row.id, row.status, row.exportId])).toEqual([
        [withKid.id, PaymentStatus.PROCESSING, created.Id],
        [withMessage.id, PaymentStatus.PROCESSING, created.Id],
        [abroad.id, PaymentStatus.PROCESSING, created.Id],
        [transfer.id, PaymentStatus.PROCESSING, created.Id],
        [fromOtherAccount.id, PaymentStatus.FOR_APPROVE, null],
        [alreadySent.id, PaymentStatus.PROCESSING, null],
      ]);
      const history = await context.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, context.companyId), eq(auditLog.entityId, String(withKid.id))));
      expect(history.map((entry) => [entry.entity, entry.action, entry.after])).toContainEqual([
        'payment',
        'status',
        expect.objectContaining({ status: PaymentStatus.PROCESSING, reason: created.FileName }),
      ]);

      const again = await exportFrom(account.Id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('No payments waiting for approval from this account.');

      const listed = await context.call('GET', `${EXPORTS}?companyId=${context.companyId}`);
      expect(listed.json().data.map((row: { Id: number }) => row.Id)).toContain(created.Id);
      const ofOther = await context.call(
        'GET',
        `${EXPORTS}?companyId=${context.companyId}&companyBankId=${other.Id}`,
      );
      expect(ofOther.json().data).toEqual([]);
    });

    it('exports only the payments named, and refuses the whole file when one of them is not waiting on that account', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 900),
      );
      const other = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 1200),
      );
      await givenPayer({ verified: [account.Id, other.Id] });
      const first = await givenPayment(account.Id);
      const second = await givenPayment(account.Id, { amountOre: 77_00 });
      const elsewhere = await givenPayment(other.Id);

      const mixed = await exportFrom(account.Id, [first.id, elsewhere.id]);
      expect(mixed.statusCode).toBe(409);
      expect(mixed.json().code).toBe(ErrorCode.CONFLICT);
      expect(mixed.json().message).toBe(
        'Every payment in one file must be waiting for approval and paid from the chosen account.',
      );
      expect((await paymentsByIds([first.id, elsewhere.id])).map((row) => row.status)).toEqual([
        PaymentStatus.FOR_APPROVE,
        PaymentStatus.FOR_APPROVE,
      ]);

      const named = await exportFrom(account.Id, [second.id]);
      expect(named.statusCode).toBe(200);
      expect(named.json().data).toMatchObject({ PaymentCount: 1, TotalOre: 77_00 });
      expect((await paymentsByIds([first.id, second.id])).map((row) => row.status)).toEqual([
        PaymentStatus.FOR_APPROVE,
        PaymentStatus.PROCESSING,
      ]);
      const repeated = await exportFrom(account.Id, [second.id]);
      expect(repeated.statusCode).toBe(409);
    });

    it('answers a repeated export with the same idempotency key with the first file, and makes no second one', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 1500),
      );
      await givenPayer({ verified: [account.Id] });
      await givenPayment(account.Id);
      const key = { 'idempotency-key': `export-${randomUUID()}` };
      const first = await exportFrom(account.Id, undefined, key);
      const second = await exportFrom(account.Id, undefined, key);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json().data.Id).toBe(first.json().data.Id);
      const listed = await context.call(
        'GET',
        `${EXPORTS}?companyId=${context.companyId}&companyBankId=${account.Id}`,
      );
      expect(listed.json().data).toHaveLength(1);
    });

    it('lets only payment users allowed to pay, from an account verified for them, make a file', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 1800),
      );
      const payment = await givenPayment(account.Id);
      await givenPayer({ isAllowPayments: false });
      const notAllowed = await exportFrom(account.Id);
      expect(notAllowed.statusCode).toBe(403);
      await givenPayer();
      const notVerified = await exportFrom(account.Id);
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json().message).toBe(
        `The account ${account.AccountNumber} is not verified for you to pay from.`,
      );
      const outsider = await context.call(
        'POST',
        EXPORT,
        { companyId: context.companyId, companyBankId: account.Id },
        context.outsiderSession,
      );
      expect(outsider.statusCode).toBe(404);
      expect((await paymentsByIds([payment.id]))[0]?.status).toBe(PaymentStatus.FOR_APPROVE);
    });

    it('shows neither the files nor their contents to another company', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 2100),
      );
      await givenPayer({ verified: [account.Id] });
      await givenPayment(account.Id);
      const created = (await exportFrom(account.Id)).json().data;
      const list = await context.call(
        'GET',
        `${EXPORTS}?companyId=${context.companyId}`,
        undefined,
        context.outsiderSession,
      );
      expect(list.statusCode).toBe(404);
      const file = await context.call(
        'GET',
        `${EXPORTS}/${created.Id}/file?companyId=${context.outsiderCompanyId}`,
        undefined,
        context.outsiderSession,
      );
      expect(file.statusCode).toBe(404);
    });
  });

  describe('reading pain.002', () => {
    type Line = { endToEndId: string; status: string; reason?: string; info?: string; amount?: string };

    /** A status report as the sandbox bank writes it (pain.002.001.03). */
    function statusReport(options: {
      messageId: string;
      originalMessageId: string;
      groupStatus: string;
      paymentInfoStatus?: string;
      paymentInfoId?: string;
      lines: Line[];
    }) {
      const reason = (line: Line) =>
        line.reason === undefined
          ? ''
          : `<StsRsnInf><Rsn><Cd>${line.reason}</Cd></Rsn>${line.info ? `<AddtlInf>${line.info}</AddtlInf>` : ''}</StsRsnInf>`;
      const transactions = options.lines
        .map(
          (line, index) => `<TxInfAndSts>
        <StsId>${options.messageId}-${index + 1}</StsId>
        <OrgnlInstrId>${options.messageId}-${index + 1}</OrgnlInstrId>
        <OrgnlEndToEndId>${line.endToEndId}</OrgnlEndToEndId>
        <TxSts>${line.status}</TxSts>${reason(line)}
        <OrgnlTxRef><Amt><InstdAmt Ccy="NOK">${line.amount ?? '1250.50'}</InstdAmt></Amt><ReqdExctnDt>2030-03-15</ReqdExctnDt>
          <DbtrAcct><Id><Othr><Id>15030000019</Id><SchmeNm><Cd>BBAN</Cd></SchmeNm></Othr></Id></DbtrAcct>
          <Cdtr><Nm>Vestlandsmel AS</Nm></Cdtr></OrgnlTxRef>
      </TxInfAndSts>`,
        )
        .join('\n');
      return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr><MsgId>${options.messageId}</MsgId><CreDtTm>2030-03-15T10:00:00Z</CreDtTm>
      <DbtrAgt><FinInstnId><BIC>DNBANOKK</BIC></FinInstnId></DbtrAgt></GrpHdr>
    <OrgnlGrpInfAndSts><OrgnlMsgId>${options.originalMessageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId>
      <GrpSts>${options.groupStatus}</GrpSts></OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts><OrgnlPmtInfId>${options.paymentInfoId ?? options.originalMessageId}</OrgnlPmtInfId>
      ${options.paymentInfoStatus ? `<PmtInfSts>${options.paymentInfoStatus}</PmtInfSts>` : ''}
      ${transactions}
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>`;
    }

    it('sets each payment as the bank reports it, lists the lines it cannot place, and changes nothing when the same report is read again', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 2400),
      );
      await givenPayer({ verified: [account.Id] });
      const settled = await givenPayment(account.Id);
      const rejected = await givenPayment(account.Id, { amountOre: 13_13 });
      const accepted = await givenPayment(account.Id, { amountOre: 500_00 });
      const explained = await givenPayment(account.Id, { amountOre: 600_00 });
      const sent = (await exportFrom(account.Id)).json().data;
      const xml = statusReport({
        messageId: 'STS20300315A',
        originalMessageId: sent.MessageId,
        groupStatus: 'PART',
        lines: [
          { endToEndId: settled.endToEndId, status: 'ACSC' },
          { endToEndId: rejected.endToEndId, status: 'RJCT', reason: 'AC04' },
          { endToEndId: accepted.endToEndId, status: 'ACCP' },
          { endToEndId: explained.endToEndId, status: 'RJCT', reason: 'AM04', info: 'Ikke dekning på konto' },
          { endToEndId: 'SOMEONE-ELSES-PAYMENT', status: 'ACSC' },
        ],
      });

      const first = await importReport(xml);
      expect(first.statusCode).toBe(200);
      const report = first.json().data;
      expect(report.messageId).toBe('STS20300315A');
      expect(report.updated).toEqual([
        {
          paymentId: settled.id,
          endToEndId: settled.endToEndId,
          bankStatus: 'ACSC',
          status: PaymentStatus.PAID,
          reason: null,
        },
        {
          paymentId: rejected.id,
          endToEndId: rejected.endToEndId,
          bankStatus: 'RJCT',
          status: PaymentStatus.FAILED,
          reason: 'Closed account number',
        },
        {
          paymentId: accepted.id,
          endToEndId: accepted.endToEndId,
          bankStatus: 'ACCP',
          status: PaymentStatus.PROCESSING,
          reason: null,
        },
        {
          paymentId: explained.id,
          endToEndId: explained.endToEndId,
          bankStatus: 'RJCT',
          status: PaymentStatus.FAILED,
          reason: 'Ikke dekning på konto',
        },
      ]);
      expect(report.unknown).toEqual([{ endToEndId: 'SOMEONE-ELSES-PAYMENT', bankStatus: 'ACSC' }]);
      expect(report.unchanged).toEqual([]);

      const rows = await paymentsByIds([settled.id, rejected.id, accepted.id, explained.id]);
      expect(
        rows.map((row) => [row.status, row.bankStatus, row.bankStatusReason, row.bankStatusText]),
      ).toEqual([
        [PaymentStatus.PAID, 'ACSC', null, null],
        [PaymentStatus.FAILED, 'RJCT', 'AC04', 'Closed account number'],
        [PaymentStatus.PROCESSING, 'ACCP', null, null],
        [PaymentStatus.FAILED, 'RJCT', 'AM04', 'Ikke dekning på konto'],
      ]);
      expect(rows[0]?.paidReason).toBe('Bank report STS20300315A: settled');
      expect(rows[0]?.paidAt).not.toBeNull();

      const second = await importReport(xml);
      expect(second.statusCode).toBe(200);
      expect(second.json().data.updated).toEqual([]);
      expect(second.json().data.unchanged.map((line: { paymentId: number }) => line.paymentId)).toEqual([
        settled.id,
        rejected.id,
        accepted.id,
        explained.id,
      ]);
      expect(second.json().data.unchanged[0].message).toBe('The payment already has the bank status ACSC.');
      expect(await paymentsByIds([settled.id, rejected.id, accepted.id, explained.id])).toEqual(rows);

      const late = await importReport(
        statusReport({
          messageId: 'STS20300316B',
          originalMessageId: sent.MessageId,
          groupStatus: 'ACSC',
          lines: [
            { endToEndId: rejected.endToEndId, status: 'ACSC' },
            { endToEndId: accepted.endToEndId, status: 'ACSC' },
          ],
        }),
      );
      expect(late.statusCode).toBe(200);
      expect(late.json().data.unchanged).toEqual([
        {
          paymentId: rejected.id,
          endToEndId: rejected.endToEndId,
          message: 'The payment is already failed; the bank’s ACSC changes nothing.',
        },
      ]);
      expect(late.json().data.updated).toMatchObject([
        { paymentId: accepted.id, status: PaymentStatus.PAID },
      ]);
    });

    it('applies a status given for a whole payment group to every payment of it in the file we sent', async () => {
      const account = await givenBankAccount(
        context.app,
        context.session,
        context.companyId,
        givenAccountNumber('1503', 2700),
      );
      await givenPayer({ verified: [account.Id] });
      const first = await givenPayment(account.Id);
      const second = await givenPayment(account.Id, { amountOre: 200_00 });
      const sent = (await exportFrom(account.Id)).json().data;
      const download = await context.call('GET', `${EXPORTS}/${sent.Id}/file?companyId=${context.companyId}`);
      const [group] = parsePain001(download.body).paymentInfos;

      const response = await importReport(
        statusReport({
          messageId: 'STS-GROUP-1',
          originalMessageId: sent.MessageId,
          groupStatus: 'RJCT',
          paymentInfoId: group?.id ?? '',
          paymentInfoStatus: 'RJCT',
          lines: [],
        }).replace('</GrpSts>', '</GrpSts><StsRsnInf><Rsn><Cd>AM10</Cd></Rsn></StsRsnInf>'),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data.updated.map((line: { paymentId: number }) => line.paymentId)).toEqual([
        first.id,
        second.id,
      ]);
      const rows = await paymentsByIds([first.id, second.id]);
      expect(rows.map((row) => [row.status, row.bankStatusReason, row.bankStatusText])).toEqual([
        [PaymentStatus.FAILED, 'AM10', 'Invalid control sum'],
        [PaymentStatus.FAILED, 'AM10', 'Invalid control sum'],
      ]);
    });

    it('refuses a file that is not XML by its content, and an XML file that is not a status report, saying why', async () => {
      await givenPayer();
      const pdf = await importReport('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'status.xml');
      expect(pdf.statusCode).toBe(415);
      const camt = await importReport(
        '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt/></Document>',
      );
      expect(camt.statusCode).toBe(400);
      expect(camt.json().message).toMatch(/^The file is not a pain\.002 status report: /);
      const broken = await importReport('<Document><CstmrPmtStsRpt>');
      expect(broken.statusCode).toBe(400);
      const entity = await importReport(
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "boom">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>&x;</CstmrPmtStsRpt></Document>',
      );
      expect(entity.statusCode).toBe(400);
    });

    it('needs a payment user allowed to pay, and keeps another company out', async () => {
      await givenPayer({ isAllowPayments: false });
      const xml = statusReport({ messageId: 'X', originalMessageId: 'Y', groupStatus: 'ACSC', lines: [] });
      expect((await importReport(xml)).statusCode).toBe(403);
      await givenPayer();
      const body = await multipart({ companyId: String(context.companyId) }, [
        { field: 'file', name: 'pain002.xml', bytes: new TextEncoder().encode(xml) },
      ]);
      const outsider = await context.app.inject({
        method: 'POST',
        url: IMPORT,
        headers: { ...bearer(context.outsiderSession), ...body.headers },
        payload: body.payload,
      });
      expect(outsider.statusCode).toBe(404);
    });
  });
});
