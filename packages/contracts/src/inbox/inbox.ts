import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { AmountOre, IsoDate } from '../vouchers/voucher';

const tags = ['inbox'];
const base = `${ApiPrefix.main}/inbox`;

export const INBOX_PAGE_SIZE = 10;

/** How a document came in: the PEPPOL access point (EHF) or the company's e-mail address. */
export const INBOX_CHANNELS = ['ehf', 'email'] as const;
export const InboxChannel = z.enum(INBOX_CHANNELS);
export type InboxChannel = z.infer<typeof InboxChannel>;

/**
 * What became of an arrival: vouchers made; waiting for a person (an unknown sender); refused (too
 * big, wrong content, failed checks it cannot be kept for); blocked as spam; or the same document
 * again, which adds nothing.
 */
export const INBOX_STATUSES = [
  'received',
  'voucher-created',
  'needs-review',
  'refused',
  'spam',
  'duplicate',
] as const;
export const InboxStatus = z.enum(INBOX_STATUSES);
export type InboxStatus = z.infer<typeof InboxStatus>;

export const InboxItem = z.object({
  id: z.number().int(),
  uuid: z.string(),
  companyId: z.number().int(),
  channel: InboxChannel,
  /** The supplier's name, or the mail's display name. */
  senderName: z.string().nullable(),
  /** The supplier's organisation number (EHF) or the mail's address. */
  senderAddress: z.string().nullable(),
  /** The mail's subject, or the invoice or credit note and its number. */
  subject: z.string().nullable(),
  receivedAt: z.string(),
  status: InboxStatus,
  /** Why it was refused or waits, in the language of the person reading; null when nothing is wrong. */
  reason: z.string().nullable(),
  voucherIds: z.array(z.number().int()),
  ehfDocumentId: z.number().int().nullable(),
  attachmentCount: z.number().int(),
  isRead: z.boolean(),
});
export type InboxItem = z.infer<typeof InboxItem>;

/** The inbox filter of spec §3: page 1, pagesize 10, filterSearchText, filterIsRead. */
export const InboxFilter = z.object({
  companyId: Id,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pagesize: z.coerce.number().int().min(1).max(100).default(INBOX_PAGE_SIZE),
  filterSearchText: Text.trim().max(200).optional(),
  /** Unset lists both. */
  filterIsRead: z.boolean().optional(),
});
export type InboxFilter = z.infer<typeof InboxFilter>;

export const InboxPage = z.object({
  rows: z.array(InboxItem),
  total: z.number().int(),
  countUnRead: z.number().int(),
});
export type InboxPage = z.infer<typeof InboxPage>;

export const computeInbox = route({
  method: 'POST',
  path: `${base}/computeData`,
  access: 'company',
  action: 'inbox.view',
  body: InboxFilter,
  reply: envelope(InboxPage),
  summary: "A page of the company's inbox, newest first, with the unread count",
  tags,
});

export const readInboxItem = route({
  method: 'POST',
  path: `${base}/readById/:id`,
  access: 'company',
  action: 'inbox.view',
  params: z.object({ id: Id }),
  body: z.object({ companyId: Id }),
  reply: envelope(InboxItem),
  summary: 'Mark one arrival read for the person asking',
  tags,
});

export const markInboxRead = route({
  method: 'PUT',
  path: `${base}/read`,
  access: 'company',
  action: 'inbox.view',
  body: z.object({ companyId: Id }),
  reply: envelope(EmptyData),
  summary: 'Mark every arrival of the company read for the person asking',
  tags,
});

/** A voucher an arrival became, as the inbox shows it. */
export const InboxVoucher = z.object({
  id: z.number().int(),
  supplierName: z.string().nullable(),
  amountOre: AmountOre.nullable(),
  currency: z.string(),
  date: IsoDate.nullable(),
  /** Deleted since it arrived: kept for the books, no longer in the voucher list. */
  isDeleted: z.boolean(),
});
export type InboxVoucher = z.infer<typeof InboxVoucher>;

/** A file kept with the arrival itself (the mail, the EHF document), downloadable as a stored file. */
export const InboxFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type InboxFile = z.infer<typeof InboxFile>;

export const InboxDetail = InboxItem.extend({
  sizeBytes: z.number().int(),
  vouchers: z.array(InboxVoucher),
  files: z.array(InboxFile),
});
export type InboxDetail = z.infer<typeof InboxDetail>;

export const inboxItemDetail = route({
  method: 'GET',
  path: `${base}/detail/:uuid`,
  access: 'company',
  action: 'inbox.view',
  params: z.object({ uuid: z.string().uuid() }),
  query: z.object({ companyId: Id }),
  reply: envelope(InboxDetail),
  summary: 'One arrival of the company: what arrived, from where, and what it became',
  tags,
});
