import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope, v2Reply } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { AmountOre, CurrencyCode, IsoDate } from '../vouchers/voucher';

const tags = ['consents'];
const base = ApiPrefix.consent;

/**
 * A consent's status as the bank reports it (Berlin Group NextGenPSD2): `received` waits for the person
 * on the bank's page; `valid` lets the product read; the others have ended it.
 */
export const CONSENT_STATUSES = [
  'received',
  'valid',
  'rejected',
  'revokedByPsu',
  'expired',
  'terminatedByTpp',
] as const;
export const ConsentStatus = z.enum(CONSENT_STATUSES);
export type ConsentStatus = z.infer<typeof ConsentStatus>;

/** The consent SCA page's state ids (spec §4). */
export const ConsentPageState = { rejected: 0, accepted: 1, pending: 2 } as const;
export const ConsentPageStateId = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type ConsentPageStateId = z.infer<typeof ConsentPageStateId>;

/** A consent within this many days of its end is expiring soon: shown in warning red, and people are told. */
export const CONSENT_EXPIRING_SOON_DAYS = 14;
/** The days before the end on which the company's users get a notification and an e-mail. */
export const CONSENT_EXPIRY_NOTICE_DAYS = [14, 7, 1] as const;
/** Reads per account and day a consent asks for when the person does not choose. */
export const DEFAULT_CONSENT_FREQUENCY_PER_DAY = 4;
/** The longest a bank grants a consent for. */
export const MAX_CONSENT_DAYS = 180;

/** 11 digits of a Norwegian national identity number; the checksum is checked by the server. */
const NationalIdentityNumber = z
  .string()
  .trim()
  .regex(/^\d{11}$/, 'A national identity number has 11 digits');
const AccountNumber = z
  .string()
  .trim()
  .regex(/^\d{11}$/, 'An account number has 11 digits');
const Bic = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'Not a BIC');
/** A path of the product to come back to after the bank's page, such as /nordlys-bakeri/consent. */
const CallbackPath = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/([\w\-.?=&%][\w\-/.?=&%]*)?$/, 'A path of the product, starting with one /');

/** An account the consent names or is bound to: its IBAN or its Norwegian account number (BBAN). */
export const ConsentAccount = z.object({
  id: z.number().int(),
  consentId: z.number().int(),
  iban: z.string().nullable(),
  bban: z.string().nullable(),
  /** The company's account it feeds; null until the account is known to the company. */
  companyBankId: z.number().int().nullable(),
  name: z.string().nullable(),
  currency: CurrencyCode,
  /** `closed` when the bank says the account no longer exists or is blocked. */
  status: z.enum(['enabled', 'closed']),
  lastSyncAt: z.string().nullable(),
  /** The last booking day the product holds every transaction of. */
  syncedThrough: IsoDate.nullable(),
  /** The bank's latest closing booked balance. */
  balance: z
    .object({ amountOre: AmountOre, currency: CurrencyCode, date: IsoDate, source: z.string() })
    .nullable(),
});
export type ConsentAccount = z.infer<typeof ConsentAccount>;

export const Consent = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  bankId: z.number().int(),
  bankName: z.string(),
  bankGroup: z.string(),
  status: ConsentStatus,
  validUntil: IsoDate.nullable(),
  /** Whole days until validUntil (0 on its last day); null when it has none or has ended. */
  daysLeft: z.number().int().nullable(),
  /** Valid with CONSENT_EXPIRING_SOON_DAYS or fewer left. */
  expiringSoon: z.boolean(),
  frequencyPerDay: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  /** The consent this one renews; the old one ends when this one is accepted. */
  renewsConsentId: z.number().int().nullable(),
  lastSyncAt: z.string().nullable(),
  /** A sync is waiting or running. */
  syncing: z.boolean(),
  /** The last failure of a sync or of the bank, until a sync succeeds. */
  lastError: z.string().nullable(),
  accounts: z.array(ConsentAccount),
});
export type Consent = z.infer<typeof Consent>;

export const CONSENT_EVENT_KINDS = [
  'created',
  'accepted',
  'rejected',
  'renewed',
  'revoked',
  'expired',
  'ended-at-bank',
  'synced',
  'sync-failed',
  'account-closed',
  'expiry-notice',
] as const;
export const ConsentEventKind = z.enum(CONSENT_EVENT_KINDS);
export type ConsentEventKind = z.infer<typeof ConsentEventKind>;

/** One line of a consent's history; the errors are the lines with isError. */
export const ConsentEvent = z.object({
  id: z.number().int(),
  consentId: z.number().int(),
  kind: ConsentEventKind,
  isError: z.boolean(),
  /** In the language of the person asking. */
  message: z.string(),
  createdAt: z.string(),
  userName: z.string().nullable(),
});
export type ConsentEvent = z.infer<typeof ConsentEvent>;

export const ConsentScope = z.object({ companyId: Id });
const ConsentParams = z.object({ consentId: Id });

