import {
  IMPORT_COLUMN_KINDS,
  type ImportColumnKind,
  ImportColumnKind as ImportColumnKindSchema,
  type ImportJob,
} from '@bilag/contracts';
import { oreFromDecimal } from '@bilag/domain/money/decimal';
import { CANDIDATE_DATE_FORMATS } from '@bilag/domain/statements/layout';
import { isBuiltInTemplateId, STATEMENT_TEMPLATES } from '@bilag/domain/statements/templates';
import { Alert, Button, Select, SimpleGrid, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconHeading, IconInfoCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../ui/SignedAmount';
import { assignKind, type MappingChoice, type MappingProblem } from './bank-import.mapping';
import { CamtSummaryCard } from './CamtSummaryCard';
import { StatementRowsTable } from './StatementRowsTable';
import { StepActions } from './StepActions';

const IGNORE = 'ignore';
const NO_HEADER = 'none';
const AUTO = 'auto';

const kindLabelKeys = {
  date: 'bankImport.preview.kinds.date',
  valueDate: 'bankImport.preview.kinds.valueDate',
  text: 'bankImport.preview.kinds.text',
  text2: 'bankImport.preview.kinds.text2',
  amountIn: 'bankImport.preview.kinds.amountIn',
  amountOut: 'bankImport.preview.kinds.amountOut',
  amount: 'bankImport.preview.kinds.amount',
} as const satisfies Record<ImportColumnKind, string>;

const problemKeys = {
  missingDate: 'bankImport.preview.problems.missingDate',
  missingAmount: 'bankImport.preview.problems.missingAmount',
  mixedAmounts: 'bankImport.preview.problems.mixedAmounts',
} as const satisfies Record<MappingProblem, string>;

type ImportPreviewStepProps = {
  job: ImportJob;
  choice: MappingChoice;
  onChangeChoice: (choice: MappingChoice) => void;
  problem: MappingProblem | null;
  isChecking: boolean;
  checkError: unknown;
  onBack: () => void;
  onCheck: () => void;
};

function layoutNote(job: ImportJob, t: TFunction): { color: string; text: string } {
  if (job.Template && isBuiltInTemplateId(job.Template)) {
    return {
      color: 'brand',
      text: t('bankImport.preview.recognised', { bank: STATEMENT_TEMPLATES[job.Template].name }),
    };
  }
  if (job.Template) return { color: 'brand', text: t('bankImport.preview.generic') };
  return { color: 'orange', text: t('bankImport.preview.unknown') };
}

/** A camt.053 amount comes as a decimal with a point; shown signed the Norwegian way, or as it is if unreadable. */
function camtAmount(cell: string | undefined): ReactNode {
  if (!cell) return '';
  try {
    return <SignedAmount amountOre={oreFromDecimal(cell)} />;
  } catch {
    return cell;
  }
}

function CamtPreview({ job }: { job: ImportJob }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {job.Camt && <CamtSummaryCard summary={job.Camt} />}
      <StatementRowsTable
        rows={job.PreviewRows.map((row) => ({
          key: row.RowIndex,
          date: row.Cells[0] ?? '',
          text: row.Cells[1] ?? '',
          text2: row.Cells[2] ?? '',
          amount: camtAmount(row.Cells[3]),
        }))}
        label={t('bankImport.preview.tableLabel')}
        data-testid="import-preview"
      />
    </Stack>
  );
}

