import {
  type AuthorizeCompanyBanksBody,
  type AuthorizeDataEntry,
  type BankVerifyAccount,
  type Basket,
  type CompanyBankAuthorisationResult,
  type Language,
  PAYMENT_BANK_GROUPS,
  type PaymentBankGroup,
  type SigningState,
  type SigningStatus,
  type StartedSigning,
  type StartSigningBody,
} from '@bilag/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { Providers } from '../../providers';
import type { AccountAuthorisation } from '../../providers/bank-authorisation/interface';
import type { AuthenticationStatus } from '../../providers/signing/interface';
import {
  deleteVerifiedAccounts,
  recordBasketApproval,
  requireBasketToSign,
  requirePaymentAccess,
  requirePaymentsCompany,
  saveVerifiedAccounts,
} from '../payments';
import * as repository from './signing.repository';

export type SigningDependencies = { db: Db; providers: Providers; publicUrl: string };

type AccountToSign = { id: number; accountNumber: string; bankGroup: PaymentBankGroup };

function isPaymentBankGroup(group: string | null): group is PaymentBankGroup {
  return PAYMENT_BANK_GROUPS.some((candidate) => candidate === group);
}

function signingStateOf(status: AuthenticationStatus): SigningState {
  return status === 'created' || status === 'in-progress' ? 'pending' : status;
}

/** The browser needs to know that someone signed, not who: the birth date is enough to show. */
function maskedSsn(ssn: string): string {
  return `${ssn.slice(0, 6)}*****`;
}

async function requireCompanyIdentity(db: Db, companyId: number) {
  const company = await repository.findCompanyIdentity(db, companyId);
  if (!company) throw Errors.companyNotFound();
  return company;
}

/** The accounts a signing without a basket verifies: the company's own, in a bank group the service covers. */
async function requireVerifiableAccounts(
  db: Db,
  companyId: number,
  companyBankIds: readonly number[],
): Promise<AccountToSign[]> {
  const wanted = [...new Set(companyBankIds)];
  if (wanted.length === 0)
    throw Errors.validation([{ field: 'body.companyBankIds', message: 'Choose an account to verify' }]);
  const found = await repository.listCompanyAccounts(db, companyId, wanted);
  return wanted.map((id) => {
    const account = found.find((candidate) => candidate.id === id);
    if (!account || !isPaymentBankGroup(account.bankGroup))
      throw Errors.invalid('signingAccountsNotEligible', { account: account?.accountNumber ?? String(id) });
    return { id, accountNumber: account.accountNumber, bankGroup: account.bankGroup };
  });
}

function returnUrls(
  publicUrl: string,
  input: {
    basketUuid: string | undefined;
    accounts: readonly AccountToSign[];
    organisationNumber: string;
  },
) {
  const { basketUuid, accounts, organisationNumber } = input;
  const back = new URLSearchParams({ action: 'signant-auth' });
  // One signing may verify accounts of several banks; the page back names the first one's group.
  back.set('bankGroup', accounts[0]?.bankGroup ?? '');
  if (basketUuid) back.set('basketUUID', basketUuid);
  back.set('companyBankIds', accounts.map((account) => account.id).join(','));
  back.set('accountNumbers', accounts.map((account) => account.accountNumber).join(','));
  back.set('organisationNumber', organisationNumber);
  const cancel = basketUuid
    ? new URLSearchParams({ action: 'payment-auth', basketUUID: basketUuid })
    : new URLSearchParams({ action: 'signant-auth' });
  return {
    returnUrl: `${publicUrl}/sign-next?${back}`,
    cancelUrl: `${publicUrl}/sign-cancel?${cancel}`,
  };
}

/**
 * Starts a BankID signing at the provider, for paying a basket or for verifying accounts with the bank
 * authorisation service, and remembers it as the caller's.
 */
export async function startSigning(
  { db, providers, publicUrl }: SigningDependencies,
  principal: Principal,
  input: StartSigningBody,
  language: Language,
): Promise<StartedSigning> {
  const access = await requirePaymentAccess(db, principal, input.companyId, 'pay');
  const { companyId } = access;
  const company = await requireCompanyIdentity(db, companyId);
  const basketUuid = input.basketUUID;
  let accounts: AccountToSign[];
  if (basketUuid) {
    const basket = await requireBasketToSign(db, principal, access, basketUuid, language);
    accounts = [
      {
        id: basket.debtorCompanyBankId,
        accountNumber: basket.debtorAccountNumber,
        bankGroup: basket.bankGroup,
      },
    ];
  } else {
    accounts = await requireVerifiableAccounts(db, companyId, input.companyBankIds);
  }

  const started = await providers.signing.initAuthentication({
    ...returnUrls(publicUrl, { basketUuid, accounts, organisationNumber: company.organisationNumber }),
    language,
    externalReference: company.name.slice(0, 100),
  });

  const companyBankIds = accounts.map((account) => account.id);
  await db.transaction(async (tx) => {
    await repository.insertSigningRequest(tx, {
      companyId,
      requestId: started.requestId,
      trackingId: started.trackingId,
      userId: principal.userId,
      basketUuid: basketUuid ?? null,
      companyBankIds,
    });
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'signing-request',
      entityId: started.requestId,
      action: 'create',
      after: {
        basketUuid: basketUuid ?? null,
        accountNumbers: accounts.map((account) => account.accountNumber),
      },
    });
  });

  return {
    AuthenticationUrl: started.authenticationUrl,
    RequestID: started.requestId,
    TrackingID: started.trackingId,
    StatusID: 0,
    StatusText: 'created',
    companyId,
    assignUser: principal.userId,
  };
}

