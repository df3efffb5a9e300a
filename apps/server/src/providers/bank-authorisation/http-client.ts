import { normalizeAccountNumber, normalizeOrganisationNumber } from '@bilag/domain';
import { z } from 'zod';
import type { ProviderSettings } from '../../config';
import type { MessageKey } from '../../platform/messages';
import { ProviderError } from '../provider-error';
import { createProviderHttp, type ProviderResponse, protocolError } from '../provider-http';
import type {
  AccountAuthorisation,
  AuthorizeCompanyBanks,
  BankAuthorisationClient,
  CompanyBankAuthorisation,
} from './interface';

/**
 * The bank authorisation service's HTTP API ("crs"): `POST crs/authorize` and its versioned twin
 * `POST crs/v1/authorize`, both with the X-Api-Key header. An account is authorised only when its
 * entry has status code 200 and the first resData item says approvalAccessIndicator OK.
 */

/** The most accounts the service takes in one call; more are asked in turns. */
const ACCOUNTS_PER_CALL = 100;

const ResData = z.looseObject({ approvalAccessIndicator: z.enum(['OK', 'NOT_OK']) });

const Entry = z.object({
  accountNumber: z.string().max(50),
  statusCode: z.number().int(),
  resData: z.array(ResData).max(100),
});

const Answer = z.object({
  statusCode: z.number().int(),
  organisationNumber: z.string().max(50),
  authorizeData: z.array(Entry).max(1000),
});

const AnswerV1 = Answer.extend({
  version: z.literal('v1'),
  authorizeData: z.array(Entry.extend({ bic: z.string().max(11).nullable() })).max(1000),
});

const Refusal = z.object({ code: z.string().max(100).optional(), message: z.string().max(2000).optional() });

const REASON_BY_CODE: Record<string, MessageKey> = {
  INVALID_ORGANISATION_NUMBER: 'bankAuthorisationInvalidOrganisationNumber',
  INVALID_SSN: 'bankAuthorisationInvalidSsn',
  INVALID_ACCOUNT_NUMBER: 'bankAuthorisationInvalidAccountNumber',
};

type Version = { path: string; answer: typeof Answer | typeof AnswerV1 };

const PLAIN: Version = { path: '/crs/authorize', answer: Answer };
const V1: Version = { path: '/crs/v1/authorize', answer: AnswerV1 };

function refusalOf(response: ProviderResponse): ProviderError {
  const refusal = Refusal.safeParse(response.body);
  const code = refusal.success ? refusal.data.code : undefined;
  return new ProviderError({
    party: 'bankAuthorisation',
    failure: 'rejected',
    requestId: response.requestId,
    status: response.status,
    partyCode: code,
    partyText: refusal.success ? refusal.data.message : undefined,
    reasonKey: code === undefined ? undefined : REASON_BY_CODE[code],
  });
}

function accountAuthorisation(
  accountNumber: string,
  answered: boolean,
  entry:
    | { statusCode: number; resData: { approvalAccessIndicator: 'OK' | 'NOT_OK' }[]; bic?: string | null }
    | undefined,
): AccountAuthorisation {
  const indicator = entry?.resData[0]?.approvalAccessIndicator;
  const statusCode = entry?.statusCode;
  const authorised = answered && statusCode === 200 && indicator === 'OK';
  const outcome = authorised
    ? 'authorised'
    : answered && statusCode === 200 && indicator === 'NOT_OK'
      ? 'not-authorised'
      : answered && statusCode === 404
        ? 'unknown-account'
        : 'not-confirmed';
  return {
    accountNumber,
    authorised,
    outcome,
    indicator,
    statusCode,
    ...(entry?.bic ? { bic: entry.bic } : {}),
  };
}

export function createBankAuthorisationClient(
  settings: ProviderSettings,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): BankAuthorisationClient {
  const { url, apiKey } = settings.bankAuthorisation;
  const http = createProviderHttp({
    party: 'bankAuthorisation',
    baseUrl: url,
    timeoutMs: settings.timeoutMs,
    headers: () => ({ 'x-api-key': apiKey }),
    sleep: options.sleep,
  });

  async function ask(
    version: Version,
    organisationNumber: string,
    ssn: string,
    accountNumbers: string[],
  ): Promise<AccountAuthorisation[]> {
    const response = await http.send({
      method: 'POST',
      path: version.path,
      json: { organisationNumber, ssn, accountNumbers },
      // Asking changes nothing at the service, so the call may be repeated after a failure.
      idempotencyKey: crypto.randomUUID(),
      accept: [400],
    });
    if (response.status === 400) throw refusalOf(response);
    const parsed = version.answer.safeParse(response.body);
    if (!parsed.success) throw protocolError('bankAuthorisation', response, parsed.error);
    // An answer about another company must never authorise this one's accounts.
    if (parsed.data.organisationNumber !== organisationNumber)
      throw protocolError('bankAuthorisation', response);
    const answered = parsed.data.statusCode === 200;
    const entries = new Map<string, (typeof parsed.data.authorizeData)[number]>();
    for (const entry of parsed.data.authorizeData) {
      if (!entries.has(entry.accountNumber)) entries.set(entry.accountNumber, entry);
    }
    return accountNumbers.map((accountNumber) =>
      accountAuthorisation(accountNumber, answered, entries.get(accountNumber)),
    );
  }

  async function authorizeWith(
    version: Version,
    request: AuthorizeCompanyBanks,
  ): Promise<CompanyBankAuthorisation> {
    const organisationNumber = normalizeOrganisationNumber(request.organisationNumber);
    const ssn = request.ssn.replace(/\s/g, '');
    const accountNumbers = [...new Set(request.accountNumbers.map(normalizeAccountNumber))];
    const accounts: AccountAuthorisation[] = [];
    for (let first = 0; first < accountNumbers.length; first += ACCOUNTS_PER_CALL) {
      const batch = accountNumbers.slice(first, first + ACCOUNTS_PER_CALL);
      accounts.push(...(await ask(version, organisationNumber, ssn, batch)));
    }
    return { organisationNumber, accounts };
  }

  return {
    authorize: (request) => authorizeWith(PLAIN, request),
    authorizeV1: (request) => authorizeWith(V1, request),
  };
}
