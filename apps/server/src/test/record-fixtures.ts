import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import {
  bankConsentAccounts,
  bankConsentEvents,
  bankConsents,
  banks,
  ehfDocuments,
  notifications,
} from '../db/schema';
import { addCompanyUser } from '../features/companies';
import { DNB_ROWS, dnbCsv } from '../features/imports/__fixtures__/statements';
import { type NewArrival, recordArrival } from '../features/inbox';
import { notifyCompanyUsers } from '../features/notifications';
import * as packages from '../features/payment-packages/payment-package.repository';
import { givenPaymentUser } from '../features/payments/payment.fixtures';
import * as reminders from '../features/reminders/reminder.repository';
import * as tasks from '../features/tasks/task.repository';
import {
  bearer,
  givenAccountNumber,
  givenBankAccount,
  type givenTenancy,
  givenTransaction,
  givenUser,
  givenVoucher,
  multipart,
} from './fixtures';
import type { RecordIds } from './route-examples';

/** A person of the company of their own, whom the people calls may change or remove without touching the caller. */
export async function givenCompanyMember(db: Db, companyId: number): Promise<number> {
  const member = await givenUser(db);
  await addCompanyUser(db, companyId, member.id);
  return member.id;
}

/**
 * A consent as it stands once the bank has approved it, with one account and one history line, each
 * carrying `mark` so a reply that leaks it shows. Written straight to the tables: the scoping tests
 * run without a bank, and ask only who may see the consent.
 */
export async function givenConsent(db: Db, companyId: number, mark: string): Promise<number> {
  const [bank] = await db.select().from(banks).where(eq(banks.bankGroup, 'dnb')).limit(1);
  if (!bank) throw new Error('The bank registry has no DNB bank');
  const [consent] = await db
    .insert(bankConsents)
    .values({
      companyId,
      bankId: bank.id,
      bankGroup: bank.bankGroup,
      providerConsentId: `${mark}-${randomBytes(6).toString('hex')}`,
      instructionId: randomBytes(24).toString('base64url'),
      status: 'valid',
      validUntil: '2099-01-01',
      frequencyPerDay: 4,
      requestedAccounts: [],
      lastError: mark,
    })
    .returning({ id: bankConsents.id });
  if (!consent) throw new Error('The consent was not stored');
  await db.insert(bankConsentAccounts).values({
    companyId,
    consentId: consent.id,
    resourceId: `${mark}-account`,
    bban: '15030123457',
    name: `${mark} konto`,
  });
  await db.insert(bankConsentEvents).values({
    companyId,
    consentId: consent.id,
    kind: 'sync-failed',
    isError: true,
    details: { reason: mark },
  });
  return consent.id;
}

/** A notification for the company's users whose text carries `mark`; answers the first copy's id. */
export async function givenNotification(db: Db, companyId: number, mark: string): Promise<number> {
  await notifyCompanyUsers(db, {
    companyId,
    kind: 'consent-sync-failed',
    details: { bank: mark, reason: mark },
    link: null,
  });
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.companyId, companyId))
    .limit(1);
  if (!row) throw new Error('The notification was not stored');
  return row.id;
}

/**
 * An e-mail arrival in the company's inbox whose sender and subject carry `mark`. Written through the
 * inbox's own `recordArrival`, as the intake writes it.
 */
export async function givenInboxItem(
  db: Db,
  companyId: number,
  mark: string,
  arrival: Partial<NewArrival> = {},
): Promise<{ id: number; uuid: string }> {
  const row = await recordArrival(db, {
    companyId,
    channel: 'email',
    senderName: `${mark} Leverandør AS`,
    senderAddress: 'faktura@leverandor.no',
    subject: `${mark} kvittering`,
    status: 'voucher-created',
    attachmentCount: 1,
    sizeBytes: 2048,
    ...arrival,
  });
  return { id: row.id, uuid: row.uuid };
}

/** A received EHF invoice of the company, kept because it failed its checks, whose supplier carries `mark`. */
export async function givenEhfDocument(db: Db, companyId: number, mark: string): Promise<number> {
  const [row] = await db
    .insert(ehfDocuments)
    .values({
      companyId,
      channel: 'ehf',
      status: 'failed-checks',
      documentKind: 'invoice',
      documentNumber: `${mark}-1`,
      supplierKey: '974760673',
      supplierName: `${mark} Leverandør AS`,
      supplierOrganisationNumber: '974760673',
      currency: 'NOK',
      payableAmountOre: 125_00,
      problems: [{ rule: 'BR-CO-15', severity: 'fatal', message: `${mark} totals do not add up` }],
    })
    .returning({ id: ehfDocuments.id });
  if (!row) throw new Error('The EHF document was not stored');
  return row.id;
}

