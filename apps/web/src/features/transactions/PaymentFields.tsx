import { PAYMENT_STATUSES } from '@bilag/contracts';
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '../../ui/DateTextInput';
import { paymentStatusLabelKey } from './transaction.format';

type PaymentFieldsProps = {
  /** The payment status number as text, or null for none. */
  paymentStatus: string | null;
  paymentDate: string;
  dateError: string | undefined;
  onChangeStatus: (value: string | null) => void;
  onChangeDate: (text: string) => void;
  /** Inside a modal the list opens in place, so the modal's focus trap keeps it reachable. */
  isInModal?: boolean;
  testIdPrefix: string;
};

/** A transaction's payment status and payment date, as the edit form and the bulk dialog ask for them. */
export function PaymentFields({
  paymentStatus,
  paymentDate,
  dateError,
  onChangeStatus,
  onChangeDate,
  isInModal = false,
  testIdPrefix,
}: PaymentFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('bankTransactions.fields.paymentStatus')}
        placeholder={t('bankTransactions.paymentStatus.none')}
        data={PAYMENT_STATUSES.map((status) => ({
          value: String(status),
          label: t(paymentStatusLabelKey(status)),
        }))}
        value={paymentStatus}
        onChange={onChangeStatus}
        clearable
        comboboxProps={isInModal ? { withinPortal: false } : undefined}
        data-testid={`${testIdPrefix}-payment-status`}
      />
      <DateTextInput
        label={t('bankTransactions.fields.paymentDate')}
        value={paymentDate}
        onChange={onChangeDate}
        error={dateError}
        data-testid={`${testIdPrefix}-payment-date`}
      />
    </>
  );
}
