import type { BankTransaction, MissingTransaction, VoucherSuggestion } from '@bilag/contracts';
import { Anchor, Box, Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFileAlert, IconLink, IconLock, IconSearch, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import type { RowSelection } from '../../ui/SelectableTable';
import { SignedAmount } from '../../ui/SignedAmount';
import { toastFailure } from '../../ui/toast';
import { rowCommandOf } from './connect-missing.keys';
import { MatchReasons, MatchScore } from './MatchReasons';
import { voucherName } from './matching.format';
import {
  useConnectMutation,
  useMarkMissingMutation,
  useRejectSuggestionMutation,
} from './matching.mutations';

type MissingTransactionListProps = {
  companyId: number;
  rows: readonly MissingTransaction[];
  selection: RowSelection;
  onFindVoucher: (transaction: BankTransaction) => void;
  onVoucherMissing: (transaction: BankTransaction) => void;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const ROW_SELECTOR = '[data-row-id]';

type SuggestionActions = {
  isBusy: boolean;
  onConnect: (suggestion: VoucherSuggestion) => void;
  onReject: (suggestion: VoucherSuggestion) => void;
};

function SuggestionRow({
  suggestion,
  isBest,
  isBusy,
  onConnect,
  onReject,
}: { suggestion: VoucherSuggestion; isBest: boolean } & SuggestionActions) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const voucher = suggestion.Voucher;
  const name = voucherName(voucher, t);
  return (
    <Paper
      role="listitem"
      radius="md"
      px="sm"
      py={6}
      bg={isBest ? 'var(--mantine-color-brand-light)' : 'var(--mantine-color-gray-0)'}
      data-testid={`suggestion-${voucher.Id}`}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={4} miw={0} style={{ flex: 1 }}>
          <Group gap="sm" wrap="wrap">
            <Anchor component={Link} to={companyPath(company, `voucher/${voucher.Id}`)} size="sm" fw={600}>
              {voucher.SupplierName ?? t('matching.voucherNameNoSupplier', { id: voucher.Id })}
            </Anchor>
            <Text size="sm" c="dimmed" style={numeric}>
              {formatCalendarDate(voucher.Date) || '—'}
            </Text>
            <Text size="sm" fw={600} style={numeric}>
              {voucher.AmountOre === null ? '—' : formatMoney(voucher.AmountOre, voucher.Currency)}
            </Text>
            <MatchScore score={suggestion.Score} />
          </Group>
          <MatchReasons reasons={suggestion.Reasons} />
        </Stack>
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            leftSection={<IconLink size={14} aria-hidden />}
            aria-label={t('matching.suggestion.connectLabel', { voucher: name })}
            disabled={isBusy}
            onClick={() => onConnect(suggestion)}
            data-testid="connect-suggestion"
          >
            {t('matching.suggestion.connect')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconX size={14} aria-hidden />}
            aria-label={t('matching.suggestion.rejectLabel', { voucher: name })}
            disabled={isBusy}
            onClick={() => onReject(suggestion)}
            data-testid="reject-suggestion"
          >
            {t('matching.suggestion.reject')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

type MissingRowProps = {
  row: MissingTransaction;
  isSelected: boolean;
  isCurrent: boolean;
  isBusy: boolean;
  onToggleSelected: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLLIElement>) => void;
  onFindVoucher: () => void;
  onMarkPrivate: () => void;
  onVoucherMissing: () => void;
} & Omit<SuggestionActions, 'isBusy'>;

function MissingRow({
  row,
  isSelected,
  isCurrent,
  isBusy,
  onToggleSelected,
  onFocus,
  onKeyDown,
  onFindVoucher,
  onMarkPrivate,
  onVoucherMissing,
  onConnect,
  onReject,
}: MissingRowProps) {
  const { t } = useTranslation();
  const transaction = row.Transaction;
  const details = [transaction.Text2, transaction.CounterpartyName].filter(Boolean).join(' · ');
  const date = formatCalendarDate(transaction.Date);
  return (
    <Box
      component="li"
      tabIndex={0}
      data-row-id={transaction.Id}
      data-testid={`missing-row-${transaction.Id}`}
      aria-label={t('matching.row.label', {
        date,
        text: transaction.Text || t('bankTransactions.list.noText'),
        amount: formatMoney(transaction.AmountOre, transaction.Currency),
      })}
      aria-current={isCurrent || undefined}
      px="md"
      py="sm"
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      style={{
        borderTop: '1px solid var(--mantine-color-default-border)',
        boxShadow: isCurrent ? 'inset 3px 0 0 var(--mantine-color-brand-filled)' : undefined,
        backgroundColor: isSelected ? 'var(--mantine-color-brand-light)' : undefined,
        opacity: isBusy ? 0.6 : 1,
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {/* The row takes Space itself, so its checkbox stays out of the tab order. */}
        <Checkbox
          mt={2}
          aria-label={t('bankTransactions.list.selectOne', { text: transaction.Text, id: transaction.Id })}
          checked={isSelected}
          onChange={onToggleSelected}
          tabIndex={-1}
        />
        <Stack gap="xs" miw={0} style={{ flex: 1 }}>
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <Group gap="md" wrap="nowrap" miw={0} align="flex-start" style={{ flex: 1 }}>
              <Text size="sm" c="dimmed" style={numeric}>
                {date}
              </Text>
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate title={transaction.Text}>
                  {transaction.Text || t('bankTransactions.list.noText')}
                </Text>
                {details && (
                  <Text size="xs" c="dimmed" truncate title={details}>
                    {details}
                  </Text>
                )}
              </Stack>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <SignedAmount amountOre={transaction.AmountOre} currency={transaction.Currency} />
              <Button
                size="compact-xs"
                variant="subtle"
                leftSection={<IconSearch size={14} aria-hidden />}
                disabled={isBusy}
                onClick={onFindVoucher}
                data-testid="find-voucher"
              >
                {t('matching.row.findVoucher')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="grape"
                leftSection={<IconLock size={14} aria-hidden />}
                disabled={isBusy}
                onClick={onMarkPrivate}
                data-testid="mark-private"
              >
                {t('matching.row.markPrivate')}
              </Button>
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconFileAlert size={14} aria-hidden />}
                disabled={isBusy}
                onClick={onVoucherMissing}
                data-testid="voucher-missing"
              >
                {t('matching.row.voucherMissing')}
              </Button>
            </Group>
          </Group>
          {row.Suggestions.length === 0 ? (
            <Text size="xs" c="dimmed" data-testid="no-suggestions">
              {t('matching.row.noSuggestions')}
            </Text>
          ) : (
            <Stack gap={4} role="list" aria-label={t('matching.row.suggestions')}>
              {row.Suggestions.map((suggestion, index) => (
                <SuggestionRow
                  key={suggestion.Voucher.Id}
                  suggestion={suggestion}
                  isBest={index === 0}
                  isBusy={isBusy}
                  onConnect={onConnect}
                  onReject={onReject}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Group>
    </Box>
  );
}

/**
 * The transactions that lack a voucher, each with the vouchers that may be its own, best first. A row
 * with the focus answers to keys (see connect-missing.keys.ts); when it leaves the list, the focus
 * moves on to the row that took its place, so a person can work through the list without the mouse.
 */
export function MissingTransactionList({
  companyId,
  rows,
  selection,
  onFindVoucher,
  onVoucherMissing,
}: MissingTransactionListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState<{ id: number; index: number }>();
  const connect = useConnectMutation(companyId);
  const reject = useRejectSuggestionMutation(companyId);
  const markMissing = useMarkMissingMutation(companyId);
  const busyId = connect.isPending
    ? connect.variables.transactionIds[0]
    : reject.isPending
      ? reject.variables.transactionId
      : markMissing.isPending
        ? markMissing.variables.transactionId
        : undefined;

  useEffect(() => {
    if (!current || rows.some((row) => row.Transaction.Id === current.id)) return;
    const active = document.activeElement;
    const hadFocus = active === null || active === document.body || listRef.current?.contains(active);
    const next = rows[Math.min(current.index, rows.length - 1)];
    if (!hadFocus || !next) return;
    listRef.current?.querySelector<HTMLElement>(`[data-row-id="${next.Transaction.Id}"]`)?.focus();
  }, [rows, current]);

  function onConnect(transaction: BankTransaction, suggestion: VoucherSuggestion) {
    connect.mutate(
      { transactionIds: [transaction.Id], voucherIds: [suggestion.Voucher.Id] },
      { onError: toastFailure },
    );
  }

  function onReject(transaction: BankTransaction, suggestion: VoucherSuggestion) {
    reject.mutate({ transactionId: transaction.Id, voucherId: suggestion.Voucher.Id });
  }

  function onMarkPrivate(transaction: BankTransaction) {
    markMissing.mutate({ transactionId: transaction.Id, isPrivate: true, note: '', files: [] });
  }

  function focusSibling(element: HTMLElement, direction: 'next' | 'previous') {
    const all = [...(listRef.current?.querySelectorAll<HTMLElement>(ROW_SELECTOR) ?? [])];
    const at = all.indexOf(element);
    all[direction === 'next' ? at + 1 : at - 1]?.focus();
  }

  function onRowKeyDown(event: KeyboardEvent<HTMLLIElement>, row: MissingTransaction) {
    if (event.target !== event.currentTarget) return;
    const command = rowCommandOf(event);
    if (command === undefined) return;
    event.preventDefault();
    const best = row.Suggestions[0];
    const isBusy = busyId !== undefined;
    switch (command) {
      case 'next':
      case 'previous':
        focusSibling(event.currentTarget, command);
        break;
      case 'select':
        selection.onToggleSelected(row.Transaction.Id);
        break;
      case 'connect':
        if (best && !isBusy) onConnect(row.Transaction, best);
        break;
      case 'reject':
        if (best && !isBusy) onReject(row.Transaction, best);
        break;
      case 'markPrivate':
        if (!isBusy) onMarkPrivate(row.Transaction);
        break;
    }
  }

  return (
    <Box
      component="ul"
      ref={listRef}
      aria-label={t('matching.list.label')}
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      data-testid="missing-list"
    >
      {rows.map((row, index) => {
        const transaction = row.Transaction;
        return (
          <MissingRow
            key={transaction.Id}
            row={row}
            isSelected={selection.selectedIds.has(transaction.Id)}
            isCurrent={current?.id === transaction.Id}
            isBusy={busyId === transaction.Id}
            onToggleSelected={() => selection.onToggleSelected(transaction.Id)}
            onFocus={() => setCurrent({ id: transaction.Id, index })}
            onKeyDown={(event) => onRowKeyDown(event, row)}
            onFindVoucher={() => onFindVoucher(transaction)}
            onMarkPrivate={() => onMarkPrivate(transaction)}
            onVoucherMissing={() => onVoucherMissing(transaction)}
            onConnect={(suggestion) => onConnect(transaction, suggestion)}
            onReject={(suggestion) => onReject(transaction, suggestion)}
          />
        );
      })}
    </Box>
  );
}
