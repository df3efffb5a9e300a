import { useQuery } from '@tanstack/react-query';
import { companyKeys } from '../../features/companies';
import { companyPath } from '../company/company-path';
import { useSession } from '../session/session.store';

/**
 * A page of the company a return page knows only by its id, for leading the person on when no window
 * of ours opened it; the front page until the company is known.
 */
export function useCompanyPath(companyId: number | undefined, subPath: string): string {
  const isSignedIn = useSession() !== null;
  const companies = useQuery({ ...companyKeys.list(), enabled: isSignedIn && companyId !== undefined });
  const company = companies.data?.rows.find((row) => row.Id === companyId);
  return company ? companyPath(company, subPath) : '/';
}

export const PAYMENT_LIST_PATH = 'payments/payment-list';
export const BANK_VERIFY_PATH = 'bank-verify';
