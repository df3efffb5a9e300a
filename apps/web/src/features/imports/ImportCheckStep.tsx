import type { ReadFileUploadResult } from '@bilag/contracts';
import { Alert, Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDatabaseImport } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatOre, formatPeriod } from '../../ui/format';
import { SignedAmount } from '../../ui/SignedAmount';
import { StatementRowsTable } from './StatementRowsTable';
import { StepActions } from './StepActions';

const reasonKeys = {
  MISSING_DATE: 'bankImport.check.reasons.MISSING_DATE',
  INVALID_DATE: 'bankImport.check.reasons.INVALID_DATE',
  MISSING_AMOUNT: 'bankImport.check.reasons.MISSING_AMOUNT',
  INVALID_AMOUNT: 'bankImport.check.reasons.INVALID_AMOUNT',
  AMBIGUOUS_AMOUNT: 'bankImport.check.reasons.AMBIGUOUS_AMOUNT',
} as const;

function reasonText(reason: string, t: TFunction): string {
  return reason in reasonKeys ? t(reasonKeys[reason as keyof typeof reasonKeys]) : reason;
}

type ImportCheckStepProps = {
  result: ReadFileUploadResult;
  isStarting: boolean;
  startError: unknown;
  onBack: () => void;
  onImport: () => void;
};

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** Step three: how the rows will be saved (dates, signed amounts) and which rows are refused and why. */
export function ImportCheckStep({ result, isStarting, startError, onBack, onImport }: ImportCheckStepProps) {
  const { t } = useTranslation();
  const period = formatPeriod(result.FromDate, result.ToDate);
  const hiddenRefusals = result.TotalRefused - result.Refused.length;

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t('bankImport.check.rows')} value={String(result.TotalRows)} testId="check-rows" />
        <Figure
          label={t('bankImport.check.refused')}
          value={String(result.TotalRefused)}
          testId="check-refused"
        />
        <Figure label={t('bankImport.check.period')} value={period} testId="check-period" />
        <Figure label={t('bankImport.check.sum')} value={formatOre(result.SumOre)} testId="check-sum" />
      </SimpleGrid>

      {result.TotalRows === 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />}>
          {t('bankImport.check.noRows')}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('bankImport.check.sampleTitle', { count: result.Rows.length })}
          </Title>
          <StatementRowsTable
            rows={result.Rows.map((row) => ({
              key: row.RowIndex,
              date: row.Date,
              text: row.Text,
              text2: row.Text2,
              amount: <SignedAmount amountOre={row.AmountOre} />,
            }))}
            label={t('bankImport.check.sampleTitle', { count: result.Rows.length })}
            data-testid="check-sample"
          />
        </Stack>
      )}

      {result.Refused.length > 0 && (
        <Stack gap="xs">
          <Title order={3} fz="md">
            {t('bankImport.check.refusedTitle')}
          </Title>
          <Table.ScrollContainer minWidth={560}>
            <Table
              verticalSpacing={6}
              fz="sm"
              aria-label={t('bankImport.check.refusedTitle')}
              data-testid="check-refusals"
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={70}>{t('bankImport.check.rowNumber')}</Table.Th>
                  <Table.Th w={180}>{t('bankImport.check.reason')}</Table.Th>
                  <Table.Th>{t('bankImport.check.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.Refused.map((refusal) => (
                  <Table.Tr key={refusal.RowIndex}>
                    <Table.Td>{refusal.RowIndex + 1}</Table.Td>
                    <Table.Td c="red.8">{reasonText(refusal.Reason, t)}</Table.Td>
                    <Table.Td>{refusal.Message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {hiddenRefusals > 0 && (
            <Text size="sm" c="dimmed">
              {t('bankImport.check.moreRefused', { count: hiddenRefusals })}
            </Text>
          )}
        </Stack>
      )}

      <StepActions
        error={startError}
        isBusy={isStarting}
        onBack={onBack}
        next={
          <Button
            onClick={onImport}
            disabled={result.TotalRows === 0}
            loading={isStarting}
            leftSection={<IconDatabaseImport size={16} aria-hidden />}
            data-testid="import-start"
          >
            {t('bankImport.check.import', { count: result.TotalRows })}
          </Button>
        }
      />
    </Stack>
  );
}
