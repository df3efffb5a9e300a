import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { EhfDocumentDetail, EhfDocumentPage, EhfRegistration, RoleId } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import { norwegianInvoice } from '@bilag/domain/ehf/__fixtures__/norwegian-invoice';
import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  notifications,
  paymentUsers,
  periodClosings,
  spamSuppliers,
  vouchers,
} from '../../db/schema';
import { createProviders } from '../../providers';
import { signWebhook } from '../../providers/webhook-signature';
import { bearer, givenUser, login } from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { addCompanyUser, createCompany } from '../companies';

/** The receiving company's own number, so no other test company shares it. */
const RECEIVER = '934567897';
const SAMPLES = path.resolve(__dirname, '../../../../../../shared/samples/ehf');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An endpoint that keeps what the access point delivered, to send variants of a real envelope. */
async function givenCapture() {
  const bodies: { body: string; messageId: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      bodies.push({
        body: Buffer.concat(chunks).toString('utf8'),
        messageId: String(request.headers['x-peppol-message-id']),
      });
      response.statusCode = 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/capture`,
    bodies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The text the pages of a rendition show, read from its content streams: each shown string is hex of
 * the standard fonts' WinAnsi codes, which are Latin-1 for the letters these invoices use.
 */
function shownText(pdf: Buffer): string {
  const shown: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    const content = inflateSync(Buffer.from(stream[1] ?? '', 'latin1')).toString('latin1');
    for (const text of content.matchAll(/<([0-9A-F]*)> Tj/g))
      shown.push(Buffer.from(text[1] ?? '', 'hex').toString('latin1'));
  }
  return shown.join('\n');
}

describe('EHF: registration, deliveries from the access point, documents and vouchers', () => {
  let sandbox: RunningSandbox;
  let context: Awaited<ReturnType<typeof createTestApp>>;
  let publicUrl: string;
  let companyId: number;
  let alias: string;
  let memberId: number;
  let adminId: number;
  let member: Awaited<ReturnType<typeof login>>;
  let admin: Awaited<ReturnType<typeof login>>;
  let outsider: Awaited<ReturnType<typeof login>>;
  let outsiderCompanyId: number;
  let envelope: { body: string; messageId: string };

  const providers = () => createProviders(sandbox.providers);

  beforeAll(async () => {
    sandbox = await givenSandbox();
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    context = await createTestApp({ providers: sandbox.providers, publicUrl });
    await context.app.listen({ port, host: '127.0.0.1' });
    const user = await givenUser(context.db, { roleId: RoleId.ACCOUNTANT });
    const adminUser = await givenUser(context.db, { roleId: RoleId.ADMIN });
    // An administrator, whom no role keeps out of a registration, so only the company check can.
    const outsiderUser = await givenUser(context.db, { roleId: RoleId.ADMIN });
    alias = `ehf-${randomUUID().slice(0, 8)}`;
    const company = await createCompany(context.db, {
      name: 'Nordlys Bakeri AS',
      alias,
      organisationNumber: RECEIVER,
      subscriptionId: null,
      status: 1,
      isSpecial: false,
      ownerUserId: null,
    });
    companyId = company.id;
    await addCompanyUser(context.db, companyId, user.id);
    const other = await createCompany(context.db, {
      name: 'Annet AS',
      alias: `other-${randomUUID().slice(0, 8)}`,
      organisationNumber: '923456783',
      subscriptionId: null,
      status: 1,
      isSpecial: false,
      ownerUserId: null,
    });
    outsiderCompanyId = other.id;
    await addCompanyUser(context.db, outsiderCompanyId, outsiderUser.id);
    memberId = user.id;
    adminId = adminUser.id;
    member = await login(context.app, user.email);
    admin = await login(context.app, adminUser.email);
    outsider = await login(context.app, outsiderUser.email);

    // One real envelope from the access point, kept to send variants of it signed as the access point signs.
    const capture = await givenCapture();
    const peppol = providers().peppol;
    await peppol.registerReceiver({
      organisationNumber: RECEIVER,
      name: 'Nordlys Bakeri AS',
      webhookUrl: capture.url,
    });
    await peppol.sendDocument({ receiver: RECEIVER, document: norwegianInvoice({ id: 'CAPTURED-1' }) });
    await capture.close();
    const captured = capture.bodies[0];
    if (!captured) throw new Error('the access point delivered nothing');
    envelope = captured;
    await peppol.unregisterReceiver(RECEIVER);
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    as: Awaited<ReturnType<typeof login>> = member,
  ) => context.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  /** A variant of the captured envelope: another message id, another document inside, signed now. */
  function deliver(
    document: string | undefined,
    options: { messageId?: string; secret?: string; body?: string } = {},
  ) {
    const messageId = options.messageId ?? randomUUID();
    const withDocument =
      document === undefined
        ? envelope.body
        : envelope.body.replace(/<Invoice[\s\S]*<\/Invoice>/, document.replace(/^<\?xml[^>]*>\s*/, ''));
    const body = options.body ?? withDocument.replaceAll(envelope.messageId, messageId);
    const signature = signWebhook(
      options.secret ?? sandbox.providers.peppol.webhookSecret,
      body,
      Math.floor(Date.now() / 1000),
    );
    return context.app.inject({
      method: 'POST',
      url: '/api/ehf/webhook/peppol',
      headers: {
        'content-type': 'application/xml',
        'sandbox-signature': signature,
        'x-peppol-message-id': messageId,
      },
      payload: body,
    });
  }

  async function documents(status?: string) {
    const query = new URLSearchParams({
      companyId: String(companyId),
      pagesize: '100',
      ...(status ? { status } : {}),
    });
    const response = await call('GET', `/api/ehf/documents?${query}`);
    expect(response.statusCode).toBe(200);
    return EhfDocumentPage.parse(response.json().data);
  }

  async function documentOf(id: number) {
    const response = await call('GET', `/api/ehf/documents/${id}?companyId=${companyId}`);
    expect(response.statusCode).toBe(200);
    return EhfDocumentDetail.parse(response.json().data);
  }

  async function voucherCount() {
    return (await context.db.select().from(vouchers).where(eq(vouchers.companyId, companyId))).length;
  }

  describe('registration at the access point', () => {
    it('answers not registered, lets an administrator register the company at the webhook, and unregister it', async () => {
      const before = await call('GET', `/api/main/company-services/ehf?companyId=${companyId}`);
      expect(EhfRegistration.parse(before.json().data)).toMatchObject({
        isRegistered: false,
        organisationNumber: RECEIVER,
      });

      const refused = await call('POST', '/api/main/company-services/ehf', { companyId });
      expect(refused.statusCode).toBe(403);

      await addCompanyUser(context.db, companyId, adminId);
      const registered = await call('POST', '/api/main/company-services/ehf', { companyId }, admin);
      expect(registered.statusCode).toBe(200);
      expect(registered.json().data).toMatchObject({
        isRegistered: true,
        organisationNumber: RECEIVER,
        webhookUrl: `${publicUrl}/api/ehf/webhook/peppol`,
        documentTypes: ['invoice', 'creditnote'],
      });
      const seen = await call('GET', `/api/main/company-services/ehf?companyId=${companyId}`);
      expect(seen.json().data.isRegistered).toBe(true);

      const accessPoint = await call(
        'GET',
        `/api/main/company-services/ehf/access-point-url?companyId=${companyId}`,
      );
      expect(accessPoint.json().data).toEqual({
        accessPointUrl: sandbox.providers.peppol.url,
        webhookUrl: `${publicUrl}/api/ehf/webhook/peppol`,
      });

      const removed = await call(
        'DELETE',
        `/api/main/company-services/ehf/delete?companyId=${companyId}`,
        undefined,
        admin,
      );
      expect(removed.json().data.isRegistered).toBe(false);
      expect(
        (await call('GET', `/api/main/company-services/ehf?companyId=${companyId}`)).json().data.isRegistered,
      ).toBe(false);
      const audits = await context.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entity, 'ehf-registration')));
      expect(audits.map((row) => row.action)).toEqual(['register', 'unregister']);

      const again = await call('POST', '/api/main/company-services/ehf', { companyId }, admin);
      expect(again.statusCode).toBe(200);
    });

    it("does not show or change another company's registration", async () => {
      const seen = await call(
        'GET',
        `/api/main/company-services/ehf?companyId=${companyId}`,
        undefined,
        outsider,
      );
      expect(seen.statusCode).toBe(404);
      const changed = await call(
        'DELETE',
        `/api/main/company-services/ehf/delete?companyId=${companyId}`,
        undefined,
        outsider,
      );
      expect(changed.statusCode).toBe(404);
    });
  });

  describe('deliveries', () => {
    it('turns an invoice the access point delivers into a voucher with its XML and a readable PDF', async () => {
      const sent = await providers().peppol.sendDocument({
        receiver: RECEIVER,
        document: norwegianInvoice({ id: 'NB-1001', supplierOrgNumber: '974760673' }),
      });
      expect(sent.delivery).toMatchObject({ delivered: true, lastStatus: 200 });

      const row = (await documents()).rows.find((candidate) => candidate.documentNumber === 'NB-1001');
      expect(row).toMatchObject({
        status: 'voucher-created',
        channel: 'ehf',
        supplierOrganisationNumber: '974760673',
      });
      if (!row?.voucherId) throw new Error('no voucher was made');
      const detail = await documentOf(row.id);
      expect(detail.lines.length).toBe(3);
      expect(detail.vatRates.map((rate) => rate.percent).sort()).toEqual(['0', '15', '25']);
      expect(detail.kid).not.toBeNull();
      expect(detail.supplierAccount).toBe('86011117947');
      expect(detail.files.map((file) => file.kind)).toEqual(['xml', 'pdf']);
      expect(detail.files[1]?.isRendition).toBe(true);
      expect(detail.inboxItemUuid).not.toBeNull();

      const [voucher] = await context.db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, row.voucherId)));
      expect(voucher).toMatchObject({
        source: 2,
        amountOre: detail.payableAmountOre,
        supplierName: 'Fjordtjenester AS',
        dueDate: '2024-03-15',
        voucherDate: '2024-03-01',
        kid: detail.kid,
        accountNumber: '86011117947',
        description: 'Faktura NB-1001',
      });

      const pdf = detail.files.find((file) => file.kind === 'pdf');
      const download = await call(
        'GET',
        `/api/ehf/documents/${row.id}/files/${pdf?.id}?companyId=${companyId}`,
      );
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const rendition = await PDFDocument.load(download.rawPayload, { throwOnInvalidObject: true });
      expect(rendition.getTitle()).toBe('Faktura NB-1001');
      expect(rendition.getPageCount()).toBe(1);
      const shown = shownText(download.rawPayload);
      for (const text of [
        'Faktura NB-1001',
        'Fjordtjenester AS',
        'Org.nr. 974760673',
        'Forfallsdato',
        'Å betale',
      ])
        expect(shown).toContain(text);

      const ofVoucher = await call(
        'GET',
        `/api/ehf/vouchers/${row.voucherId}/document?companyId=${companyId}`,
      );
      expect(ofVoucher.json().data.id).toBe(row.id);

      const told = await context.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.companyId, companyId), eq(notifications.kind, 'inbox-arrived')));
      expect(told.length).toBeGreaterThan(0);
    });

    it('books an invoice dated in a closed month on the day it arrives, keeping its own date', async () => {
      await context.db.insert(periodClosings).values({ companyId, month: '2024-03-01', closedBy: memberId });
      try {
        const sent = await providers().peppol.sendDocument({
          receiver: RECEIVER,
          document: norwegianInvoice({ id: 'NB-LATE-1', supplierOrgNumber: '974760673' }),
        });
        expect(sent.delivery).toMatchObject({ delivered: true, lastStatus: 200 });
        const row = (await documents()).rows.find((candidate) => candidate.documentNumber === 'NB-LATE-1');
        if (!row?.voucherId) throw new Error('no voucher was made');
        const [voucher] = await context.db
          .select()
          .from(vouchers)
          .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, row.voucherId)));
        expect(voucher).toMatchObject({
          voucherDate: '2024-03-01',
          effectiveDate: todayIsoDate('Europe/Oslo'),
        });
      } finally {
        await context.db.delete(periodClosings).where(eq(periodClosings.companyId, companyId));
      }
    });

    it('keeps the PDF an invoice carries instead of making one', async () => {
      const pdf = Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
      );
      const response = await deliver(
        norwegianInvoice({
          id: 'NB-PDF-1',
          attachment: { filename: 'faktura.pdf', mimeType: 'application/pdf', bytes: pdf },
        }),
      );
      expect(response.statusCode).toBe(200);
      const row = (await documents()).rows.find((candidate) => candidate.documentNumber === 'NB-PDF-1');
      const detail = await documentOf(row?.id ?? 0);
      const file = detail.files.find((candidate) => candidate.kind === 'pdf');
      expect(file?.isRendition).toBe(false);
      const download = await call(
        'GET',
        `/api/ehf/documents/${detail.id}/files/${file?.id}?companyId=${companyId}`,
      );
      expect(download.rawPayload.equals(pdf)).toBe(true);
    });

    it('makes one voucher of the same invoice sent twice, also when both arrive at once', async () => {
      const before = await voucherCount();
      const document = norwegianInvoice({ id: 'NB-TWICE' });
      const first = await providers().peppol.sendDocument({ receiver: RECEIVER, document });
      const second = await providers().peppol.sendDocument({ receiver: RECEIVER, document });
      expect(first.messageId).not.toBe(second.messageId);
      expect(second.delivery.lastStatus).toBe(200);
      expect(await voucherCount()).toBe(before + 1);

      const concurrent = norwegianInvoice({ id: 'NB-AT-ONCE' });
      const answers = await Promise.all([deliver(concurrent), deliver(concurrent), deliver(concurrent)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => answer.json().data.status).sort()).toEqual([
        'duplicate',
        'duplicate',
        'voucher-created',
      ]);
      expect(await voucherCount()).toBe(before + 2);
      expect((await documents()).rows.filter((row) => row.documentNumber === 'NB-AT-ONCE')).toHaveLength(1);
    });

    it('answers 200 to a repeated message and adds nothing', async () => {
      const messageId = randomUUID();
      const document = norwegianInvoice({ id: 'NB-REPEAT' });
      const first = await deliver(document, { messageId });
      const before = await voucherCount();
      const repeated = await deliver(document, { messageId });
      expect(first.statusCode).toBe(200);
      expect(repeated.statusCode).toBe(200);
      expect(repeated.json().data).toEqual({ messageId, status: 'duplicate' });
      expect(await voucherCount()).toBe(before);
    });

    it('refuses a delivery with a wrong signature (401), a body that is no envelope (400) and one too large (413)', async () => {
      const wrong = await deliver(norwegianInvoice({ id: 'NB-FORGED' }), {
        secret: 'not-the-secret-of-the-access-point',
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ isSuccess: false, code: 'UNAUTHENTICATED' });

      const notEnvelope = await deliver(undefined, { body: norwegianInvoice({ id: 'NB-BARE' }) });
      expect(notEnvelope.statusCode).toBe(400);

      const huge = await deliver(undefined, { body: `${envelope.body}${' '.repeat(11 * 1024 * 1024)}` });
      expect(huge.statusCode).toBe(413);
      expect(
        (await documents()).rows.some((row) => ['NB-FORGED', 'NB-BARE'].includes(row.documentNumber ?? '')),
      ).toBe(false);
    });

    it('refuses a delivery for a receiver no company here has', async () => {
      const messageId = randomUUID();
      const response = await deliver(undefined, {
        messageId,
        body: envelope.body.replaceAll(RECEIVER, '974760673').replaceAll(envelope.messageId, messageId),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ isSuccess: false, code: 'NOT_FOUND' });
    });

    it('blocks an invoice from a supplier on the spam list, without a voucher', async () => {
      await context.db
        .insert(spamSuppliers)
        .values({ forCompanyId: companyId, organisationNumber: '986133968', name: 'Spam AS' });
      const before = await voucherCount();
      const response = await deliver(norwegianInvoice({ id: 'SPAM-1', supplierOrgNumber: '986133968' }));
      expect(response.json().data.status).toBe('spam');
      expect(await voucherCount()).toBe(before);
      const row = (await documents('spam')).rows.find((candidate) => candidate.documentNumber === 'SPAM-1');
      expect(row?.reason).toContain('Spam AS');
    });

    it('keeps an invoice that fails its checks without a voucher, with why, until a person makes one anyway', async () => {
      const before = await voucherCount();
      const response = await deliver(norwegianInvoice({ id: 'NB-WRONG', payableOverrideOre: 1 }));
      expect(response.json().data.status).toBe('failed-checks');
      expect(await voucherCount()).toBe(before);
      const row = (await documents('failed-checks')).rows.find(
        (candidate) => candidate.documentNumber === 'NB-WRONG',
      );
      if (!row) throw new Error('the document was not kept');
      expect(row.voucherId).toBeNull();
      expect(row.problems.some((problem) => problem.severity === 'fatal' && problem.rule.length > 0)).toBe(
        true,
      );
      const told = await context.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.companyId, companyId), eq(notifications.kind, 'ehf-failed-checks')));
      expect(told.length).toBeGreaterThan(0);

      const made = await call('POST', `/api/ehf/documents/${row.id}/voucher`, { companyId });
      expect(made.statusCode).toBe(200);
      const detail = EhfDocumentDetail.parse(made.json().data);
      expect(detail.status).toBe('voucher-created');
      expect(detail.voucherId).not.toBeNull();
      expect(await voucherCount()).toBe(before + 1);
      const again = await call('POST', `/api/ehf/documents/${row.id}/voucher`, { companyId });
      expect(again.statusCode).toBe(409);
      const audits = await context.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, 'voucher-made-anyway')));
      expect(audits).toHaveLength(1);
    });

    it('keeps a document that cannot be read as refused, with its XML', async () => {
      const response = await deliver(
        norwegianInvoice({ id: 'NB-BROKEN' }).replace(
          /<cbc:DocumentCurrencyCode>NOK<\/cbc:DocumentCurrencyCode>/,
          '',
        ),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().data.status).toBe('refused');
      const row = (await documents('refused'))?.rows[0];
      expect(row?.reason).toBeTruthy();
      const detail = await documentOf(row?.id ?? 0);
      expect(detail.files.map((file) => file.kind)).toEqual(['xml']);
    });

    it('links a credit note to the invoice it credits, both ways', async () => {
      const send = (example: string) =>
        fetch(`${sandbox.url}/peppol/send?lang=en`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ receiver: RECEIVER, document: `example:${example}` }),
          redirect: 'manual',
        });
      expect((await send('electricity-invoice')).status).toBe(303);
      expect((await send('electricity-credit-note')).status).toBe(303);
      const rows = (await documents()).rows;
      const creditNote = rows.find((row) => row.documentKind === 'creditnote');
      if (!creditNote) throw new Error('the credit note did not arrive');
      const detail = await documentOf(creditNote.id);
      expect(detail.creditedInvoice?.documentKind).toBe('invoice');
      const invoice = await documentOf(detail.creditedInvoice?.id ?? 0);
      expect(invoice.creditNotes.map((note) => note.id)).toEqual([creditNote.id]);
      const [voucher] = await context.db
        .select()
        .from(vouchers)
        .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, creditNote.voucherId ?? 0)));
      expect(voucher?.amountOre).toBe(-(creditNote.payableAmountOre ?? 0));
    });

    it('puts the unpaid EHF invoices on the payment list with KID and due date', async () => {
      await context.db.insert(paymentUsers).values({ companyId, userId: memberId, isAllowPayments: true });
      const invoice = (await documents()).rows.find((row) => row.documentNumber === 'NB-1001');
      const response = await context.app.inject({
        method: 'POST',
        url: `/api/main/voucher/unpaid-ehf-to-payment-list/${companyId}`,
        headers: { ...bearer(member), 'idempotency-key': randomUUID() },
        payload: { confirmDuplicate: true },
      });
      expect(response.statusCode).toBe(200);
      const added = response.json().data.added as { voucherId: number; payment: Record<string, unknown> }[];
      const payment = added.find((entry) => entry.voucherId === invoice?.voucherId)?.payment;
      expect(payment).toMatchObject({
        Kid: invoice ? (await documentOf(invoice.id)).kid : null,
        CreditorAccount: '86011117947',
      });
      const creditNoteVoucherIds = (await documents()).rows
        .filter((row) => row.documentKind === 'creditnote')
        .map((row) => row.voucherId);
      expect(added.some((entry) => creditNoteVoucherIds.includes(entry.voucherId))).toBe(false);
    });
  });

  describe('public samples', () => {
    const files = existsSync(SAMPLES) ? readdirSync(SAMPLES).filter((name) => name.endsWith('.xml')) : [];
    it.skipIf(files.length === 0)(
      'takes in every public sample (../shared/samples/ehf) without a server error',
      async () => {
        for (const file of files) {
          const xml = readFileSync(path.join(SAMPLES, file), 'utf8');
          if (/<(\w+:)?CreditNote[\s>]/.test(xml.slice(0, 2000))) continue;
          const response = await deliver(xml);
          // The envelope names BIS Billing 3; a national extension inside it is a document type it does not carry.
          const isPlainBilling3 =
            /<cbc:CustomizationID>urn:cen\.eu:en16931:2017#compliant#urn:fdc:peppol\.eu:2017:poacc:billing:3\.0<\/cbc:CustomizationID>/.test(
              xml,
            );
          if (!isPlainBilling3 && response.statusCode === 422) continue;
          expect(response.statusCode, file).toBe(200);
          expect(['voucher-created', 'failed-checks', 'duplicate'], file).toContain(
            response.json().data.status,
          );
        }
        const faktura = (await documents()).rows.find((row) => row.documentNumber === 'TOSL108');
        if (files.includes('ehf-3-faktura-1.xml') && faktura) {
          const detail = await documentOf(faktura.id);
          expect(detail).toMatchObject({ payableAmountOre: 80200, kid: '0003434323213231', currency: 'NOK' });
        }
      },
    );
  });

  describe('another company', () => {
    it("sees none of the company's documents", async () => {
      const [row] = (await documents()).rows;
      if (!row) throw new Error('no document');
      const asOutsider = (url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
        call(method, url, payload, outsider);
      expect((await asOutsider(`/api/ehf/documents/${row.id}?companyId=${companyId}`)).statusCode).toBe(404);
      expect(
        (await asOutsider(`/api/ehf/documents/${row.id}?companyId=${outsiderCompanyId}`)).statusCode,
      ).toBe(404);
      expect((await asOutsider(`/api/ehf/documents?companyId=${companyId}`)).statusCode).toBe(404);
      const own = await asOutsider(`/api/ehf/documents?companyId=${outsiderCompanyId}`);
      expect(own.json().data.total).toBe(0);
      expect(
        (await asOutsider(`/api/ehf/documents/${row.id}/voucher`, 'POST', { companyId: outsiderCompanyId }))
          .statusCode,
      ).toBe(404);
      const file = (await documentOf(row.id)).files[0];
      expect(
        (await asOutsider(`/api/ehf/documents/${row.id}/files/${file?.id}?companyId=${outsiderCompanyId}`))
          .statusCode,
      ).toBe(404);
    });
  });
});
