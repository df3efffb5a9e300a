import type { Voucher } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { displayTimeZone } from '../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { SortableHeader, type SortDirection } from '../../ui/SortableHeader';
import type { TableColumn } from '../../ui/TableColumns';
import { DeletedBadge, LabelBadges, PaymentStateBadge, StatusBadge } from './VoucherBadges';
import { VoucherFileCell } from './VoucherFileCell';
import type { VoucherSortField } from './voucher.filter';
import { isOverdue } from './voucher.format';
import { paymentStatusOf } from './voucher-payment.format';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type VoucherSorting = {
  filter: { sortBy: VoucherSortField; sortType: SortDirection };
  onSort: (sortBy: VoucherSortField, sortType: SortDirection) => void;
};

/**
 * The columns of a voucher list, for a company's list and the administrators' list of every company
 * alike; each list picks the ones it shows and adds its own.
 */
export function useVoucherColumns({ filter, onSort }: VoucherSorting) {
  const { t } = useTranslation();
  const today = todayIsoDate(displayTimeZone());
  const sortProps = { filter, onSort };

  return {
    id: {
      key: 'id',
      header: <SortableHeader field="Id" label={t('vouchers.fields.id')} {...sortProps} width={64} />,
      cell: (voucher) => (
        <Table.Td style={numeric}>
          <Text size="sm" c="dimmed" style={numeric}>
            {voucher.Id}
          </Text>
        </Table.Td>
      ),
    },
    date: {
      key: 'date',
      header: <SortableHeader field="Date" label={t('vouchers.fields.date')} {...sortProps} width={104} />,
      cell: (voucher) => (
        <Table.Td style={numeric}>
          {voucher.Date ? formatCalendarDate(voucher.Date) : <Text c="dimmed">—</Text>}
        </Table.Td>
      ),
    },
    supplier: {
      key: 'supplier',
      header: (
        <SortableHeader
          field="SupplierName"
          label={t('vouchers.fields.supplier')}
          {...sortProps}
          isAscendingFirst
        />
      ),
      cell: (voucher) => (
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            {voucher.SupplierName ? (
              <Text size="sm" fw={500} truncate style={{ minWidth: 0 }}>
                {voucher.SupplierName}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" fs="italic">
                {t('vouchers.list.noSupplier')}
              </Text>
            )}
            {voucher.DeletedAt && <DeletedBadge />}
          </Group>
        </Table.Td>
      ),
    },
    amount: {
      key: 'amount',
      header: (
        <SortableHeader
          field="Amount"
          label={t('vouchers.fields.amount')}
          {...sortProps}
          isNumeric
          width={128}
        />
      ),
      cell: (voucher) => (
        <Table.Td ta="right" style={numeric}>
          {voucher.AmountOre === null ? (
            <Text c="dimmed">—</Text>
          ) : (
            formatMoney(voucher.AmountOre, voucher.Currency)
          )}
        </Table.Td>
      ),
    },
    dueDate: {
      key: 'dueDate',
      header: (
        <SortableHeader field="DueDate" label={t('vouchers.fields.dueDate')} {...sortProps} width={112} />
      ),
      cell: (voucher) => <Table.Td style={numeric}>{formatCalendarDate(voucher.DueDate)}</Table.Td>,
    },
    status: {
      key: 'status',
      header: <Table.Th w={96}>{t('vouchers.fields.status')}</Table.Th>,
      cell: (voucher) => (
        <Table.Td>
          <StatusBadge status={voucher.Status} />
        </Table.Td>
      ),
    },
    paid: {
      key: 'paid',
      header: <Table.Th w={150}>{t('vouchers.fields.payment')}</Table.Th>,
      cell: (voucher) => (
        <Table.Td>
          <PaymentStateBadge
            isPaid={voucher.IsPaid}
            paymentStatus={paymentStatusOf(voucher.PaymentStatus)}
            isOverdue={isOverdue(voucher.DueDate, voucher.IsPaid, today)}
          />
        </Table.Td>
      ),
    },
    labels: {
      key: 'labels',
      header: <Table.Th w={128}>{t('vouchers.fields.labels')}</Table.Th>,
      cell: (voucher) => (
        <Table.Td>
          <LabelBadges labels={voucher.Labels} />
        </Table.Td>
      ),
    },
    file: {
      key: 'file',
      header: <Table.Th w={52}>{t('vouchers.fields.file')}</Table.Th>,
      cell: (voucher) => (
        <Table.Td>
          <VoucherFileCell companyId={voucher.CompanyId} files={voucher.Files} />
        </Table.Td>
      ),
    },
  } satisfies Record<string, TableColumn<Voucher>>;
}
