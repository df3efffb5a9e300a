import type { PaymentUser } from '@bilag/contracts';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle, IconUserDollar, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../../app/company/CurrentCompany';
import { AppModal } from '../../../ui/AppModal';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { ListEmpty } from '../../../ui/PagedList';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryGate } from '../../../ui/QueryGate';
import { AddPaymentUserForm } from './AddPaymentUserForm';
import { PaymentUserTable } from './PaymentUserTable';
import { useAllowPaymentsMutation, useRemovePaymentUserMutation } from './payment-user.mutations';
import { paymentUserKeys } from './payment-user.queries';
import { SecondApproverCard } from './SecondApproverCard';
import { VerifiedAccountsForm } from './VerifiedAccountsForm';

type Dialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'accounts'; paymentUser: PaymentUser }
  | { kind: 'remove'; paymentUser: PaymentUser };

export default function PaymentUsersPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const users = useQuery(paymentUserKeys.list(company.Id));
  const actions = useQuery(paymentUserKeys.actions(company.Id));
  const allowPayments = useAllowPaymentsMutation(company.Id);
  const removeUser = useRemovePaymentUserMutation(company.Id);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  // Starts a fresh form each time a dialog opens.
  const [formKey, setFormKey] = useState(0);
  useDocumentTitle(`${t('nav.paymentUsers')} – ${company.Name} – Bilag`);

  const canManage = actions.data?.canManageUsers === true;

  function onOpen(next: Dialog) {
    setFormKey((key) => key + 1);
    setDialog(next);
  }

  function onClose() {
    setDialog({ kind: 'none' });
  }

  function onAskRemove(paymentUser: PaymentUser) {
    removeUser.reset();
    onOpen({ kind: 'remove', paymentUser });
  }

  function onConfirmRemove() {
    if (dialog.kind !== 'remove') return;
    removeUser.mutate(dialog.paymentUser, { onSuccess: onClose });
  }

  const pendingAllowId = allowPayments.isPending ? (allowPayments.variables?.paymentUser.Id ?? null) : null;

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('paymentUsers.title')}
        subtitle={t('paymentUsers.subtitle', { company: company.Name })}
      >
        {canManage && (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => onOpen({ kind: 'add' })}
          >
            {t('paymentUsers.add')}
          </Button>
        )}
      </PageHeader>

      {actions.data && !canManage && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          data-testid="read-only-note"
        >
          {t('paymentUsers.readOnly')}
        </Alert>
      )}

      <Card withBorder radius="lg" padding={0}>
        <Text size="sm" c="dimmed" p="md" aria-live="polite" data-testid="payment-user-count">
          {users.data ? t('paymentUsers.count', { count: users.data.total }) : ' '}
        </Text>
        <QueryGate
          query={users}
          errorTitle={t('paymentUsers.loadFailed')}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <ListEmpty
              icon={<IconUserDollar size={28} aria-hidden />}
              title={t('paymentUsers.emptyTitle')}
              description={canManage ? t('paymentUsers.emptyText') : t('paymentUsers.emptyTextReadOnly')}
              data-testid="payment-users-empty"
            />
          }
          isInset
        >
          {(data) => (
            <PaymentUserTable
              users={data.rows}
              actions={
                canManage
                  ? {
                      pendingAllowId,
                      onAllowPayments: (paymentUser, isAllowPayments) =>
                        allowPayments.mutate({ paymentUser, isAllowPayments }),
                      onEditAccounts: (paymentUser) => onOpen({ kind: 'accounts', paymentUser }),
                      onRemove: onAskRemove,
                    }
                  : undefined
              }
            />
          )}
        </QueryGate>
      </Card>

      <SecondApproverCard companyId={company.Id} />

      <AppModal
        opened={dialog.kind === 'add'}
        onClose={onClose}
        title={t('paymentUsers.addTitle')}
        size={520}
      >
        <AddPaymentUserForm key={formKey} companyId={company.Id} onDone={onClose} />
      </AppModal>

      <AppModal
        opened={dialog.kind === 'accounts'}
        onClose={onClose}
        title={
          dialog.kind === 'accounts'
            ? t('paymentUsers.accountsTitle', { name: dialog.paymentUser.FullName })
            : ''
        }
        size={560}
        fullScreenBelow="36em"
      >
        {dialog.kind === 'accounts' && (
          <VerifiedAccountsForm
            key={formKey}
            companyId={company.Id}
            paymentUser={dialog.paymentUser}
            onDone={onClose}
          />
        )}
      </AppModal>

      <ConfirmModal
        opened={dialog.kind === 'remove'}
        title={t('paymentUsers.removeTitle')}
        text={
          <Stack gap="sm">
            <Text size="sm">
              {t('paymentUsers.removeText', {
                name: dialog.kind === 'remove' ? dialog.paymentUser.FullName : '',
              })}
            </Text>
            {removeUser.isError && <ErrorAlert error={removeUser.error} />}
          </Stack>
        }
        confirmLabel={t('paymentUsers.removeConfirm')}
        cancelLabel={t('paymentUsers.cancel')}
        isPending={removeUser.isPending}
        onCancel={onClose}
        onConfirm={onConfirmRemove}
        data-testid="confirm-remove-payment-user"
      />
    </Stack>
  );
}
