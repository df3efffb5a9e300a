import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { InboxChannel } from '../inbox/inbox';
import { route } from '../route';
import { Text } from '../text';

const tags = ['ehf'];
const base = `${ApiPrefix.ehf}/spam-suppliers`;

/**
 * A sender whose documents are not wanted. It names an organisation number (EHF and mail from that
 * supplier), an e-mail address or a whole domain written as @example.no, or both; it holds for one
 * company, or for every company when `companyId` is null.
 */
export const SpamSupplier = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  organisationNumber: z.string().nullable(),
  emailPattern: z.string().nullable(),
  name: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SpamSupplier = z.infer<typeof SpamSupplier>;

const pageSize = z.coerce.number().int().min(1).max(100).default(20);

export const SpamSupplierListQuery = z.object({
  /** Matches the name, the organisation number, the address or the reason. */
  search: Text.trim().max(200).optional(),
  page: PageNumber.default(1),
  pageSize,
});
export type SpamSupplierListQuery = z.infer<typeof SpamSupplierListQuery>;

/**
 * An entry as an administrator types it. The organisation number is checked (nine digits, MOD11) and
 * the address (a whole address or @domain) by the server, which answers which field is wrong.
 */
export const SaveSpamSupplierRequest = z.object({
  organisationNumber: Text.trim().max(20).nullable().default(null),
  emailPattern: Text.trim().max(254).nullable().default(null),
  name: Text.trim().min(1).max(200),
  reason: Text.trim().max(1000).nullable().default(null),
  /** The one company it holds for; null for every company. */
  companyId: Id.nullable().default(null),
});
export type SaveSpamSupplierRequest = z.infer<typeof SaveSpamSupplierRequest>;

export const SpamSupplierIdParams = z.object({ id: Id });

export const listSpamSuppliers = route({
  method: 'GET',
  path: base,
  access: 'admin',
  action: 'admin.ehf.view',
  query: SpamSupplierListQuery,
  reply: envelope(z.object({ rows: z.array(SpamSupplier), total: z.number().int() })),
  summary: 'Administrators: the spam-supplier list, newest first, searched and paged',
  tags,
});

export const addSpamSupplier = route({
  method: 'POST',
  path: base,
  access: 'admin',
  action: 'admin.ehf.view',
  body: SaveSpamSupplierRequest,
  reply: envelope(SpamSupplier),
  summary: 'Administrators: block a supplier (organisation number, address or @domain); a duplicate is a 409',
  tags,
});

export const updateSpamSupplier = route({
  method: 'PUT',
  path: `${base}/:id`,
  access: 'admin',
  action: 'admin.ehf.view',
  params: SpamSupplierIdParams,
  body: SaveSpamSupplierRequest,
  reply: envelope(SpamSupplier),
  summary: 'Administrators: change an entry of the spam-supplier list',
  tags,
});

export const deleteSpamSupplier = route({
  method: 'DELETE',
  path: `${base}/:id`,
  access: 'admin',
  action: 'admin.ehf.view',
  params: SpamSupplierIdParams,
  reply: envelope(EmptyData),
  summary: 'Administrators: remove an entry of the spam-supplier list',
  tags,
});

/** An entry with what it has blocked so far, across every company. */
export const SpamSupplierActivity = SpamSupplier.extend({
  blockedEhf: z.number().int(),
  blockedEmail: z.number().int(),
  lastBlockedAt: z.string().nullable(),
});
export type SpamSupplierActivity = z.infer<typeof SpamSupplierActivity>;

/** One arrival the list blocked. */
export const BlockedArrival = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  channel: InboxChannel,
  senderName: z.string().nullable(),
  senderAddress: z.string().nullable(),
  subject: z.string().nullable(),
  receivedAt: z.string(),
  spamSupplierId: z.number().int().nullable(),
  spamSupplierName: z.string().nullable(),
});
export type BlockedArrival = z.infer<typeof BlockedArrival>;

/**
 * A sender not on the list whose documents were refused or sent to review, as a candidate for it:
 * the address is an organisation number (EHF) or an e-mail address.
 */
export const SpamCandidate = z.object({
  channel: InboxChannel,
  senderAddress: z.string(),
  senderName: z.string().nullable(),
  refusedCount: z.number().int(),
  reviewCount: z.number().int(),
  companyCount: z.number().int(),
  lastReceivedAt: z.string(),
});
export type SpamCandidate = z.infer<typeof SpamCandidate>;

export const spamSupplierData = route({
  method: 'GET',
  path: `${ApiPrefix.ehf}/spam-supplier-data`,
  access: 'admin',
  action: 'admin.ehf.view',
  query: z.object({ page: PageNumber.default(1), pageSize }),
  reply: envelope(z.object({ rows: z.array(SpamSupplierActivity), total: z.number().int() })),
  summary: 'Administrators: each spam-supplier entry with how many EHF and e-mail documents it blocked',
  tags,
});

export const blockedArrivals = route({
  method: 'GET',
  path: `${ApiPrefix.ehf}/spam-supplier-data/arrivals`,
  access: 'admin',
  action: 'admin.ehf.view',
  query: z.object({ spamSupplierId: Id.optional(), page: PageNumber.default(1), pageSize }),
  reply: envelope(z.object({ rows: z.array(BlockedArrival), total: z.number().int() })),
  summary: 'Administrators: the latest arrivals blocked as spam across every company, newest first',
  tags,
});

export const spamCandidates = route({
  method: 'GET',
  path: `${ApiPrefix.ehf}/spam-supplier-data/candidates`,
  access: 'admin',
  action: 'admin.ehf.view',
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
  reply: envelope(z.array(SpamCandidate)),
  summary: 'Administrators: the senders most often refused or sent to review, not on the list yet',
  tags,
});
