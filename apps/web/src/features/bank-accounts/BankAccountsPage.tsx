import type { CompanyBank } from '@bilag/contracts';
import {
  Alert,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { RetryAlert } from '../../ui/RetryAlert';
import { useCurrentCompany } from '../companies/CurrentCompany';
import { BankAccountForm } from './BankAccountForm';
import { BankAccountTable } from './BankAccountTable';
import { BankBalancePanel } from './BankBalancePanel';
import { companyBankKeys } from './bank.queries';
import { accountLabel } from './bank-account.format';
import {
  useDeleteBankAccountMutation,
  useSetDefaultBankAccountMutation,
  useSortBankAccountsMutation,
} from './bank-account.mutations';
import { type MoveDirection, moveAccount } from './bank-account.order';

/** Which account the form edits; the key starts a fresh form each time it opens. */
type Editor = { account: CompanyBank | null; key: number };

export default function BankAccountsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const isNarrow = useMediaQuery('(max-width: 36em)');
  const accounts = useQuery(companyBankKeys.list(company.Id));
  const sortAccounts = useSortBankAccountsMutation(company.Id);
  const setDefaultAccount = useSetDefaultBankAccountMutation(company.Id);
  const deleteAccount = useDeleteBankAccountMutation(company.Id);
  const [editor, setEditor] = useState<Editor>({ account: null, key: 0 });
  const [isEditorOpen, setIsEditorOpen] = useState(false);
  const [accountToDelete, setAccountToDelete] = useState<CompanyBank | null>(null);
  const [isDeleteOpen, setIsDeleteOpen] = useState(false);
  useDocumentTitle(`${t('nav.bankAccounts')} – ${company.Name} – Bilag`);

  const rows = accounts.data ?? [];

  function onOpenEditor(account: CompanyBank | null) {
    setEditor((current) => ({ account, key: current.key + 1 }));
    setIsEditorOpen(true);
  }

  function onMove(account: CompanyBank, direction: MoveDirection) {
    const ids = moveAccount(
      rows.map((row) => row.Id),
      account.Id,
      direction,
    );
    if (ids) sortAccounts.mutate(ids);
  }

  function onAskDelete(account: CompanyBank) {
    deleteAccount.reset();
    setAccountToDelete(account);
    setIsDeleteOpen(true);
  }

  function onConfirmDelete() {
    if (!accountToDelete) return;
    deleteAccount.mutate(accountToDelete.Id, { onSuccess: () => setIsDeleteOpen(false) });
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} fz={28}>
            {t('bankAccounts.title')}
          </Title>
          <Text c="dimmed">{t('bankAccounts.subtitle', { company: company.Name })}</Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => onOpenEditor(null)}
          data-testid="add-account"
        >
          {t('bankAccounts.add')}
        </Button>
      </Group>

      <Card withBorder radius="lg" padding={0}>
        <Group justify="space-between" p="md" mih={30}>
          <Text size="sm" c="dimmed" data-testid="bank-account-count" aria-live="polite">
            {accounts.data ? t('bankAccounts.count', { count: rows.length }) : ' '}
          </Text>
          {(accounts.isFetching || sortAccounts.isPending) && (
            <Loader size="xs" aria-label={t('app.loading')} />
          )}
        </Group>
        {accounts.isError ? (
          <Stack p="md" pt={0}>
            <RetryAlert
              title={t('bankAccounts.loadFailed')}
              error={accounts.error}
              onRetry={() => void accounts.refetch()}
            />
          </Stack>
        ) : accounts.data === undefined ? (
          <Center py="xl">
            <Loader size="sm" aria-label={t('app.loading')} />
          </Center>
        ) : rows.length === 0 ? (
          <EmptyState
            py={48}
            icon={<IconBuildingBank size={28} aria-hidden />}
            withIndicatorBackground
            title={t('bankAccounts.emptyTitle')}
            description={t('bankAccounts.emptyText')}
            data-testid="bank-accounts-empty"
          />
        ) : (
          <BankAccountTable
            accounts={rows}
            onMove={onMove}
            onEdit={onOpenEditor}
            onSetDefault={(account) => setDefaultAccount.mutate(account.AccountNumber)}
            onDelete={onAskDelete}
          />
        )}
      </Card>

      {rows.length > 0 && <BankBalancePanel companyId={company.Id} accounts={rows} />}

      <Modal
        opened={isEditorOpen}
        onClose={() => setIsEditorOpen(false)}
        title={editor.account ? t('bankAccounts.form.editTitle') : t('bankAccounts.form.addTitle')}
        size={560}
        radius="lg"
        fullScreen={isNarrow}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <BankAccountForm
          key={editor.key}
          companyId={company.Id}
          account={editor.account}
          isFirstAccount={rows.length === 0}
          onDone={() => setIsEditorOpen(false)}
        />
      </Modal>

      <ConfirmModal
        opened={isDeleteOpen}
        title={t('bankAccounts.deleteDialog.title')}
        text={
          <Stack gap="sm">
            <Text size="sm">
              {t('bankAccounts.deleteDialog.text', {
                account: accountToDelete ? accountLabel(accountToDelete) : '',
              })}
            </Text>
            {deleteAccount.isError && (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                data-testid="delete-failed"
              >
                {errorMessage(deleteAccount.error, t('errors.unexpected'))}
              </Alert>
            )}
          </Stack>
        }
        confirmLabel={t('bankAccounts.deleteDialog.confirm')}
        cancelLabel={t('bankAccounts.deleteDialog.cancel')}
        isPending={deleteAccount.isPending}
        onCancel={() => setIsDeleteOpen(false)}
        onConfirm={onConfirmDelete}
        data-testid="confirm-delete"
      />
    </Stack>
  );
}
