import { BANK_TRANSACTION_STATUSES, FilterAmount } from '@bilag/contracts';
import { Input, SegmentedControl, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../ui/FilterBar';
import {
  countActiveTransactionFilters,
  type TransactionFilterChanges,
  type TransactionListFilter,
} from './transaction.filter';
import { statusLabelKey } from './transaction.format';

type TransactionFiltersProps = {
  filter: TransactionListFilter;
  onChangeFilter: (changes: TransactionFilterChanges, options?: { isReplacing?: boolean }) => void;
  onResetFilter: () => void;
};

const directionLabelKeys = {
  all: 'bankTransactions.filters.directionAll',
  in: 'bankTransactions.filters.directionIn',
  out: 'bankTransactions.filters.directionOut',
} as const;

export function TransactionFilters({ filter, onChangeFilter, onResetFilter }: TransactionFiltersProps) {
  const { t } = useTranslation();
  const statusOptions = [
    { value: '0', label: t('bankTransactions.filters.anyStatus') },
    ...BANK_TRANSACTION_STATUSES.map((status) => ({
      value: String(status),
      label: t(statusLabelKey(status)),
    })),
  ];

  return (
    <FilterBar
      filter={filter}
      onChangeFilter={onChangeFilter}
      onResetFilter={onResetFilter}
      isFiltered={countActiveTransactionFilters(filter) > 0}
      texts={{
        label: t('bankTransactions.filters.label'),
        keyword: t('bankTransactions.filters.keyword'),
        keywordPlaceholder: t('bankTransactions.filters.keywordPlaceholder'),
        from: t('bankTransactions.filters.from'),
        to: t('bankTransactions.filters.to'),
        reset: t('bankTransactions.filters.reset'),
      }}
    >
      <Select
        label={t('bankTransactions.filters.status')}
        data={statusOptions}
        value={String(filter.status)}
        onChange={(value) => onChangeFilter({ status: Number(value ?? 0) })}
        allowDeselect={false}
        w={170}
        data-testid="filter-status"
      />
      <Input.Wrapper label={t('bankTransactions.filters.direction')} labelElement="div" id="filter-direction">
        <SegmentedControl
          aria-labelledby="filter-direction-label"
          data={FilterAmount.options.map((direction) => ({
            value: direction,
            label: t(directionLabelKeys[direction]),
          }))}
          value={filter.filterAmount}
          onChange={(value) => onChangeFilter({ filterAmount: FilterAmount.catch('all').parse(value) })}
          display="flex"
          data-testid="filter-direction"
        />
      </Input.Wrapper>
    </FilterBar>
  );
}