export const CreateConsentRequest = z.object({
  companyId: Id,
  /** A bank of the registry the product has a connection to (see the bank templates). */
  bankId: Id,
  /** The company's accounts at that bank to read; every account the person may use when left out. */
  accountNumbers: z.array(AccountNumber).min(1).max(100).optional(),
  /** At most MAX_CONSENT_DAYS ahead; the bank's longest when left out. */
  validUntil: IsoDate.optional(),
  frequencyPerDay: z.number().int().min(1).max(24).default(DEFAULT_CONSENT_FREQUENCY_PER_DAY),
  /** The person approving at the bank, so only they can log in there. */
  accountOwnerSsn: NationalIdentityNumber.optional(),
  /** Where the person lands after the consent page; the company's consent page when left out. */
  callbackUrl: CallbackPath.optional(),
});
export type CreateConsentRequest = z.infer<typeof CreateConsentRequest>;

export const ConsentStarted = z.object({
  consent: Consent,
  /** The bank's page where the person approves the consent. */
  scaRedirectUrl: z.string(),
});
export type ConsentStarted = z.infer<typeof ConsentStarted>;

export const RenewConsentRequest = z.object({
  companyId: Id,
  callbackUrl: CallbackPath,
  accountOwnerSsn: NationalIdentityNumber.optional(),
  debtorBankBic: Bic.optional(),
  validUntil: IsoDate.optional(),
});
export type RenewConsentRequest = z.infer<typeof RenewConsentRequest>;

/** What the bank's page sent the person back with; the bank itself is asked where the consent stands. */
export const ConsentScaRequest = z.object({
  instructionId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'Not an instruction id'),
  scaStatus: z.string().trim().max(40).optional(),
});
export type ConsentScaRequest = z.infer<typeof ConsentScaRequest>;

export const ConsentScaResult = z.object({
  state: ConsentPageStateId,
  consentId: z.number().int(),
  companyId: z.number().int(),
  /** The company's alias, for the way back. */
  alias: z.string(),
  /** Where to go after the countdown: the callbackUrl given at creation, or the consent page. */
  redirectPath: z.string(),
  accounts: z.array(ConsentAccount),
  message: z.string().nullable(),
});
export type ConsentScaResult = z.infer<typeof ConsentScaResult>;

export const ConsentBankTemplate = z.object({
  bankId: z.number().int(),
  name: z.string(),
  bic: z.string(),
  bankGroup: z.string(),
  /** The auto-import template of the bank (dnb, sparebank1, nordnorge), when it has one. */
  template: z.string().nullable(),
  /** The company's accounts at the bank. */
  accountNumbers: z.array(z.string()),
  /** A valid or waiting consent already covers the bank. */
  hasConsent: z.boolean(),
});
export type ConsentBankTemplate = z.infer<typeof ConsentBankTemplate>;

export const ConsentsOfCompany = z.object({
  consents: z.array(Consent),
  /** The consents of the company the signed-in person made. */
  ownerConsents: z.array(Consent),
});
export type ConsentsOfCompany = z.infer<typeof ConsentsOfCompany>;

export const createConsent = route({
  method: 'POST',
  path: `${base}/create`,
  access: 'company',
  action: 'consent.edit',
  body: CreateConsentRequest,
  reply: envelope(ConsentStarted),
  summary:
    "Ask a bank for a consent to read the company's accounts, balances and transactions; answers the bank's page where the person approves it",
  tags,
});

export const listConsents = route({
  method: 'GET',
  path: `${base}/by-company`,
  access: 'company',
  action: 'consent.view',
  query: ConsentScope,
  reply: envelope(ConsentsOfCompany),
  summary: "The company's consents with their accounts, state, expiry and last sync",
  tags,
});

export const listOwnerConsents = route({
  method: 'GET',
  path: `${base}/owner-consents`,
  access: 'user',
  action: 'consent.view',
  reply: envelope(z.array(Consent)),
  summary: 'The consents the signed-in person made, in every company they are a member of',
  tags,
});

export const getConsentAccounts = route({
  method: 'GET',
  path: `${base}/:consentId/accounts`,
  access: 'company',
  action: 'consent.view',
  params: ConsentParams,
  query: ConsentScope,
  reply: envelope(z.array(ConsentAccount)),
  summary: 'The accounts of a consent with their sync state and balance',
  tags,
});

export const getConsentErrors = route({
  method: 'GET',
  path: `${base}/:consentId/errors`,
  access: 'company',
  action: 'consent.view',
  params: ConsentParams,
  query: ConsentScope,
  reply: envelope(z.array(ConsentEvent)),
  summary: 'What went wrong with a consent: refusals, ends at the bank and failed syncs, newest first',
  tags,
});

export const getConsentHistory = route({
  method: 'GET',
  path: `${base}/:consentId/history`,
  access: 'company',
  action: 'consent.view',
  params: ConsentParams,
  query: ConsentScope,
  reply: envelope(z.array(ConsentEvent)),
  summary: 'Everything that happened to a consent, newest first',
  tags,
});

