import type { Voucher } from '@bilag/contracts';
import { ActionIcon, Button, Group, Menu, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconCashBanknotePlus,
  IconDots,
  IconFileInvoice,
  IconReceiptOff,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { useRowSelection } from '../../ui/SelectableTable';
import { StatisticsStrip } from '../../ui/StatisticsStrip';
import { YearSelect } from '../../ui/YearSelect';
import { listYear } from '../../ui/year';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { MissingSummaryBadges } from './MissingSummaryBadges';
import { useAddToPaymentList } from './useAddToPaymentList';
import { VoucherFilters } from './VoucherFilters';
import { VoucherTable } from './VoucherTable';
import { VoucherUpload } from './VoucherUpload';
import { useVoucherFilter, voucherYear } from './voucher.filter';
import { useDeleteVouchersMutation } from './voucher.mutations';
import { voucherKeys } from './voucher.queries';
import { voucherPaymentKeys } from './voucher-payment.queries';

/**
 * The year's month strip and what its vouchers lack. Their queries are its own, so each answer renders
 * these alone rather than the whole page with its table of vouchers.
 */
function VoucherYearOverview({
  companyId,
  year,
  month,
  onSelectMonth,
}: {
  companyId: number;
  year: number | undefined;
  month: number;
  onSelectMonth: (month: number) => void;
}) {
  const { t } = useTranslation();
  const hasYear = year !== undefined;
  const statistics = useQuery({ ...voucherKeys.statistics(companyId, year ?? 0), enabled: hasYear });
  const summary = useQuery({ ...voucherKeys.missingSummary(companyId, year ?? 0), enabled: hasYear });
  return (
    <>
      <StatisticsStrip
        counts={statistics.data}
        selectedMonth={month}
        onSelectMonth={onSelectMonth}
        texts={{
          label: t('vouchers.statistics.label'),
          count: (count) => t('vouchers.statistics.count', { count }),
          wholeYear: t('vouchers.statistics.wholeYear'),
        }}
        data-testid="voucher-statistics"
      />
      <MissingSummaryBadges summary={summary.data} />
    </>
  );
}

export default function VoucherListPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const { filter, searchParams, onChangeFilter, onResetFilter } = useVoucherFilter();
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const openFilePicker = useRef<() => void>(null);
  const deleteVouchers = useDeleteVouchersMutation(company.Id);
  useDocumentTitle(`${t('nav.vouchers')} – ${company.Name} – Bilag`);

  const years = useQuery(voucherKeys.years(company.Id));
  const { year, onSelectYear } = listYear(voucherYear, years.data, filter.year, onChangeFilter);
  const listFilter = { ...filter, year };
  const hasYear = year !== undefined;
  const list = useQuery({ ...voucherKeys.list(company.Id, listFilter), enabled: hasYear });

  const { rows, summary: listSummary, pagination } = usePagedList(list.data, { filter, onChangeFilter });
  const selection = useRowSelection(rows.map((row) => row.Id));
  const paymentActions = useQuery(voucherPaymentKeys.actions(company.Id));
  const canPrepare = paymentActions.data?.canPrepare === true;
  const paymentList = useAddToPaymentList(company.Id);
  const pendingRequest = paymentList.pendingRequest;
  const pendingVoucherIds = pendingRequest?.kind === 'vouchers' ? pendingRequest.voucherIds : [];

  function voucherPath(voucherId: number) {
    return companyPath(company, `voucher/${voucherId}`);
  }

  function onOpen(voucher: Voucher) {
    navigate(voucherPath(voucher.Id), { state: { listSearch: searchParams.toString() } });
  }

  function onConfirmDelete() {
    deleteVouchers.mutate(selection.selectedOnPage, {
      onSuccess: () => {
        selection.onClearSelection();
        setIsConfirmingDelete(false);
      },
    });
  }

  function onAddSelectedToPaymentList() {
    paymentList.onAdd(
      { kind: 'vouchers', voucherIds: selection.selectedOnPage, confirmDuplicate: false },
      selection.onClearSelection,
    );
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('vouchers.list.title')}
        subtitle={t('vouchers.list.subtitle', { company: company.Name })}
      >
        <YearSelect
          label={t('vouchers.list.year')}
          years={years.data}
          year={year}
          onSelectYear={onSelectYear}
          data-testid="voucher-year"
        />
        <Button leftSection={<IconUpload size={18} aria-hidden />} onClick={() => openFilePicker.current?.()}>
          {t('vouchers.upload.button')}
        </Button>
        {canPrepare && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="default" size={36} aria-label={t('vouchers.list.moreActions')}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconFileInvoice size={16} aria-hidden />}
                disabled={paymentList.isAdding}
                onClick={() => paymentList.onAdd({ kind: 'unpaid-ehf', confirmDuplicate: false })}
              >
                {t('vouchers.payment.addUnpaidEhf')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </PageHeader>

      {years.isError ? (
        <ErrorAlert
          title={t('vouchers.list.yearsFailed')}
          error={years.error}
          onRetry={() => void years.refetch()}
          data-testid="years-failed"
        />
      ) : (
        <VoucherYearOverview
          companyId={company.Id}
          year={year}
          month={filter.month}
          onSelectMonth={(month) => onChangeFilter({ month })}
        />
      )}

      <VoucherUpload companyId={company.Id} openRef={openFilePicker} voucherPath={voucherPath} />

      <ListCard
        filters={
          <VoucherFilters filter={filter} onChangeFilter={onChangeFilter} onResetFilter={onResetFilter} />
        }
        countRow={{
          summary: listSummary,
          'data-testid': 'voucher-count',
          actions: selection.selectedOnPage.length > 0 && (
            <Group gap="xs">
              {canPrepare && (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<IconCashBanknotePlus size={14} aria-hidden />}
                  loading={paymentList.isAdding}
                  onClick={onAddSelectedToPaymentList}
                >
                  {t('vouchers.payment.addSelected', { count: selection.selectedOnPage.length })}
                </Button>
              )}
              <Button
                color="red"
                variant="light"
                size="xs"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => setIsConfirmingDelete(true)}
              >
                {t('vouchers.delete.selected', { count: selection.selectedOnPage.length })}
              </Button>
            </Group>
          ),
        }}
        query={list}
        empty={{
          icon: <IconReceiptOff size={28} aria-hidden />,
          title: t('vouchers.list.emptyTitle'),
          description: t('vouchers.list.emptyText'),
          'data-testid': 'voucher-list-empty',
        }}
        pagination={pagination}
      >
        <VoucherTable
          rows={rows}
          filter={filter}
          selection={selection}
          onSort={(sortBy, sortType) => onChangeFilter({ sortBy, sortType })}
          onOpen={onOpen}
          paymentAction={
            canPrepare
              ? {
                  pendingVoucherIds,
                  onAddToPaymentList: (voucher) =>
                    paymentList.onAdd({
                      kind: 'vouchers',
                      voucherIds: [voucher.Id],
                      confirmDuplicate: false,
                    }),
                }
              : undefined
          }
        />
      </ListCard>

      {paymentList.dialog}

      <ConfirmDeleteModal
        opened={isConfirmingDelete}
        count={selection.selectedOnPage.length}
        isDeleting={deleteVouchers.isPending}
        onCancel={() => setIsConfirmingDelete(false)}
        onConfirm={onConfirmDelete}
      />
    </Stack>
  );
}