/**
 * A task of the company with a comment, a label and a template, each carrying `mark`. Written through
 * the tasks' repository, as their service writes them.
 */
export async function givenTaskRecords(db: Db, companyId: number, mark: string) {
  const label = await tasks.insertLabel(db, { companyId, name: `${mark} etikett`, color: 'red' });
  if (!label) throw new Error('the label was not stored');
  const template = await tasks.insertTemplate(db, { companyId, title: `${mark} mal` });
  const task = await tasks.insertTask(db, {
    companyId,
    title: `${mark} oppgave`,
    description: `<p>${mark}</p>`,
    templateId: template.id,
  });
  await tasks.replaceLabels(db, companyId, task.id, [label.id]);
  const comment = await tasks.insertComment(db, {
    companyId,
    taskId: task.id,
    content: `<p>${mark} kommentar</p>`,
  });
  return { task: task.id, taskComment: comment.id, taskLabel: label.id, taskTemplate: template.id };
}

/**
 * The company's reminder and voucher alert, each sent to the member. Written through the reminders'
 * repository, as their service writes them.
 */
export async function givenReminderRecords(db: Db, companyId: number, userId: number) {
  const reminder = await reminders.insertReminder(db, {
    companyId,
    frequency: 'weekly',
    weekday: 1,
    hour: 8,
    minDaysWithoutVoucher: 7,
    recipientUserIds: [userId],
  });
  const voucherAlert = await reminders.insertVoucherAlert(db, {
    companyId,
    hour: 7,
    recipients: [{ userId, onVoucherArrived: true, onTransactionMissing: true }],
  });
  if (!reminder || !voucherAlert) throw new Error('the reminder or the voucher alert was not stored');
  return { reminder: reminder.id, voucherAlert: voucherAlert.id };
}

/**
 * A purchase of the catalogue's first package whose last card was refused, with the provider's message
 * carrying `mark`. Written through the packages' repository, as their service writes it.
 */
export async function givenPackagePurchase(db: Db, companyId: number, mark: string) {
  const [first] = await packages.listPackagesOnSale(db, undefined);
  if (!first) throw new Error('The package catalogue is empty');
  const purchase = await packages.insertPurchase(db, {
    companyId,
    packageId: first.id,
    kind: first.kind,
    nameEn: first.nameEn,
    nameNo: first.nameNo,
    priceOre: first.priceOre,
    vatRatePercent: first.vatRatePercent,
    currency: first.currency,
    quantity: first.quantity,
    months: first.months,
    requestKey: `${mark}-${randomBytes(6).toString('hex')}`,
    buyerUserId: null,
    buyerEmail: null,
  });
  if (!purchase) throw new Error('The package purchase was not stored');
  await packages.updatePurchase(db, companyId, purchase.id, {
    status: 'failed',
    cardPaymentId: `pi_${randomBytes(12).toString('hex')}`,
    failureCode: 'generic_decline',
    failureMessage: `${mark}: the card was declined.`,
    failureReason: 'cardDeclined',
    failedAt: new Date(),
  });
  return { paymentPackage: first.id, packagePurchase: purchase.id };
}

type Tenancy = Awaited<ReturnType<typeof givenTenancy>>;

/** A division of the company whose name carries `mark`, with the given account, written through the API. */
export async function givenDivision(tenancy: Tenancy, companyBankId: number, mark: string): Promise<number> {
  const response = await tenancy.call('POST', '/api/main/company-services/division/add', {
    companyId: tenancy.companyId,
    name: `${mark} avdeling`,
    organisationNumber: '974760673',
    companyBankIds: [companyBankId],
  });
  if (response.statusCode !== 200) throw new Error(`adding a division failed: ${response.body}`);
  return response.json().data.id;
}

