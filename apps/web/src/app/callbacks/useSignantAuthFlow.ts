import {
  authorizeCompanyBanks,
  type Basket,
  type CompanyBankAuthorisationResult,
  payBasketNow,
  type SigningStatus,
  signingStatus,
  type TemporarySigningRequest,
} from '@bilag/contracts';
import { useEffect, useRef, useState } from 'react';
import { clearSigningRequest, readSigningRequest, tellOpener } from '../../features/signing';
import { api } from '../api/apiClient';
import type { SignantAuthReturn } from './callback-query';
import { pollUntilFinal } from './poll';
import { isTransientFailure } from './transient-failure';

/** The spec polls the signing provider's status every second, for at most three minutes. */
const STATUS_INTERVAL_MS = 1000;
const STATUS_TIMEOUT_MS = 3 * 60_000;

export type SignantAuthStep =
  | { kind: 'processing' }
  /** This browser holds no signing to finish: it was finished already, or started elsewhere. */
  | { kind: 'noSigning' }
  | { kind: 'rejected'; text: string }
  | { kind: 'timedOut' }
  | { kind: 'verified'; result: CompanyBankAuthorisationResult }
  /** The person's signature is recorded; the basket needs another person's too. */
  | { kind: 'approved'; basket: Basket }
  | { kind: 'toBank' }
  | { kind: 'failed'; error: unknown; retry: (() => void) | undefined };

type Report = (step: SignantAuthStep) => void;

function isFinalStatus(status: SigningStatus): boolean {
  return status.State !== 'pending';
}

async function payBasket(basketUUID: string, idempotencyKey: string, report: Report): Promise<void> {
  report({ kind: 'toBank' });
  try {
    const started = (await api.call(payBasketNow, { params: { basketUUID }, idempotencyKey })).data;
    window.location.assign(started.scaRedirectUrl);
  } catch (error) {
    report({ kind: 'failed', error, retry: () => void payBasket(basketUUID, idempotencyKey, report) });
  }
}

async function authorise(
  query: SignantAuthReturn,
  signing: TemporarySigningRequest,
): Promise<CompanyBankAuthorisationResult> {
  const body = {
    assignUser: signing.assignUser,
    companyId: signing.companyId,
    requestID: signing.RequestID,
    trackingID: signing.TrackingID,
    organisationNumber: query.organisationNumber,
    companyBankIds: query.companyBankIds,
    accountNumbers: query.accountNumbers,
    ...(query.basketUUID ? { basketUUID: query.basketUUID } : {}),
  };
  return (await api.call(authorizeCompanyBanks, { body })).data;
}

/**
 * The signing provider sent the person back: wait until the signing is final, have the bank
 * authorisation service confirm the accounts for the signer, and for a basket either wait for a second
 * signature or send it to the bank, whose SCA page comes next in this window.
 */
async function runSignantAuth(
  query: SignantAuthReturn,
  signing: TemporarySigningRequest,
  payKey: string,
  report: Report,
  isStopped: () => boolean,
): Promise<void> {
  const again = () => {
    report({ kind: 'processing' });
    void runSignantAuth(query, signing, payKey, report, isStopped);
  };
  let result: CompanyBankAuthorisationResult;
  try {
    const { answer, isTimedOut } = await pollUntilFinal({
      ask: async () =>
        (
          await api.call(signingStatus, {
            query: { requestID: signing.RequestID, trackingID: signing.TrackingID },
          })
        ).data,
      isFinal: isFinalStatus,
      intervalMs: STATUS_INTERVAL_MS,
      timeoutMs: STATUS_TIMEOUT_MS,
      isStopped,
    });
    if (isTimedOut) {
      clearSigningRequest();
      report({ kind: 'timedOut' });
      return;
    }
    // The bank authorisation needs the signer's identity: a signing without it approved nothing.
    if (answer.State !== 'completed' || !answer.UserSSN) {
      clearSigningRequest();
      report({ kind: 'rejected', text: answer.StatusText });
      return;
    }
    result = await authorise(query, signing);
    clearSigningRequest();
  } catch (error) {
    const canRetry = isTransientFailure(error);
    if (!canRetry) clearSigningRequest();
    report({ kind: 'failed', error, retry: canRetry ? again : undefined });
    return;
  }

  const { basket } = result;
  if (!query.basketUUID || !basket) {
    report({ kind: 'verified', result });
    tellOpener('verified');
    return;
  }
  if (basket.Approvals.length < basket.RequiredApprovals) {
    report({ kind: 'approved', basket });
    tellOpener('approved');
    return;
  }
  await payBasket(basket.currentBasketUUID, payKey, report);
}

/** Runs the signing return once per page, whatever React renders twice while developing. */
export function useSignantAuthFlow(query: SignantAuthReturn): {
  step: SignantAuthStep;
  companyId: number | undefined;
} {
  const [signing] = useState(readSigningRequest);
  const [payKey] = useState(() => crypto.randomUUID());
  const [step, setStep] = useState<SignantAuthStep>(signing ? { kind: 'processing' } : { kind: 'noSigning' });
  const hasStarted = useRef(false);
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    if (signing && !hasStarted.current) {
      hasStarted.current = true;
      void runSignantAuth(query, signing, payKey, setStep, () => !isMounted.current);
    }
    return () => {
      isMounted.current = false;
    };
  }, [query, signing, payKey]);
  return { step, companyId: signing?.companyId };
}
