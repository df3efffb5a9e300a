import { createHash, randomUUID } from 'node:crypto';
import {
  type InboxStatus,
  MAIL_INTAKE_LIMITS,
  type MailAttachmentOutcome,
  VoucherSource,
  VoucherStatus,
} from '@bilag/contracts';
import { sniffFileType, todayIsoDate } from '@bilag/domain';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import { enqueueJob } from '../../platform/jobs';
import { translate } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { findSpamSupplier, receiveEhfDocument } from '../ehf';
import { recordUpload, sanitizeFileName, withStoredUploads } from '../files';
import { type InboxItemRow, recordArrival, updateArrival } from '../inbox';
import { notifyCompanyUsers } from '../notifications';
import * as repository from './mail-intake.repository';
import { renderMailPdf } from './mail-pdf';

export const MAIL_PROCESS_JOB = 'mail.process';

type CheckedUpload = Parameters<typeof withStoredUploads>[2][number];

const MEGABYTE = 1024 * 1024;
const EXCERPT_CHARS = 2_000;
const VOUCHER_FILE_OWNER = 'voucher';
/** HTML beyond this is not turned into text: the mail's PDF shows the start of a huge newsletter. */
const MAX_HTML_CHARS = 2 * MEGABYTE;

export type MailProcessing = { db: Db; store: ObjectStore };

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
 * job that processes it, in one transaction per company before the sender is told 250, so a crash after
 * that loses nothing.
 */
