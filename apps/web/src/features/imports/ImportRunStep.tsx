import { Alert, Button, Card, Group, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconAlertTriangle,
  IconCircleCheck,
  IconFileImport,
  IconListSearch,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { MONEY_IN_COLOR } from '../../ui/SignedAmount';
import { companyBankKeys } from '../banks';
import { transactionKeys } from '../transactions';
import { importProgressPercent } from './bank-import.progress';
import { importKeys } from './bank-import.queries';

type ImportRunStepProps = {
  companyId: number;
  jobId: number;
  transactionsPath: (importId: number, companyBankId: number) => string;
  onImportAnother: () => void;
  /** Told once the import has completed, so the wizard can mark its last step done. */
  onCompleted: () => void;
};

function Outcome({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz={26} c={color} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/** Step four: the import runs on the server; its job is asked every half second until it has ended. */
export function ImportRunStep({
  companyId,
  jobId,
  transactionsPath,
  onImportAnother,
  onCompleted,
}: ImportRunStepProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const job = useQuery(importKeys.job(companyId, jobId));
  const data = job.data;
  const isCompleted = data?.Status === 'completed';

  /** The new rows change the lists, counts, years, import history and account balances of the company. */
  useEffect(() => {
    if (!isCompleted) return;
    void queryClient.invalidateQueries({ queryKey: transactionKeys.company(companyId) });
    void queryClient.invalidateQueries({ queryKey: companyBankKeys.company(companyId) });
    onCompleted();
  }, [isCompleted, companyId, queryClient, onCompleted]);

  if (job.isError) {
    return <ErrorAlert error={job.error} data-testid="import-error" />;
  }
  if (!data || data.Status === 'uploaded' || data.Status === 'running') {
    const percent = data ? importProgressPercent(data) : 0;
    return (
      <Stack gap="sm" aria-live="polite" data-testid="import-running">
        <Text fw={600}>{t('bankImport.run.running', { file: data?.FileName ?? '' })}</Text>
        <Progress
          value={percent}
          size="lg"
          radius="xl"
          striped
          animated
          aria-label={t('bankImport.run.progress', { percent })}
        />
        <Text size="sm" c="dimmed">
          {t('bankImport.run.rows', { count: data?.ProcessedRows ?? 0 })}
        </Text>
      </Stack>
    );
  }
  if (data.Status === 'failed') {
    return (
      <Stack gap="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle aria-hidden />}
          title={t('bankImport.run.failed')}
          role="alert"
          data-testid="import-failed"
        >
          {data.Error ?? t('errors.unexpected')}
        </Alert>
        <Group>
          <Button variant="default" onClick={onImportAnother}>
            {t('bankImport.run.another')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="lg" data-testid="import-result">
      <Group gap="xs">
        <IconCircleCheck size={22} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={3} fz="lg" aria-live="polite">
          {t('bankImport.run.completed')}
        </Title>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" maw={640}>
        <Outcome
          label={t('bankImport.run.imported')}
          value={data.Imported}
          color={MONEY_IN_COLOR}
          testId="result-imported"
        />
        <Outcome label={t('bankImport.run.duplicates')} value={data.Duplicates} testId="result-duplicates" />
        <Outcome
          label={t('bankImport.run.refused')}
          value={data.Refused}
          color={data.Refused > 0 ? 'red.8' : undefined}
          testId="result-refused"
        />
      </SimpleGrid>
      {data.Imported === 0 && (
        <Text size="sm" c="dimmed">
          {t('bankImport.run.nothingNew')}
        </Text>
      )}
      {data.Camt?.BalanceProofOk === false && (
        <Alert
          color="orange"
          variant="light"
          maw={720}
          icon={<IconAlertTriangle aria-hidden />}
          title={t('bankImport.run.proofFailedTitle')}
          data-testid="import-proof-failed"
        >
          <Stack gap="xs">
            <Text size="sm">{t('bankImport.run.proofFailedText')}</Text>
            <List size="sm" spacing={4}>
              {data.Camt.Warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      )}
      <Group gap="sm">
        {data.ImportId !== null && data.Imported > 0 && (
          <Button
            component={Link}
            to={transactionsPath(data.ImportId, data.CompanyBankId)}
            leftSection={<IconListSearch size={16} aria-hidden />}
            data-testid="show-imported"
          >
            {t('bankImport.run.showTransactions')}
          </Button>
        )}
        <Button
          variant="default"
          leftSection={<IconFileImport size={16} aria-hidden />}
          onClick={onImportAnother}
        >
          {t('bankImport.run.another')}
        </Button>
      </Group>
    </Stack>
  );
}
