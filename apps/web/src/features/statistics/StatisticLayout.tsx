import { Box, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { companyAreas } from '../../app/navigation';
import { ListEmpty, type ListEmptyState } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { SectionCard } from '../../ui/SectionCard';

type StatisticPageProps = {
  title: string;
  subtitle: string;
  /** The period, year or company choices, in one bar under the heading. */
  filters: ReactNode;
  /** Beside the heading, such as an export. */
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
};

/** A statistics page: its heading, the bar of its choices, and its sections. */
export function StatisticPage({
  title,
  subtitle,
  filters,
  actions,
  children,
  'data-testid': testId,
}: StatisticPageProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${title} – ${company.Name} – Bilag`);
  return (
    <Stack gap="lg" maw={1200} data-testid={testId}>
      <PageHeader title={title} subtitle={subtitle}>
        {actions}
      </PageHeader>
      <StatisticTabs />
      <Card withBorder radius="lg" padding="md">
        <Group gap="md" align="flex-end" wrap="wrap" role="search" aria-label={t('statistics.filters.label')}>
          {filters}
        </Group>
      </Card>
      {children}
    </Stack>
  );
}

/** The statistics, which the menu lists as one entry: each links to the others, keeping the period chosen. */
const statisticAreas = companyAreas.filter((area) => area.menuParent === 'statistics');

function StatisticTabs() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const location = useLocation();
  return (
    <Group component="nav" gap={4} aria-label={t('statistics.tabs')} wrap="wrap">
      {statisticAreas.map((area) => {
        const path = companyPath(company, area.path);
        const isOpen = location.pathname === path;
        return (
          <Button
            key={area.id}
            component={Link}
            to={`${path}${location.search}`}
            variant={isOpen ? 'light' : 'subtle'}
            size="compact-sm"
            aria-current={isOpen ? 'page' : undefined}
          >
            {t(area.labelKey)}
          </Button>
        );
      })}
    </Group>
  );
}

type ChartSectionProps = {
  title: string;
  /** What the chart shows in words, for those who cannot see it; the table that follows has the numbers. */
  description: string;
  /** Left out for a section that is a table only. */
  chart?: ReactNode;
  /** The same numbers as the chart, for reading them exactly and for screen readers. */
  table?: ReactNode;
  /** Above the chart, such as counters. */
  header?: ReactNode;
  'data-testid'?: string;
};

/**
 * A chart with its table. The chart is one image to assistive technology, named by its description;
 * the table below it carries the same numbers.
 */
export function ChartSection({
  title,
  description,
  chart,
  table,
  header,
  'data-testid': testId,
}: ChartSectionProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const descriptionId = useId();
  return (
    <SectionCard headingId={headingId} data-testid={testId}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed" id={descriptionId}>
            {description} {chart && table ? t('statistics.chartNote') : ''}
          </Text>
        </Stack>
        {header}
        {chart && (
          <Box
            role="img"
            aria-labelledby={headingId}
            aria-describedby={descriptionId}
            data-testid="statistic-chart"
          >
            {chart}
          </Box>
        )}
        {table}
      </Stack>
    </SectionCard>
  );
}

export type StatisticColumn<Row> = {
  key: string;
  header: ReactNode;
  /** The cell; numbers are aligned right with figures of one width, so columns of them compare. */
  cell: (row: Row) => ReactNode;
  isNumeric?: boolean;
};

type StatisticTableProps<Row> = {
  label: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** The first column names the row, as the row's header cell. */
  columns: readonly StatisticColumn<Row>[];
  /** A totals row under the rows, in the same columns. */
  footer?: Row;
  /** Heading rows of their own above the columns' headers, such as a rate over its two amounts. */
  headerGroups?: ReactNode;
  'data-testid'?: string;
};

const numericStyle = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function StatisticRow<Row>({
  row,
  columns,
  testId,
  isTotal = false,
}: {
  row: Row;
  columns: readonly StatisticColumn<Row>[];
  testId: string;
  isTotal?: boolean;
}) {
  return (
    <Table.Tr data-testid={testId}>
      {columns.map((column, index) =>
        index === 0 ? (
          <Table.Th key={column.key} scope="row" fw={isTotal ? 700 : 500} style={{ whiteSpace: 'nowrap' }}>
            {column.cell(row)}
          </Table.Th>
        ) : (
          <Table.Td
            key={column.key}
            ta={column.isNumeric ? 'right' : undefined}
            style={column.isNumeric ? numericStyle : undefined}
            data-column={column.key}
          >
            {column.cell(row)}
          </Table.Td>
        ),
      )}
    </Table.Tr>
  );
}

/** The numbers of a chart as a table: a row per month (or term, or person), a column per series. */
export function StatisticTable<Row>({
  label,
  rows,
  rowKey,
  columns,
  footer,
  headerGroups,
  'data-testid': testId,
}: StatisticTableProps<Row>) {
  return (
    // A wide table scrolls sideways within its card; the region takes the focus so a keyboard can scroll it.
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      style={{ overflowX: 'auto' }}
      data-testid={testId ? `${testId}-region` : undefined}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        fz="sm"
        miw={columns.length * 110}
        aria-label={label}
        data-testid={testId}
      >
        <Table.Thead>
          {headerGroups}
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.isNumeric ? 'right' : undefined}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <StatisticRow key={rowKey(row)} row={row} columns={columns} testId="statistic-row" />
          ))}
        </Table.Tbody>
        {footer !== undefined && (
          <Table.Tfoot fw={700}>
            <StatisticRow row={footer} columns={columns} testId="statistic-total" isTotal />
          </Table.Tfoot>
        )}
      </Table>
    </Box>
  );
}

/** A statistic with nothing to show, saying what to do about it, in a card like the charts'. */
export function StatisticEmpty(props: ListEmptyState) {
  return (
    <Card withBorder radius="lg" padding="md">
      <ListEmpty {...props} />
    </Card>
  );
}
