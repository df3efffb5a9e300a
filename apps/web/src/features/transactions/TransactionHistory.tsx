import type { VoucherHistoryEntry } from '@bilag/contracts';
import { isIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Text } from '@mantine/core';
import { IconEdit, IconFileImport, IconFilePlus, IconPaperclip, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../ui/format';
import { FieldChangeLines, type HistoryEventView, HistoryTimeline } from '../../ui/HistoryTimeline';
import { paymentStatusLabelKey, statusLabelKey } from './transaction.format';
import {
  describeTransactionEntry,
  meaningfulEntries,
  type TransactionHistoryEvent,
  type TransactionHistoryField,
} from './transaction.history';

const fieldLabelKeys = {
  status: 'bankTransactions.fields.status',
  paymentStatus: 'bankTransactions.fields.paymentStatus',
  paymentDate: 'bankTransactions.fields.paymentDate',
  isPrivate: 'bankTransactions.fields.private',
  note: 'bankTransactions.fields.note',
} as const satisfies Record<TransactionHistoryField, string>;

const EMPTY = '—';

function formatValue(field: TransactionHistoryField, value: unknown, t: TFunction): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (field) {
    case 'status':
      return typeof value === 'number' ? t(statusLabelKey(value)) : String(value);
    case 'paymentStatus':
      return typeof value === 'number' ? t(paymentStatusLabelKey(value)) : String(value);
    case 'paymentDate':
      return typeof value === 'string' && isIsoDate(value) ? formatCalendarDate(value) : String(value);
    case 'isPrivate':
      return value === true ? t('bankTransactions.history.yes') : t('bankTransactions.history.no');
    default:
      return String(value);
  }
}

function describeEvent(event: TransactionHistoryEvent, t: TFunction): HistoryEventView {
  switch (event.kind) {
    case 'imported':
      return {
        title: t('bankTransactions.history.imported'),
        icon: IconFileImport,
        body: <Text size="sm">{t('bankTransactions.history.importNumber', { id: event.importId })}</Text>,
      };
    case 'created':
      return { title: t('bankTransactions.history.created'), icon: IconFilePlus, body: null };
    case 'updated':
      return {
        title: t('bankTransactions.history.updated'),
        icon: IconEdit,
        body: (
          <FieldChangeLines
            changes={event.changes}
            labelOf={(field) => t(fieldLabelKeys[field])}
            formatValue={(field, value) => formatValue(field, value, t)}
            noChangesText={t('bankTransactions.history.noChanges')}
          />
        ),
      };
    case 'attached':
      return {
        title: t('bankTransactions.history.attached'),
        icon: IconPaperclip,
        body: event.fileName ? <Text size="sm">{event.fileName}</Text> : null,
      };
    case 'deleted':
      return { title: t('bankTransactions.history.deleted'), icon: IconTrash, body: null };
    default:
      return { title: event.action, icon: IconEdit, body: null };
  }
}

/** Who did what to the transaction and when, newest first. */
export function TransactionHistory({ entries }: { entries: VoucherHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <HistoryTimeline
      entries={meaningfulEntries(entries)}
      describeEntry={(entry) => describeEvent(describeTransactionEntry(entry), t)}
      byLine={(name) =>
        t('bankTransactions.history.by', { name: name ?? t('bankTransactions.history.system') })
      }
      heading={t('bankTransactions.history.title')}
      emptyText={t('bankTransactions.history.empty')}
      headingId="transaction-history-heading"
      data-testid="transaction-history"
    />
  );
}
