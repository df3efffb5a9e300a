import type { AdminMailArrival } from '@bilag/contracts';
import { Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { AttachmentOutcomeBadge, MailStatusBadge } from './MailStatusBadge';

/** Arrivals by e-mail across companies: who sent what to whom, what it became, and why not. */
export function ArrivalTable({ rows, label }: { rows: AdminMailArrival[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mail.fields.receivedAt')}</Table.Th>
            <Table.Th>{t('mail.fields.company')}</Table.Th>
            <Table.Th>{t('mail.fields.sender')}</Table.Th>
            <Table.Th>{t('mail.fields.subject')}</Table.Th>
            <Table.Th>{t('mail.fields.status')}</Table.Th>
            <Table.Th>{t('mail.fields.attachments')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t('mail.admin.noArrivals')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((arrival) => (
            <Table.Tr key={`${arrival.companyId}-${arrival.inboxItemId}`} data-testid="mail-arrival">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(arrival.receivedAt, DateFormat.dateTime)}
              </Table.Td>
              <Table.Td>{arrival.companyName}</Table.Td>
              <Table.Td>{arrival.senderAddress ?? '—'}</Table.Td>
              <Table.Td>{arrival.subject ?? '—'}</Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  <MailStatusBadge status={arrival.status} />
                  {arrival.reason && (
                    <Text size="xs" c="dimmed">
                      {arrival.reason}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  {arrival.attachments.map((attachment) => (
                    <Stack gap={0} key={`${attachment.fileName}-${attachment.size}`}>
                      <Group gap={6} wrap="nowrap">
                        <Text size="xs" truncate="end" maw={220}>
                          {attachment.fileName}
                        </Text>
                        <AttachmentOutcomeBadge outcome={attachment.outcome} />
                      </Group>
                      {attachment.reason && (
                        <Text size="xs" c="dimmed">
                          {attachment.reason}
                        </Text>
                      )}
                    </Stack>
                  ))}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
