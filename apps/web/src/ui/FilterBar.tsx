import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { DateTextInput } from './DateTextInput';

export const KEYWORD_DELAY_MS = 300;

/** The part of a list filter this bar edits: a keyword and a date range. */
export type KeywordDateFilter = {
  keyword?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export type FilterBarTexts = {
  label: string;
  keyword: string;
  keywordPlaceholder: string;
  from: string;
  to: string;
  reset: string;
};

type FilterBarProps = {
  filter: KeywordDateFilter;
  onChangeFilter: (changes: KeywordDateFilter, options?: { isReplacing?: boolean }) => void;
  onResetFilter: () => void;
  /** Typing waits of the caller's own fields, cancelled before a reset so they do not undo it. */
  onCancelTyping?: () => void;
  isFiltered: boolean;
  texts: FilterBarTexts;
  /** The list's own filters, shown between the date range and the reset button. */
  children?: ReactNode;
};

/**
 * Text typed into a filter, kept apart from the filter in the address while the person types. It
 * follows the address only when the address changes for another reason (reset, back button).
 */
export function useFilterText(source: string) {
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

/** A list's search field and date range, each kept in the address, with the list's own filters beside. */
export function FilterBar({
  filter,
  onChangeFilter,
  onResetFilter,
  onCancelTyping,
  isFiltered,
  texts,
  children,
}: FilterBarProps) {
  const keyword = useFilterText(filter.keyword ?? '');
  const from = useFilterText(toDateText(filter.from));
  const to = useFilterText(toDateText(filter.to));

  const submitKeyword = useDebouncedCallback((text: string) => {
    keyword.markSubmitted(text.trim());
    onChangeFilter({ keyword: text.trim() || undefined }, { isReplacing: true });
  }, KEYWORD_DELAY_MS);

  /** A keyword still waiting for its delay would otherwise come back right after the reset. */
  function onReset() {
    submitKeyword.cancel();
    onCancelTyping?.();
    onResetFilter();
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={texts.label}>
      <TextInput
        label={texts.keyword}
        placeholder={texts.keywordPlaceholder}
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
        label={texts.from}
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
        label={texts.to}
        value={to.text}
        onChange={to.setText}
        onCommit={(date) => {
          to.markSubmitted(toDateText(date ?? undefined));
          if (date !== (filter.to ?? null)) onChangeFilter({ to: date ?? undefined });
        }}
        w={150}
        data-testid="filter-to"
      />
      {children}
      {isFiltered && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onReset}
        >
          {texts.reset}
        </Button>
      )}
    </Group>
  );
}
