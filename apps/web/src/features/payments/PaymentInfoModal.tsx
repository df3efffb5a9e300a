import { type PaymentInfo, PaymentStatus } from '@bilag/contracts';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { AppModal } from '../../ui/AppModal';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { PaymentStatusBadge } from './PaymentStatusBadge';
import { debtorAccountLabel, formatCreditorAccount, paymentStatusLabelKeys } from './payment.format';
import { paymentKeys } from './payment.queries';

type PaymentInfoModalProps = {
  paymentUuid: string | undefined;
  accountNames: ReadonlyMap<number, string>;
  onClose: () => void;
};

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

const historyLabelKeys = {
  create: 'payments.history.create',
  update: 'payments.history.update',
  status: 'payments.history.status',
  delete: 'payments.history.delete',
  'bank-status': 'payments.history.bankStatus',
} as const;

function isKnownAction(action: string): action is keyof typeof historyLabelKeys {
  return action in historyLabelKeys;
}

function statusLabelKey(status: number | null) {
  if (status === null) return undefined;
  return paymentStatusLabelKeys[status as PaymentStatus] as
    | (typeof paymentStatusLabelKeys)[PaymentStatus]
    | undefined;
}

/** One payment in full: what is paid to whom and from where, its voucher, and what happened to it. */
export function PaymentInfoModal({ paymentUuid, accountNames, onClose }: PaymentInfoModalProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const info = useQuery({
    ...paymentKeys.info(company.Id, paymentUuid ?? ''),
    enabled: paymentUuid !== undefined,
  });

  return (
    <AppModal
      opened={paymentUuid !== undefined}
      onClose={onClose}
      title={t('payments.info.title')}
      size="xl"
      fullScreenBelow="48em"
    >
      <QueryGate query={info} errorTitle={t('payments.info.failed')}>
        {(data: PaymentInfo) => {
          const { payment, voucher, history } = data;
          return (
            <Stack gap="lg" data-testid="payment-info">
              <Group justify="space-between" align="flex-start">
                <Stack gap={2}>
                  <Text fw={600} size="lg">
                    {payment.CreditorName}
                  </Text>
                  <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatMoney(payment.AmountOre, payment.Currency)}
                  </Text>
                </Stack>
                <PaymentStatusBadge payment={payment} />
              </Group>
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
                <Fact label={t('payments.info.creditorAccount')} testId="info-creditor-account">
                  {formatCreditorAccount(payment.CreditorAccount, payment.Type)}
                </Fact>
                <Fact label={t('payments.info.debtorAccount')}>
                  {debtorAccountLabel(payment, accountNames)}
                </Fact>
                <Fact label={t('payments.info.dueDate')}>{formatCalendarDate(payment.DueDate)}</Fact>
                {payment.Kid && <Fact label={t('payments.info.kid')}>{payment.Kid}</Fact>}
                {payment.Message && <Fact label={t('payments.info.message')}>{payment.Message}</Fact>}
                {payment.CreditorBic && <Fact label={t('payments.info.bic')}>{payment.CreditorBic}</Fact>}
                {payment.CreditorCountry && (
                  <Fact label={t('payments.info.country')}>{payment.CreditorCountry}</Fact>
                )}
                {payment.ChargeBearer && (
                  <Fact label={t('payments.info.chargeBearer')}>{payment.ChargeBearer}</Fact>
                )}
                {payment.ReasonCode && (
                  <Fact label={t('payments.info.reasonCode')}>
                    {[payment.ReasonCode, payment.ReasonText].filter(Boolean).join(' – ')}
                  </Fact>
                )}
                <Fact label={t('payments.info.endToEndId')}>{payment.EndToEndId}</Fact>
                {payment.Status === PaymentStatus.PAID && payment.PaidAt && (
                  <Fact label={t('payments.info.paidAt')}>
                    {formatDate(payment.PaidAt, DateFormat.dateTime)}
                  </Fact>
                )}
                {payment.PaidReason && (
                  <Fact label={t('payments.info.paidReason')}>{payment.PaidReason}</Fact>
                )}
                <Fact label={t('payments.info.createdAt')}>
                  {formatDate(payment.CreatedAt, DateFormat.dateTime)}
                </Fact>
              </SimpleGrid>

              {voucher && (
                <Card withBorder radius="md" padding="md" data-testid="payment-info-voucher">
                  <Group justify="space-between" wrap="nowrap">
                    <Group gap="sm" wrap="nowrap">
                      <IconReceipt size={20} aria-hidden />
                      <Stack gap={0}>
                        <Text size="sm" fw={600}>
                          {voucher.SupplierName ?? t('payments.info.voucherNoSupplier')}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[
                            voucher.Date && formatCalendarDate(voucher.Date),
                            voucher.AmountOre !== null && formatMoney(voucher.AmountOre, payment.Currency),
                            voucher.Description,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Text>
                      </Stack>
                    </Group>
                    <Anchor
                      component={Link}
                      to={companyPath(company, `voucher/${voucher.Id}`)}
                      size="sm"
                      data-testid="payment-info-voucher-link"
                    >
                      {t('payments.info.openVoucher', { id: voucher.Id })}
                    </Anchor>
                  </Group>
                </Card>
              )}

              <Stack gap="xs" component="section" aria-labelledby="payment-history-heading">
                <Title order={3} fz="md" id="payment-history-heading">
                  {t('payments.info.history')}
                </Title>
                {history.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('payments.info.noHistory')}
                  </Text>
                ) : (
                  <Timeline
                    bulletSize={20}
                    lineWidth={2}
                    active={history.length}
                    data-testid="payment-history"
                  >
                    {history.map((entry) => {
                      const fromKey = statusLabelKey(entry.FromStatus);
                      const toKey = statusLabelKey(entry.ToStatus);
                      const from = fromKey ? t(fromKey) : undefined;
                      const to = toKey ? t(toKey) : undefined;
                      return (
                        <Timeline.Item
                          key={`${entry.CreatedAt}-${entry.Action}-${entry.ToStatus}`}
                          bullet={<IconHistory size={11} aria-hidden />}
                          title={
                            <Text size="sm" fw={600}>
                              {isKnownAction(entry.Action) ? t(historyLabelKeys[entry.Action]) : entry.Action}
                            </Text>
                          }
                        >
                          {to && (
                            <Text size="sm">{from ? t('payments.info.statusChange', { from, to }) : to}</Text>
                          )}
                          {entry.Reason && (
                            <Text size="sm" c="dimmed">
                              {entry.Reason}
                            </Text>
                          )}
                          <Text size="xs" c="dimmed">
                            {t('payments.info.by', {
                              name: entry.UserName ?? t('payments.info.system'),
                              at: formatDate(entry.CreatedAt, DateFormat.dateTime),
                            })}
                          </Text>
                        </Timeline.Item>
                      );
                    })}
                  </Timeline>
                )}
              </Stack>
            </Stack>
          );
        }}
      </QueryGate>
    </AppModal>
  );
}
