import type { Voucher } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import {
  Alert,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconReceiptOff, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../app/api/errors';
import { displayTimeZone } from '../../ui/dates';
import { useCurrentCompany } from '../companies/CurrentCompany';
import { companyPath } from '../companies/company.queries';
import { ConfirmDeleteModal } from './ConfirmDeleteModal';
import { MissingSummaryBadges } from './MissingSummaryBadges';
import { VoucherFilters } from './VoucherFilters';
import { VoucherStatisticsStrip } from './VoucherStatisticsStrip';
import { VoucherTable } from './VoucherTable';
import { VoucherUpload } from './VoucherUpload';
import { useVoucherFilter } from './voucher.filter';
import { useDeleteVouchersMutation } from './voucher.mutations';
import { voucherKeys } from './voucher.queries';
import { chooseVoucherYear, readStoredVoucherYear, storeVoucherYear } from './voucher.year';

export default function VoucherListPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const { filter, searchParams, onChangeFilter, onResetFilter } = useVoucherFilter();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const openFilePicker = useRef<() => void>(null);
  const deleteVouchers = useDeleteVouchersMutation(company.Id);
  useDocumentTitle(`${t('nav.vouchers')} – ${company.Name} – Bilag`);

  const years = useQuery(voucherKeys.years(company.Id));
  const year = years.data ? chooseVoucherYear(years.data, filter.year, readStoredVoucherYear()) : undefined;
  const listFilter = { ...filter, year };
  const hasYear = year !== undefined;
  const list = useQuery({ ...voucherKeys.list(company.Id, listFilter), enabled: hasYear });
  const statistics = useQuery({ ...voucherKeys.statistics(company.Id, year ?? 0), enabled: hasYear });
  const summary = useQuery({ ...voucherKeys.missingSummary(company.Id, year ?? 0), enabled: hasYear });

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / filter.pageSize));
  const selectedOnPage = rows.filter((row) => selectedIds.has(row.Id)).map((row) => row.Id);
  const today = todayIsoDate(displayTimeZone());
  const firstShown = total === 0 ? 0 : (filter.pageNumber - 1) * filter.pageSize + 1;
  const lastShown = Math.min(total, filter.pageNumber * filter.pageSize);
  const isPastLastPage = list.data !== undefined && filter.pageNumber > pageCount;

  useEffect(() => {
    if (isPastLastPage) onChangeFilter({ pageNumber: pageCount }, { isReplacing: true });
  }, [isPastLastPage, pageCount, onChangeFilter]);

  function voucherPath(voucherId: number) {
    return companyPath(company, `voucher/${voucherId}`);
  }

  function onOpen(voucher: Voucher) {
    navigate(voucherPath(voucher.Id), { state: { listSearch: searchParams.toString() } });
  }

  function onSelectYear(value: string | null) {
    const chosen = Number(value);
    if (!Number.isFinite(chosen)) return;
    storeVoucherYear(chosen);
    onChangeFilter({ year: chosen, month: 0 });
  }

  function onToggleSelected(voucherId: number) {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(voucherId)) next.delete(voucherId);
      else next.add(voucherId);
      return next;
    });
  }

  function onToggleAll() {
    const isAllSelected = rows.length > 0 && selectedOnPage.length === rows.length;
    setSelectedIds(isAllSelected ? new Set() : new Set(rows.map((row) => row.Id)));
  }

  function onConfirmDelete() {
    deleteVouchers.mutate(selectedOnPage, {
      onSuccess: () => {
        setSelectedIds(new Set());
        setIsConfirmingDelete(false);
      },
    });
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} fz={28}>
            {t('vouchers.list.title')}
          </Title>
          <Text c="dimmed">{t('vouchers.list.subtitle', { company: company.Name })}</Text>
        </Stack>
        <Group gap="sm" align="flex-end">
          <Select
            label={t('vouchers.list.year')}
            data={(years.data ?? []).map(String)}
            value={year === undefined ? null : String(year)}
            onChange={onSelectYear}
            allowDeselect={false}
            disabled={!years.data}
            w={110}
            data-testid="voucher-year"
          />
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => openFilePicker.current?.()}
          >
            {t('vouchers.upload.button')}
          </Button>
        </Group>
      </Group>

      {years.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('vouchers.list.yearsFailed')}
          data-testid="years-failed"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(years.error, t('errors.unexpected'))}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void years.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <>
          <VoucherStatisticsStrip
            counts={statistics.data}
            selectedMonth={filter.month}
            onSelectMonth={(month) => onChangeFilter({ month })}
          />
          <MissingSummaryBadges summary={summary.data} />
        </>
      )}

      <VoucherUpload companyId={company.Id} openRef={openFilePicker} voucherPath={voucherPath} />

      <Card withBorder radius="lg" padding={0}>
        <Stack gap="sm" p="md">
          <VoucherFilters filter={filter} onChangeFilter={onChangeFilter} onResetFilter={onResetFilter} />
          <Group justify="space-between" mih={30}>
            <Text size="sm" c="dimmed" data-testid="voucher-count" aria-live="polite">
              {list.data ? t('vouchers.list.showing', { first: firstShown, last: lastShown, total }) : ' '}
            </Text>
            <Group gap="xs">
              {list.isFetching && <Loader size="xs" aria-label={t('app.loading')} />}
              {selectedOnPage.length > 0 && (
                <Button
                  color="red"
                  variant="light"
                  size="xs"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => setIsConfirmingDelete(true)}
                >
                  {t('vouchers.delete.selected', { count: selectedOnPage.length })}
                </Button>
              )}
            </Group>
          </Group>
        </Stack>

        {list.isError ? (
          <Alert color="red" variant="light" m="md" icon={<IconAlertCircle aria-hidden />}>
            {errorMessage(list.error, t('errors.unexpected'))}
          </Alert>
        ) : list.data === undefined ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Center>
        ) : rows.length === 0 ? (
          <EmptyState
            py={48}
            icon={<IconReceiptOff size={28} aria-hidden />}
            withIndicatorBackground
            title={t('vouchers.list.emptyTitle')}
            description={t('vouchers.list.emptyText')}
            data-testid="voucher-list-empty"
          />
        ) : (
          <VoucherTable
            companyId={company.Id}
            rows={rows}
            filter={filter}
            today={today}
            selectedIds={selectedIds}
            onToggleSelected={onToggleSelected}
            onToggleAll={onToggleAll}
            onSort={(sortBy, sortType) => onChangeFilter({ sortBy, sortType })}
            onOpen={onOpen}
          />
        )}

        {pageCount > 1 && (
          <Group justify="center" p="md">
            <Pagination
              total={pageCount}
              value={Math.min(filter.pageNumber, pageCount)}
              onChange={(pageNumber) => onChangeFilter({ pageNumber })}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? t('vouchers.list.nextPage') : t('vouchers.list.previousPage'),
              })}
            />
          </Group>
        )}
      </Card>

      <ConfirmDeleteModal
        opened={isConfirmingDelete}
        count={selectedOnPage.length}
        isDeleting={deleteVouchers.isPending}
        onCancel={() => setIsConfirmingDelete(false)}
        onConfirm={onConfirmDelete}
      />
    </Stack>
  );
}
