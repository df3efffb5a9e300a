import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { InboxItem, InboxStatus } from '../inbox/inbox';
import { route } from '../route';
import { Text } from '../text';
import { Voucher } from '../vouchers/voucher';

const tags = ['mail'];
const base = ApiPrefix.mail;

/** What the product's SMTP listener takes in one mail, and what it refuses before or while reading it. */
export const MAIL_INTAKE_LIMITS = {
  /** Refused with 552 as the client announces it (SIZE) or as soon as the bytes pass it. */
  maxMessageBytes: 25 * 1024 * 1024,
  maxAttachments: 20,
  maxAttachmentBytes: 20 * 1024 * 1024,
  /** One mail goes to one company: more recipients are refused so a mail cannot be spread around. */
  maxRecipients: 5,
} as const;

/** What became of one attachment of a mail. */
export const MAIL_ATTACHMENT_OUTCOMES = ['voucher', 'ehf', 'duplicate', 'refused', 'pending'] as const;
export const MailAttachmentOutcome = z.enum(MAIL_ATTACHMENT_OUTCOMES);
export type MailAttachmentOutcome = z.infer<typeof MailAttachmentOutcome>;

export const MailAttachment = z.object({
  fileName: z.string(),
  /** What the bytes are (pdf, jpg, png, xml, zip, …), not what the mail called them. */
  kind: z.string(),
  size: z.number().int(),
  outcome: MailAttachmentOutcome,
  /** Why it was refused, in the reader's language; null when it was taken. */
  reason: z.string().nullable(),
  voucherId: z.number().int().nullable(),
});
export type MailAttachment = z.infer<typeof MailAttachment>;

export const CompanyMailAddress = z.object({
  companyId: z.number().int(),
  /** Where the company's receipts are forwarded: `<alias>@<domain>`. */
  address: z.string(),
  domain: z.string(),
});
export type CompanyMailAddress = z.infer<typeof CompanyMailAddress>;

export const getCompanyMailAddress = route({
  method: 'GET',
  path: `${base}/address/:companyId`,
  access: 'company',
  action: 'inbox.view',
  params: z.object({ companyId: Id }),
  reply: envelope(CompanyMailAddress),
  summary: 'The address the company forwards its receipts to',
  tags,
});

/** The mail behind an arrival by e-mail, and what each attachment became (the mail server's inbox by uuid). */
export const MailOfInboxItem = z.object({
  inboxItem: InboxItem,
  from: z.string().nullable(),
  to: z.string(),
  subject: z.string().nullable(),
  /** The start of the mail's text, for a person deciding on a mail from an unknown sender. */
  textExcerpt: z.string(),
  attachments: z.array(MailAttachment),
  /** A person's note when the mail was refused at review. */
  reviewNote: z.string().nullable(),
});
export type MailOfInboxItem = z.infer<typeof MailOfInboxItem>;

export const getMailOfInboxItem = route({
  method: 'GET',
  path: `${base}/inbox/:uuid`,
  access: 'company',
  action: 'inbox.view',
  params: z.object({ uuid: z.string().uuid() }),
  query: z.object({ companyId: Id }),
  reply: envelope(MailOfInboxItem),
  summary: 'The mail an arrival came in, with what each attachment became',
  tags,
});

export const MailReviewTarget = z.object({ inboxItemId: Id });

export const acceptMailReview = route({
  method: 'POST',
  path: `${base}/review/:inboxItemId/accept`,
  access: 'company',
  action: 'voucher.edit',
  params: MailReviewTarget,
  body: z.object({
    companyId: Id,
    /** Later mail from the same address is taken without review. */
    rememberSender: z.boolean().default(true),
  }),
  reply: envelope(InboxItem),
  summary: 'Accept a mail from an unknown sender: its attachments become vouchers',
  tags,
});

export const refuseMailReview = route({
  method: 'POST',
  path: `${base}/review/:inboxItemId/refuse`,
  access: 'company',
  action: 'voucher.edit',
  params: MailReviewTarget,
  body: z.object({ companyId: Id, note: Text.trim().max(500).default('') }),
  reply: envelope(InboxItem),
  summary: 'Refuse a mail from an unknown sender: nothing is made of it',
  tags,
});

const AdminPage = {
  page: PageNumber.default(1),
  pagesize: z.coerce.number().int().min(1).max(100).default(20),
};

export const AdminMailAddress = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  address: z.string(),
  acceptedSenders: z.number().int(),
  arrivals: z.number().int(),
  lastArrivalAt: z.string().nullable(),
});
export type AdminMailAddress = z.infer<typeof AdminMailAddress>;

