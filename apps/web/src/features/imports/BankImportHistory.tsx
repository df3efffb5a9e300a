import type { BankImport } from '@bilag/contracts';
import { Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowBackUp, IconFileImport, IconListSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatPeriod } from '../../ui/format';
import { ListCard, usePageRange } from '../../ui/PagedList';
import { UnprovenBalanceNote } from '../../ui/UnprovenBalanceNote';
import { accountNameOf } from '../transactions';
import { useDeleteBankImportMutation } from './bank-import.mutations';
import { importKeys } from './bank-import.queries';

const IMPORT_PAGE_SIZE = 50;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type BankImportHistoryProps = {
  companyId: number;
  /** 0 for the imports of every account. */
  companyBankId: number;
  accountNames: ReadonlyMap<number, string>;
  importPath: string;
  onShowTransactions: (bankImport: BankImport) => void;
};

/** The statements imported into the company's accounts, newest first; each can be undone as a whole. */
export function BankImportHistory({
  companyId,
  companyBankId,
  accountNames,
  importPath,
  onShowTransactions,
}: BankImportHistoryProps) {
  const { t } = useTranslation();
  const [pageNumber, setPageNumber] = useState(1);
  const [undoing, setUndoing] = useState<BankImport>();
  const imports = useQuery(importKeys.list(companyId, companyBankId, pageNumber));
  const deleteImport = useDeleteBankImportMutation(companyId);
  const rows = imports.data?.rows ?? [];
  const { pageCount } = usePageRange({
    total: imports.data?.total,
    pageNumber,
    pageSize: IMPORT_PAGE_SIZE,
    onChangePage: setPageNumber,
  });

  function onConfirmUndo() {
    if (!undoing) return;
    deleteImport.mutate(undoing.Id, { onSuccess: () => setUndoing(undefined) });
  }

  return (
    <>
      <ListCard
        query={imports}
        empty={{
          icon: <IconFileImport size={28} aria-hidden />,
          title: t('bankImport.history.emptyTitle'),
          description: t('bankImport.history.emptyText'),
          action: (
            <Button component={Link} to={importPath} variant="light" mt="md">
              {t('bankTransactions.list.importButton')}
            </Button>
          ),
          'data-testid': 'import-history-empty',
        }}
        pagination={{
          pageCount,
          pageNumber,
          onChange: setPageNumber,
        }}
      >
        <Table.ScrollContainer minWidth={960}>
          <Table
            verticalSpacing="sm"
            aria-label={t('bankImport.history.tableLabel')}
            data-testid="import-history"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={150}>{t('bankImport.history.when')}</Table.Th>
                <Table.Th>{t('bankImport.history.file')}</Table.Th>
                <Table.Th w={180}>{t('bankImport.history.period')}</Table.Th>
                <Table.Th w={60} ta="right">
                  {t('bankImport.history.imported')}
                </Table.Th>
                <Table.Th w={96} ta="right">
                  {t('bankImport.history.duplicates')}
                </Table.Th>
                <Table.Th w={76} ta="right">
                  {t('bankImport.history.refused')}
                </Table.Th>
                <Table.Th w={170}>
                  <VisuallyHidden>{t('bankImport.history.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((bankImport) => (
                <Table.Tr key={bankImport.Id} data-testid={`import-row-${bankImport.Id}`}>
                  <Table.Td>
                    <Text size="sm" style={numeric}>
                      {formatDate(bankImport.CreatedAt, DateFormat.dateTime)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {bankImport.UserName ?? t('bankImport.history.automatic')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500} truncate title={bankImport.FileName}>
                      {bankImport.FileName}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {accountNameOf(accountNames, bankImport)}
                    </Text>
                    <Group gap={4} mt={2}>
                      <Badge size="xs" variant="light" color="gray" radius="sm">
                        {bankImport.Format === 'camt053' ? 'camt.053' : bankImport.Format.toUpperCase()}
                      </Badge>
                      {bankImport.Template && (
                        <Badge size="xs" variant="light" radius="sm">
                          {bankImport.Template}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm" style={numeric}>
                        {formatPeriod(bankImport.FromDate, bankImport.ToDate)}
                      </Text>
                      {bankImport.BalanceProven === false && (
                        <UnprovenBalanceNote
                          differenceOre={bankImport.BalanceDifferenceOre}
                          data-testid="import-proof-failed"
                        />
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" style={numeric} data-testid="import-imported">
                    {bankImport.Imported}
                  </Table.Td>
                  <Table.Td ta="right" style={numeric} data-testid="import-duplicates">
                    {bankImport.Duplicates}
                  </Table.Td>
                  <Table.Td ta="right" style={numeric}>
                    {bankImport.Refused}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-end">
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconListSearch size={14} aria-hidden />}
                        onClick={() => onShowTransactions(bankImport)}
                        disabled={bankImport.RemainingTransactions === 0}
                      >
                        {t('bankImport.history.show', { count: bankImport.RemainingTransactions })}
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        leftSection={<IconArrowBackUp size={14} aria-hidden />}
                        onClick={() => setUndoing(bankImport)}
                        data-testid="undo-import"
                      >
                        {t('bankImport.history.undo')}
                      </Button>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>

      <ConfirmModal
        opened={undoing !== undefined}
        title={t('bankImport.history.undoTitle')}
        text={
          <Stack gap="xs">
            <Text size="sm">
              {t('bankImport.history.undoText', {
                count: undoing?.RemainingTransactions ?? 0,
                file: undoing?.FileName ?? '',
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('bankImport.history.undoHint')}
            </Text>
          </Stack>
        }
        confirmLabel={t('bankImport.history.undoConfirm')}
        cancelLabel={t('bankImport.history.cancel')}
        isPending={deleteImport.isPending}
        onCancel={() => setUndoing(undefined)}
        onConfirm={onConfirmUndo}
        data-testid="confirm-undo-import"
      />
    </>
  );
}
