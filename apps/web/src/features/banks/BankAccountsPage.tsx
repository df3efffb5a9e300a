import type { CompanyBank } from '@bilag/contracts';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { authKeys } from '../auth';
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
import { bankBalancesByAccount } from './bank-balance.latest';
import { readBankBalanceLink } from './bank-balance.link';

/** Which account the form edits; the key starts a fresh form each time it opens. */
type Editor = { account: CompanyBank | null; key: number };

export default function BankAccountsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const accounts = useQuery(companyBankKeys.list(company.Id));
  const [searchParams] = useSearchParams();
  const linkedBalance = readBankBalanceLink(searchParams);
  const roleActions = useQuery(authKeys.roleActions());
  const canSeeConsents = roleActions.data?.actions.includes('consent.view') ?? false;
  const bankReadAccounts = useQuery({
    ...companyBankKeys.bankReadAccounts(company.Id),
    enabled: canSeeConsents,
  });
  const bankBalances = useMemo(
    () => bankBalancesByAccount(bankReadAccounts.data ?? []),
    [bankReadAccounts.data],
  );
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
      <PageHeader
        title={t('bankAccounts.title')}
        subtitle={t('bankAccounts.subtitle', { company: company.Name })}
      >
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => onOpenEditor(null)}
          data-testid="add-account"
        >
          {t('bankAccounts.add')}
        </Button>
      </PageHeader>

      <Card withBorder radius="lg" padding={0}>
        <Group justify="space-between" p="md" mih={30}>
          <Text size="sm" c="dimmed" data-testid="bank-account-count" aria-live="polite">
            {accounts.data ? t('bankAccounts.count', { count: rows.length }) : ' '}
          </Text>
          {(accounts.isFetching || sortAccounts.isPending) && <LoadingSpinner size="xs" />}
        </Group>
        <QueryGate
          query={accounts}
          errorTitle={t('bankAccounts.loadFailed')}
          isEmpty={(data) => data.length === 0}
          empty={
            <ListEmpty
              icon={<IconBuildingBank size={28} aria-hidden />}
              title={t('bankAccounts.emptyTitle')}
              description={t('bankAccounts.emptyText')}
              data-testid="bank-accounts-empty"
            />
          }
          isInset
        >
          {(data) => (
            <BankAccountTable
              accounts={data}
              bankBalances={bankBalances}
              onMove={onMove}
              onEdit={onOpenEditor}
              onSetDefault={(account) => setDefaultAccount.mutate(account.AccountNumber)}
              onDelete={onAskDelete}
            />
          )}
        </QueryGate>
      </Card>

      {rows.length > 0 && (
        <BankBalancePanel
          key={searchParams.toString()}
          companyId={company.Id}
          accounts={rows}
          linked={linkedBalance}
        />
      )}

      <AppModal
        opened={isEditorOpen}
        onClose={() => setIsEditorOpen(false)}
        title={editor.account ? t('bankAccounts.form.editTitle') : t('bankAccounts.form.addTitle')}
        size={560}
        fullScreenBelow="36em"
      >
        <BankAccountForm
          key={editor.key}
          companyId={company.Id}
          account={editor.account}
          isFirstAccount={rows.length === 0}
          onDone={() => setIsEditorOpen(false)}
        />
      </AppModal>

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
            {deleteAccount.isError && <ErrorAlert error={deleteAccount.error} data-testid="delete-failed" />}
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