export const listMailAddresses = route({
  method: 'GET',
  path: `${base}/admin/addresses`,
  access: 'admin',
  action: 'admin.mail.view',
  query: z.object({ ...AdminPage, search: Text.trim().max(200).optional() }),
  reply: envelope(z.object({ rows: z.array(AdminMailAddress), total: z.number().int() })),
  summary: "Every company's receiving address, with its accepted senders and arrivals",
  tags,
});

export const AdminMailArrival = z.object({
  inboxItemId: z.number().int(),
  uuid: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  senderAddress: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  status: InboxStatus,
  reason: z.string().nullable(),
  sizeBytes: z.number().int(),
  attachments: z.array(MailAttachment),
});
export type AdminMailArrival = z.infer<typeof AdminMailArrival>;

export const listMailArrivals = route({
  method: 'GET',
  path: `${base}/admin/arrivals`,
  access: 'admin',
  action: 'admin.mail.view',
  query: z.object({ ...AdminPage, status: InboxStatus.optional() }),
  reply: envelope(z.object({ rows: z.array(AdminMailArrival), total: z.number().int() })),
  summary: 'Mail that arrived for any company, newest first, with status and why',
  tags,
});

/** Where a mail was refused: at the door (SMTP, answered with a bounce), the whole mail, or one attachment. */
export const MAIL_REFUSAL_STAGES = ['smtp', 'message', 'attachment'] as const;
export const MailRefusalStage = z.enum(MAIL_REFUSAL_STAGES);
export type MailRefusalStage = z.infer<typeof MailRefusalStage>;

export const AdminMailRefusal = z.object({
  /** Unique within the list: the stage and the refused record's id. */
  id: z.string(),
  at: z.string(),
  stage: MailRefusalStage,
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  sender: z.string().nullable(),
  recipient: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The SMTP reply code the sender got, for refusals at the door. */
  smtpCode: z.number().int().nullable(),
  reason: z.string(),
});
export type AdminMailRefusal = z.infer<typeof AdminMailRefusal>;

export const listMailRefusals = route({
  method: 'GET',
  path: `${base}/admin/refusals`,
  access: 'admin',
  action: 'admin.mail.view',
  query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
  reply: envelope(z.array(AdminMailRefusal)),
  summary: 'What was refused and why, newest first: at the door, whole mails and single attachments',
  tags,
});

export const MAIL_LISTENER_STATES = ['listening', 'unreachable'] as const;

export const MailForwarding = z.object({
  listener: z.object({
    state: z.enum(MAIL_LISTENER_STATES),
    host: z.string(),
    port: z.number().int(),
    /** The greeting the listener answered with. */
    greeting: z.string().nullable(),
  }),
  domain: z.string(),
  limits: z.object({
    maxMessageBytes: z.number().int(),
    maxAttachments: z.number().int(),
    maxAttachmentBytes: z.number().int(),
  }),
  days: z.array(
    z.object({
      date: z.string(),
      received: z.number().int(),
      vouchers: z.number().int(),
      refused: z.number().int(),
    }),
  ),
  lastArrivals: z.array(AdminMailArrival),
});
export type MailForwarding = z.infer<typeof MailForwarding>;

export const getMailForwarding = route({
  method: 'GET',
  path: `${base}/forward`,
  access: 'admin',
  action: 'admin.mail.view',
  reply: envelope(MailForwarding),
  summary:
    "The forwarding provider's view: the listener, the domain, arrivals per day for 14 days, the last arrivals",
  tags,
});

const voucherBase = `${ApiPrefix.main}/voucher`;

export const getForwardedVoucher = route({
  method: 'GET',
  path: `${voucherBase}/getForwardedVoucher`,
  access: 'company',
  action: 'voucher.view',
  query: z.object({
    companyId: Id,
    pageNumber: PageNumber.default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(20),
  }),
  reply: envelope(z.object({ rows: z.array(Voucher), total: z.number().int() })),
  summary: "The company's vouchers that came by e-mail, newest first",
  tags,
});

export const crawlVoucherEmail = route({
  method: 'GET',
  path: `${voucherBase}/crawlVoucherEmail`,
  access: 'company',
  action: 'voucher.view',
  query: z.object({ companyId: Id }),
  reply: envelope(z.object({ queued: z.number().int() })),
  summary: "Process again the company's mail that is still waiting to be processed (after a failure)",
  tags,
});

export const addForwardOldVoucher = route({
  method: 'POST',
  path: `${ApiPrefix.main}/queue/addForwardOldVoucher`,
  access: 'company',
  action: 'voucher.edit',
  body: z.object({ companyId: Id, inboxItemId: Id }),
  reply: envelope(z.object({ queued: z.boolean() })),
  summary:
    'Process an earlier mail again (one still waiting or refused); a document already kept is not made twice',
  tags,
});
