import { createHash, randomUUID } from 'node:crypto';
import {
  type InboxStatus,
  MAIL_INTAKE_LIMITS,
  type MailAttachmentOutcome,
  type NotificationKind,
  VoucherSource,
  VoucherStatus,
} from '@bilag/contracts';
import { sniffFileType, todayIsoDate } from '@bilag/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Db } from '../../db/client';
import { writeAudits } from '../../platform/audit';
import { wakeJobRunners } from '../../platform/jobs';
import { translate } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { findSpamSupplier, receiveEhfDocument } from '../ehf';
import { sanitizeFileName, withStoredUploads } from '../files';
import { liveChangeNotice, notifyCompany } from '../notifications';
import * as repository from './mail-intake.repository';
import { renderMailPdf } from './mail-pdf';

export const MAIL_PROCESS_JOB = 'mail.process';

type CheckedUpload = Parameters<typeof withStoredUploads>[2][number];
type StoredUpload = Parameters<Parameters<typeof withStoredUploads>[3]>[0][number];

const MEGABYTE = 1024 * 1024;
const EXCERPT_CHARS = 2_000;
const VOUCHER_FILE_OWNER = 'voucher';
/** HTML beyond this is not turned into text: the mail's PDF shows the start of a huge newsletter. */
const MAX_HTML_CHARS = 2 * MEGABYTE;
/**
 * Mails processed together hold their attachments until the files are stored; a run takes mails of at
 * most this many bytes together (or one larger mail alone), so its memory stays bounded.
 */
const MAX_BATCH_BYTES = 8 * MEGABYTE;
/** A mail up to this size is read into memory at once to be parsed; a larger one is read as a stream. */
const READ_WHOLE_BYTES = MEGABYTE;

export type MailProcessing = { db: Db; store: ObjectStore };

/** The singleton key is also made in SQL by `insertMailArrival`, for the job it queues with the arrival. */
export function processingJobOf(companyId: number, inboxItemId: number) {
  return {
    name: MAIL_PROCESS_JOB,
    payload: { companyId, inboxItemId },
    companyId,
    singletonKey: `${MAIL_PROCESS_JOB}:${companyId}:${inboxItemId}`,
  };
}

export type IncomingMail = {
  /** The raw message, already on local disk and complete. */
  path: string;
  size: number;
  envelopeFrom: string | null;
  remoteAddress: string | null;
  recipients: { companyId: number; address: string }[];
};

/**
 * Keeps a mail the listener took: the raw message in the object store, its arrival in the inbox and the
 * job that processes it, in one statement per company before the sender is told 250, so a crash after
 * that loses nothing. Answers the arrivals' uuids.
 */
export async function recordIncomingMail(db: Db, store: ObjectStore, mail: IncomingMail): Promise<string[]> {
  const arrivals: string[] = [];
  for (const recipient of mail.recipients) {
    const storageKey = `companies/${recipient.companyId}/mail/${randomUUID()}.eml`;
    await store.putFile(storageKey, mail.path);
    try {
      arrivals.push(
        await repository.insertMailArrival(db, {
          companyId: recipient.companyId,
          storageKey,
          envelopeFrom: mail.envelopeFrom,
          recipient: recipient.address,
          remoteAddress: mail.remoteAddress,
          sizeBytes: mail.size,
          notice: liveChangeNotice({ topic: 'inbox', companyId: recipient.companyId }),
          jobName: MAIL_PROCESS_JOB,
        }),
      );
    } catch (error) {
      await store.delete(storageKey);
      throw error;
    }
  }
  wakeJobRunners();
  return arrivals;
}

type Classified = {
  position: number;
  fileName: string;
  kind: string;
  bytes: Buffer;
  sha256: string;
  outcome: MailAttachmentOutcome;
  reasonKey: string | null;
  reasonDetails: Record<string, string | number>;
  voucherId: number | null;
};

const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04],
  [0x50, 0x4b, 0x05, 0x06],
  [0x50, 0x4b, 0x07, 0x08],
];

function isZipArchive(bytes: Uint8Array) {
  return ZIP_SIGNATURES.some((signature) => signature.every((byte, index) => bytes[index] === byte));
}