async function uploadStatement(
  context: { app: FastifyInstance },
  tenancy: Tenancy,
  companyId: number,
  companyBankId: number,
  bytes: Uint8Array,
) {
  const form = await multipart({ companyId: String(companyId), companyBankId: String(companyBankId) }, [
    { field: 'file', name: 'kontoutskrift.csv', bytes },
  ]);
  const response = await context.app.inject({
    method: 'POST',
    url: '/api/main/transactions/v2/import-file-upload',
    headers: { ...bearer(tenancy.session), ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 200) throw new Error(`uploading a statement failed: ${response.body}`);
  return response.json().data.Id as number;
}

async function waitForImport(tenancy: Tenancy, companyId: number, jobId: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const job = (
      await tenancy.call('GET', `/api/main/transactions/v2/import-job/${jobId}?companyId=${companyId}`)
    ).json().data;
    if (job.Status === 'completed') return job.ImportId;
    if (job.Status === 'failed') throw new Error(`the import failed: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import did not finish');
}

/**
 * One record of every kind the route table names, in the tenancy's company, each carrying `mark` where
 * it holds text: a bank account with a transaction, a voucher (dated 2025-03-14, as the transaction)
 * with a balance and a connection, a rule, a finished import and a waiting one, a payment, a consent,
 * a notification, an EHF document, task records and an inbox item.
 */
export async function givenRecordsOfEveryKind(
  context: { app: FastifyInstance; db: Db },
  tenancy: Tenancy,
  mark: string,
): Promise<RecordIds> {
  const { app } = context;
  const { session, companyId } = tenancy;
  const account = await givenBankAccount(app, session, companyId);
  const transaction = await givenTransaction(app, session, companyId, account.Id, {
    text: `${mark} kortkjøp`,
    amountOre: -12_350,
  });
  const voucher = await givenVoucher(app, session, companyId, {
    supplierName: `${mark} Leverandør AS`,
    amountOre: 12_350,
    date: '2025-03-14',
  });
  const detail = await tenancy.call(
    'GET',
    `/api/main/voucher/${voucher.Id}?companyId=${companyId}`,
    undefined,
    session,
  );
  const balance = await tenancy.call('POST', '/api/main/voucher/v2/balances/add', {
    companyId,
    voucherId: voucher.Id,
    amountOre: 100,
  });
  const connection = await tenancy.call('POST', '/api/main/transactionVoucher/add', {
    companyId,
    bankTransactionIds: [transaction.Id],
    voucherIds: [voucher.Id],
  });
  const rule = await tenancy.call('POST', '/api/main/localRules/add', {
    companyId,
    name: `${mark} regel`,
    conditions: [{ kind: 'text', operator: 'contains', value: mark }],
    actions: [{ kind: 'setNote', note: mark }],
  });
  const banks = await tenancy.call('GET', '/api/main/banks');
  const importAccount = await givenBankAccount(app, session, companyId, givenAccountNumber('1503', 7));
  const statement = dnbCsv(DNB_ROWS.map((row) => ({ ...row, text: `${mark} ${row.text}` })));
  const completedJob = await uploadStatement(context, tenancy, companyId, importAccount.Id, statement);
  const started = await tenancy.call('POST', '/api/main/transactions/v2/import-data-upload', {
    companyId,
    jobId: completedJob,
  });
  if (started.statusCode !== 200) throw new Error(`starting the import failed: ${started.body}`);
  const importId = await waitForImport(tenancy, companyId, completedJob);
  const waitingJob = await uploadStatement(context, tenancy, companyId, importAccount.Id, statement);
  await givenPaymentUser(context.db, companyId, tenancy.user.id);
  await tenancy.call('PUT', `/api/main/voucher/${voucher.Id}`, {
    companyId,
    accountNumber: givenAccountNumber('1503', 9),
  });
  const onList = await tenancy.call('POST', '/api/main/v2/voucher-payments/add-to-paymentlist', {
    companyId,
    voucherIds: [voucher.Id],
  });
  if (onList.statusCode !== 200) throw new Error(`listing the payment failed: ${onList.body}`);
  return {
    company: companyId,
    targetCompany: tenancy.outsiderCompanyId,
    voucher: voucher.Id,
    voucherBalance: balance.json().data.voucherBalances[0].Id,
    transaction: transaction.Id,
    companyBank: account.Id,
    bank: banks.json().data[0].Id,
    import: importId,
    importJob: waitingJob,
    file: detail.json().data.Files[0].Id,
    rule: rule.json().data.Id,
    connection: connection.json().data.connections[0].Id,
    payment: onList.json().data.added[0].payment.Id,
    consent: await givenConsent(context.db, companyId, mark),
    notification: await givenNotification(context.db, companyId, mark),
    ehfDocument: await givenEhfDocument(context.db, companyId, mark),
    ...(await givenPackagePurchase(context.db, companyId, mark)),
    companyUser: await givenCompanyMember(context.db, companyId),
    ...(await givenReminderRecords(context.db, companyId, tenancy.user.id)),
    division: await givenDivision(tenancy, account.Id, mark),
    ...(await givenTaskRecords(context.db, companyId, mark)),
    ...(await givenInboxItem(context.db, companyId, mark).then((item) => ({
      inboxItem: item.id,
      inboxItemUuid: item.uuid,
    }))),
  };
}