export const consentScaSuccess = route({
  method: 'PUT',
  path: `${base}/sca-success`,
  access: 'public',
  body: ConsentScaRequest,
  reply: envelope(ConsentScaResult),
  summary:
    "The bank sent the person back from its consent page: the bank is asked where the consent stands (the query is never trusted); an accepted consent's accounts join the company and are synced",
  tags,
});

export const consentScaCancel = route({
  method: 'PUT',
  path: `${base}/sca-cancel`,
  access: 'public',
  body: ConsentScaRequest,
  reply: envelope(ConsentScaResult),
  summary: "The person left the bank's consent page without approving: the consent is rejected",
  tags,
});

export const renewConsent = route({
  method: 'PUT',
  path: `${base}/:consentId/renew`,
  access: 'company',
  action: 'consent.edit',
  params: ConsentParams,
  body: RenewConsentRequest,
  reply: envelope(ConsentStarted),
  summary:
    'Ask the bank for a new consent for the same accounts; the old one keeps working until the new one is approved, then ends',
  tags,
});

export const revokeConsent = route({
  method: 'DELETE',
  path: `${base}/:consentId`,
  access: 'company',
  action: 'consent.edit',
  params: ConsentParams,
  query: ConsentScope,
  reply: envelope(Consent),
  summary: 'End a consent at the bank; its accounts keep what was read but are no longer synced',
  tags,
});

export const syncConsent = route({
  method: 'POST',
  path: `${base}/:consentId/sync`,
  access: 'company',
  action: 'bank.import',
  params: ConsentParams,
  body: ConsentScope,
  reply: envelope(Consent),
  summary: "Fetch the consent's balances and transactions now (in the background); the consent shows syncing",
  tags,
});

export const listConsentBankTemplates = route({
  method: 'GET',
  path: `${base}/bank-templates/:companyId`,
  access: 'company',
  action: 'consent.view',
  params: ConsentScope,
  reply: envelope(z.array(ConsentBankTemplate)),
  summary: "The banks a consent can be made with, the company's own first, with its accounts at each",
  tags,
});

export const listConsentAccountList = route({
  method: 'GET',
  path: `${base}/account-list`,
  access: 'company',
  action: 'consent.view',
  query: ConsentScope,
  reply: envelope(z.array(ConsentAccount)),
  summary: "Every account of the company's consents, with sync state and balance",
  tags,
});

export const CancelInternationalPaymentRequest = z.object({ companyId: Id, paymentId: Id });

export const cancelUnsignedInternationalPayment = route({
  method: 'POST',
  path: `${base}/international-payment/cancel`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: CancelInternationalPaymentRequest,
  reply: envelope(EmptyData),
  summary:
    'Cancel an international payment nobody has signed yet: it leaves its basket (cancelled at the bank when it waits there) and becomes CANCELED',
  tags,
});

const v2Tags = ['consents v2'];

export const createConsentV2 = route({
  method: 'POST',
  path: `${base}/v2/create`,
  access: 'company',
  action: 'consent.edit',
  body: CreateConsentRequest,
  reply: v2Reply(ConsentStarted),
  replyShape: 'v2',
  summary: 'createConsent in the v2 shape: code is the HTTP status; a failure lists its errors',
  tags: v2Tags,
});

export const renewConsentV2 = route({
  method: 'PUT',
  path: `${base}/v2/:consentId/renew`,
  access: 'company',
  action: 'consent.edit',
  params: ConsentParams,
  body: RenewConsentRequest,
  reply: v2Reply(ConsentStarted),
  replyShape: 'v2',
  summary: 'renewConsent in the v2 shape',
  tags: v2Tags,
});

export const consentScaV2 = route({
  method: 'PUT',
  path: `${base}/v2/sca-success`,
  access: 'public',
  body: ConsentScaRequest,
  reply: v2Reply(ConsentScaResult),
  replyShape: 'v2',
  summary: 'consentScaSuccess in the v2 shape',
  tags: v2Tags,
});

export const getConsentV2 = route({
  method: 'GET',
  path: `${base}/v2/:consentId`,
  access: 'company',
  action: 'consent.view',
  params: ConsentParams,
  query: ConsentScope,
  reply: v2Reply(Consent),
  replyShape: 'v2',
  summary: 'One consent with its accounts, in the v2 shape',
  tags: v2Tags,
});

export const cancelUnsignedInternationalPaymentV2 = route({
  method: 'POST',
  path: `${base}/v2/international-payment/cancel`,
  access: 'company',
  action: 'payment.prepare',
  idempotent: true,
  body: CancelInternationalPaymentRequest,
  reply: v2Reply(EmptyData),
  replyShape: 'v2',
  summary: 'cancelUnsignedInternationalPayment in the v2 shape',
  tags: v2Tags,
});
