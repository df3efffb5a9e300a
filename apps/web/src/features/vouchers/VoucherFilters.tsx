import { VOUCHER_SOURCES, VOUCHER_STATUSES, VoucherPaymentState } from '@bilag/contracts';
import { Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconHash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, KEYWORD_DELAY_MS, useFilterText } from '../../ui/FilterBar';
import { countActiveFilters, type VoucherFilterChanges, type VoucherListFilter } from './voucher.filter';
import { paymentStateLabelKeys, paymentStateOf, sourceLabelKey, statusLabelKey } from './voucher.format';

type VoucherFiltersProps = {
  filter: VoucherListFilter;
  onChangeFilter: (changes: VoucherFilterChanges, options?: { isReplacing?: boolean }) => void;
  onResetFilter: () => void;
  /** Further controls of a screen that filters more (the admin list). */
  children?: ReactNode;
  hasExtraFilters?: boolean;
};

export function VoucherFilters({
  filter,
  onChangeFilter,
  onResetFilter,
  children,
  hasExtraFilters = false,
}: VoucherFiltersProps) {
  const { t } = useTranslation();
  const voucherId = useFilterText(filter.voucherId === undefined ? '' : String(filter.voucherId));

  const submitVoucherId = useDebouncedCallback((text: string) => {
    const id = Number(text);
    const isId = /^\d{1,15}$/.test(text) && id > 0;
    voucherId.markSubmitted(isId ? String(id) : '');
    onChangeFilter({ voucherId: isId ? id : undefined }, { isReplacing: true });
  }, KEYWORD_DELAY_MS);

  const sourceOptions = [
    { value: '-1', label: t('vouchers.filters.anySource') },
    ...VOUCHER_SOURCES.map((source) => ({ value: String(source), label: t(sourceLabelKey(source)) })),
  ];
  const paymentStateOptions = Object.values(VoucherPaymentState).map((state) => ({
    value: String(state),
    label: t(paymentStateLabelKeys[state]),
  }));
  const statusOptions = [
    { value: '-1', label: t('vouchers.filters.anyStatus') },
    ...VOUCHER_STATUSES.map((status) => ({ value: String(status), label: t(statusLabelKey(status)) })),
  ];

  return (
    <FilterBar
      filter={filter}
      onChangeFilter={onChangeFilter}
      onResetFilter={onResetFilter}
      onCancelTyping={submitVoucherId.cancel}
      isFiltered={countActiveFilters(filter) > 0 || hasExtraFilters}
      texts={{
        label: t('vouchers.filters.label'),
        keyword: t('vouchers.filters.keyword'),
        keywordPlaceholder: t('vouchers.filters.keywordPlaceholder'),
        from: t('vouchers.filters.from'),
        to: t('vouchers.filters.to'),
        reset: t('vouchers.filters.reset'),
      }}
    >
      <Select
        label={t('vouchers.filters.source')}
        data={sourceOptions}
        value={String(filter.source)}
        onChange={(value) => onChangeFilter({ source: Number(value ?? -1) })}
        allowDeselect={false}
        w={180}
        data-testid="filter-source"
      />
      <Select
        label={t('vouchers.filters.status')}
        data={statusOptions}
        value={String(filter.status)}
        onChange={(value) => onChangeFilter({ status: Number(value ?? -1) })}
        allowDeselect={false}
        w={150}
        data-testid="filter-status"
      />
      <Select
        label={t('vouchers.filters.paymentState')}
        data={paymentStateOptions}
        value={String(filter.paymentState)}
        onChange={(value) => onChangeFilter({ paymentState: paymentStateOf(value) })}
        allowDeselect={false}
        w={190}
        data-testid="filter-payment-state"
      />
      <TextInput
        label={t('vouchers.filters.voucherId')}
        leftSection={<IconHash size={14} aria-hidden />}
        inputMode="numeric"
        value={voucherId.text}
        onChange={(event) => {
          const digits = event.currentTarget.value.replace(/\D/g, '');
          voucherId.setText(digits);
          submitVoucherId(digits);
        }}
        w={120}
        data-testid="filter-voucher-id"
      />
      {children}
    </FilterBar>
  );
}
