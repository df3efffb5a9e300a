import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { envelope } from '../envelope';
import { Id } from '../ids';
import { route } from '../route';
import { Text } from '../text';
import { AmountOre, CurrencyCode, IsoDate, SumOre } from '../vouchers/voucher';

export const BALANCE_TYPES = ['CLBD', 'OPBD', 'CLAV', 'ITBD', 'PRCD'] as const;
export const BalanceType = z.enum(BALANCE_TYPES);
export type BalanceType = z.infer<typeof BalanceType>;
/**
 * Where a balance came from: read from the bank under a consent (DNB_53 and SP1_53 for those banks'
 * closing booked balances, BANK_API for the other banks), a camt.053 file, or an imported statement.
 */
export const BALANCE_SOURCES = ['DNB_53', 'SP1_53', 'BANK_API', 'CAMT053', 'IMPORT'] as const;
export const BalanceSource = z.enum(BALANCE_SOURCES);
export type BalanceSource = z.infer<typeof BalanceSource>;

/** The balance query of the spec: one account (or all), a balance type, and the period ibDate–ubDate. */
export const BalanceQuery = z.object({
  companyId: Id.optional(),
  accountNumber: Text.trim().max(40).optional(),
  balanceType: BalanceType.default('CLBD'),
  ibDate: IsoDate.optional(),
  ubDate: IsoDate.optional(),
  source: BalanceSource.optional(),
});
export type BalanceQuery = z.infer<typeof BalanceQuery>;

export const BalanceEntry = z.object({
  Date: IsoDate,
  Type: z.string(),
  AmountOre: AmountOre,
  Currency: CurrencyCode,
  Source: BalanceSource,
  /**
   * For a closing booked balance: whether its statement's opening balance and booked entries gave it.
   * False marks a disputed balance; null where nothing proves it (other types, no opening balance).
   */
  Proven: z.boolean().nullable(),
  /** For a disputed closing balance: the stated balance minus what its opening and entries give. */
  ProofDifferenceOre: SumOre.nullable(),
});
export const AccountBalance = z.object({
  CompanyBankId: z.number().int(),
  AccountNumber: z.string(),
  Currency: CurrencyCode,
  /** Opening balance (inngående) at ibDate: the last balance of the type before the period. */
  OpeningOre: AmountOre.nullable(),
  /** Closing balance (utgående) at ubDate: the last balance of the type in the period. */
  ClosingOre: AmountOre.nullable(),
  /** The sum of the account's transactions dated in the period. */
  MovementOre: SumOre,
  /**
   * Whether the closing balance is proven: opening plus movement gives it, and the statement that stated
   * it added up. False when either fails; null when there is no closing balance, or no opening balance
   * to prove it from (for closing booked balances only).
   */
  Proven: z.boolean().nullable(),
  /**
   * When not proven: the closing balance minus opening plus movement, or, where those add up, by how much
   * its own statement did not.
   */
  DifferenceOre: SumOre.nullable(),
  Entries: z.array(BalanceEntry),
});
export type AccountBalance = z.infer<typeof AccountBalance>;
export const AccountBalancesReply = envelope(z.array(AccountBalance));
export type AccountBalancesReply = z.infer<typeof AccountBalancesReply>;

export const bankBalance = route({
  method: 'GET',
  path: `${ApiPrefix.main}/banks/balance`,
  access: 'company',
  action: 'bank.view',
  query: BalanceQuery,
  reply: AccountBalancesReply,
  summary: 'Opening and closing balances of the accounts for a period (CLBD by default)',
  tags: ['banks'],
});

export const companyBankBalances = route({
  method: 'GET',
  path: `${ApiPrefix.main}/company-banks/balances`,
  access: 'company',
  action: 'bank.view',
  query: BalanceQuery,
  reply: AccountBalancesReply,
  summary: 'Balances of every company account (same as banks/balance)',
  tags: ['company-banks'],
});
