import { PaymentStatus, type Voucher } from '@bilag/contracts';
import { Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCashBanknotePlus, IconCircleCheck, IconCircleMinus, IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { useAddToPaymentList } from './useAddToPaymentList';
import { PaymentStatusBadge } from './VoucherBadges';
import { isPayable } from './voucher-payment.format';
import { useMarkPaidOutsideMutation, useRemoveVoucherPaymentMutation } from './voucher-payment.mutations';
import { voucherPaymentKeys } from './voucher-payment.queries';

type VoucherPaymentCardProps = {
  companyId: number;
  voucher: Voucher;
  paymentListPath: string;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The voucher's payments and what is left to pay, with what a payment user can do about them: put the
 * voucher on the payment list, take it off again, or mark it paid outside the product.
 */
export function VoucherPaymentCard({ companyId, voucher, paymentListPath }: VoucherPaymentCardProps) {
  const { t } = useTranslation();
  const payments = useQuery(voucherPaymentKeys.ofVoucher(companyId, voucher.Id));
  const actions = useQuery(voucherPaymentKeys.actions(companyId));
  const paymentList = useAddToPaymentList(companyId);
  const removePayment = useRemoveVoucherPaymentMutation(companyId, voucher.Id);
  const markPaid = useMarkPaidOutsideMutation(companyId, voucher.Id);
  const canPrepare = actions.data?.canPrepare === true;

  const rows = payments.data?.rows ?? [];
  const restOre = payments.data?.payableRestOre ?? null;
  const isWaitingForApproval = rows.some((payment) => payment.Status === PaymentStatus.FOR_APPROVE);
  const hasOpenPayment = rows.some(
    (payment) => payment.Status === PaymentStatus.FOR_APPROVE || payment.Status === PaymentStatus.PROCESSING,
  );
  const isPaidByPayment = rows.some((payment) => payment.Status === PaymentStatus.PAID);
  const canAdd = isPayable(voucher) && restOre !== null && restOre > 0;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="voucher-payment-heading">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={2} fz="lg" id="voucher-payment-heading">
          {t('vouchers.payment.title')}
        </Title>
        <Anchor component={Link} to={paymentListPath} size="sm">
          <Group gap={4} wrap="nowrap">
            <IconListDetails size={16} aria-hidden />
            {t('vouchers.payment.openList')}
          </Group>
        </Anchor>
      </Group>
      <QueryGate query={payments} loading={<Skeleton h={48} radius="md" />}>
        {(data) => (
          <Stack gap="sm">
            <Text size="sm" data-testid="payable-rest">
              {data.payableRestOre === null
                ? t('vouchers.payment.noAmount')
                : t('vouchers.payment.rest', { amount: formatMoney(data.payableRestOre, voucher.Currency) })}
            </Text>
            {data.rows.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('vouchers.payment.none')}
              </Text>
            ) : (
              <Table verticalSpacing={6} aria-label={t('vouchers.payment.tableLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('vouchers.payment.statusLabel')}</Table.Th>
                    <Table.Th ta="right">{t('vouchers.payment.amount')}</Table.Th>
                    <Table.Th>{t('vouchers.payment.dueDate')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.rows.map((payment) => (
                    <Table.Tr key={payment.Id} data-testid={`voucher-payment-${payment.Id}`}>
                      <Table.Td miw={150}>
                        <PaymentStatusBadge status={payment.Status} />
                        {payment.BankStatusReason && (
                          <Text size="xs" c="dimmed" mt={2}>
                            {payment.BankStatusText ?? payment.BankStatusReason}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" style={numeric}>
                        {formatMoney(payment.AmountOre, payment.Currency)}
                      </Table.Td>
                      <Table.Td style={numeric}>{formatCalendarDate(payment.DueDate)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {canPrepare && (
              <Group gap="xs">
                {canAdd && (
                  <Button
                    size="xs"
                    leftSection={<IconCashBanknotePlus size={14} aria-hidden />}
                    loading={paymentList.isAdding}
                    onClick={() =>
                      paymentList.onAdd({
                        kind: 'vouchers',
                        voucherIds: [voucher.Id],
                        confirmDuplicate: false,
                      })
                    }
                  >
                    {t('vouchers.payment.add')}
                  </Button>
                )}
                {isWaitingForApproval && (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconCircleMinus size={14} aria-hidden />}
                    loading={removePayment.isPending}
                    onClick={() => removePayment.mutate()}
                  >
                    {t('vouchers.payment.remove')}
                  </Button>
                )}
                {!voucher.IsPaid && !hasOpenPayment && (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconCircleCheck size={14} aria-hidden />}
                    loading={markPaid.isPending}
                    onClick={() => markPaid.mutate(true)}
                  >
                    {t('vouchers.payment.markPaid')}
                  </Button>
                )}
                {voucher.IsPaid && !isPaidByPayment && (
                  <Button
                    size="xs"
                    variant="default"
                    loading={markPaid.isPending}
                    onClick={() => markPaid.mutate(false)}
                  >
                    {t('vouchers.payment.markUnpaid')}
                  </Button>
                )}
              </Group>
            )}
          </Stack>
        )}
      </QueryGate>
      {paymentList.dialog}
    </Card>
  );
}