/** The root of an EHF (PEPPOL BIS Billing 3) document: a UBL Invoice or CreditNote. */
function isEhfXml(text: string) {
  const root = /<(?:[\w-]+:)?(Invoice|CreditNote)[\s>]/.exec(text.slice(0, 4_096));
  return root !== null && text.includes('urn:oasis:names:specification:ubl:schema:xsd:');
}

function sha256Of(bytes: Uint8Array) {
  return createHash('sha256').update(bytes).digest('hex');
}

function classify(position: number, fileName: string, bytes: Buffer): Classified {
  const base = {
    position,
    fileName: fileName.slice(0, 200),
    bytes,
    sha256: sha256Of(bytes),
    reasonDetails: {},
    voucherId: null,
  };
  if (bytes.length > MAIL_INTAKE_LIMITS.maxAttachmentBytes) {
    return {
      ...base,
      kind: 'unknown',
      outcome: 'refused',
      reasonKey: 'mailIntakeAttachmentTooLarge',
      reasonDetails: { megabytes: MAIL_INTAKE_LIMITS.maxAttachmentBytes / MEGABYTE },
    };
  }
  if (isZipArchive(bytes))
    return { ...base, kind: 'zip', outcome: 'refused', reasonKey: 'mailIntakeZipRefused' };
  const kind = sniffFileType(bytes);
  if (kind === 'pdf' || kind === 'jpg' || kind === 'png')
    return { ...base, kind, outcome: 'pending', reasonKey: null };
  if (kind === 'xml') {
    return isEhfXml(bytes.toString('utf8'))
      ? { ...base, kind, outcome: 'ehf', reasonKey: null }
      : { ...base, kind, outcome: 'refused', reasonKey: 'mailIntakeXmlNotEhf' };
  }
  return {
    ...base,
    kind,
    outcome: 'refused',
    reasonKey: 'mailIntakeAttachmentKindRefused',
    reasonDetails: { kind: kind === 'unknown' ? 'unknown' : kind.toUpperCase() },
  };
}

function mailText(parsed: ParsedMail): string {
  const text = parsed.text ?? '';
  return text.replace(/\t/g, '    ').replace(/\r\n?/g, '\n');
}

async function renderedMail(parsed: ParsedMail, recipient: string, fromAddress: string | null) {
  const subject = parsed.subject?.trim() || translate('no', 'mailIntakePdfNoSubject');
  const text = mailText(parsed).trim() || translate('no', 'mailIntakePdfNoText');
  const bytes = await renderMailPdf({
    labels: {
      from: translate('no', 'mailIntakePdfFrom'),
      to: translate('no', 'mailIntakePdfTo'),
      subject: translate('no', 'mailIntakePdfSubject'),
      date: translate('no', 'mailIntakePdfDate'),
    },
    from: parsed.from?.text ?? fromAddress ?? '',
    to: parsed.to
      ? [parsed.to]
          .flat()
          .map((address) => address.text)
          .join(', ')
      : recipient,
    subject,
    date: (parsed.date ?? new Date()).toLocaleString('nb-NO', { timeZone: 'Europe/Oslo' }),
    text,
  });
  return { fileName: `${subject.slice(0, 100)}.pdf`, bytes };
}

type Ending = {
  status: InboxStatus;
  reasonKey: string | null;
  reasonDetails?: Record<string, string | number>;
};

type Arrival = Awaited<ReturnType<typeof repository.findArrivals>>[number];

/** What the parsed mail tells about itself, written with the arrival's ending. */
type MailFacts = {
  senderName: string | null;
  senderAddress: string | null;
  subject: string | null;
  attachmentCount: number;
  fromAddress: string | null;
  textExcerpt: string;
};

/** A mail of a run and what it is to become, decided before anything of it is written. */
type MailPlan = {
  arrival: Arrival;
  facts: MailFacts;
  /** Set when the mail ends before its attachments are looked at; otherwise they decide it. */
  ending?: Ending;
  isProcessed: boolean;
  /** Whose vouchers the attachments become: set only for a mail that goes through. */
  actingUserId?: number;
  classified: Classified[];
  ehfDocumentId: number | null;
  notification?: MailNotification;
};

type MailNotification = { kind: NotificationKind; details: Record<string, string | number> };

