import {
  isValidAccountNumber,
  isValidNationalIdentityNumber,
  isValidOrganisationNumber,
} from '@bilag/domain';
import {
  mayUseAccount,
  SANDBOX_ACCOUNTS,
  SANDBOX_BANKS,
  type SandboxAccount,
  type SandboxBank,
} from '../platform/world';

/**
 * What the bank authorisation service decides: whether a person may authorise payments from each of
 * a company's accounts. The rights are the shared world's, so the banks and this service agree.
 */

export type NumberProblem = {
  code: 'INVALID_ORGANISATION_NUMBER' | 'INVALID_SSN' | 'INVALID_ACCOUNT_NUMBER';
  message: string;
};

/** The first number in the request the service cannot work with, if any. */
export function problemWithNumbers(request: {
  organisationNumber: string;
  ssn: string;
  accountNumbers: readonly string[];
}): NumberProblem | undefined {
  if (!/^\d{9}$/.test(request.organisationNumber) || !isValidOrganisationNumber(request.organisationNumber)) {
    return {
      code: 'INVALID_ORGANISATION_NUMBER',
      message: 'organisationNumber is not a valid organisation number (9 digits, modulus 11 check digit)',
    };
  }
  if (!isValidNationalIdentityNumber(request.ssn)) {
    return {
      code: 'INVALID_SSN',
      message: 'ssn is not a valid national identity number (11 digits, both control digits)',
    };
  }
  const invalid = request.accountNumbers.filter(
    (accountNumber) => !/^\d{11}$/.test(accountNumber) || !isValidAccountNumber(accountNumber),
  );
  if (invalid.length > 0) {
    return {
      code: 'INVALID_ACCOUNT_NUMBER',
      message: `Not valid account numbers (11 digits, modulus 11 check digit): ${invalid.slice(0, 10).join(', ')}`,
    };
  }
  return undefined;
}

export type ApprovalAccessIndicator = 'OK' | 'NOT_OK';

export type AccountDecision = {
  accountNumber: string;
  /** The bank holding the account, when the service knows the account. */
  bank: SandboxBank | undefined;
  /** 200 the bank answered, 404 no such account, 503 the bank did not answer. */
  statusCode: 200 | 404 | 503;
  statusText: string;
  approvalAccessIndicator: ApprovalAccessIndicator;
  /** When the bank gave the answer in approvalAccessIndicator. */
  checkedAt: string;
};

/** How long ago the answer on record is, when a bank does not answer now. */
const LAST_KNOWN_ANSWER_AGE_MS = 24 * 60 * 60 * 1000;

function findAccountByNumber(accountNumber: string): SandboxAccount | undefined {
  return SANDBOX_ACCOUNTS.find((account) => account.bban === accountNumber);
}

/**
 * The decision for each account, in the order asked. OK only when the account belongs to the
 * company and the person may use it. `unavailableBank` (a bank id or BIC, or 'all') plays a bank
 * that does not answer: the service then gives its last known answer with status 503, which a
 * caller must not take as an authorisation.
 */
export function decide(
  request: { organisationNumber: string; ssn: string; accountNumbers: readonly string[] },
  now: Date,
  unavailableBank?: string,
): AccountDecision[] {
  return request.accountNumbers.map((accountNumber) => {
    const account = findAccountByNumber(accountNumber);
    if (!account) {
      return {
        accountNumber,
        bank: undefined,
        statusCode: 404,
        statusText: 'No bank known to the service holds this account',
        approvalAccessIndicator: 'NOT_OK',
        checkedAt: now.toISOString(),
      };
    }
    const bank = SANDBOX_BANKS.find((candidate) => candidate.id === account.bankId);
    const approvalAccessIndicator: ApprovalAccessIndicator =
      account.ownerOrganisationNumber === request.organisationNumber && mayUseAccount(request.ssn, account)
        ? 'OK'
        : 'NOT_OK';
    const bankIsDown =
      unavailableBank !== undefined &&
      (unavailableBank === 'all' || unavailableBank === bank?.id || unavailableBank === bank?.bic);
    if (bankIsDown) {
      return {
        accountNumber,
        bank,
        statusCode: 503,
        statusText: 'The bank did not answer; the last known answer is shown',
        approvalAccessIndicator,
        checkedAt: new Date(now.getTime() - LAST_KNOWN_ANSWER_AGE_MS).toISOString(),
      };
    }
    return {
      accountNumber,
      bank,
      statusCode: 200,
      statusText: 'OK',
      approvalAccessIndicator,
      checkedAt: now.toISOString(),
    };
  });
}
