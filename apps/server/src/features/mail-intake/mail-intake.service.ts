import { connect } from 'node:net';
import {
  type AdminMailArrival,
  type AdminMailRefusal,
  type CompanyMailAddress,
  type InboxItem,
  type Language,
  MAIL_INTAKE_LIMITS,
  type MailAttachment,
  type MailForwarding,
  type MailOfInboxItem,
  VoucherSource,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { requireCompanyAccess } from '../companies';
import { type InboxItemRow, readableReason, toInboxItem, updateArrival } from '../inbox';
import { attachVoucherFiles } from '../vouchers';
import * as repository from './mail-intake.repository';
import type { MailAttachmentRow } from './mail-intake.table';
import { processingJobOf } from './mail-processing.service';

export type MailSettings = { host: string; port: number; domain: string };

export function companyAddressOf(alias: string, domain: string) {
  return `${alias.toLowerCase()}@${domain}`;
}

function toAttachment(row: MailAttachmentRow, language: Language): MailAttachment {
  return {
    fileName: row.fileName,
    kind: row.kind,
    size: row.size,
    outcome: row.outcome,
    reason: readableReason(language, row.reasonKey, row.reasonDetails),
    voucherId: row.voucherId,
  };
}

export async function getCompanyMailAddress(
  db: Db,
  principal: Principal,
  companyIdInput: number,
  domain: string,
): Promise<CompanyMailAddress> {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  return { companyId: company.Id, address: companyAddressOf(company.Alias, domain), domain };
}

async function requireEmailArrival(db: Db, companyId: number, inboxItemId: number) {
  const item = await repository.findInboxItemForUpdate(db, companyId, inboxItemId);
  if (!item) throw Errors.notFound();
  if (item.channel !== 'email') throw Errors.conflict('mailIntakeNotAnEmailArrival');
  const message = await repository.findMailMessage(db, companyId, inboxItemId);
  if (!message) throw Errors.notFound();
  return { item, message };
}

export async function getMailOfInboxItem(
  db: Db,
  principal: Principal,
  input: { companyId: number; uuid: string },
  language: Language,
): Promise<MailOfInboxItem> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const item = await repository.findInboxItemByUuid(db, company.Id, input.uuid);
  if (item?.channel !== 'email') throw Errors.notFound();
  const [message, attachments, isRead] = await Promise.all([
    repository.findMailMessage(db, company.Id, item.id),
    repository.listAttachments(db, company.Id, [item.id]),
    repository.isInboxItemRead(db, company.Id, item.id, principal.userId),
  ]);
  if (!message) throw Errors.notFound();
  return {
    inboxItem: toInboxItem(item, isRead, language),
    from: message.fromAddress ?? message.envelopeFrom,
    to: message.recipient,
    subject: item.subject,
    textExcerpt: message.textExcerpt,
    attachments: attachments.map((attachment) => toAttachment(attachment, language)),
    reviewNote: message.reviewNote,
  };
}

/**
 * Accepting a mail from an unknown sender puts it back to be processed in the name of the person who
 * accepted it; the job makes the vouchers, so a crash right after the answer still finishes it.
 */
export async function acceptMailReview(
  db: Db,
  principal: Principal,
  input: { companyId: number; inboxItemId: number; rememberSender: boolean },
  language: Language,
): Promise<InboxItem> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const companyId = company.Id;
  const accepted = await db.transaction(async (tx) => {
    const { item, message } = await requireEmailArrival(tx, companyId, input.inboxItemId);
    if (item.status !== 'needs-review') throw Errors.conflict('mailIntakeNotWaitingForReview');
    await repository.updateMailMessage(tx, companyId, message.id, {
      acceptedBy: principal.userId,
      acceptedAt: new Date(),
    });
    const sender = message.fromAddress ?? message.envelopeFrom;
    if (input.rememberSender && sender)
      await repository.insertAcceptedSender(tx, companyId, sender, principal.userId);
    const updated = await updateArrival(tx, companyId, item.id, {
      status: 'received',
      reasonKey: null,
      reasonDetails: {},
    });
    if (!updated) throw Errors.notFound();
    await enqueueJob(tx, processingJobOf(companyId, item.id));
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'inbox-item',
      entityId: item.id,
      action: 'accept-mail',
      before: { status: item.status },
      after: { status: updated.status, rememberedSender: input.rememberSender ? sender : null },
    });
    return updated;
  });
  return toInboxItem(
    accepted,
    await repository.isInboxItemRead(db, companyId, accepted.id, principal.userId),
    language,
  );
}

