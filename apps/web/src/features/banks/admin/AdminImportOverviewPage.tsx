import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Badge, Stack, Table, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCloudDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateFormat, formatDate } from '../../../ui/dates';
import { PageHeader } from '../../../ui/PageHeader';
import { SearchListCard } from '../../../ui/SearchListCard';
import { SortableHeader, type SortDirection } from '../../../ui/SortableHeader';
import { templateLabelKey } from './bank-admin.labels';
import { adminBankKeys } from './bank-admin.queries';
import {
  AUTO_IMPORT_SORT_FIELDS,
  type AutoImportSort,
  type AutoImportSortField,
  DEFAULT_AUTO_IMPORT_SORT,
  isAscendingFirst,
  searchAutoImportAccounts,
  sortAutoImportAccounts,
} from './bank-admin.search';

const SEARCH_PARAM = 'q';
const SORT_PARAM = 'sort';
const ORDER_PARAM = 'order';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function readSort(params: URLSearchParams): AutoImportSort {
  const sortBy = AUTO_IMPORT_SORT_FIELDS.find((field) => field === params.get(SORT_PARAM));
  if (sortBy === undefined) return DEFAULT_AUTO_IMPORT_SORT;
  const order = params.get(ORDER_PARAM);
  const sortType: SortDirection =
    order === 'asc' || order === 'desc' ? order : isAscendingFirst(sortBy) ? 'asc' : 'desc';
  return { sortBy, sortType };
}

/** Every company's bank accounts with how their statements come in, for administrators following up imports. */
export default function AdminImportOverviewPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const accounts = useQuery(adminBankKeys.autoImportAccounts());
  useDocumentTitle(`${t('nav.adminImportAuto')} – Bilag`);

  const query = searchParams.get(SEARCH_PARAM) ?? '';
  const sort = readSort(searchParams);
  const rows = accounts.data
    ? sortAutoImportAccounts(searchAutoImportAccounts(accounts.data, query), sort)
    : [];

  function onChangeParams(edit: (params: URLSearchParams) => void, isReplacing: boolean) {
    const next = new URLSearchParams(searchParams);
    edit(next);
    setSearchParams(next, { replace: isReplacing });
  }

  function onSearch(text: string) {
    onChangeParams((params) => {
      if (text === '') params.delete(SEARCH_PARAM);
      else params.set(SEARCH_PARAM, text);
    }, true);
  }

  function onSort(sortBy: AutoImportSortField, sortType: SortDirection) {
    onChangeParams((params) => {
      params.set(SORT_PARAM, sortBy);
      params.set(ORDER_PARAM, sortType);
    }, false);
  }

  function header(
    field: AutoImportSortField,
    label: string,
    options: { width?: number; isNumeric?: boolean } = {},
  ) {
    return (
      <SortableHeader
        field={field}
        label={label}
        filter={sort}
        onSort={onSort}
        isAscendingFirst={isAscendingFirst(field)}
        {...options}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('bankAdmin.imports.title')} subtitle={t('bankAdmin.imports.subtitle')} />

      <SearchListCard
        search={{
          label: t('bankAdmin.imports.search'),
          placeholder: t('bankAdmin.imports.searchPlaceholder'),
          value: query,
          onChange: onSearch,
          count: accounts.data ? t('bankAdmin.imports.count', { count: rows.length }) : undefined,
          isFetching: accounts.isFetching,
          searchTestId: 'import-search',
          countTestId: 'import-account-count',
        }}
        query={accounts}
        forbiddenTo="/unauthorized"
        isEmpty={() => rows.length === 0}
        empty={{
          icon: <IconCloudDownload size={28} aria-hidden />,
          title: t('bankAdmin.imports.emptyTitle'),
          description:
            accounts.data?.length === 0 ? t('bankAdmin.imports.emptyText') : t('bankAdmin.imports.noMatch'),
        }}
        table={{ label: t('bankAdmin.imports.tableLabel'), minWidth: 960, stickyHeader: true }}
        head={
          <Table.Tr>
            {header('CompanyName', t('bankAdmin.imports.fields.company'))}
            {header('AccountNumber', t('bankAdmin.imports.fields.account'))}
            {header('BankName', t('bankAdmin.imports.fields.bank'))}
            {header('Template', t('bankAdmin.imports.fields.template'))}
            {header('IsAutoImport', t('bankAdmin.imports.fields.autoImport'))}
            {header('LastImportAt', t('bankAdmin.imports.fields.lastImport'))}
            {header('TransactionCount', t('bankAdmin.imports.fields.transactions'), {
              isNumeric: true,
            })}
          </Table.Tr>
        }
      >
        {() =>
          rows.map((account) => (
            <Table.Tr key={account.CompanyBankId} data-testid={`import-row-${account.CompanyBankId}`}>
              <Table.Td>
                <Text size="sm" fw={500} truncate>
                  {account.CompanyName}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {account.CompanyAlias}
                </Text>
              </Table.Td>
              <Table.Td style={numeric}>{formatAccountNumber(account.AccountNumber)}</Table.Td>
              <Table.Td>
                <Text size="sm" truncate c={account.BankName ? undefined : 'dimmed'}>
                  {account.BankName ?? t('bankAdmin.imports.unknownBank')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c={account.Template ? undefined : 'dimmed'}>
                  {account.Template
                    ? t(templateLabelKey(account.Template))
                    : t('bankAdmin.imports.noTemplate')}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant={account.IsAutoImport ? 'light' : 'outline'}
                  color={account.IsAutoImport ? 'brand' : 'gray'}
                  radius="sm"
                  size="sm"
                  tt="none"
                >
                  {account.IsAutoImport ? t('bankAdmin.imports.on') : t('bankAdmin.imports.off')}
                </Badge>
              </Table.Td>
              <Table.Td style={numeric}>
                {account.LastImportAt ? (
                  formatDate(account.LastImportAt, DateFormat.dateTime)
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('bankAdmin.imports.never')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {account.TransactionCount.toLocaleString('nb-NO')}
              </Table.Td>
            </Table.Tr>
          ))
        }
      </SearchListCard>
    </Stack>
  );
}
