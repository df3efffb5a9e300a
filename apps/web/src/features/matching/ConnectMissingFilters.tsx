import { BankTransactionStatus } from '@bilag/contracts';
import { Group, Input, SegmentedControl, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterResetButton, KeywordInput, useKeywordText } from '../../ui/FilterBar';
import {
  type ConnectMissingFilterChanges,
  type ConnectMissingListFilter,
  countActiveConnectMissingFilters,
  readSortChoice,
  SORT_CHOICES,
  sortChoiceOf,
} from './connect-missing.filter';

type ConnectMissingFiltersProps = {
  filter: ConnectMissingListFilter;
  onChangeFilter: (changes: ConnectMissingFilterChanges, options?: { isReplacing?: boolean }) => void;
  onResetFilter: () => void;
};

/** 0, the filter's default, lists the transactions missing a voucher; the others are statuses to list. */
const STATUS_CHOICES = [0, BankTransactionStatus.PRIVATE, BankTransactionStatus.LOST] as const;

const statusLabelKeys = {
  0: 'matching.filters.statusMissing',
  [BankTransactionStatus.PRIVATE]: 'matching.filters.statusPrivate',
  [BankTransactionStatus.LOST]: 'matching.filters.statusLost',
} as const satisfies Record<(typeof STATUS_CHOICES)[number], string>;

const connectStatusLabelKeys = {
  0: 'matching.filters.suggestionsAll',
  1: 'matching.filters.suggestionsWith',
  2: 'matching.filters.suggestionsWithout',
} as const;

const sortLabelKeys = {
  newest: 'matching.filters.sortNewest',
  oldest: 'matching.filters.sortOldest',
  largest: 'matching.filters.sortLargest',
  smallest: 'matching.filters.sortSmallest',
} as const;

function readStatus(value: string | null): ConnectMissingListFilter['status'] {
  return STATUS_CHOICES.find((status) => String(status) === value) ?? 0;
}

function readConnectStatus(value: string): ConnectMissingListFilter['connectStatus'] {
  return value === '1' ? 1 : value === '2' ? 2 : 0;
}

/** The search, the kind of transaction, whether it has suggestions, and the order, all kept in the address. */
export function ConnectMissingFilters({ filter, onChangeFilter, onResetFilter }: ConnectMissingFiltersProps) {
  const { t } = useTranslation();
  const keyword = useKeywordText(filter.keyword, (submitted) =>
    onChangeFilter({ keyword: submitted }, { isReplacing: true }),
  );

  function onReset() {
    keyword.cancel();
    onResetFilter();
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('matching.filters.label')}>
      <KeywordInput
        label={t('matching.filters.keyword')}
        placeholder={t('matching.filters.keywordPlaceholder')}
        keyword={keyword}
      />
      <Select
        label={t('matching.filters.status')}
        data={STATUS_CHOICES.map((status) => ({
          value: String(status),
          label: t(statusLabelKeys[status]),
        }))}
        value={String(filter.status)}
        onChange={(value) => onChangeFilter({ status: readStatus(value) })}
        allowDeselect={false}
        w={190}
        data-testid="filter-status"
      />
      <Input.Wrapper label={t('matching.filters.suggestions')} labelElement="div" id="filter-suggestions">
        <SegmentedControl
          aria-labelledby="filter-suggestions-label"
          data={([0, 1, 2] as const).map((connectStatus) => ({
            value: String(connectStatus),
            label: t(connectStatusLabelKeys[connectStatus]),
          }))}
          value={String(filter.connectStatus)}
          onChange={(value) => onChangeFilter({ connectStatus: readConnectStatus(value) })}
          display="flex"
          data-testid="filter-suggestions"
        />
      </Input.Wrapper>
      <Select
        label={t('matching.filters.sort')}
        data={SORT_CHOICES.map((choice) => ({ value: choice, label: t(sortLabelKeys[choice]) }))}
        value={sortChoiceOf(filter)}
        onChange={(value) => {
          const sort = readSortChoice(value);
          if (sort) onChangeFilter(sort);
        }}
        allowDeselect={false}
        w={200}
        data-testid="filter-sort"
      />
      {countActiveConnectMissingFilters(filter) > 0 && (
        <FilterResetButton label={t('matching.filters.reset')} onReset={onReset} />
      )}
    </Group>
  );
}
