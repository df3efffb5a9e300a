import { type Payment, PaymentDateType, PaymentSource, PaymentStatus, PaymentType } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { formatIban } from '@bilag/domain/validators/iban';

export const paymentStatusLabelKeys = {
  [PaymentStatus.FOR_APPROVE]: 'payments.status.forApprove',
  [PaymentStatus.PROCESSING]: 'payments.status.processing',
  [PaymentStatus.FAILED]: 'payments.status.failed',
  [PaymentStatus.PAID]: 'payments.status.paid',
  [PaymentStatus.IGNORED]: 'payments.status.ignored',
  [PaymentStatus.CANCELED]: 'payments.status.canceled',
} as const;

export const paymentStatusColors: Record<PaymentStatus, string> = {
  [PaymentStatus.FOR_APPROVE]: 'blue',
  [PaymentStatus.PROCESSING]: 'cyan',
  [PaymentStatus.FAILED]: 'red',
  [PaymentStatus.PAID]: 'green',
  [PaymentStatus.IGNORED]: 'gray',
  [PaymentStatus.CANCELED]: 'gray',
};

export const paymentSourceLabelKeys = {
  [PaymentSource.VOUCHER]: 'payments.source.voucher',
  [PaymentSource.EHF]: 'payments.source.ehf',
  [PaymentSource.MANUAL]: 'payments.source.manual',
} as const;

export function paymentSourceLabelKey(source: number) {
  return paymentSourceLabelKeys[source as keyof typeof paymentSourceLabelKeys] ?? 'payments.source.unknown';
}

export const dateTypeLabelKeys = {
  [PaymentDateType.ANY]: 'payments.filters.dateTypeDue',
  [PaymentDateType.CREATED]: 'payments.filters.dateTypeCreated',
  [PaymentDateType.PAID]: 'payments.filters.dateTypePaid',
} as const;

/**
 * A creditor's account as people read it: a Norwegian account number as 4.2.5 digits, an IBAN in
 * groups of four. Anything else is shown as it came.
 */
export function formatCreditorAccount(account: string, type: PaymentType): string {
  const compact = account.replace(/[\s.]/g, '');
  if (type !== PaymentType.INTERNATIONAL && /^\d{11}$/.test(compact)) return formatAccountNumber(compact);
  if (/^[A-Za-z]{2}\d{2}[A-Za-z0-9]+$/.test(compact)) return formatIban(compact);
  return account;
}

/** The KID where there is one, otherwise the message to the creditor. */
export function paymentReference(payment: Pick<Payment, 'Kid' | 'Message'>): {
  kind: 'kid' | 'message' | 'none';
  text: string;
} {
  if (payment.Kid) return { kind: 'kid', text: payment.Kid };
  if (payment.Message) return { kind: 'message', text: payment.Message };
  return { kind: 'none', text: '' };
}

/** The debtor account's label, from the company's accounts where known. */
export function debtorAccountLabel(
  payment: Pick<Payment, 'DebtorCompanyBankId' | 'DebtorAccountNumber'>,
  accountNames: ReadonlyMap<number, string>,
): string {
  const named =
    payment.DebtorCompanyBankId === null ? undefined : accountNames.get(payment.DebtorCompanyBankId);
  if (named) return named;
  return payment.DebtorAccountNumber ? formatAccountNumber(payment.DebtorAccountNumber) : '—';
}
