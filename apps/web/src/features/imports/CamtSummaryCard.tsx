import type { CamtSummary } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Alert, Card, DataList, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DataListField } from '../../ui/DataListField';
import { formatOre, formatPeriod } from '../../ui/format';

function BalanceProof({ isOk }: { isOk: boolean | null }) {
  const { t } = useTranslation();
  const look =
    isOk === null
      ? { color: 'dimmed', Icon: IconHelpCircle, text: t('bankImport.camt.proofUnknown') }
      : isOk
        ? { color: 'green.8', Icon: IconCircleCheck, text: t('bankImport.camt.proofOk') }
        : { color: 'red.8', Icon: IconCircleX, text: t('bankImport.camt.proofFailed') };
  return (
    <Group
      gap={6}
      wrap="nowrap"
      align="flex-start"
      c={look.color}
      data-testid="balance-proof"
      data-ok={isOk ?? undefined}
    >
      <look.Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" fw={600} c={look.color}>
        {look.text}
      </Text>
    </Group>
  );
}

/** What a camt.053 file says before it is imported: its account, period and balances, and whether they add up. */
export function CamtSummaryCard({ summary }: { summary: CamtSummary }) {
  const { t } = useTranslation();
  const account = summary.AccountNumber ? formatAccountNumber(summary.AccountNumber) : summary.AccountIban;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="camt-summary">
      <Stack gap="md">
        <Title order={3} fz="md">
          {t('bankImport.camt.title')}
        </Title>
        <DataList size="sm" labelWidth={130} withDivider>
          <DataListField label={t('bankImport.camt.account')}>{account ?? '—'}</DataListField>
          <DataListField label={t('bankImport.camt.period')}>
            {formatPeriod(summary.FromDate, summary.ToDate)}
          </DataListField>
          <DataListField label={t('bankImport.camt.statements')}>{summary.Statements}</DataListField>
          <DataListField label={t('bankImport.camt.entries')}>{summary.Entries}</DataListField>
          <DataListField label={t('bankImport.camt.opening')}>
            {summary.OpeningOre === null ? '—' : formatOre(summary.OpeningOre)}
          </DataListField>
          <DataListField label={t('bankImport.camt.closing')}>
            {summary.ClosingOre === null ? '—' : formatOre(summary.ClosingOre)}
          </DataListField>
          <DataListField label={t('bankImport.camt.proof')}>
            <BalanceProof isOk={summary.BalanceProofOk} />
          </DataListField>
        </DataList>
        {summary.Warnings.length > 0 && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('bankImport.camt.warnings')}
            data-testid="camt-warnings"
          >
            <List size="sm" spacing={4}>
              {summary.Warnings.map((warning) => (
                <List.Item key={warning}>{warning}</List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