export async function refuseMailReview(
  db: Db,
  principal: Principal,
  input: { companyId: number; inboxItemId: number; note: string },
  language: Language,
): Promise<InboxItem> {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const companyId = company.Id;
  const refused = await db.transaction(async (tx) => {
    const { item, message } = await requireEmailArrival(tx, companyId, input.inboxItemId);
    if (item.status !== 'needs-review') throw Errors.conflict('mailIntakeNotWaitingForReview');
    await repository.updateMailMessage(tx, companyId, message.id, {
      reviewNote: input.note || null,
      processedAt: new Date(),
    });
    const updated = await updateArrival(tx, companyId, item.id, {
      status: 'refused',
      reasonKey: 'mailIntakeRefusedAtReview',
      reasonDetails: {},
    });
    if (!updated) throw Errors.notFound();
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'inbox-item',
      entityId: item.id,
      action: 'refuse-mail',
      before: { status: item.status },
      after: { status: updated.status, note: input.note },
    });
    return updated;
  });
  return toInboxItem(
    refused,
    await repository.isInboxItemRead(db, companyId, refused.id, principal.userId),
    language,
  );
}

/** Processes again the company's mail still waiting (a processing run that kept failing, say). */
export async function crawlVoucherEmail(db: Db, principal: Principal, companyIdInput: number) {
  const company = await requireCompanyAccess(db, principal.userId, companyIdInput);
  const waiting = await repository.listWaitingArrivals(db, company.Id);
  let queued = 0;
  for (const arrival of waiting) {
    if ((await enqueueJob(db, processingJobOf(company.Id, arrival.id))) !== undefined) queued += 1;
  }
  return { queued };
}

export async function addForwardOldVoucher(
  db: Db,
  principal: Principal,
  input: { companyId: number; inboxItemId: number },
) {
  const company = await requireCompanyAccess(db, principal.userId, input.companyId);
  const companyId = company.Id;
  return db.transaction(async (tx) => {
    const { item } = await requireEmailArrival(tx, companyId, input.inboxItemId);
    if (item.status !== 'received' && item.status !== 'refused')
      throw Errors.conflict('mailIntakeCannotProcessAgain');
    if (item.status === 'refused') {
      await updateArrival(tx, companyId, item.id, { status: 'received', reasonKey: null, reasonDetails: {} });
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: 'inbox-item',
        entityId: item.id,
        action: 'process-mail-again',
        before: { status: item.status, reasonKey: item.reasonKey },
        after: { status: 'received' },
      });
    }
    const queued = await enqueueJob(tx, processingJobOf(companyId, item.id));
    return { queued: queued !== undefined };
  });
}

export async function listForwardedVouchers(
  db: Db,
  principal: Principal,
  query: { companyId: number; pageNumber: number; pageSize: number },
) {
  const company = await requireCompanyAccess(db, principal.userId, query.companyId);
  const { rows, total } = await repository.listEmailVouchers(
    db,
    company.Id,
    VoucherSource.EMAIL,
    query.pageSize,
    (query.pageNumber - 1) * query.pageSize,
  );
  return { rows: await attachVoucherFiles(db, company.Id, rows), total };
}

export async function listMailAddresses(
  db: Db,
  domain: string,
  query: { page: number; pagesize: number; search?: string | undefined },
) {
  const { rows, total } = await repository.listCompanyAddresses(db, {
    search: query.search,
    limit: query.pagesize,
    offset: (query.page - 1) * query.pagesize,
  });
  return {
    total,
    rows: rows.map((row) => ({
      companyId: row.companyId,
      companyName: row.companyName,
      address: companyAddressOf(row.alias, domain),
      acceptedSenders: Number(row.acceptedSenders),
      arrivals: Number(row.arrivals),
      lastArrivalAt: row.lastArrivalAt === null ? null : new Date(row.lastArrivalAt).toISOString(),
    })),
  };
}

async function toAdminArrivals(
  db: Db,
  rows: { item: InboxItemRow; companyName: string }[],
  language: Language,
): Promise<AdminMailArrival[]> {
  const attachments = await repository.listAttachmentsOfArrivals(
    db,
    rows.map(({ item }) => ({ companyId: item.companyId, id: item.id })),
  );
  return rows.map(({ item, companyName }) => ({
    inboxItemId: item.id,
    uuid: item.uuid,
    companyId: item.companyId,
    companyName,
    senderAddress: item.senderAddress,
    subject: item.subject,
    receivedAt: item.receivedAt.toISOString(),
    status: item.status,
    reason: readableReason(language, item.reasonKey, item.reasonDetails),
    sizeBytes: item.sizeBytes,
    attachments: attachments
      .filter((attachment) => attachment.companyId === item.companyId && attachment.inboxItemId === item.id)
      .map((attachment) => toAttachment(attachment, language)),
  }));
}

