import { VOUCHER_SOURCES, VOUCHER_STATUSES } from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconHash, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from './DateTextInput';
import { countActiveFilters, type VoucherFilterChanges, type VoucherListFilter } from './voucher.filter';
import { sourceLabelKey, statusLabelKey } from './voucher.format';

const KEYWORD_DELAY_MS = 300;

type VoucherFiltersProps = {
  filter: VoucherListFilter;
  onChangeFilter: (changes: VoucherFilterChanges, options?: { isReplacing?: boolean }) => void;
  onResetFilter: () => void;
  /** Further controls of a screen that filters more (the admin list). */
  children?: ReactNode;
  hasExtraFilters?: boolean;
};

/**
 * Text typed into a filter, kept apart from the filter in the address while the person types. It
 * follows the address only when the address changes for another reason (reset, back button).
 */
function useFilterText(source: string) {
  const [text, setText] = useState(source);
  const submitted = useRef(source);
  useEffect(() => {
    if (source === submitted.current) return;
    submitted.current = source;
    setText(source);
  }, [source]);
  function markSubmitted(value: string) {
    submitted.current = value;
  }
  return { text, setText, markSubmitted };
}

function toDateText(date: string | undefined): string {
  return date ? formatDate(date) : '';
}

export function VoucherFilters({
  filter,
  onChangeFilter,
  onResetFilter,
  children,
  hasExtraFilters = false,
}: VoucherFiltersProps) {
  const { t } = useTranslation();
  const keyword = useFilterText(filter.keyword ?? '');
  const voucherId = useFilterText(filter.voucherId === undefined ? '' : String(filter.voucherId));
  const from = useFilterText(toDateText(filter.from));
  const to = useFilterText(toDateText(filter.to));

  const submitKeyword = useDebouncedCallback((text: string) => {
    keyword.markSubmitted(text.trim());
    onChangeFilter({ keyword: text.trim() || undefined }, { isReplacing: true });
  }, KEYWORD_DELAY_MS);

  const submitVoucherId = useDebouncedCallback((text: string) => {
    const id = Number(text);
    const isId = /^\d{1,15}$/.test(text) && id > 0;
    voucherId.markSubmitted(isId ? String(id) : '');
    onChangeFilter({ voucherId: isId ? id : undefined }, { isReplacing: true });
  }, KEYWORD_DELAY_MS);

  /** A keyword still waiting for its delay would otherwise come back right after the reset. */
  function onReset() {
    submitKeyword.cancel();
    submitVoucherId.cancel();
    onResetFilter();
  }

  const sourceOptions = [
    { value: '-1', label: t('vouchers.filters.anySource') },
    ...VOUCHER_SOURCES.map((source) => ({ value: String(source), label: t(sourceLabelKey(source)) })),
  ];
  const statusOptions = [
    { value: '-1', label: t('vouchers.filters.anyStatus') },
    ...VOUCHER_STATUSES.map((status) => ({ value: String(status), label: t(statusLabelKey(status)) })),
  ];
  const isFiltered = countActiveFilters(filter) > 0 || hasExtraFilters;

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('vouchers.filters.label')}>
      <TextInput
        label={t('vouchers.filters.keyword')}
        placeholder={t('vouchers.filters.keywordPlaceholder')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={keyword.text}
        onChange={(event) => {
          keyword.setText(event.currentTarget.value);
          submitKeyword(event.currentTarget.value);
        }}
        w={{ base: '100%', sm: 240 }}
        data-testid="filter-keyword"
      />
      <DateTextInput
        label={t('vouchers.filters.from')}
        value={from.text}
        onChange={from.setText}
        onCommit={(date) => {
          from.markSubmitted(toDateText(date ?? undefined));
          if (date !== (filter.from ?? null)) onChangeFilter({ from: date ?? undefined });
        }}
        w={150}
        data-testid="filter-from"
      />
      <DateTextInput
        label={t('vouchers.filters.to')}
        value={to.text}
        onChange={to.setText}
        onCommit={(date) => {
          to.markSubmitted(toDateText(date ?? undefined));
          if (date !== (filter.to ?? null)) onChangeFilter({ to: date ?? undefined });
        }}
        w={150}
        data-testid="filter-to"
      />
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
      {isFiltered && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onReset}
        >
          {t('vouchers.filters.reset')}
        </Button>
      )}
    </Group>
  );
}
