import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
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

/**
 * A keyword typed into a search field, passed on trimmed (empty as undefined) once typing pauses.
 * `cancel` drops a keyword still waiting, so it does not come back right after a reset.
 */
export function useKeywordText(keyword: string | undefined, onSubmit: (keyword: string | undefined) => void) {
  const typed = useFilterText(keyword ?? '');
  const submit = useDebouncedCallback((text: string) => {
    typed.markSubmitted(text.trim());
    onSubmit(text.trim() || undefined);
  }, KEYWORD_DELAY_MS);
  function onChange(text: string) {
    typed.setText(text);
    submit(text);
  }
  return { text: typed.text, onChange, cancel: submit.cancel };
}

const KEYWORD_PARAM = 'q';

/** The keyword of a list searched on the server, kept in the address as `q` and replaced as it is typed. */
export function useKeywordParam() {
  const [searchParams, setSearchParams] = useSearchParams();
  const keyword = searchParams.get(KEYWORD_PARAM)?.trim() || undefined;
  const keywordText = useKeywordText(keyword, (submitted) => {
    const next = new URLSearchParams(searchParams);
    if (submitted === undefined) next.delete(KEYWORD_PARAM);
    else next.set(KEYWORD_PARAM, submitted);
    setSearchParams(next, { replace: true });
  });
  return { keyword, keywordText };
}

type KeywordInputProps = {
  label: string;
  placeholder: string;
  keyword: { text: string; onChange: (text: string) => void };
};

/** The search field of a list's filter bar. */
export function KeywordInput({ label, placeholder, keyword }: KeywordInputProps) {
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={keyword.text}
      onChange={(event) => keyword.onChange(event.currentTarget.value)}
      w={{ base: '100%', sm: 240 }}
      data-testid="filter-keyword"
    />
  );
}

/** Clears a list's filters; shown only while some filter is set. */
export function FilterResetButton({ label, onReset }: { label: string; onReset: () => void }) {
  return (
    <Button
      variant="subtle"
      color="gray"
      leftSection={<IconFilterOff size={16} aria-hidden />}
      onClick={onReset}
    >
      {label}
    </Button>
  );
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
  const keyword = useKeywordText(filter.keyword, (submitted) =>
    onChangeFilter({ keyword: submitted }, { isReplacing: true }),
  );
  const from = useFilterText(toDateText(filter.from));
  const to = useFilterText(toDateText(filter.to));

  function onReset() {
    keyword.cancel();
    onCancelTyping?.();
    onResetFilter();
  }

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={texts.label}>
      <KeywordInput label={texts.keyword} placeholder={texts.keywordPlaceholder} keyword={keyword} />
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
      {isFiltered && <FilterResetButton label={texts.reset} onReset={onReset} />}
    </Group>
  );
}
