import { z } from 'zod';

const ACCOUNT_PARAM = 'account';
const AccountParam = z.coerce.number().int().positive();

/** The statement import with the account already chosen, for links from screens about one account. */
export function importDocumentSearch(companyBankId: number): string {
  return `?${new URLSearchParams({ [ACCOUNT_PARAM]: String(companyBankId) }).toString()}`;
}

export function readImportAccount(params: URLSearchParams): number | undefined {
  return AccountParam.safeParse(params.get(ACCOUNT_PARAM) ?? undefined).data;
}