/** Another run took an arrival of the batch first; its mails are then looked at one by one. */
class ArrivalTakenElsewhere extends Error {}

export type MailTarget = { companyId: number; inboxItemId: number };

/**
 * Processes mails the listener kept (the `mail.process` jobs): parses each, and unless the sender is
 * blocked or unknown, makes a voucher of each usable attachment (or of the mail itself when it has none),
 * noting for each attachment what it became or why it was refused. A company's mails are written
 * together, in one transaction of a few statements per batch, whatever the number of mails in it.
 */
export async function processMails(
  processing: MailProcessing,
  targets: readonly MailTarget[],
): Promise<void> {
  const byCompany = new Map<number, number[]>();
  for (const target of targets)
    byCompany.set(target.companyId, [...(byCompany.get(target.companyId) ?? []), target.inboxItemId]);
  for (const [companyId, inboxItemIds] of byCompany) {
    const arrivals = await repository.findArrivals(processing.db, companyId, inboxItemIds);
    // A run that stopped after the EHF feature had marked the arrival, but before its own end, is
    // finished; a mail waiting for review waits.
    const due = arrivals.filter(
      ({ item, message }) =>
        item.status === 'received' || (message.processedAt === null && item.status !== 'needs-review'),
    );
    for (const batch of inBatchesOfBytes(due)) {
      try {
        await processBatch(processing, companyId, batch);
      } catch (error) {
        if (!(error instanceof ArrivalTakenElsewhere)) throw error;
        for (const arrival of batch) await processBatch(processing, companyId, [arrival]).catch(leftAlone);
      }
    }
  }
}

function leftAlone(error: unknown) {
  if (!(error instanceof ArrivalTakenElsewhere)) throw error;
}

