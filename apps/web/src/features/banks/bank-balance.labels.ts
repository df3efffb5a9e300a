import { BALANCE_TYPES, type BalanceSource } from '@bilag/contracts';
import type { z } from 'zod';

export type BalanceType = (typeof BALANCE_TYPES)[number];

const balanceTypeLabelKeys = {
  CLBD: 'bankAccounts.balance.types.CLBD',
  OPBD: 'bankAccounts.balance.types.OPBD',
  CLAV: 'bankAccounts.balance.types.CLAV',
  ITBD: 'bankAccounts.balance.types.ITBD',
  PRCD: 'bankAccounts.balance.types.PRCD',
} as const satisfies Record<BalanceType, string>;

const balanceSourceLabelKeys = {
  DNB_53: 'bankAccounts.balance.sources.DNB_53',
  SP1_53: 'bankAccounts.balance.sources.SP1_53',
  BANK_API: 'bankAccounts.balance.sources.BANK_API',
  CAMT053: 'bankAccounts.balance.sources.CAMT053',
  IMPORT: 'bankAccounts.balance.sources.IMPORT',
} as const satisfies Record<z.infer<typeof BalanceSource>, string>;

export function isBalanceType(value: string): value is BalanceType {
  return (BALANCE_TYPES as readonly string[]).includes(value);
}

export function balanceTypeLabelKey(type: BalanceType) {
  return balanceTypeLabelKeys[type];
}

export function balanceSourceLabelKey(source: z.infer<typeof BalanceSource>) {
  return balanceSourceLabelKeys[source];
}
