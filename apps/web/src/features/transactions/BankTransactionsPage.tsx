import type { BankTransaction } from '@bilag/contracts';
import { Badge, Button, CloseButton, Select, Stack, Tabs } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowsExchange, IconFileImport, IconHistory, IconListDetails } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { useRowSelection } from '../../ui/SelectableTable';
import { StatisticsStrip } from '../../ui/StatisticsStrip';
import { YearSelect } from '../../ui/YearSelect';
import { listYear } from '../../ui/year';
import { companyBankKeys } from '../banks';
import { BankImportHistory } from '../imports';
import { ExportPrivateLostButton } from './ExportPrivateLostButton';
import { TransactionBulkActions } from './TransactionBulkActions';
import { TransactionDrawer } from './TransactionDrawer';
import { TransactionFilters } from './TransactionFilters';
import { TransactionSummaryBadges } from './TransactionSummaryBadges';
import { TransactionTable } from './TransactionTable';
import {
  bankYear,
  listQueryFilter,
  type TransactionFilterChanges,
  type TransactionListFilter,
  transactionListSearch,
  useTransactionFilter,
} from './transaction.filter';
import { accountLabel } from './transaction.format';
import { transactionKeys } from './transaction.queries';

/** Address parameters of the screen beside the filter: the open transaction and the tab shown. */
const TRANSACTION_PARAM = 'transaction';
const VIEW_PARAM = 'view';
const IMPORTS_VIEW = 'imports';
const TransactionIdParam = z.coerce.number().int().positive();

/**
 * The year's month strip and the counts of transactions by status. Their queries are its own, so each
 * answer renders these alone rather than the whole page with its table of transactions.
 */
function TransactionYearOverview({
  companyId,
  scope,
  isEnabled,
  filter,
  onChangeFilter,
}: {
  companyId: number;
  scope: { year: number; companyBankId: number };
  isEnabled: boolean;
  filter: TransactionListFilter;
  onChangeFilter: (changes: TransactionFilterChanges) => void;
}) {
  const { t } = useTranslation();
  const statistics = useQuery({ ...transactionKeys.statistics(companyId, scope), enabled: isEnabled });
  const summary = useQuery({ ...transactionKeys.missingSummary(companyId, scope), enabled: isEnabled });
  return (
    <>
      <StatisticsStrip
        counts={statistics.data}
        selectedMonth={filter.importId === undefined ? filter.month : -1}
        onSelectMonth={(month) => onChangeFilter({ month, importId: undefined })}
        texts={{
          label: t('bankTransactions.statistics.label'),
          count: (count) => t('bankTransactions.statistics.count', { count }),
          wholeYear: t('bankTransactions.statistics.wholeYear'),
        }}
        data-testid="transaction-statistics"
      />
      <TransactionSummaryBadges
        summary={summary.data}
        selectedStatus={filter.status}
        onSelectStatus={(status) => onChangeFilter({ status })}
      />
    </>
  );
}

