import type { PackagePurchase } from '@bilag/contracts';
import { Anchor, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../i18n/useLanguage';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatMoney, formatPeriod } from '../../ui/format';
import { PurchaseFailureText } from './PurchaseFailureText';
import { PurchaseStatusBadge } from './PurchaseStatusBadge';
import { isPayable } from './payment-package.return';

type CompanyPurchasesTableProps = {
  purchases: readonly PackagePurchase[];
  canBuy: boolean;
  receiptPath: (purchase: PackagePurchase) => string;
  /** The purchase being paid now, whose button waits for the checkout. */
  payingId: number | null;
  onPay: (purchase: PackagePurchase) => void;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The company's purchases, newest first: where each stands, its period, and its receipt once paid. */
export function CompanyPurchasesTable({
  purchases,
  canBuy,
  receiptPath,
  payingId,
  onPay,
}: CompanyPurchasesTableProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" aria-labelledby="purchases-heading" data-testid="company-purchases">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('paymentPackages.purchases.package')}</Table.Th>
            <Table.Th>{t('paymentPackages.purchases.status')}</Table.Th>
            <Table.Th>{t('paymentPackages.purchases.period')}</Table.Th>
            <Table.Th ta="right">{t('paymentPackages.purchases.price')}</Table.Th>
            <Table.Th>{t('paymentPackages.purchases.bought')}</Table.Th>
            <Table.Th>{t('paymentPackages.purchases.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {purchases.map((purchase) => {
            const name = purchase.names[language];
            const isPaid = purchase.status === 'active' || purchase.status === 'expired';
            return (
              <Table.Tr
                key={purchase.id}
                data-testid={`purchase-${purchase.id}`}
                data-status={purchase.status}
              >
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t(`paymentPackages.quantity.${purchase.kind}`, { count: purchase.quantity })}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td maw={320}>
                  <Stack gap={4} align="flex-start">
                    <PurchaseStatusBadge status={purchase.status} />
                    {purchase.failure && <PurchaseFailureText failure={purchase.failure} size="xs" />}
                  </Stack>
                </Table.Td>
                <Table.Td style={numeric}>
                  {isPaid ? (
                    formatPeriod(purchase.periodStart, purchase.periodEnd)
                  ) : (
                    <Text span size="sm" c="dimmed">
                      {t('paymentPackages.months', { count: purchase.months })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" style={numeric}>
                  {formatMoney(purchase.priceOre, purchase.currency)}
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" style={numeric}>
                      {formatDate(purchase.paidAt ?? purchase.createdAt, DateFormat.date)}
                    </Text>
                    {purchase.buyerName && (
                      <Text size="xs" c="dimmed">
                        {t('paymentPackages.purchases.boughtBy', { name: purchase.buyerName })}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {isPaid && (
                      <Anchor
                        component={Link}
                        to={receiptPath(purchase)}
                        size="sm"
                        aria-label={t('paymentPackages.purchases.receiptOf', { name })}
                      >
                        <Group gap={4} wrap="nowrap">
                          <IconReceipt size={16} aria-hidden />
                          {t('paymentPackages.purchases.receipt')}
                        </Group>
                      </Anchor>
                    )}
                    {canBuy && isPayable(purchase.status) && (
                      <Button
                        size="xs"
                        variant="light"
                        loading={payingId === purchase.id}
                        disabled={payingId !== null && payingId !== purchase.id}
                        onClick={() => onPay(purchase)}
                      >
                        {purchase.status === 'failed'
                          ? t('paymentPackages.purchases.tryAgain')
                          : t('paymentPackages.purchases.continue')}
                        {/* Named by what it shows, then by its package, so speech input can say what it sees (WCAG 2.5.3). */}
                        <VisuallyHidden>
                          {' '}
                          {t('paymentPackages.purchases.packageNamed', { name })}
                        </VisuallyHidden>
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
