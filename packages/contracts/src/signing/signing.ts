import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { Basket, PaymentBankGroup } from '../payments/baskets';
import { route } from '../route';

const tags = ['signing'];
const base = `${ApiPrefix.main}/signing`;

/** The signing provider's ids travel as opaque text; bounded so nothing else rides on them. */
const ProviderId = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[\w.:-]+$/, 'Not a signing request id');
const AccountNumber = z.string().regex(/^\d{11}$/, 'An account number has 11 digits');

/**
 * The signing provider's answer as the catalogue names it. UserSSN is the signer's national identity
 * number with all but the birth date masked: the browser never needs more.
 */
export const SigningResponse = z.object({
  AuthenticationUrl: z.string(),
  RequestID: z.string(),
  StatusID: z.number().int(),
  StatusText: z.string(),
  TrackingID: z.string(),
  UserSSN: z.string().optional(),
});
export type SigningResponse = z.infer<typeof SigningResponse>;

/** Where a signing stands, in the product's words: still open, done with a person, or ended without one. */
export const SigningState = z.enum(['pending', 'completed', 'cancelled', 'failed', 'expired']);
export type SigningState = z.infer<typeof SigningState>;

export const SigningStatus = SigningResponse.extend({ State: SigningState });
export type SigningStatus = z.infer<typeof SigningStatus>;

/**
 * What the browser keeps under SIGNING_REQUEST_STORAGE_KEY between starting a signing and the
 * provider sending the person back to /sign-next.
 */
export const TemporarySigningRequest = z.object({
  RequestID: z.string(),
  TrackingID: z.string(),
  companyId: z.number().int(),
  assignUser: z.number().int(),
});
export type TemporarySigningRequest = z.infer<typeof TemporarySigningRequest>;
export const SIGNING_REQUEST_STORAGE_KEY = 'bilag.signing-request';

export const StartSigningBody = z.object({
  companyId: Id,
  /** Signing to pay a basket; without it the signing verifies the accounts in companyBankIds. */
  basketUUID: z.string().uuid().optional(),
  /** The accounts to verify; for a basket, its debtor account is taken whatever is sent. */
  companyBankIds: z.array(Id).max(50).default([]),
});
export type StartSigningBody = z.infer<typeof StartSigningBody>;

export const StartedSigning = SigningResponse.extend({
  companyId: z.number().int(),
  assignUser: z.number().int(),
});
export type StartedSigning = z.infer<typeof StartedSigning>;

export const startSigning = route({
  method: 'POST',
  path: `${base}/auth/init`,
  access: 'company',
  action: 'payment.prepare',
  body: StartSigningBody,
  reply: envelope(StartedSigning),
  summary:
    'Start a BankID signing with the signing provider for a basket or for verifying accounts; the person is sent to AuthenticationUrl and comes back to /sign-next or /sign-cancel',
  tags,
});

export const SigningStatusQuery = z.object({ requestID: ProviderId, trackingID: ProviderId });

export const signingStatus = route({
  method: 'GET',
  path: `${base}/auth/status`,
  access: 'user',
  action: 'payment.prepare',
  query: SigningStatusQuery,
  reply: envelope(SigningStatus),
  summary: "Where the person's own signing stands (the provider's status); polled until it is final",
  tags,
});

export const ApprovalAccessIndicator = z.enum(['OK', 'NOT_OK']);
export const AccountAuthorisationOutcome = z.enum([
  'authorised',
  'not-authorised',
  'unknown-account',
  'not-confirmed',
]);
export type AccountAuthorisationOutcome = z.infer<typeof AccountAuthorisationOutcome>;

export const AuthorizeDataEntry = z.object({
  accountNumber: z.string(),
  companyBankId: z.number().int(),
  /** True only when the first resData has approvalAccessIndicator OK with status code 200. */
  authorised: z.boolean(),
  outcome: AccountAuthorisationOutcome,
  resData: z.array(
    z.object({
      approvalAccessIndicator: ApprovalAccessIndicator.nullable(),
      statusCode: z.number().int().nullable(),
    }),
  ),
});
export type AuthorizeDataEntry = z.infer<typeof AuthorizeDataEntry>;

export const CompanyBankAuthorisationResult = z.object({
  accountNumbers: z.array(z.string()),
  authorizeData: z.array(AuthorizeDataEntry),
  /** The basket the signing approved, when it was for one. */
  basket: Basket.nullable(),
});
export type CompanyBankAuthorisationResult = z.infer<typeof CompanyBankAuthorisationResult>;

export const AuthorizeCompanyBanksBody = z.object({
  assignUser: Id,
  companyId: Id,
  requestID: ProviderId,
  trackingID: ProviderId,
  organisationNumber: z.string().regex(/^\d{9}$/, 'An organisation number has 9 digits'),
  companyBankIds: z.array(Id).min(1).max(50),
  accountNumbers: z.array(AccountNumber).min(1).max(50),
  basketUUID: z.string().uuid().optional(),
});
export type AuthorizeCompanyBanksBody = z.infer<typeof AuthorizeCompanyBanksBody>;

export const authorizeCompanyBanks = route({
  method: 'POST',
  path: `${base}/authorize-company-banks`,
  access: 'company',
  action: 'payment.prepare',
  body: AuthorizeCompanyBanksBody,
  reply: envelope(CompanyBankAuthorisationResult),
  summary:
    "After a completed signing: ask the bank authorisation service which of the accounts the signer may pay from, update the person's verified banks, and record the basket's approval",
  tags,
});

export const BankVerifyAccount = z.object({
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  Name: z.string().nullable(),
  BankName: z.string().nullable(),
  BankGroup: PaymentBankGroup,
  IsVerified: z.boolean(),
  VerifiedBy: z.enum(['manual', 'bank-authorisation']).nullable(),
  VerifiedAt: z.string().nullable(),
});
export type BankVerifyAccount = z.infer<typeof BankVerifyAccount>;

export const bankVerifyAccounts = route({
  method: 'GET',
  path: `${base}/bank-verify/:companyId`,
  access: 'company',
  action: 'payment.view',
  params: z.object({ companyId: Id }),
  reply: envelope(
    z.object({
      OrganisationNumber: z.string().nullable(),
      IsPaymentUser: z.boolean(),
      rows: z.array(BankVerifyAccount),
    }),
  ),
  summary:
    'The company accounts in the bank groups the bank authorisation service covers (sparebank1, dnb, handelsbanken), and whether the person is verified for each',
  tags,
});
