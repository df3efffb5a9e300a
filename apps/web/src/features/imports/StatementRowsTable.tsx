import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '../../ui/format';

export type StatementRowView = { key: number; date: string; text: string; text2: string; amount: ReactNode };

type StatementRowsTableProps = {
  rows: StatementRowView[];
  label: string;
  'data-testid': string;
};

/** Statement rows as they will be saved: the date the Norwegian way, the texts and the signed amount. */
export function StatementRowsTable({ rows, label, 'data-testid': testId }: StatementRowsTableProps) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing={6} fz="sm" aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={104}>{t('bankTransactions.fields.date')}</Table.Th>
            <Table.Th>{t('bankTransactions.fields.text')}</Table.Th>
            <Table.Th>{t('bankTransactions.fields.text2')}</Table.Th>
            <Table.Th w={140} ta="right">
              {t('bankTransactions.fields.amount')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatCalendarDate(row.date)}</Table.Td>
              <Table.Td>{row.text}</Table.Td>
              <Table.Td c="dimmed">{row.text2}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                {row.amount}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
