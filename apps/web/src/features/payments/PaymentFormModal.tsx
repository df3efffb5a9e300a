import type { Payment } from '@bilag/contracts';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { PaymentForm } from './PaymentForm';
import type { PaymentFormType } from './payment.form';

/** Which payment form is open: a new payment, or an existing one to change. */
export type PaymentFormTarget = { mode: 'new' } | { mode: 'edit'; payment: Payment };

type PaymentFormModalProps = {
  type: PaymentFormType;
  target: PaymentFormTarget | undefined;
  onClose: () => void;
};

export function PaymentFormModal({ type, target, onClose }: PaymentFormModalProps) {
  const { t } = useTranslation();
  const payment = target?.mode === 'edit' ? target.payment : undefined;
  return (
    <AppModal
      opened={target !== undefined}
      onClose={onClose}
      title={t(payment ? 'payments.form.editTitle' : 'payments.form.newTitle')}
      size="xl"
      fullScreenBelow="48em"
    >
      {target && (
        <PaymentForm
          key={payment?.Id ?? 'new'}
          type={type}
          payment={payment}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </AppModal>
  );
}
