import path from 'node:path';
import { ErrorCode } from '@bilag/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, ehfDocuments, type NewEhfDocument } from '../../db/schema';
import { runJobsUntilIdle } from '../../platform/jobs';
import { createLocalDiskStore } from '../../platform/object-store';
import { createProviders } from '../../providers';
import { bearer, givenCompany, givenTenancy } from '../../test/fixtures';
import { givenSandbox, type RunningSandbox } from '../../test/sandbox';
import { createTestApp } from '../../test/test-app';
import { ehfReportJobs } from './ehf-report.jobs';

type Context = Awaited<ReturnType<typeof createTestApp>> & Awaited<ReturnType<typeof givenTenancy>>;

const BOM = '\uFEFF';

describe('EHF reports', () => {
  let sandbox: RunningSandbox;
  let context: Context;

  beforeAll(async () => {
    sandbox = await givenSandbox();
    const app = await createTestApp({ providers: sandbox.providers });
    context = { ...app, ...(await givenTenancy(app)) };
  });
  afterAll(async () => {
    await context.close();
    await sandbox.close();
  });

  const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
    context.call(method, url, payload, context.adminSession);

  function runReportJobs() {
    const store = createLocalDiskStore(path.join(context.dataDir, 'files'));
    const { handlers } = ehfReportJobs({
      db: context.db,
      providers: createProviders(sandbox.providers),
      store,
    });
    return runJobsUntilIdle(context.db, { handlers });
  }

  async function generate(kind: 'end-user' | 'transaction', from: string, to: string) {
    const generated = await asAdmin('POST', '/api/ehf/reports/generate', { kind, from, to });
    expect(generated.statusCode).toBe(200);
    expect(generated.json().data).toMatchObject({ kind, from, to, state: 'queued', fileName: null });
    await runReportJobs();
    const report = await asAdmin('GET', `/api/ehf/reports/${generated.json().data.id}`);
    return report.json().data as { id: number; state: string; rowCount: number; fileName: string };
  }

  async function download(id: number) {
    const response = await asAdmin('GET', `/api/ehf/reports/${id}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith(BOM)).toBe(true);
    return { response, lines: text.slice(1).trimEnd().split('\r\n') };
  }

  async function givenDocument(companyId: number, values: Partial<NewEhfDocument>) {
    await context.db
      .insert(ehfDocuments)
      .values({ companyId, channel: 'ehf', status: 'voucher-created', ...values });
  }

  it('refuses everyone but administrators, and a period that ends before it starts', async () => {
    const refused = await context.call('POST', '/api/ehf/reports/generate', {
      kind: 'transaction',
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ErrorCode.ADMIN_ONLY);
    expect((await context.call('GET', '/api/ehf/reports')).statusCode).toBe(403);
    const backwards = await asAdmin('POST', '/api/ehf/reports/generate', {
      kind: 'transaction',
      from: '2025-02-01',
      to: '2025-01-31',
    });
    expect(backwards.statusCode).toBe(400);
  });

  it('makes the transaction report of the period in Oslo time, one row per document, with amounts in kroner', async () => {
    const company = await givenCompany(context.db);
    await context.db
      .update(companies)
      .set({ organisationNumber: '910000004' })
      .where(eq(companies.id, company.id));
    await givenDocument(company.id, {
      // 00:30 on 1 May in Oslo (summer time): inside the period though it is still April in UTC.
      receivedAt: new Date('2025-04-30T22:30:00Z'),
      supplierName: 'Leverandør; «Nord» AS',
      supplierOrganisationNumber: '923609016',
      documentKind: 'invoice',
      documentNumber: 'F-1001',
      issueDate: '2025-04-29',
      dueDate: '2025-05-29',
      payableAmountOre: 123_450,
      currency: 'NOK',
    });
    await givenDocument(company.id, {
      receivedAt: new Date('2025-05-31T12:00:00Z'),
      supplierName: '=HYPERLINK("x")',
      documentKind: 'creditnote',
      documentNumber: 'K-7',
      payableAmountOre: -5_000,
      currency: 'EUR',
      status: 'failed-checks',
    });
    // 00:30 on 1 June in Oslo: after the period.
    await givenDocument(company.id, {
      receivedAt: new Date('2025-05-31T22:30:00Z'),
      documentNumber: 'F-LATE',
    });

    const report = await generate('transaction', '2025-05-01', '2025-05-31');
    expect(report).toMatchObject({
      state: 'done',
      rowCount: 2,
      fileName: 'ehf-transactions-2025-05-01_2025-05-31.csv',
    });

    const { response, lines } = await download(report.id);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="ehf-transactions-2025-05-01_2025-05-31.csv"',
    );
    expect(lines).toEqual([
      'Received at;Organisation number;Company;Channel;Supplier;Supplier organisation number;Type;Number;Issue date;Due date;Amount;Currency;Status',
      `2025-05-01 00:30:00;910000004;${company.name};ehf;"Leverandør; «Nord» AS";923609016;invoice;F-1001;2025-04-29;2025-05-29;1234,50;NOK;voucher-created`,
      `2025-05-31 14:00:00;910000004;${company.name};ehf;"'=HYPERLINK(""x"")";;creditnote;K-7;;;-50,00;EUR;failed-checks`,
    ]);
  });

  it('makes the end-user report from the companies registered at the access point, with their documents in the period', async () => {
    const registered = await givenCompany(context.db);
    await context.db
      .update(companies)
      .set({ organisationNumber: '920000002' })
      .where(eq(companies.id, registered.id));
    await givenCompany(context.db);
    const peppol = createProviders(sandbox.providers).peppol;
    const receiver = await peppol.registerReceiver({
      organisationNumber: '920000002',
      name: registered.name,
      webhookUrl: 'http://127.0.0.1:9/api/ehf/webhook/peppol',
    });
    await givenDocument(registered.id, {
      receivedAt: new Date('2025-06-10T10:00:00Z'),
      documentKind: 'invoice',
    });
    await givenDocument(registered.id, {
      receivedAt: new Date('2025-06-11T10:00:00Z'),
      documentKind: 'invoice',
    });
    await givenDocument(registered.id, {
      receivedAt: new Date('2025-06-12T10:00:00Z'),
      documentKind: 'creditnote',
    });
    await givenDocument(registered.id, {
      receivedAt: new Date('2025-07-12T10:00:00Z'),
      documentKind: 'invoice',
    });

    const report = await generate('end-user', '2025-06-01', '2025-06-30');
    expect(report).toMatchObject({ state: 'done', rowCount: 1 });
    const { lines } = await download(report.id);
    const registeredAt = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Oslo',
      dateStyle: 'short',
      timeStyle: 'medium',
    }).format(new Date(receiver.registeredAt));
    expect(lines).toEqual([
      'Organisation number;Company;Registered at;Document types;Invoices;Credit notes;Documents',
      `920000002;${registered.name};${registeredAt};${receiver.documentTypes.join(', ')};2;1;3`,
    ]);
  });

  it('lists the reports newest first, refuses to download one not finished, and answers 404 for one that does not exist', async () => {
    const queued = await asAdmin('POST', '/api/ehf/reports/generate', {
      kind: 'transaction',
      from: '2024-01-01',
      to: '2024-01-31',
    });
    const id = queued.json().data.id;
    const early = await asAdmin('GET', `/api/ehf/reports/${id}/download`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe(ErrorCode.CONFLICT);
    const list = await asAdmin('GET', '/api/ehf/reports?pageSize=1');
    expect(list.json().data.rows[0]).toMatchObject({ id, state: 'queued' });
    expect(list.json().data.total).toBeGreaterThanOrEqual(1);
    expect((await asAdmin('GET', '/api/ehf/reports/999999')).statusCode).toBe(404);
    await runReportJobs();
  });

  it('sends a finished report by e-mail with the CSV attached, and the mail catcher has it', async () => {
    const report = await generate('transaction', '2023-01-01', '2023-01-31');
    const to = `report-${crypto.randomUUID().slice(0, 8)}@example.no`;
    const sent = await context.app.inject({
      method: 'POST',
      url: `/api/ehf/reports/${report.id}/send`,
      headers: { ...bearer(context.adminSession), language: 'no' },
      payload: { email: to },
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.sentTo).toEqual([to]);

    const list = await fetch(
      `${sandbox.url}/mail/api/messages?to=${encodeURIComponent(to)}&waitMs=5000`,
    ).then((response) => response.json() as Promise<{ messages: { id: string }[] }>);
    expect(list.messages).toHaveLength(1);
    const mail = (await fetch(`${sandbox.url}/mail/api/messages/${list.messages[0]?.id}`).then((response) =>
      response.json(),
    )) as { subject: string; attachments: { filename: string; contentType: string; url: string }[] };
    expect(mail.subject).toBe('EHF transaksjonsrapport 2023-01-01 – 2023-01-31');
    expect(mail.attachments).toMatchObject([
      { filename: 'ehf-transactions-2023-01-01_2023-01-31.csv', contentType: 'text/csv' },
    ]);
    const attached = Buffer.from(await (await fetch(mail.attachments[0]?.url ?? '')).arrayBuffer());
    const { response } = await download(report.id);
    expect(attached.equals(response.rawPayload)).toBe(true);

    const wrong = await asAdmin('POST', `/api/ehf/reports/${report.id}/send`, { email: 'not an address' });
    expect(wrong.statusCode).toBe(400);
  });
});
