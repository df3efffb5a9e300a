import type { VoucherHistoryEntry } from '@bilag/contracts';
import { isIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Text } from '@mantine/core';
import { IconCash, IconCashOff, IconEdit, IconFilePlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatOre } from '../../ui/format';
import { FieldChangeLines, type HistoryEventView, HistoryTimeline } from '../../ui/HistoryTimeline';
import { statusLabelKey } from './voucher.format';
import { describeHistoryEntry, type HistoryEvent, type HistoryField } from './voucher.history';

const fieldLabelKeys = {
  voucherDate: 'vouchers.fields.date',
  supplierName: 'vouchers.fields.supplier',
  amountOre: 'vouchers.fields.amount',
  currency: 'vouchers.fields.currency',
  dueDate: 'vouchers.fields.dueDate',
  kid: 'vouchers.fields.kid',
  accountNumber: 'vouchers.fields.accountNumber',
  description: 'vouchers.fields.description',
  labels: 'vouchers.fields.labels',
  isPaid: 'vouchers.fields.paid',
  status: 'vouchers.fields.status',
} as const satisfies Record<HistoryField, string>;

const EMPTY = '—';

function formatValue(field: HistoryField, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field) {
    case 'voucherDate':
    case 'dueDate':
      return typeof value === 'string' && isIsoDate(value) ? formatCalendarDate(value) : String(value);
    case 'amountOre':
      return typeof value === 'number' && Number.isSafeInteger(value) ? formatOre(value) : String(value);
    case 'isPaid':
      return value === true ? t('vouchers.paid') : t('vouchers.unpaid');
    case 'status':
      return typeof value === 'number' ? t(statusLabelKey(value)) : String(value);
    case 'labels':
      return Array.isArray(value) && value.length > 0 ? value.join(', ') : EMPTY;
    case 'accountNumber':
      return formatAccountNumber(String(value));
    default:
      return String(value);
  }
}

function eventTitle(event: HistoryEvent, t: TFunction): string {
  switch (event.kind) {
    case 'created':
      return t('vouchers.history.created');
    case 'updated':
      return t('vouchers.history.updated');
    case 'deleted':
      return t('vouchers.history.deleted');
    case 'balanceAdded':
      return t('vouchers.history.balanceAdded');
    case 'balanceRemoved':
      return t('vouchers.history.balanceRemoved');
    default:
      return event.action;
  }
}

function eventIcon(event: HistoryEvent) {
  if (event.kind === 'created') return IconFilePlus;
  if (event.kind === 'deleted') return IconTrash;
  if (event.kind === 'balanceAdded') return IconCash;
  if (event.kind === 'balanceRemoved') return IconCashOff;
  return IconEdit;
}

function EventBody({ event, t }: { event: HistoryEvent; t: TFunction }) {
  if (event.kind === 'created' && event.fileName) {
    return <Text size="sm">{t('vouchers.history.file', { name: event.fileName })}</Text>;
  }
  if (event.kind === 'updated') {
    return (
      <FieldChangeLines
        changes={event.changes}
        labelOf={(field) => t(fieldLabelKeys[field])}
        formatValue={(field, value) => formatValue(field, value, t)}
        noChangesText={t('vouchers.history.noChanges')}
      />
    );
  }
  if ((event.kind === 'balanceAdded' || event.kind === 'balanceRemoved') && event.amountOre !== undefined) {
    return (
      <Text size="sm">
        {formatOre(event.amountOre)}
        {event.description ? ` · ${event.description}` : ''}
      </Text>
    );
  }
  return null;
}

/** Who changed the voucher, what and when, newest first. */
export function VoucherHistory({ entries }: { entries: VoucherHistoryEntry[] }) {
  const { t } = useTranslation();
  function describeEntry(entry: VoucherHistoryEntry): HistoryEventView {
    const event = describeHistoryEntry(entry);
    return { title: eventTitle(event, t), icon: eventIcon(event), body: <EventBody event={event} t={t} /> };
  }
  return (
    <HistoryTimeline
      entries={entries}
      describeEntry={describeEntry}
      byLine={(name) => t('vouchers.history.by', { name: name ?? t('vouchers.history.system') })}
      heading={t('vouchers.history.title')}
      emptyText={t('vouchers.history.empty')}
      headingId="voucher-history-heading"
      data-testid="voucher-history"
    />
  );
}
