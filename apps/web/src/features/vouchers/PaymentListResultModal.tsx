import { type AddToPaymentListResult, DUPLICATE_WINDOW_DAYS, type Payment } from '@bilag/contracts';
import { Alert, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { formatCreditorAccount, paymentReference } from '../payments';
import { PaymentStatusBadge } from './VoucherBadges';

type PaymentListResultModalProps = {
  result: AddToPaymentListResult | null;
  isConfirming: boolean;
  onClose: () => void;
  /** Sends the vouchers held back as duplicates again, confirmed. */
  onConfirmDuplicates: () => void;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * What adding to the payment list did: the payments made, the vouchers skipped with the server's
 * reasons, and the vouchers held back because they would pay something again, which the person may
 * add anyway.
 */
export function PaymentListResultModal({
  result,
  isConfirming,
  onClose,
  onConfirmDuplicates,
}: PaymentListResultModalProps) {
  const { t } = useTranslation();
  const duplicates = result?.duplicates ?? [];
  const hasDuplicates = duplicates.length > 0;

  return (
    <AppModal
      opened={result !== null}
      onClose={onClose}
      title={hasDuplicates ? t('vouchers.payment.duplicateTitle') : t('vouchers.payment.resultTitle')}
      size={hasDuplicates ? 860 : 560}
      fullScreenBelow="48em"
    >
      {result && (
        <Stack gap="md" data-testid="payment-list-result">
          {result.added.length > 0 && (
            <Text size="sm" data-testid="payment-list-added">
              {t('vouchers.payment.addedCount', { count: result.added.length })}
            </Text>
          )}
          {result.skipped.length > 0 && (
            <Stack gap={4}>
              <Title order={3} fz="sm">
                {t('vouchers.payment.skippedTitle', { count: result.skipped.length })}
              </Title>
              <List size="sm" spacing={2} data-testid="payment-list-skipped">
                {result.skipped.map((skip) => (
                  <List.Item key={skip.voucherId}>
                    {t('vouchers.payment.skippedVoucher', { id: skip.voucherId, message: skip.message })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          {hasDuplicates && (
            <>
              <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
                {t('vouchers.payment.duplicateText', { days: DUPLICATE_WINDOW_DAYS })}
              </Alert>
              {duplicates.map((duplicate) => (
                <Stack gap={4} key={duplicate.voucherId}>
                  <Title order={3} fz="sm">
                    {t('vouchers.payment.duplicateOf', { id: duplicate.voucherId })}
                  </Title>
                  <DuplicateTable payments={duplicate.matches} voucherId={duplicate.voucherId} />
                </Stack>
              ))}
            </>
          )}
          <Group justify="flex-end" gap="sm">
            {hasDuplicates ? (
              <>
                <Button variant="default" onClick={onClose} disabled={isConfirming}>
                  {t('vouchers.payment.cancel')}
                </Button>
                <Button onClick={onConfirmDuplicates} loading={isConfirming} data-autofocus>
                  {t('vouchers.payment.addAnyway')}
                </Button>
              </>
            ) : (
              <Button onClick={onClose} data-autofocus>
                {t('vouchers.payment.close')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </AppModal>
  );
}

function DuplicateTable({ payments, voucherId }: { payments: Payment[]; voucherId: number }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table
        verticalSpacing={6}
        withTableBorder
        aria-label={t('vouchers.payment.duplicateOf', { id: voucherId })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('vouchers.payment.creditor')}</Table.Th>
            <Table.Th ta="right">{t('vouchers.payment.amount')}</Table.Th>
            <Table.Th>{t('vouchers.payment.reference')}</Table.Th>
            <Table.Th>{t('vouchers.payment.statusLabel')}</Table.Th>
            <Table.Th>{t('vouchers.payment.dueDate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.map((payment) => (
            <Table.Tr key={payment.Id} data-testid={`duplicate-payment-${payment.Id}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {payment.CreditorName}
                </Text>
                <Text size="xs" c="dimmed" style={numeric}>
                  {formatCreditorAccount(payment.CreditorAccount, payment.Type)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatMoney(payment.AmountOre, payment.Currency)}
              </Table.Td>
              <Table.Td style={numeric}>{paymentReference(payment).text || '—'}</Table.Td>
              <Table.Td>
                <PaymentStatusBadge status={payment.Status} />
              </Table.Td>
              <Table.Td style={numeric}>{formatCalendarDate(payment.DueDate)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
