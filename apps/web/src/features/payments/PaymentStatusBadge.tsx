import { type Payment, PaymentStatus } from '@bilag/contracts';
import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { paymentStatusColors, paymentStatusLabelKeys } from './payment.format';

type PaymentStatusBadgeProps = {
  payment: Pick<Payment, 'Id' | 'Status' | 'BankStatus' | 'BankStatusReason' | 'BankStatusText'>;
};

/** The payment's status, the bank's own status code beside it, and why a failed payment failed. */
export function PaymentStatusBadge({ payment }: PaymentStatusBadgeProps) {
  const { t } = useTranslation();
  const reason = [payment.BankStatusReason, payment.BankStatusText].filter(Boolean).join(' – ');
  return (
    <Stack gap={2} align="flex-start">
      {/* A dot badge keeps the label dark: green.9 on the light variant's green.1 is 3.8:1, below AA. */}
      <Badge
        color={paymentStatusColors[payment.Status]}
        variant="dot"
        tt="none"
        data-testid={`payment-status-${payment.Id}`}
      >
        {t(paymentStatusLabelKeys[payment.Status])}
      </Badge>
      {payment.BankStatus && (
        <Tooltip label={t('payments.list.bankStatusHint')} withArrow>
          <Text size="xs" c="dimmed" data-testid={`payment-bank-status-${payment.Id}`}>
            {t('payments.list.bankStatus', { status: payment.BankStatus })}
          </Text>
        </Tooltip>
      )}
      {payment.Status === PaymentStatus.FAILED && reason && (
        <Text size="xs" c="red.8" lineClamp={2} data-testid={`payment-failure-${payment.Id}`}>
          {reason}
        </Text>
      )}
    </Stack>
  );
}