/** Where the caller's own signing stands at the provider; the row keeps the last state seen. */
export async function signingStatus(
  { db, providers }: SigningDependencies,
  principal: Principal,
  input: { requestID: string; trackingID: string },
  language: Language,
): Promise<SigningStatus> {
  const signing = await repository.findOwnSigningRequest(
    db,
    principal.userId,
    input.requestID,
    input.trackingID,
  );
  if (!signing) throw Errors.notFound('signingRequestUnknown');
  await requirePaymentsCompany(db, principal, signing.companyId);
  const status = await providers.signing.getAuthenticationStatus({
    requestId: signing.requestId,
    trackingId: signing.trackingId,
    language,
  });
  const state = signingStateOf(status.status);
  if (state !== signing.state || status.statusId !== signing.statusId)
    await repository.updateSigningState(db, signing.companyId, signing.requestId, {
      state,
      statusId: status.statusId,
    });
  return {
    // The page link serves only to start; a status read does not hand it out again.
    AuthenticationUrl: '',
    RequestID: signing.requestId,
    TrackingID: signing.trackingId,
    StatusID: status.statusId,
    StatusText: status.statusText,
    State: state,
    ...(status.userSsn ? { UserSSN: maskedSsn(status.userSsn) } : {}),
  };
}

/**
 * The accounts sent back from the signing page, checked against the company's accounts and the ones
 * the signing was started for: each id with its own number, nothing more and nothing less.
 */
async function requireSignedAccounts(
  db: Db,
  companyId: number,
  signedIds: readonly number[],
  input: Pick<AuthorizeCompanyBanksBody, 'companyBankIds' | 'accountNumbers'>,
): Promise<{ id: number; accountNumber: string }[]> {
  const found = await repository.listCompanyAccounts(db, companyId, input.companyBankIds);
  const accounts: { id: number; accountNumber: string }[] = [];
  for (const [index, id] of input.companyBankIds.entries()) {
    const account = found.find((candidate) => candidate.id === id);
    const sentNumber = input.accountNumbers[index];
    if (!account || account.accountNumber !== sentNumber || !signedIds.includes(id))
      throw Errors.invalid('signingAccountMismatch', { account: sentNumber ?? account?.accountNumber ?? id });
    if (!accounts.some((known) => known.id === id)) accounts.push(account);
  }
  const extra = input.accountNumbers[input.companyBankIds.length];
  if (extra !== undefined) throw Errors.invalid('signingAccountMismatch', { account: extra });
  const missing = signedIds.find((id) => !accounts.some((account) => account.id === id));
  if (missing !== undefined) {
    const [account] = await repository.listCompanyAccounts(db, companyId, [missing]);
    throw Errors.invalid('signingAccountMismatch', { account: account?.accountNumber ?? missing });
  }
  return accounts;
}

function authorizeDataEntry(
  account: { id: number; accountNumber: string },
  authorisation: AccountAuthorisation,
): AuthorizeDataEntry {
  return {
    accountNumber: account.accountNumber,
    companyBankId: account.id,
    authorised: authorisation.authorised,
    outcome: authorisation.outcome,
    resData: [
      {
        approvalAccessIndicator: authorisation.indicator ?? null,
        statusCode: authorisation.statusCode ?? null,
      },
    ],
  };
}

/**
 * After a completed BankID signing: asks the bank authorisation service which of the accounts the
 * signer may pay from, keeps the person's verified accounts in step with the bank's answer, and for a
 * basket records the signature. A signing serves once.
 */
