import { IsoDate } from '@bilag/contracts';
import { z } from 'zod';

/** An account's balances over a period, as other screens link to them on the bank accounts page. */
export type BankBalanceLink = { companyBankId: number; from: string; to: string };

const PARAMS = { companyBankId: 'account', from: 'from', to: 'to' } as const;

const BankBalanceLinkSchema = z
  .object({ companyBankId: z.coerce.number().int().positive(), from: IsoDate, to: IsoDate })
  .refine((link) => link.from <= link.to);

export function bankBalanceSearch(link: BankBalanceLink): string {
  const params = new URLSearchParams({
    [PARAMS.companyBankId]: String(link.companyBankId),
    [PARAMS.from]: link.from,
    [PARAMS.to]: link.to,
  });
  return `?${params.toString()}`;
}

/** The account and period an address names, when it names all of them and the period runs forward. */
export function readBankBalanceLink(params: URLSearchParams): BankBalanceLink | undefined {
  return BankBalanceLinkSchema.safeParse({
    companyBankId: params.get(PARAMS.companyBankId) ?? undefined,
    from: params.get(PARAMS.from) ?? undefined,
    to: params.get(PARAMS.to) ?? undefined,
  }).data;
}
