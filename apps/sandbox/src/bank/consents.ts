import { addDays } from '@bilag/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findAccount } from '../platform/world';
import { BankError } from './errors';
import { ANSWER_HEADERS, bankOf, checkPsu, idempotency, startAuthorisation, v1 } from './initiation';
import {
  accountReference,
  bankHeaders,
  bankParams,
  identificationOf,
  initiationHeaders,
  isoDate,
} from './protocol';
import { type BankState, type ConsentAccess, consentStatusOf, type StoredConsent } from './state';

/** Account information consents (NextGenPSD2 1.3, section 6): create, read, status, delete, authorisations. */

/** The longest a consent may be valid, in days from today; a later validUntil is shortened to it. */
export const MAX_CONSENT_DAYS = 180;

const accountList = z.array(accountReference).max(100);

const consentBody = z.object({
  access: z.object({
    accounts: accountList.optional(),
    balances: accountList.optional(),
    transactions: accountList.optional(),
    availableAccounts: z.literal('allAccounts').optional(),
    allPsd2: z.literal('allAccounts').optional(),
  }),
  recurringIndicator: z.boolean(),
  validUntil: isoDate,
  frequencyPerDay: z.number().int().min(1).max(100),
  combinedServiceIndicator: z.literal(false, { error: 'combined services are not offered: send false' }),
});

const consentParams = bankParams.extend({ consentId: z.string().min(1).max(100) });
const authorisationParams = consentParams.extend({ authorisationId: z.string().min(1).max(100) });

function checkedAccess(access: ConsentAccess, bankId: StoredConsent['bankId']): ConsentAccess {
  const lists = [access.accounts, access.balances, access.transactions].filter(
    (list): list is NonNullable<typeof list> => list !== undefined && list.length > 0,
  );
  const wholeBank = access.allPsd2 !== undefined || access.availableAccounts !== undefined;
  if (lists.length === 0 && !wholeBank) {
    throw new BankError(
      'FORMAT_ERROR',
      'access must name accounts, balances or transactions, or ask for allPsd2 or availableAccounts.',
    );
  }
  if (lists.length > 0 && wholeBank) {
    throw new BankError('FORMAT_ERROR', 'access names accounts and asks for all accounts at once.');
  }
  if (access.allPsd2 !== undefined && access.availableAccounts !== undefined) {
    throw new BankError('FORMAT_ERROR', 'access asks for allPsd2 and availableAccounts at once.');
  }
  const bank = bankOf(bankId);
  for (const reference of lists.flat()) {
    if (!findAccount(bankId, identificationOf(reference))) {
      throw new BankError(
        'FORMAT_ERROR',
        `${identificationOf(reference)} is not an account at ${bank.name}.`,
      );
    }
  }
  return access;
}

/** The consent with this id at this bank; another bank's consent is as unknown as a made-up id. */
export function consentAt(state: BankState, bankId: string, consentId: string): StoredConsent {
  const consent = state.consents.get(consentId);
  if (!consent || consent.bankId !== bankId) {
    throw new BankError('CONSENT_UNKNOWN', 'The Consent-ID is unknown to this bank.');
  }
  return consent;
}