export async function authorizeCompanyBanks(
  { db, providers }: SigningDependencies,
  principal: Principal,
  input: AuthorizeCompanyBanksBody,
  language: Language,
): Promise<CompanyBankAuthorisationResult> {
  const access = await requirePaymentAccess(db, principal, input.companyId, 'pay');
  const { companyId } = access;
  if (input.assignUser !== principal.userId) throw Errors.forbidden('signingWrongPerson');
  const found = await repository.findSigningRequest(
    db,
    companyId,
    principal.userId,
    input.requestID,
    input.trackingID,
  );
  const signing = found?.signing;
  if (!signing || (signing.basketUuid ?? undefined) !== input.basketUUID)
    throw Errors.notFound('signingRequestUnknown');
  if (signing.usedAt) throw Errors.conflict('signingRequestUsed');
  const company = found.company;
  if (!company) throw Errors.companyNotFound();
  if (input.organisationNumber !== company.organisationNumber)
    throw Errors.invalid('signingOrganisationMismatch');
  const accounts = await requireSignedAccounts(db, companyId, signing.companyBankIds, input);

  const status = await providers.signing.getAuthenticationStatus({
    requestId: signing.requestId,
    trackingId: signing.trackingId,
    language,
  });
  const state = signingStateOf(status.status);
  if (state !== 'completed') {
    await repository.updateSigningState(db, companyId, signing.requestId, {
      state,
      statusId: status.statusId,
    });
    throw Errors.conflict('signingNotCompleted', { status: status.statusText }, { State: state });
  }
  const ssn = status.userSsn;
  if (!ssn) throw Errors.conflict('signingNoUserSsn');

  const authorisation = await providers.bankAuthorisation.authorize({
    organisationNumber: company.organisationNumber,
    ssn,
    accountNumbers: accounts.map((account) => account.accountNumber),
  });
  const outcomes = accounts.map((account) => {
    const answer = authorisation.accounts.find(
      (candidate) => candidate.accountNumber === account.accountNumber,
    );
    if (!answer) throw Errors.internal();
    return { account, answer };
  });
  const basketAccount = signing.basketUuid ? outcomes[0] : undefined;

  const basket = await db.transaction(async (tx): Promise<Basket | null> => {
    const isUsedNow = await repository.useSigningRequest(tx, companyId, signing.requestId, {
      state,
      statusId: status.statusId,
    });
    if (!isUsedNow) throw Errors.conflict('signingRequestUsed');
    await repository.saveBankAuthorisations(
      tx,
      companyId,
      principal.userId,
      signing.requestId,
      outcomes.map(({ account, answer }) => ({
        companyBankId: account.id,
        outcome: answer.outcome,
        approvalAccessIndicator: answer.indicator ?? null,
        statusCode: answer.statusCode ?? null,
      })),
    );

    const accountIds = accounts.map((account) => account.id);
    const verifiedBefore = await repository.listVerifiedAmong(tx, companyId, principal.userId, accountIds);
    const confirmed = outcomes.filter(({ answer }) => answer.authorised).map(({ account }) => account.id);
    // The bank said no, or knows no such account: a verification typed in earlier no longer holds.
    // An account the bank did not answer for keeps what it had.
    const refused = outcomes
      .filter(({ answer }) => answer.outcome === 'not-authorised' || answer.outcome === 'unknown-account')
      .map(({ account }) => account.id);
    await saveVerifiedAccounts(tx, {
      companyId,
      userId: principal.userId,
      companyBankIds: confirmed,
      verifiedBy: 'bank-authorisation',
      createdBy: principal.userId,
    });
    await deleteVerifiedAccounts(tx, companyId, principal.userId, refused);
    const verifiedAfter = accountIds.filter(
      (id) => (verifiedBefore.includes(id) || confirmed.includes(id)) && !refused.includes(id),
    );
    const numbersOf = (ids: readonly number[]) =>
      accounts
        .filter((account) => ids.includes(account.id))
        .map((account) => account.accountNumber)
        .sort();
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: 'signing-request',
      entityId: signing.requestId,
      action: 'bank-authorisation',
      before: { verifiedAccountNumbers: numbersOf(verifiedBefore) },
      after: {
        verifiedAccountNumbers: numbersOf(verifiedAfter),
        outcomes: Object.fromEntries(
          outcomes.map(({ account, answer }) => [account.accountNumber, answer.outcome]),
        ),
      },
    });

    if (!signing.basketUuid || !basketAccount?.answer.authorised) return null;
    return recordBasketApproval(tx, principal, access, {
      basketUuid: signing.basketUuid,
      ssn,
      signingRequestId: signing.requestId,
      language,
    });
  });

  if (basketAccount && !basketAccount.answer.authorised)
    throw Errors.forbidden('signingNotAuthorisedForAccount', {
      account: basketAccount.account.accountNumber,
    });

  return {
    accountNumbers: accounts.map((account) => account.accountNumber),
    authorizeData: outcomes.map(({ account, answer }) => authorizeDataEntry(account, answer)),
    basket,
  };
}

/** The company's accounts the bank can verify, and which of them the caller may pay from. */
export async function bankVerifyAccounts(
  db: Db,
  principal: Principal,
  companyIdInput: number,
): Promise<{ OrganisationNumber: string | null; IsPaymentUser: boolean; rows: BankVerifyAccount[] }> {
  const { companyId, paymentUser } = await requirePaymentAccess(db, principal, companyIdInput, 'view');
  const company = await requireCompanyIdentity(db, companyId);
  const accounts = await repository.listVerifiableAccounts(db, companyId, principal.userId);
  return {
    OrganisationNumber: company.organisationNumber || null,
    IsPaymentUser: paymentUser !== undefined,
    rows: accounts.flatMap((account): BankVerifyAccount[] =>
      isPaymentBankGroup(account.bankGroup)
        ? [
            {
              CompanyBankId: account.id,
              AccountNumber: account.accountNumber,
              Name: account.name,
              BankName: account.bankName,
              BankGroup: account.bankGroup,
              IsVerified: account.verifiedAt !== null,
              VerifiedBy: account.verifiedBy,
              VerifiedAt: account.verifiedAt?.toISOString() ?? null,
            },
          ]
        : [],
    ),
  };
}