function SpreadsheetPreview({
  job,
  choice,
  onChangeChoice,
}: Pick<ImportPreviewStepProps, 'job' | 'choice' | 'onChangeChoice'>) {
  const { t } = useTranslation();
  const note = layoutNote(job, t);
  const headerCells =
    choice.headerRowIndex === null
      ? undefined
      : job.PreviewRows.find((row) => row.RowIndex === choice.headerRowIndex)?.Cells;
  const kindOptions = [
    ...IMPORT_COLUMN_KINDS.map((kind) => ({ value: kind, label: t(kindLabelKeys[kind]) })),
    { value: IGNORE, label: t('bankImport.preview.kinds.ignore') },
  ];
  const headerOptions = [
    { value: NO_HEADER, label: t('bankImport.preview.noHeader') },
    ...job.PreviewRows.map((row) => ({
      value: String(row.RowIndex),
      label: t('bankImport.preview.row', { number: row.RowIndex + 1 }),
    })),
  ];
  const dateFormatOptions = [
    { value: AUTO, label: t('bankImport.preview.autoDetect') },
    ...CANDIDATE_DATE_FORMATS.map((format) => ({ value: format, label: format })),
  ];
  const decimalOptions = [
    { value: AUTO, label: t('bankImport.preview.autoDetect') },
    { value: ',', label: t('bankImport.preview.decimalComma') },
    { value: '.', label: t('bankImport.preview.decimalDot') },
  ];

  function columnName(index: number): string {
    const fromHeader = headerCells?.[index]?.trim();
    if (fromHeader) return fromHeader;
    return (
      job.Columns.find((column) => column.Index === index)?.Name ??
      t('bankImport.preview.column', { number: index + 1 })
    );
  }

  return (
    <Stack gap="md">
      <Alert
        color={note.color}
        variant="light"
        icon={<IconInfoCircle aria-hidden />}
        data-testid="layout-note"
      >
        {note.text}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" maw={720}>
        <Select
          label={t('bankImport.preview.headerRow')}
          data={headerOptions}
          value={choice.headerRowIndex === null ? NO_HEADER : String(choice.headerRowIndex)}
          onChange={(value) =>
            onChangeChoice({
              ...choice,
              headerRowIndex: value === null || value === NO_HEADER ? null : Number(value),
            })
          }
          allowDeselect={false}
          data-testid="import-header-row"
        />
        <Select
          label={t('bankImport.preview.dateFormat')}
          data={dateFormatOptions}
          value={choice.dateFormat === '' ? AUTO : choice.dateFormat}
          onChange={(value) =>
            onChangeChoice({ ...choice, dateFormat: value === null || value === AUTO ? '' : value })
          }
          allowDeselect={false}
          data-testid="import-date-format"
        />
        <Select
          label={t('bankImport.preview.decimal')}
          data={decimalOptions}
          value={choice.decimal ?? AUTO}
          onChange={(value) =>
            onChangeChoice({ ...choice, decimal: value === ',' || value === '.' ? value : null })
          }
          allowDeselect={false}
          data-testid="import-decimal"
        />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={choice.kinds.length * 150 + 48}>
        <Table
          verticalSpacing={6}
          fz="sm"
          withColumnBorders
          aria-label={t('bankImport.preview.tableLabel')}
          data-testid="import-preview"
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              {choice.kinds.map((kind, index) => (
                <Table.Th key={`kind-${index.toString()}`} miw={140}>
                  <Select
                    size="xs"
                    aria-label={t('bankImport.preview.columnKind', { name: columnName(index) })}
                    data={kindOptions}
                    value={kind ?? IGNORE}
                    onChange={(value) => {
                      const parsed = ImportColumnKindSchema.safeParse(value);
                      onChangeChoice({
                        ...choice,
                        kinds: assignKind(choice.kinds, index, parsed.success ? parsed.data : null),
                      });
                    }}
                    allowDeselect={false}
                    data-testid={`column-kind-${index}`}
                    data-kind={kind ?? IGNORE}
                  />
                  <Text size="xs" c="dimmed" mt={4} truncate>
                    {columnName(index)}
                  </Text>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {job.PreviewRows.map((row) => {
              const isHeader = row.RowIndex === choice.headerRowIndex;
              const isSkipped = choice.headerRowIndex !== null && row.RowIndex < choice.headerRowIndex;
              return (
                <Table.Tr
                  key={row.RowIndex}
                  bg={isHeader ? 'var(--mantine-color-brand-light)' : undefined}
                  fw={isHeader ? 600 : undefined}
                  c={isSkipped ? 'dimmed' : undefined}
                  data-header={isHeader || undefined}
                  data-testid="preview-row"
                >
                  <Table.Td c="dimmed">
                    {isHeader ? (
                      <Tooltip label={t('bankImport.preview.headerBadge')}>
                        <ThemeIcon
                          size="sm"
                          radius="sm"
                          role="img"
                          aria-label={t('bankImport.preview.headerBadge')}
                        >
                          <IconHeading size={14} aria-hidden />
                        </ThemeIcon>
                      </Tooltip>
                    ) : (
                      row.RowIndex + 1
                    )}
                  </Table.Td>
                  {choice.kinds.map((kind, index) => (
                    <Table.Td
                      key={`cell-${index.toString()}`}
                      c={kind === null && !isHeader ? 'dimmed' : undefined}
                      style={{
                        whiteSpace: 'nowrap',
                        maxWidth: 260,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                      }}
                    >
                      {row.Cells[index] ?? ''}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** Step two: the file's first rows, and for a spreadsheet what each column holds. */
export function ImportPreviewStep({
  job,
  choice,
  onChangeChoice,
  problem,
  isChecking,
  checkError,
  onBack,
  onCheck,
}: ImportPreviewStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {job.Format === 'camt053' ? (
        <CamtPreview job={job} />
      ) : (
        <SpreadsheetPreview job={job} choice={choice} onChangeChoice={onChangeChoice} />
      )}
      {problem && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          data-testid="mapping-problem"
        >
          {t(problemKeys[problem])}
        </Alert>
      )}
      <StepActions
        error={checkError}
        isBusy={isChecking}
        onBack={onBack}
        next={
          <Button
            onClick={onCheck}
            disabled={problem !== null}
            loading={isChecking}
            rightSection={<IconArrowRight size={16} aria-hidden />}
            data-testid="import-check"
          >
            {t('bankImport.preview.check')}
          </Button>
        }
      />
    </Stack>
  );
}