export async function listMailArrivals(
  db: Db,
  query: { page: number; pagesize: number; status?: InboxItemRow['status'] | undefined },
  language: Language,
) {
  const { rows, total } = await repository.listEmailArrivals(db, {
    status: query.status,
    limit: query.pagesize,
    offset: (query.page - 1) * query.pagesize,
  });
  return { rows: await toAdminArrivals(db, rows, language), total };
}

export async function listMailRefusals(
  db: Db,
  limit: number,
  language: Language,
): Promise<AdminMailRefusal[]> {
  const [atTheDoor, wholeMails, attachments] = await Promise.all([
    repository.listSmtpRefusals(db, limit),
    repository.listRefusedArrivals(db, limit),
    repository.listRefusedAttachments(db, limit),
  ]);
  const refusals: (AdminMailRefusal & { sortAt: number })[] = [
    ...atTheDoor.map(({ refusal, companyName }) => ({
      id: `smtp:${refusal.id}`,
      at: refusal.createdAt.toISOString(),
      sortAt: refusal.createdAt.getTime(),
      stage: 'smtp' as const,
      companyId: refusal.forCompanyId,
      companyName,
      sender: refusal.envelopeFrom,
      recipient: refusal.recipient,
      fileName: null,
      smtpCode: refusal.smtpCode,
      reason: readableReason(language, refusal.reasonKey, refusal.reasonDetails) ?? refusal.reasonKey,
    })),
    ...wholeMails.map(({ item, companyName }) => ({
      id: `message:${item.companyId}:${item.id}`,
      at: item.receivedAt.toISOString(),
      sortAt: item.receivedAt.getTime(),
      stage: 'message' as const,
      companyId: item.companyId,
      companyName,
      sender: item.senderAddress,
      recipient: null,
      fileName: null,
      smtpCode: null,
      reason: readableReason(language, item.reasonKey, item.reasonDetails) ?? '',
    })),
    ...attachments.map(({ attachment, item, companyName }) => ({
      id: `attachment:${attachment.companyId}:${attachment.id}`,
      at: attachment.createdAt.toISOString(),
      sortAt: attachment.createdAt.getTime(),
      stage: 'attachment' as const,
      companyId: item.companyId,
      companyName,
      sender: item.senderAddress,
      recipient: null,
      fileName: attachment.fileName,
      smtpCode: null,
      reason: readableReason(language, attachment.reasonKey, attachment.reasonDetails) ?? '',
    })),
  ];
  return refusals
    .sort((a, b) => b.sortAt - a.sortAt)
    .slice(0, limit)
    .map(({ sortAt: _sortAt, ...refusal }) => refusal);
}

const PROBE_TIMEOUT_MS = 2_000;

/** Asks the listener for its greeting over SMTP, as a sending server would. */
function probeListener(host: string, port: number): Promise<string | null> {
  const target = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return new Promise((resolve) => {
    const socket = connect({ host: target, port });
    let received = '';
    const finish = (greeting: string | null) => {
      socket.destroy();
      resolve(greeting);
    };
    socket.setTimeout(PROBE_TIMEOUT_MS, () => finish(null));
    socket.on('error', () => finish(null));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const line = received.split('\r\n')[0];
      if (received.includes('\r\n') && line !== undefined) {
        socket.write('QUIT\r\n');
        finish(line.startsWith('220') ? line.slice(4).trim() : null);
      }
    });
  });
}

const DAYS_SHOWN = 14;

export async function getMailForwarding(
  db: Db,
  settings: MailSettings,
  language: Language,
): Promise<MailForwarding> {
  const since = new Date(Date.now() - DAYS_SHOWN * 24 * 60 * 60_000);
  const [greeting, counted, last] = await Promise.all([
    probeListener(settings.host, settings.port),
    repository.countArrivalsPerDay(db, since),
    repository.listEmailArrivals(db, { limit: 10, offset: 0 }),
  ]);
  const days = Array.from({ length: DAYS_SHOWN }, (_, index) => {
    const date = todayIsoDate('Europe/Oslo', new Date(Date.now() - index * 24 * 60 * 60_000));
    return counted.find((day) => day.date === date) ?? { date, received: 0, vouchers: 0, refused: 0 };
  });
  return {
    listener: {
      state: greeting === null ? 'unreachable' : 'listening',
      host: settings.host,
      port: settings.port,
      greeting,
    },
    domain: settings.domain,
    limits: {
      maxMessageBytes: MAIL_INTAKE_LIMITS.maxMessageBytes,
      maxAttachments: MAIL_INTAKE_LIMITS.maxAttachments,
      maxAttachmentBytes: MAIL_INTAKE_LIMITS.maxAttachmentBytes,
    },
    days,
    lastArrivals: await toAdminArrivals(db, last.rows, language),
  };
}
