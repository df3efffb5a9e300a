import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import {
  bankConsentAccounts,
  bankConsentEvents,
  bankConsents,
  banks,
  ehfDocuments,
  notifications,
} from '../db/schema';
import { type NewArrival, recordArrival } from '../features/inbox';
import { notifyCompanyUsers } from '../features/notifications';
import * as tasks from '../features/tasks/task.repository';

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