export async function recordIncomingMail(
  db: Db,
  store: ObjectStore,
  mail: IncomingMail,
): Promise<InboxItemRow[]> {
  const arrivals: InboxItemRow[] = [];
  for (const recipient of mail.recipients) {
    const storageKey = `companies/${recipient.companyId}/mail/${randomUUID()}.eml`;
    await store.putFile(storageKey, mail.path);
    try {
      arrivals.push(
        await db.transaction(async (tx) => {
          const item = await recordArrival(tx, {
            companyId: recipient.companyId,
            channel: 'email',
            senderAddress: mail.envelopeFrom,
            sizeBytes: mail.size,
          });
          await repository.insertMailMessage(tx, {
            companyId: recipient.companyId,
            inboxItemId: item.id,
            storageKey,
            envelopeFrom: mail.envelopeFrom,
            recipient: recipient.address,
            remoteAddress: mail.remoteAddress,
          });
          await enqueueJob(tx, processingJobOf(recipient.companyId, item.id));
          return item;
        }),
      );
    } catch (error) {
      await store.delete(storageKey);
      throw error;
    }
  }
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

/**
 * What the parsed mail tells about itself, written with the arrival's ending rather than on its own:
 * each write is a round trip every mail behind this one in the job queue waits for.
 */
type MailFacts = {
  arrival: {
    senderName: string | null;
    senderAddress: string | null;
    subject: string | null;
    attachmentCount: number;
  };
  message: { fromAddress: string | null; textExcerpt: string };
};

async function endArrival(db: Db, item: InboxItemRow, messageId: number, ending: Ending, facts?: MailFacts) {
  await db.transaction(async (tx) => {
    await updateArrival(tx, item.companyId, item.id, {
      ...facts?.arrival,
      status: ending.status,
      reasonKey: ending.reasonKey,
      reasonDetails: ending.reasonDetails ?? {},
    });
    await repository.updateMailMessage(tx, item.companyId, messageId, {
      ...facts?.message,
      processedAt: new Date(),
    });
  });
}

/** Another run took the arrival first; this one leaves it alone. */
class ArrivalTakenElsewhere extends Error {}

/**
 * Processes one mail the listener kept (the `mail.process` job): parses it, and unless the sender is
 * blocked or unknown, makes a voucher of each usable attachment (or of the mail itself when it has none),
 * noting for each attachment what it became or why it was refused.
 */
export async function processMail(
  { db, store }: MailProcessing,
  target: { companyId: number; inboxItemId: number },
): Promise<void> {
  const { companyId, inboxItemId } = target;
  const [item, message, company] = await Promise.all([
    repository.findInboxItem(db, companyId, inboxItemId),
    repository.findMailMessage(db, companyId, inboxItemId),
    repository.findCompany(db, companyId),
  ]);
  if (!item || !message || !company) return;
  // A run that stopped after the EHF feature had marked the arrival, but before its own end, is
  // finished; a mail waiting for review waits.
  const isDue =
    item.status === 'received' || (message.processedAt === null && item.status !== 'needs-review');
  if (!isDue) return;

  let parsed: ParsedMail;
  try {
    parsed = await simpleParser(store.openRead(message.storageKey), {
      skipImageLinks: true,
      skipTextToHtml: true,
      skipTextLinks: true,
      maxHtmlLengthToParse: MAX_HTML_CHARS,
    });
  } catch {
    await endArrival(db, item, message.id, { status: 'refused', reasonKey: 'mailIntakeUnreadable' });
    return;
  }
  const sender = parsed.from?.value[0];
  const fromAddress =
    (sender?.address || message.envelopeFrom || '').trim().toLowerCase().slice(0, 320) || null;
  const senderName = sender?.name?.trim().slice(0, 200) || fromAddress;
  const subject = parsed.subject?.trim().slice(0, 500) || null;
  // Images a mail's HTML shows inline (logos in a signature) are part of the text, not receipts.
  const attachments = parsed.attachments.filter((attachment) => !attachment.related);
  const facts: MailFacts = {
    arrival: { senderName, senderAddress: fromAddress, subject, attachmentCount: attachments.length },
    message: { fromAddress, textExcerpt: mailText(parsed).slice(0, EXCERPT_CHARS) },
  };
  const link = `/${company.alias}/inbox/${item.uuid}`;

  // The sender's lookups go out at once: the job runner takes one mail after another, so every round
  // trip waited for here is waited for by each mail behind it.
  const [spam, member, acceptedSender] = fromAddress
    ? await Promise.all([
        findSpamSupplier(db, { companyId, email: fromAddress }),
        message.acceptedBy === null
          ? repository.findCompanyUserByEmail(db, companyId, fromAddress)
          : undefined,
        message.acceptedBy === null ? repository.findAcceptedSender(db, companyId, fromAddress) : undefined,
      ])
    : [undefined, undefined, undefined];
  if (spam) {
    await endArrival(
      db,
      item,
      message.id,
      {
        status: 'spam',
        reasonKey: 'mailIntakeSpamSender',
        reasonDetails: { sender: fromAddress ?? '', spamSupplierId: spam.id },
      },
      facts,
    );
    return;
  }

  const actingUserId = message.acceptedBy ?? member?.id ?? acceptedSender?.acceptedBy;
  if (actingUserId === undefined) {
    await db.transaction(async (tx) => {
      await repository.updateMailMessage(tx, companyId, message.id, facts.message);
      await updateArrival(tx, companyId, item.id, {
        ...facts.arrival,
        status: 'needs-review',
        reasonKey: 'mailIntakeUnknownSender',
        reasonDetails: { sender: fromAddress ?? '?' },
      });
      await notifyCompanyUsers(tx, {
        companyId,
        kind: 'inbox-needs-review',
        details: { sender: senderName ?? fromAddress ?? '?' },
        link,
      });
    });
    return;
  }

  if (attachments.length > MAIL_INTAKE_LIMITS.maxAttachments) {
    await endArrival(
      db,
      item,
      message.id,
      {
        status: 'refused',
        reasonKey: 'mailIntakeTooManyAttachments',
        reasonDetails: { count: attachments.length, max: MAIL_INTAKE_LIMITS.maxAttachments },
      },
      facts,
    );
    return;
  }

  const classified =
    attachments.length > 0
      ? attachments.map((attachment, position) =>
          classify(position, attachment.filename ?? `vedlegg-${position + 1}`, attachment.content),
        )
      : [await renderedMail(parsed, message.recipient, fromAddress)].map((rendered) =>
          classify(0, rendered.fileName, rendered.bytes),
        );

  await Promise.all(
    classified.map(async (attachment) => {
      if (attachment.outcome !== 'pending') return;
      const existing = await repository.findVoucherWithFile(db, companyId, attachment.sha256);
      if (existing) {
        attachment.outcome = 'duplicate';
        attachment.reasonKey = 'mailIntakeDuplicateDocument';
        attachment.voucherId = existing.voucherId;
      }
    }),
  );

  // The EHF feature checks the document, makes its voucher and keeps one voucher for an invoice that
  // also came through the access point; its own transaction is done before the vouchers below.
  let ehfDocumentId: number | null = null;
  for (const attachment of classified) {
    if (attachment.outcome !== 'ehf') continue;
    const received = await receiveEhfDocument(
      { db, store },
      {
        xml: attachment.bytes.toString('utf8'),
        channel: 'email',
        companyId,
        inboxItemId: item.id,
        ...(fromAddress ? { senderAddress: fromAddress } : {}),
      },
    );
    ehfDocumentId ??= received.ehfDocumentId;
    attachment.voucherId = received.voucherId;
    if (received.status === 'duplicate') {
      attachment.outcome = 'duplicate';
      attachment.reasonKey = 'mailIntakeDuplicateDocument';
    } else if (received.status !== 'voucher-created') {
      attachment.outcome = 'refused';
      attachment.reasonKey = received.reasonKey ?? 'mailIntakeXmlNotEhf';
    }
  }

  const uploads: (CheckedUpload & { position: number })[] = classified
    .filter((attachment) => attachment.outcome === 'pending')
    .map((attachment) => {
      const kind = attachment.kind as 'pdf' | 'jpg' | 'png';
      return {
        position: attachment.position,
        fieldName: 'mail',
        fileName: attachment.fileName,
        mimeType: kind === 'pdf' ? 'application/pdf' : `image/${kind === 'jpg' ? 'jpeg' : 'png'}`,
        bytes: attachment.bytes,
        kind,
        safeName: sanitizeFileName(attachment.fileName, kind),
      };
    });

  try {
    await withStoredUploads(store, companyId, uploads, (stored) =>
      db.transaction(async (tx) => {
        await repository.findInboxItemForUpdate(tx, companyId, item.id);
        const current = await repository.findMailMessage(tx, companyId, item.id);
        if (current?.processedAt?.getTime() !== message.processedAt?.getTime())
          throw new ArrivalTakenElsewhere();
        const today = todayIsoDate('Europe/Oslo');
        for (const [index, upload] of stored.entries()) {
          const attachment = classified.find((candidate) => candidate.position === uploads[index]?.position);
          if (!attachment) continue;
          const voucher = await repository.insertVoucherRow(tx, {
            companyId,
            voucherDate: null,
            effectiveDate: today,
            description: subject,
            source: VoucherSource.EMAIL,
            status: VoucherStatus.NEW,
            createdBy: actingUserId,
          });
          await recordUpload(
            tx,
            { companyId, ownerType: VOUCHER_FILE_OWNER, ownerId: voucher.id, userId: actingUserId },
            upload,
          );
          await writeAudit(tx, {
            companyId,
            userId: actingUserId,
            entity: 'voucher',
            entityId: voucher.id,
            action: 'create',
            after: { ...voucher, fileName: upload.safeName, inboxItemId: item.id },
          });
          attachment.outcome = 'voucher';
          attachment.voucherId = voucher.id;
        }
        const made = classified.filter(
          (attachment) => attachment.outcome === 'voucher' || attachment.outcome === 'ehf',
        );
        const refused = classified.filter((attachment) => attachment.outcome === 'refused');
        const [onlyRefusal] = refused;
        const ending: Ending =
          made.length > 0
            ? refused.length > 0
              ? {
                  status: 'voucher-created',
                  reasonKey: 'mailIntakeSomeAttachmentsRefused',
                  reasonDetails: { count: refused.length },
                }
              : { status: 'voucher-created', reasonKey: null }
            : refused.length === 0
              ? { status: 'duplicate', reasonKey: 'mailIntakeDuplicateDocument' }
              : refused.length === 1 && classified.length === 1 && onlyRefusal
                ? {
                    status: 'refused',
                    reasonKey: onlyRefusal.reasonKey,
                    reasonDetails: onlyRefusal.reasonDetails,
                  }
                : { status: 'refused', reasonKey: 'mailIntakeNothingUsable' };
        const voucherIds = [
          ...new Set(
            classified
              .filter((attachment) => attachment.outcome !== 'refused')
              .flatMap((attachment) => (attachment.voucherId === null ? [] : [attachment.voucherId])),
          ),
        ];
        await updateArrival(tx, companyId, item.id, {
          ...facts.arrival,
          status: ending.status,
          reasonKey: ending.reasonKey,
          reasonDetails: ending.reasonDetails ?? {},
          voucherIds,
          ehfDocumentId,
        });
        await repository.replaceAttachments(
          tx,
          companyId,
          item.id,
          classified.map((attachment) => ({
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
        );
        await repository.updateMailMessage(tx, companyId, message.id, {
          ...facts.message,
          processedAt: new Date(),
        });
        if (made.length > 0) {
          await notifyCompanyUsers(tx, {
            companyId,
            kind: 'inbox-arrived',
            details: { count: made.length, sender: senderName ?? fromAddress ?? '?', subject: subject ?? '' },
            link,
          });
        }
      }),
    );
  } catch (error) {
    if (error instanceof ArrivalTakenElsewhere) return;
    throw error;
  }
}
