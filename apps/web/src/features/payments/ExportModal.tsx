import type { Payment, PaymentActions, PaymentExport } from '@bilag/contracts';
import { Alert, Button, Divider, Group, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconFileExport, IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatMoney } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { toastFailure } from '../../ui/toast';
import { commonDebtorAccount, exportableAccounts } from './payment.actions';
import { downloadExportFile, useExportPain001Mutation } from './payment.mutations';
import { paymentKeys } from './payment.queries';

type ExportModalProps = {
  opened: boolean;
  onClose: () => void;
  actions: PaymentActions | undefined;
  accountNames: ReadonlyMap<number, string>;
  /** The payments picked in the list; without any, everything waiting from the chosen account. */
  selected: readonly Payment[];
  onExported: () => void;
};

/**
 * Approves payments into a pain.001 file for the bank: from one account the person may pay from,
 * confirmed with the count and total, downloaded at once. Earlier files can be downloaded again.
 */
export function ExportModal({
  opened,
  onClose,
  actions,
  accountNames,
  selected,
  onExported,
}: ExportModalProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const waiting = useQuery({ ...paymentKeys.waiting(company.Id), enabled: opened });
  const exports = useQuery({ ...paymentKeys.exports(company.Id), enabled: opened });
  const exportFile = useExportPain001Mutation(company.Id);
  const [chosenId, setChosenId] = useState<number>();

  const verified = actions?.verifiedCompanyBankIds ?? [];
  const accounts = exportableAccounts(waiting.data?.totals ?? [], verified);
  const selectedAccount = selected.length > 0 ? commonDebtorAccount(selected) : undefined;
  const isSelectionUsable = selectedAccount !== undefined && verified.includes(selectedAccount);
  const companyBankId = selected.length > 0 ? selectedAccount : (chosenId ?? accounts[0]?.companyBankId);
  const chosen = accounts.find((account) => account.companyBankId === companyBankId);
  const count = selected.length > 0 ? selected.length : (chosen?.count ?? 0);
  const totalOre =
    selected.length > 0
      ? selected.reduce((sum, payment) => sum + payment.AmountOre, 0)
      : (chosen?.totalOre ?? 0);
  const currency = selected[0]?.Currency ?? chosen?.currency ?? 'NOK';
  const canExport = companyBankId !== undefined && count > 0 && (selected.length === 0 || isSelectionUsable);

  function onExport() {
    if (companyBankId === undefined) return;
    exportFile.mutate(
      { companyBankId, ids: selected.length > 0 ? selected.map((payment) => payment.Id) : undefined },
      { onSuccess: onExported },
    );
  }

  function accountName(id: number) {
    return accountNames.get(id) ?? String(id);
  }

  return (
    <AppModal opened={opened} onClose={onClose} title={t('payments.export.title')} size="lg">
      <Stack gap="md" data-testid="export-dialog">
        {selected.length > 0 ? (
          isSelectionUsable ? (
            <Text size="sm">
              {t('payments.export.selectedFrom', { account: accountName(selectedAccount) })}
            </Text>
          ) : (
            <Alert
              color="orange"
              variant="light"
              icon={<IconInfoCircle aria-hidden />}
              data-testid="export-selection-unusable"
            >
              {t(
                selectedAccount === undefined
                  ? 'payments.export.severalAccounts'
                  : 'payments.export.notVerified',
              )}
            </Alert>
          )
        ) : (
          <QueryGate query={waiting} errorTitle={t('payments.export.waitingFailed')}>
            {() =>
              accounts.length === 0 ? (
                <Alert
                  color="gray"
                  variant="light"
                  icon={<IconInfoCircle aria-hidden />}
                  data-testid="export-nothing"
                >
                  {t(
                    verified.length === 0
                      ? 'payments.export.noVerifiedAccount'
                      : 'payments.export.nothingWaiting',
                  )}
                </Alert>
              ) : (
                <Radio.Group
                  label={t('payments.export.account')}
                  value={companyBankId === undefined ? null : String(companyBankId)}
                  onChange={(value) => setChosenId(Number(value))}
                >
                  <Stack gap="xs" mt="xs">
                    {accounts.map((account) => (
                      <Radio
                        key={account.companyBankId}
                        value={String(account.companyBankId)}
                        label={accountName(account.companyBankId)}
                        description={t('payments.export.accountSummary', {
                          count: account.count,
                          total: formatMoney(account.totalOre, account.currency),
                        })}
                        data-testid={`export-account-${account.companyBankId}`}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
              )
            }
          </QueryGate>
        )}

        {canExport && (
          <Alert
            color="blue"
            variant="light"
            icon={<IconFileExport aria-hidden />}
            data-testid="export-confirm"
          >
            {t('payments.export.confirm', { count, total: formatMoney(totalOre, currency) })}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={exportFile.isPending}>
            {t('payments.export.close')}
          </Button>
          <Button
            leftSection={<IconFileExport size={16} aria-hidden />}
            onClick={onExport}
            disabled={!canExport}
            loading={exportFile.isPending}
            data-testid="export-submit"
          >
            {t('payments.export.submit', { count })}
          </Button>
        </Group>

        <Divider />
        <Title order={3} fz="md">
          {t('payments.export.earlier')}
        </Title>
        <QueryGate query={exports} errorTitle={t('payments.export.earlierFailed')}>
          {(files: PaymentExport[]) =>
            files.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('payments.export.noEarlier')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={480} mah={260}>
                <Table verticalSpacing={4} data-testid="export-files">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('payments.export.fileCreated')}</Table.Th>
                      <Table.Th>{t('payments.export.fileAccount')}</Table.Th>
                      <Table.Th ta="right">{t('payments.export.fileTotal')}</Table.Th>
                      <Table.Th w={48} />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {files.map((file) => (
                      <Table.Tr key={file.Id}>
                        <Table.Td>{formatDate(file.CreatedAt, DateFormat.dateTime)}</Table.Td>
                        <Table.Td>{accountNames.get(file.CompanyBankId) ?? file.AccountNumber}</Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {t('payments.export.fileSummary', {
                            count: file.PaymentCount,
                            total: formatMoney(file.TotalOre, 'NOK'),
                          })}
                        </Table.Td>
                        <Table.Td>
                          <Button
                            variant="subtle"
                            size="compact-sm"
                            aria-label={t('payments.export.download', { name: file.FileName })}
                            onClick={() => void downloadExportFile(company.Id, file).catch(toastFailure)}
                            data-testid={`export-download-${file.Id}`}
                          >
                            <IconDownload size={16} aria-hidden />
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )
          }
        </QueryGate>
      </Stack>
    </AppModal>
  );
}
