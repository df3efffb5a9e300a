import { BankTransactionStatus, type CompanyBank, PaymentStatus } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';

export const statusLabelKeys = {
  [BankTransactionStatus.MISSING_VOUCHER]: 'bankTransactions.status.missingVoucher',
  [BankTransactionStatus.CONNECTED]: 'bankTransactions.status.connected',
  [BankTransactionStatus.PRIVATE]: 'bankTransactions.status.private',
  [BankTransactionStatus.LOST]: 'bankTransactions.status.lost',
} as const;

export const statusColors: Record<number, string> = {
  [BankTransactionStatus.MISSING_VOUCHER]: 'orange',
  [BankTransactionStatus.CONNECTED]: 'teal',
  [BankTransactionStatus.PRIVATE]: 'grape',
  [BankTransactionStatus.LOST]: 'red',
};

export function statusLabelKey(status: number) {
  return statusLabelKeys[status as BankTransactionStatus] ?? 'bankTransactions.status.unknown';
}

type ListedPaymentStatus = keyof typeof paymentStatusLabelKeys;

export const paymentStatusLabelKeys = {
  [PaymentStatus.FOR_APPROVE]: 'bankTransactions.paymentStatus.forApprove',
  [PaymentStatus.PROCESSING]: 'bankTransactions.paymentStatus.processing',
  [PaymentStatus.FAILED]: 'bankTransactions.paymentStatus.failed',
  [PaymentStatus.PAID]: 'bankTransactions.paymentStatus.paid',
  [PaymentStatus.IGNORED]: 'bankTransactions.paymentStatus.ignored',
} as const;

export const paymentStatusColors: Record<number, string> = {
  [PaymentStatus.FOR_APPROVE]: 'blue',
  [PaymentStatus.PROCESSING]: 'cyan',
  [PaymentStatus.FAILED]: 'red',
  [PaymentStatus.PAID]: 'green',
  [PaymentStatus.IGNORED]: 'gray',
};

export function paymentStatusLabelKey(paymentStatus: number) {
  return (
    paymentStatusLabelKeys[paymentStatus as ListedPaymentStatus] ?? 'bankTransactions.paymentStatus.unknown'
  );
}

/** "1234.56.78903 · Driftskonto": the account number as the spec shows it, then the name people gave it. */
export function accountLabel(account: Pick<CompanyBank, 'AccountNumber' | 'Name'>): string {
  const number = formatAccountNumber(account.AccountNumber);
  return account.Name ? `${number} · ${account.Name}` : number;
}

/** The account's name as the company's account list gives it, or its number where the list has none. */
export function accountNameOf(
  accountNames: ReadonlyMap<number, string>,
  row: { CompanyBankId: number; AccountNumber: string },
): string {
  return accountNames.get(row.CompanyBankId) ?? formatAccountNumber(row.AccountNumber);
}