export function registerConsentRoutes(parent: FastifyInstance, state: BankState) {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/psd2/:bankId/v1/consents',
    {
      schema: {
        tags: ['bank'],
        summary:
          'Create an account information consent; the answer links to the SCA page the person approves it on',
        params: bankParams,
        headers: initiationHeaders,
        body: consentBody,
      },
    },
    async (request, reply) => {
      const { bankId } = request.params;
      const { headers, body } = request;
      const bank = bankOf(bankId);
      checkPsu(headers, bank);
      const idempotent = idempotency(state, request, headers, bankId);
      const repeated = idempotent.repeated(reply);
      if (repeated) return repeated;

      const access = checkedAccess(body.access, bankId);
      const today = state.today();
      if (body.validUntil < today) {
        throw new BankError('FORMAT_ERROR', `validUntil ${body.validUntil} is in the past.`);
      }
      // A later date is not refused but shortened, as banks do: the answer shows the date that holds.
      const latest = addDays(today, MAX_CONSENT_DAYS);
      const isBeyondLatest = body.validUntil > latest;
      const validUntil = isBeyondLatest ? latest : body.validUntil;
      const consent: StoredConsent = {
        id: crypto.randomUUID(),
        bankId,
        access,
        recurringIndicator: body.recurringIndicator,
        validUntil,
        frequencyPerDay: body.frequencyPerDay,
        status: 'received',
        createdAt: state.now().toISOString(),
        lastActionDate: today,
        ...(headers['psu-id'] ? { psuId: headers['psu-id'] } : {}),
        ...(headers['psu-corporate-id'] ? { psuCorporateId: headers['psu-corporate-id'] } : {}),
        authorisationIds: [],
        grants: [],
      };
      const { authorisation, scaRedirect } = startAuthorisation(state, request, headers, bankId, {
        kind: 'consent',
        id: consent.id,
      });
      consent.authorisationIds.push(authorisation.id);
      state.consents.set(consent.id, consent);
      state.changed();

      const answer = {
        consentStatus: 'received',
        consentId: consent.id,
        validUntil: consent.validUntil,
        _links: {
          scaRedirect: { href: scaRedirect },
          self: { href: v1(`/consents/${consent.id}`) },
          status: { href: v1(`/consents/${consent.id}/status`) },
          scaStatus: { href: v1(`/consents/${consent.id}/authorisations/${authorisation.id}`) },
        },
      };
      idempotent.remember(201, answer);
      return reply.code(201).headers(ANSWER_HEADERS).send(answer);
    },
  );

  app.get(
    '/psd2/:bankId/v1/consents/:consentId',
    {
      schema: {
        tags: ['bank'],
        summary: 'Read a consent: what it gives access to, until when, how often, and its status',
        params: consentParams,
        headers: bankHeaders,
      },
    },
    async (request) => {
      const consent = consentAt(state, request.params.bankId, request.params.consentId);
      return {
        access: consent.access,
        recurringIndicator: consent.recurringIndicator,
        validUntil: consent.validUntil,
        frequencyPerDay: consent.frequencyPerDay,
        lastActionDate: consent.lastActionDate,
        consentStatus: consentStatusOf(consent, state.today()),
      };
    },
  );

  app.get(
    '/psd2/:bankId/v1/consents/:consentId/status',
    {
      schema: {
        tags: ['bank'],
        summary: "Read a consent's status: received, valid, rejected, expired or terminatedByTpp",
        params: consentParams,
        headers: bankHeaders,
      },
    },
    async (request) => {
      const consent = consentAt(state, request.params.bankId, request.params.consentId);
      return { consentStatus: consentStatusOf(consent, state.today()) };
    },
  );

  app.delete(
    '/psd2/:bankId/v1/consents/:consentId',
    {
      schema: {
        tags: ['bank'],
        summary: 'End a consent on behalf of the TPP (terminatedByTpp); its account reads stop at once',
        params: consentParams,
        headers: bankHeaders,
      },
    },
    async (request, reply) => {
      const consent = consentAt(state, request.params.bankId, request.params.consentId);
      consent.status = 'terminatedByTpp';
      consent.lastActionDate = state.today();
      state.changed();
      return reply.code(204).send();
    },
  );

  app.get(
    '/psd2/:bankId/v1/consents/:consentId/authorisations',
    {
      schema: {
        tags: ['bank'],
        summary: "List a consent's SCA authorisations",
        params: consentParams,
        headers: bankHeaders,
      },
    },
    async (request) => {
      const consent = consentAt(state, request.params.bankId, request.params.consentId);
      return { authorisationIds: consent.authorisationIds };
    },
  );

  app.get(
    '/psd2/:bankId/v1/consents/:consentId/authorisations/:authorisationId',
    {
      schema: {
        tags: ['bank'],
        summary:
          "Read a consent authorisation's SCA status: received, psuIdentified, psuAuthenticated, finalised or failed",
        params: authorisationParams,
        headers: bankHeaders,
      },
    },
    async (request) => {
      const consent = consentAt(state, request.params.bankId, request.params.consentId);
      const authorisation = state.authorisations.get(request.params.authorisationId);
      if (!authorisation || !consent.authorisationIds.includes(authorisation.id)) {
        throw new BankError('RESOURCE_UNKNOWN', 'The authorisation is unknown for this consent.');
      }
      return { scaStatus: authorisation.scaStatus };
    },
  );
}