export default function BankTransactionsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const { filter, searchParams, onChangeFilter, onChangeSearchParams, onResetFilter } =
    useTransactionFilter();
  useDocumentTitle(`${t('nav.bank')} – ${company.Name} – Bilag`);

  const accounts = useQuery(companyBankKeys.list(company.Id));
  const years = useQuery(transactionKeys.years(company.Id));
  const { year, onSelectYear } = listYear(bankYear, years.data, filter.year, onChangeFilter);
  const hasYear = year !== undefined;
  const scope = { year: year ?? 0, companyBankId: filter.companyBankId };
  const list = useQuery({
    ...transactionKeys.list(company.Id, listQueryFilter(filter, year)),
    enabled: hasYear,
  });

  const { rows, summary: listSummary, pagination } = usePagedList(list.data, { filter, onChangeFilter });
  const selection = useRowSelection(rows.map((row) => row.Id));
  const accountNames = new Map((accounts.data ?? []).map((account) => [account.Id, accountLabel(account)]));
  const accountOptions = [
    { value: '0', label: t('bankTransactions.list.allAccounts') },
    ...(accounts.data ?? []).map((account) => ({ value: String(account.Id), label: accountLabel(account) })),
  ];
  const openTransactionId = TransactionIdParam.safeParse(searchParams.get(TRANSACTION_PARAM)).data;
  const view = searchParams.get(VIEW_PARAM) === IMPORTS_VIEW ? IMPORTS_VIEW : 'transactions';
  const importPath = companyPath(company, 'bank/import-document');

  function onOpen(transaction: BankTransaction) {
    onChangeSearchParams((params) => params.set(TRANSACTION_PARAM, String(transaction.Id)), {
      isKeepingPage: true,
    });
  }

  function onCloseTransaction() {
    onChangeSearchParams((params) => params.delete(TRANSACTION_PARAM), {
      isKeepingPage: true,
      isReplacing: true,
    });
  }

  /** The transactions of one import, of every year, with the other filters cleared. */
  function onShowImport(importId: number, companyBankId: number) {
    const shown = new URLSearchParams(transactionListSearch({ year: filter.year, importId, companyBankId }));
    onChangeSearchParams((params) => {
      for (const name of [...params.keys()]) params.delete(name);
      for (const [name, value] of shown) params.set(name, value);
    });
  }

  function onChangeView(next: string | null) {
    onChangeSearchParams(
      (params) => {
        if (next === IMPORTS_VIEW) params.set(VIEW_PARAM, IMPORTS_VIEW);
        else params.delete(VIEW_PARAM);
      },
      { isKeepingPage: true },
    );
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('bankTransactions.list.title')}
        subtitle={t('bankTransactions.list.subtitle', { company: company.Name })}
      >
        <Select
          label={t('bankTransactions.list.account')}
          data={accountOptions}
          value={String(filter.companyBankId)}
          onChange={(value) => onChangeFilter({ companyBankId: Number(value ?? 0), importId: undefined })}
          allowDeselect={false}
          w={{ base: '100%', xs: 260 }}
          data-testid="bank-account"
        />
        <YearSelect
          label={t('bankTransactions.list.year')}
          years={years.data}
          year={year}
          onSelectYear={onSelectYear}
          data-testid="bank-year"
        />
        <ExportPrivateLostButton companyId={company.Id} companyBankId={filter.companyBankId} year={year} />
        <Button
          component={Link}
          to={importPath}
          leftSection={<IconFileImport size={18} aria-hidden />}
          data-testid="import-bank-file"
        >
          {t('bankTransactions.list.importButton')}
        </Button>
      </PageHeader>

      <Tabs value={view} onChange={onChangeView} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="transactions" leftSection={<IconListDetails size={16} aria-hidden />}>
            {t('bankTransactions.list.tabTransactions')}
          </Tabs.Tab>
          <Tabs.Tab
            value={IMPORTS_VIEW}
            leftSection={<IconHistory size={16} aria-hidden />}
            data-testid="tab-imports"
          >
            {t('bankTransactions.list.tabImports')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="transactions" pt="lg">
          <Stack gap="lg">
            {years.isError ? (
              <ErrorAlert
                title={t('bankTransactions.list.yearsFailed')}
                error={years.error}
                onRetry={() => void years.refetch()}
                data-testid="years-failed"
              />
            ) : (
              <TransactionYearOverview
                companyId={company.Id}
                scope={scope}
                isEnabled={hasYear}
                filter={filter}
                onChangeFilter={onChangeFilter}
              />
            )}

            <ListCard
              filters={
                <TransactionFilters
                  filter={filter}
                  onChangeFilter={onChangeFilter}
                  onResetFilter={onResetFilter}
                />
              }
              countRow={{
                summary: listSummary,
                'data-testid': 'transaction-count',
                notes: filter.importId !== undefined && (
                  <Badge
                    variant="light"
                    tt="none"
                    rightSection={
                      <CloseButton
                        size="xs"
                        variant="transparent"
                        aria-label={t('bankTransactions.list.clearImport')}
                        onClick={() => onChangeFilter({ importId: undefined })}
                      />
                    }
                    data-testid="import-filter"
                  >
                    {t('bankTransactions.list.onlyImport', { id: filter.importId })}
                  </Badge>
                ),
                actions: (
                  <TransactionBulkActions
                    companyId={company.Id}
                    selectedIds={selection.selectedOnPage}
                    onDone={selection.onClearSelection}
                  />
                ),
              }}
              query={list}
              empty={{
                icon: <IconArrowsExchange size={28} aria-hidden />,
                title: t('bankTransactions.list.emptyTitle'),
                description: t('bankTransactions.list.emptyText'),
                'data-testid': 'transaction-list-empty',
              }}
              pagination={pagination}
            >
              <TransactionTable
                companyId={company.Id}
                rows={rows}
                filter={filter}
                accountNames={accountNames}
                selection={selection}
                onSort={(sortBy, sortType) => onChangeFilter({ sortBy, sortType })}
                onOpen={onOpen}
              />
            </ListCard>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value={IMPORTS_VIEW} pt="lg">
          <BankImportHistory
            companyId={company.Id}
            companyBankId={filter.companyBankId}
            accountNames={accountNames}
            importPath={importPath}
            onShowTransactions={(bankImport) => onShowImport(bankImport.Id, bankImport.CompanyBankId)}
          />
        </Tabs.Panel>
      </Tabs>

      <TransactionDrawer
        companyId={company.Id}
        transactionId={openTransactionId}
        accountNames={accountNames}
        onClose={onCloseTransaction}
        onShowImport={onShowImport}
      />
    </Stack>
  );
}