function inBatchesOfBytes(arrivals: Arrival[]): Arrival[][] {
  const batches: Arrival[][] = [];
  let batch: Arrival[] = [];
  let bytes = 0;
  for (const arrival of arrivals) {
    if (batch.length > 0 && bytes + arrival.item.sizeBytes > MAX_BATCH_BYTES) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(arrival);
    bytes += arrival.item.sizeBytes;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

async function parseMail(store: ObjectStore, { item, message }: Arrival): Promise<ParsedMail | undefined> {
  try {
    // Read whole, a mail costs the file system a few calls instead of one per piece read.
    const raw =
      item.sizeBytes <= READ_WHOLE_BYTES
        ? await store.get(message.storageKey)
        : store.openRead(message.storageKey);
    return await simpleParser(raw, {
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: MAX_HTML_CHARS,
    });
  } catch {
    return undefined;
  }
}

/** The facts an arrival already holds, for a mail that could not be read. */
function factsKept({ item, message }: Arrival): MailFacts {
  return {
    senderName: item.senderName,
    senderAddress: item.senderAddress,
    subject: item.subject,
    attachmentCount: item.attachmentCount,
    fromAddress: message.fromAddress,
    textExcerpt: message.textExcerpt,
  };
}

type SenderStanding = { spamSupplierId?: number; memberId?: number; acceptedBy?: number };

/** Each sender of the batch is looked up once, however many of its mails the batch holds. */
async function standingOfSenders(db: Db, companyId: number, addresses: Set<string>) {
  const entries = await Promise.all(
    [...addresses].map(async (address): Promise<[string, SenderStanding]> => {
      const [spam, standing] = await Promise.all([
        findSpamSupplier(db, { companyId, email: address }),
        repository.findSenderStanding(db, companyId, address),
      ]);
      return [address, { spamSupplierId: spam?.id, ...standing }];
    }),
  );
  return new Map(entries);
}

/** The From header's address, or the envelope's where the header names none. */
function senderAddressOf({ message }: Arrival, parsed: ParsedMail): string | null {
  const sender = parsed.from?.value[0];
  return (sender?.address || message.envelopeFrom || '').trim().toLowerCase().slice(0, 320) || null;
}

async function planMail(
  arrival: Arrival,
  parsed: ParsedMail | undefined,
  standing: SenderStanding | undefined,
): Promise<MailPlan> {
  const { message } = arrival;
  if (!parsed) {
    return {
      arrival,
      facts: factsKept(arrival),
      ending: { status: 'refused', reasonKey: 'mailIntakeUnreadable' },
      isProcessed: true,
      classified: [],
      ehfDocumentId: arrival.item.ehfDocumentId,
    };
  }
  const fromAddress = senderAddressOf(arrival, parsed);
  const senderName = parsed.from?.value[0]?.name?.trim().slice(0, 200) || fromAddress;
  const subject = parsed.subject?.trim().slice(0, 500) || null;
  // Images a mail's HTML shows inline (logos in a signature) are part of the text, not receipts.
  const attachments = parsed.attachments.filter((attachment) => !attachment.related);
  const facts: MailFacts = {
    senderName,
    senderAddress: fromAddress,
    subject,
    attachmentCount: attachments.length,
    fromAddress,
    textExcerpt: mailText(parsed).slice(0, EXCERPT_CHARS),
  };
  const plan = {
    arrival,
    facts,
    isProcessed: true,
    classified: [],
    ehfDocumentId: arrival.item.ehfDocumentId,
  };
  if (standing?.spamSupplierId !== undefined) {
    return {
      ...plan,
      ending: {
        status: 'spam',
        reasonKey: 'mailIntakeSpamSender',
        reasonDetails: { sender: fromAddress ?? '', spamSupplierId: standing.spamSupplierId },
      },
    };
  }
  const actingUserId = message.acceptedBy ?? standing?.memberId ?? standing?.acceptedBy;
  if (actingUserId === undefined) {
    return {
      ...plan,
      isProcessed: false,
      ending: {
        status: 'needs-review',
        reasonKey: 'mailIntakeUnknownSender',
        reasonDetails: { sender: fromAddress ?? '?' },
      },
      notification: { kind: 'inbox-needs-review', details: { sender: senderName ?? fromAddress ?? '?' } },
    };
  }
  if (attachments.length > MAIL_INTAKE_LIMITS.maxAttachments) {
    return {
      ...plan,
      ending: {
        status: 'refused',
        reasonKey: 'mailIntakeTooManyAttachments',
        reasonDetails: { count: attachments.length, max: MAIL_INTAKE_LIMITS.maxAttachments },
      },
    };
  }
  const classified =
    attachments.length > 0
      ? attachments.map((attachment, position) =>
          classify(position, attachment.filename ?? `vedlegg-${position + 1}`, attachment.content),
        )
      : [await renderedMail(parsed, message.recipient, fromAddress)].map((rendered) =>
          classify(0, rendered.fileName, rendered.bytes),
        );
  // A mail that goes through names the EHF document it brought, or none.
  return { ...plan, actingUserId, classified, ehfDocumentId: null };
}

/**
 * A document already among the company's vouchers, or earlier in this batch, is noted as a duplicate
 * of that voucher rather than made again. Answers, for each attachment that repeats one of the batch,
 * the attachment whose voucher it will name.
 */
async function markDuplicates(db: Db, companyId: number, plans: MailPlan[]) {
  const pending = plans.flatMap((plan) =>
    plan.classified.filter((attachment) => attachment.outcome === 'pending'),
  );
  const known = await repository.findVouchersWithFiles(db, companyId, [
    ...new Set(pending.map((attachment) => attachment.sha256)),
  ]);
  const first = new Map<string, Classified>();
  const repeats = new Map<Classified, Classified>();
  for (const attachment of pending) {
    const voucherId = known.get(attachment.sha256);
    const original = first.get(attachment.sha256);
    if (voucherId === undefined && original === undefined) {
      first.set(attachment.sha256, attachment);
      continue;
    }
    attachment.outcome = 'duplicate';
    attachment.reasonKey = 'mailIntakeDuplicateDocument';
    if (voucherId !== undefined) attachment.voucherId = voucherId;
    else if (original) repeats.set(attachment, original);
  }
  return repeats;
}

/**
 * The EHF feature checks the document, makes its voucher and keeps one voucher for an invoice that
 * also came through the access point; its own transaction is done before the batch's vouchers.
 */
async function receiveEhfAttachments(processing: MailProcessing, companyId: number, plan: MailPlan) {
  for (const attachment of plan.classified) {
    if (attachment.outcome !== 'ehf') continue;
    const received = await receiveEhfDocument(processing, {
      xml: attachment.bytes.toString('utf8'),
      channel: 'email',
      companyId,
      inboxItemId: plan.arrival.item.id,
      ...(plan.facts.fromAddress ? { senderAddress: plan.facts.fromAddress } : {}),
    });
    plan.ehfDocumentId ??= received.ehfDocumentId;
    attachment.voucherId = received.voucherId;
    if (received.status === 'duplicate') {
      attachment.outcome = 'duplicate';
      attachment.reasonKey = 'mailIntakeDuplicateDocument';
    } else if (received.status !== 'voucher-created') {
      attachment.outcome = 'refused';
      attachment.reasonKey = received.reasonKey ?? 'mailIntakeXmlNotEhf';
    }
  }
}

function uploadOf(attachment: Classified): CheckedUpload {
  const kind = attachment.kind as 'pdf' | 'jpg' | 'png';
  return {
    fieldName: 'mail',
    fileName: attachment.fileName,
    mimeType: kind === 'pdf' ? 'application/pdf' : `image/${kind === 'jpg' ? 'jpeg' : 'png'}`,
    bytes: attachment.bytes,
    kind,
    safeName: sanitizeFileName(attachment.fileName, kind),
  };
}

/** What the attachments of a mail that went through came to, as its arrival says. */
function endingOf(classified: Classified[]): Ending {
  const made = classified.filter(
    (attachment) => attachment.outcome === 'voucher' || attachment.outcome === 'ehf',
  );
  const refused = classified.filter((attachment) => attachment.outcome === 'refused');
  const [onlyRefusal] = refused;
  if (made.length > 0) {
    return refused.length > 0
      ? {
          status: 'voucher-created',
          reasonKey: 'mailIntakeSomeAttachmentsRefused',
          reasonDetails: { count: refused.length },
        }
      : { status: 'voucher-created', reasonKey: null };
  }
  if (refused.length === 0) return { status: 'duplicate', reasonKey: 'mailIntakeDuplicateDocument' };
  return refused.length === 1 && classified.length === 1 && onlyRefusal
    ? { status: 'refused', reasonKey: onlyRefusal.reasonKey, reasonDetails: onlyRefusal.reasonDetails }
    : { status: 'refused', reasonKey: 'mailIntakeNothingUsable' };
}

async function processBatch(processing: MailProcessing, companyId: number, batch: Arrival[]) {
  const { db, store } = processing;
  const parsed: (ParsedMail | undefined)[] = [];
  for (const arrival of batch) parsed.push(await parseMail(store, arrival));
  const senders = new Set(
    batch.flatMap((arrival, index) => {
      const mail = parsed[index];
      const address = mail && senderAddressOf(arrival, mail);
      return address ? [address] : [];
    }),
  );
  const standings = await standingOfSenders(db, companyId, senders);
  const plans: MailPlan[] = [];
  for (const [index, arrival] of batch.entries()) {
    const mail = parsed[index];
    const address = mail && senderAddressOf(arrival, mail);
    plans.push(await planMail(arrival, mail, address ? standings.get(address) : undefined));
  }
  const repeats = await markDuplicates(db, companyId, plans);
  for (const plan of plans) await receiveEhfAttachments(processing, companyId, plan);

  const pending = plans.flatMap((plan) =>
    plan.classified
      .filter((attachment) => attachment.outcome === 'pending')
      .map((attachment) => ({ plan, attachment })),
  );
  await withStoredUploads(
    store,
    companyId,
    pending.map(({ attachment }) => uploadOf(attachment)),
    (stored) =>
      db.transaction(async (tx) => {
        const processedAt = await repository.lockArrivals(
          tx,
          companyId,
          plans.map((plan) => plan.arrival.item.id),
        );
        for (const plan of plans) {
          if (
            processedAt.get(plan.arrival.item.id)?.getTime() !== plan.arrival.message.processedAt?.getTime()
          )
            throw new ArrivalTakenElsewhere();
        }
        await makeVouchers(tx, companyId, pending, stored);
        for (const [repeat, original] of repeats) repeat.voucherId = original.voucherId;
        await recordOutcomes(tx, companyId, plans);
      }),
  );
}

async function makeVouchers(
  tx: Db,
  companyId: number,
  pending: { plan: MailPlan; attachment: Classified }[],
  stored: StoredUpload[],
) {
  const today = todayIsoDate('Europe/Oslo');
  const made = await repository.insertVoucherRows(
    tx,
    pending.map(({ plan }) => ({
      companyId,
      voucherDate: null,
      effectiveDate: today,
      description: plan.facts.subject,
      source: VoucherSource.EMAIL,
      status: VoucherStatus.NEW,
      createdBy: plan.actingUserId ?? null,
    })),
  );
  const vouchers = pending.flatMap((entry, index) => {
    const voucher = made[index];
    const upload = stored[index];
    return voucher && upload ? [{ ...entry, voucher, upload }] : [];
  });
  await repository.insertStoredFiles(
    tx,
    vouchers.map(({ plan, attachment, voucher, upload }) => ({
      companyId,
      ownerType: VOUCHER_FILE_OWNER,
      ownerId: voucher.id,
      storageKey: upload.key,
      thumbnailKey: upload.thumbnailKey,
      fileName: upload.safeName,
      mimeType: upload.mimeType,
      size: upload.bytes.length,
      sha256: attachment.sha256,
      createdBy: plan.actingUserId ?? null,
    })),
  );
  await writeAudits(
    tx,
    vouchers.map(({ plan, voucher, upload }) => ({
      companyId,
      userId: plan.actingUserId ?? null,
      entity: 'voucher',
      entityId: voucher.id,
      action: 'create',
      after: { ...voucher, fileName: upload.safeName, inboxItemId: plan.arrival.item.id },
    })),
  );
  for (const { attachment, voucher } of vouchers) {
    attachment.outcome = 'voucher';
    attachment.voucherId = voucher.id;
  }
}

async function recordOutcomes(tx: Db, companyId: number, plans: MailPlan[]) {
  const notifications: (MailNotification & { link: string })[] = [];
  const outcomes = plans.map((plan): repository.MailOutcome => {
    const { item } = plan.arrival;
    const wentThrough = plan.actingUserId !== undefined;
    const ending = plan.ending ?? endingOf(plan.classified);
    const link = `/${plan.arrival.companyAlias}/inbox/${item.uuid}`;
    if (plan.notification) notifications.push({ ...plan.notification, link });
    else if (wentThrough && ending.status === 'voucher-created') {
      const made = plan.classified.filter(
        (attachment) => attachment.outcome === 'voucher' || attachment.outcome === 'ehf',
      );
      notifications.push({
        kind: 'inbox-arrived',
        details: {
          count: made.length,
          sender: plan.facts.senderName ?? plan.facts.fromAddress ?? '?',
          subject: plan.facts.subject ?? '',
        },
        link,
      });
    }
    return {
      inboxItemId: item.id,
      ...plan.facts,
      status: ending.status,
      reasonKey: ending.reasonKey,
      reasonDetails: ending.reasonDetails ?? {},
      voucherIds: wentThrough
        ? [
            ...new Set(
              plan.classified
                .filter((attachment) => attachment.outcome !== 'refused')
                .flatMap((attachment) => (attachment.voucherId === null ? [] : [attachment.voucherId])),
            ),
          ]
        : item.voucherIds,
      ehfDocumentId: plan.ehfDocumentId,
      isProcessed: plan.isProcessed,
      ...(wentThrough
        ? {
            attachments: plan.classified.map((attachment) => ({
              companyId,
              inboxItemId: item.id,
              position: attachment.position,
              fileName: attachment.fileName,
              kind: attachment.kind,
              size: attachment.bytes.length,
              sha256: attachment.sha256,
              outcome: attachment.outcome,
              reasonKey: attachment.reasonKey,
              reasonDetails: attachment.reasonDetails,
              voucherId: attachment.voucherId,
            })),
          }
        : {}),
    };
  });
  await repository.recordMailOutcomes(
    tx,
    companyId,
    outcomes,
    liveChangeNotice({ topic: 'inbox', companyId }),
  );
  if (notifications.length > 0) await notifyCompany(tx, companyId, notifications);
}
