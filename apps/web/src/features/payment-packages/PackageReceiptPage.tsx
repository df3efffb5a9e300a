import type { PackageReceipt } from '@bilag/contracts';
import { formatOrganisationNumber } from '@bilag/domain/validators/organisation-number';
import { Anchor, Button, Card, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { useLanguage } from '../../i18n/useLanguage';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import classes from './PackageReceipt.module.css';
import { paymentPackageKeys } from './payment-package.queries';

/** /{company}/payment-packages/{purchaseId}/receipt: the receipt of a paid purchase, to read or print. */
export default function PackageReceiptPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const purchaseId = Number(useParams().purchaseId);
  const isValidId = Number.isSafeInteger(purchaseId) && purchaseId > 0;
  const receipt = useQuery({ ...paymentPackageKeys.receipt(company.Id, purchaseId), enabled: isValidId });
  useDocumentTitle(`${t('paymentPackages.receipt.title')} – ${company.Name} – Bilag`);
  if (!isValidId) return <Navigate to="/404" replace />;

  return (
    <Stack gap="md">
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor component={Link} to={companyPath(company, 'payment-packages')} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('paymentPackages.receipt.back')}
          </Group>
        </Anchor>
        <Button
          variant="light"
          leftSection={<IconPrinter size={16} aria-hidden />}
          onClick={() => window.print()}
          disabled={!receipt.data}
        >
          {t('paymentPackages.receipt.print')}
        </Button>
      </Group>
      <QueryGate query={receipt} errorTitle={t('paymentPackages.receipt.loadFailed')}>
        {(data) => <ReceiptDocument receipt={data} />}
      </QueryGate>
    </Stack>
  );
}

function ReceiptDocument({ receipt }: { receipt: PackageReceipt }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const money = (amountOre: number) => formatMoney(amountOre, receipt.currency);
  const name = receipt.names[language];
  return (
    <Card
      withBorder
      radius="md"
      padding="xl"
      className={classes.receipt}
      component="article"
      aria-labelledby="receipt-heading"
      data-testid="package-receipt"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={1} fz={26} id="receipt-heading">
              {t('paymentPackages.receipt.title')}
            </Title>
            <Text c="dimmed" data-testid="receipt-number">
              {t('paymentPackages.receipt.number', { number: receipt.receiptNumber })}
            </Text>
          </Stack>
          <Stack gap={2} align="flex-end">
            <Text size="sm" c="dimmed">
              {t('paymentPackages.receipt.paidAt')}
            </Text>
            <Text fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatDate(receipt.paidAt, DateFormat.dateTime)}
            </Text>
          </Stack>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('paymentPackages.receipt.seller')}
            </Text>
            <Text fw={600}>{receipt.seller.name}</Text>
            <Text size="sm">
              {t('paymentPackages.receipt.organisationNumber', { number: receipt.seller.organisationNumber })}
            </Text>
            <Text size="sm">{receipt.seller.address}</Text>
          </Stack>
          <Stack gap={2} data-testid="receipt-buyer">
            <Text size="sm" c="dimmed">
              {t('paymentPackages.receipt.buyer')}
            </Text>
            <Text fw={600}>{receipt.buyer.companyName}</Text>
            <Text size="sm">
              {t('paymentPackages.receipt.organisationNumber', {
                number: formatOrganisationNumber(receipt.buyer.organisationNumber),
              })}
            </Text>
            {receipt.buyer.name && (
              <Text size="sm">
                {t('paymentPackages.receipt.boughtBy', { name: receipt.buyer.name })}
                {receipt.buyer.email ? ` (${receipt.buyer.email})` : ''}
              </Text>
            )}
          </Stack>
        </SimpleGrid>

        <Table className={classes.amounts} verticalSpacing="xs" data-testid="receipt-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('paymentPackages.receipt.description')}</Table.Th>
              <Table.Th ta="right">{t('paymentPackages.receipt.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`paymentPackages.quantity.${receipt.kind}`, { count: receipt.quantity })} ·{' '}
                  {t('paymentPackages.receipt.period', {
                    start: formatCalendarDate(receipt.periodStart),
                    end: formatCalendarDate(receipt.periodEnd),
                  })}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{money(receipt.totalOre)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('paymentPackages.receipt.net')}</Table.Td>
              <Table.Td ta="right" data-testid="receipt-net">
                {money(receipt.netOre)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td>{t('paymentPackages.receipt.vat', { rate: receipt.vatRatePercent })}</Table.Td>
              <Table.Td ta="right" data-testid="receipt-vat">
                {money(receipt.vatOre)}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Td fw={700}>{t('paymentPackages.receipt.total')}</Table.Td>
              <Table.Td ta="right" fw={700} data-testid="receipt-total">
                {money(receipt.totalOre)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>

        <Divider />
        <Text size="sm" c="dimmed">
          {t('paymentPackages.receipt.paymentReference')}:{' '}
          <code data-testid="receipt-payment-reference">{receipt.paymentReference}</code>
        </Text>
      </Stack>
    </Card>
  );
}
