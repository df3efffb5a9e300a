import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { baseUrlOf } from '../platform/pages';
import { findBank, findPerson, SANDBOX_ACCOUNTS, type SandboxBank } from '../platform/world';
import { BankError } from './errors';
import type { BankHeaders, BankId, InitiationHeaders } from './protocol';
import type { BankState, StoredAuthorisation } from './state';

/** What consent creation and payment initiation share: the PSU check, the SCA start and idempotency. */

export function bankOf(bankId: BankId): SandboxBank {
  const bank = findBank(bankId);
  if (!bank) throw new BankError('RESOURCE_UNKNOWN', `There is no bank "${bankId}" in the sandbox.`);
  return bank;
}

/** Links in answers are paths from the bank's API root, as NextGenPSD2 gives them: /v1/... */
export const v1 = (path: string) => `/v1${path}`;

/**
 * A PSU-ID the bank does not know, or a PSU-Corporate-ID that is no customer of this bank, is
 * refused at once, as a bank that cannot match them would (PSU_CREDENTIALS_INVALID).
 */
export function checkPsu(headers: BankHeaders, bank: SandboxBank) {
  const psuId = headers['psu-id'];
  if (psuId !== undefined && !findPerson(psuId)) {
    throw new BankError('PSU_CREDENTIALS_INVALID', `The PSU-ID is not known to ${bank.name}.`);
  }
  const corporateId = headers['psu-corporate-id'];
  const isCustomer = SANDBOX_ACCOUNTS.some(
    (account) => account.bankId === bank.id && account.ownerOrganisationNumber === corporateId,
  );
  if (corporateId !== undefined && !isCustomer) {
    throw new BankError('PSU_CREDENTIALS_INVALID', `The PSU-Corporate-ID is not a customer of ${bank.name}.`);
  }
}

/** A new redirect SCA for a consent or payment, and the page the person is sent to for it. */
export function startAuthorisation(
  state: BankState,
  request: FastifyRequest,
  headers: InitiationHeaders,
  bankId: BankId,
  subject: StoredAuthorisation['subject'],
): { authorisation: StoredAuthorisation; scaRedirect: string } {
  const fixedPsuId = headers['psu-id'];
  const nokRedirectUri = headers['tpp-nok-redirect-uri'];
  const authorisation: StoredAuthorisation = {
    id: crypto.randomUUID(),
    bankId,
    subject,
    scaStatus: 'received',
    ...(fixedPsuId ? { fixedPsuId } : {}),
    okRedirectUri: headers['tpp-redirect-uri'],
    ...(nokRedirectUri ? { nokRedirectUri } : {}),
    createdAt: state.now().toISOString(),
  };
  state.authorisations.set(authorisation.id, authorisation);
  state.changed();
  return { authorisation, scaRedirect: `${baseUrlOf(request)}/psd2/${bankId}/sca/${authorisation.id}` };
}

/**
 * Idempotency-Key: a repeat with the same key and the same request gets exactly the first answer
 * (the same consent or payment, never a second one); the same key on another request is refused.
 */
export function idempotency(
  state: BankState,
  request: FastifyRequest,
  headers: InitiationHeaders,
  bankId: BankId,
) {
  const key = headers['idempotency-key'];
  const storeKey = `${bankId}|${request.routeOptions.url}|${key}`;
  const fingerprint = createHash('sha256')
    .update(`${request.url}\n${JSON.stringify(request.body)}`)
    .digest('hex');
  return {
    /** Answers a repeat from the first answer; false when the request is new. */
    repeated(reply: FastifyReply): FastifyReply | false {
      if (key === undefined) return false;
      const first = state.idempotentAnswers.get(storeKey);
      if (!first) return false;
      if (first.fingerprint !== fingerprint) {
        throw new BankError(
          'STATUS_INVALID',
          'The Idempotency-Key was already used for a different request.',
        );
      }
      return reply.code(first.status).headers(ANSWER_HEADERS).send(first.body);
    },
    remember(status: number, body: unknown) {
      if (key === undefined) return;
      state.idempotentAnswers.set(storeKey, { fingerprint, status, body });
      state.changed();
    },
  };
}

/** The SCA approach every sandbox bank uses. */
export const ANSWER_HEADERS = { 'aspsp-sca-approach': 'REDIRECT' } as const;
