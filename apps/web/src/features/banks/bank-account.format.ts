import type { CompanyBank } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';

/** How an account is named to people: its name and its number (4.2.5), or the number alone. */
export function accountLabel(account: Pick<CompanyBank, 'Name' | 'AccountNumber'>): string {
  const number = formatAccountNumber(account.AccountNumber);
  return account.Name ? `${account.Name} (${number})` : number;
}
