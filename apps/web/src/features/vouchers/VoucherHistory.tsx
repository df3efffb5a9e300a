import type { VoucherHistoryEntry } from '@bilag/contracts';
import { isIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Card, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconCash, IconCashOff, IconEdit, IconFilePlus, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatCalendarDate, formatOre, statusLabelKey } from './voucher.format';
import {
  describeHistoryEntry,
  type FieldChange,
  type HistoryEvent,
  type HistoryField,
} from './voucher.history';

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

function ChangeLine({ change, t }: { change: FieldChange; t: TFunction }) {
  return (
    <Text size="sm" data-testid="history-change">
      <Text span fw={600}>
        {t(fieldLabelKeys[change.field])}:
      </Text>{' '}
      <Text span c="dimmed" td="line-through">
        {formatValue(change.field, change.before, t)}
      </Text>{' '}
      → <Text span>{formatValue(change.field, change.after, t)}</Text>
    </Text>
  );
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

function EventIcon({ event }: { event: HistoryEvent }) {
  const size = 12;
  if (event.kind === 'created') return <IconFilePlus size={size} aria-hidden />;
  if (event.kind === 'deleted') return <IconTrash size={size} aria-hidden />;
  if (event.kind === 'balanceAdded') return <IconCash size={size} aria-hidden />;
  if (event.kind === 'balanceRemoved') return <IconCashOff size={size} aria-hidden />;
  return <IconEdit size={size} aria-hidden />;
}

function EventBody({ event, t }: { event: HistoryEvent; t: TFunction }) {
  if (event.kind === 'created' && event.fileName) {
    return <Text size="sm">{t('vouchers.history.file', { name: event.fileName })}</Text>;
  }
  if (event.kind === 'updated') {
    if (event.changes.length === 0) {
      return (
        <Text size="sm" c="dimmed">
          {t('vouchers.history.noChanges')}
        </Text>
      );
    }
    return (
      <Stack gap={2}>
        {event.changes.map((change) => (
          <ChangeLine key={change.field} change={change} t={t} />
        ))}
      </Stack>
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

/** Who changed what and when, newest first, as field changes rather than raw snapshots. */
export function VoucherHistory({ entries }: { entries: VoucherHistoryEntry[] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="voucher-history-heading">
      <Title order={2} fz="lg" mb="md" id="voucher-history-heading">
        {t('vouchers.history.title')}
      </Title>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('vouchers.history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={22} lineWidth={2} active={entries.length} data-testid="voucher-history">
          {entries.map((entry) => {
            const event = describeHistoryEntry(entry);
            return (
              <Timeline.Item
                key={entry.Id}
                bullet={<EventIcon event={event} />}
                title={
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={600}>
                      {eventTitle(event, t)}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(entry.CreatedAt, DateFormat.dateTime)}
                    </Text>
                  </Group>
                }
                data-testid="history-entry"
              >
                <Stack gap={4}>
                  <Text size="xs" c="dimmed">
                    {t('vouchers.history.by', { name: entry.UserName ?? t('vouchers.history.system') })}
                  </Text>
                  <EventBody event={event} t={t} />
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Card>
  );
}
