import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCash, IconLock, IconLockOpen, IconNote, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { displayTimeZone, readDate } from '../../ui/dates';
import { PaymentFields } from './PaymentFields';
import { MAX_NOTE_LENGTH } from './transaction.form';
import {
  type BulkTransactionChanges,
  useBulkUpdateTransactionsMutation,
  useDeleteTransactionsMutation,
} from './transaction.mutations';

type TransactionBulkActionsProps = {
  companyId: number;
  selectedIds: number[];
  onDone: () => void;
};

type OpenDialog = 'payment' | 'note' | 'delete' | undefined;

/** What can be done to the chosen transactions at once, right above the list so the keyboard reaches it. */
export function TransactionBulkActions({ companyId, selectedIds, onDone }: TransactionBulkActionsProps) {
  const { t } = useTranslation();
  const bulkUpdate = useBulkUpdateTransactionsMutation(companyId);
  const deleteTransactions = useDeleteTransactionsMutation(companyId);
  const [dialog, setDialog] = useState<OpenDialog>();
  const [paymentStatus, setPaymentStatus] = useState<string | null>(null);
  const [paymentDate, setPaymentDate] = useState('');
  const [dateError, setDateError] = useState<string>();
  const [note, setNote] = useState('');
  const count = selectedIds.length;

  function apply(changes: BulkTransactionChanges) {
    bulkUpdate.mutate(
      { ids: selectedIds, changes },
      {
        onSuccess: () => {
          setDialog(undefined);
          onDone();
        },
      },
    );
  }

  function openDialog(next: OpenDialog) {
    setPaymentStatus(null);
    setPaymentDate('');
    setDateError(undefined);
    setNote('');
    setDialog(next);
  }

  function onSubmitDialog(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (dialog === 'note') {
      apply({ note: note.trim() === '' ? null : note.trim() });
      return;
    }
    const date = readDate(paymentDate, todayIsoDate(displayTimeZone()));
    if ('error' in date) {
      setDateError(t('bankTransactions.form.errors.date'));
      return;
    }
    apply({ paymentStatus: paymentStatus === null ? null : Number(paymentStatus), paymentDate: date.date });
  }

  function onConfirmDelete() {
    deleteTransactions.mutate(selectedIds, {
      onSettled: () => {
        setDialog(undefined);
        onDone();
      },
    });
  }

  if (count === 0) return null;
  const isBusy = bulkUpdate.isPending;
  const actions = [
    {
      label: t('bankTransactions.bulk.markPrivate'),
      icon: IconLock,
      color: 'grape',
      onClick: () => apply({ isPrivate: true }),
      testId: 'bulk-private',
    },
    {
      label: t('bankTransactions.bulk.markNotPrivate'),
      icon: IconLockOpen,
      color: 'gray',
      onClick: () => apply({ isPrivate: false }),
      testId: 'bulk-not-private',
    },
    {
      label: t('bankTransactions.bulk.paymentStatus'),
      icon: IconCash,
      color: undefined,
      onClick: () => openDialog('payment'),
      testId: 'bulk-payment',
    },
    {
      label: t('bankTransactions.bulk.note'),
      icon: IconNote,
      color: undefined,
      onClick: () => openDialog('note'),
      testId: 'bulk-note',
    },
    {
      label: t('bankTransactions.bulk.delete'),
      icon: IconTrash,
      color: 'red',
      onClick: () => setDialog('delete'),
      testId: 'bulk-delete',
    },
  ];

  return (
    <>
      <Group gap={6} role="toolbar" aria-label={t('bankTransactions.bulk.label')} data-testid="bulk-actions">
        <Text size="sm" fw={600} mr={4}>
          {t('bankTransactions.bulk.selected', { count })}
        </Text>
        {actions.map((action) => (
          <Button
            key={action.testId}
            size="xs"
            variant="light"
            color={action.color}
            leftSection={<action.icon size={14} aria-hidden />}
            onClick={action.onClick}
            disabled={isBusy}
            data-testid={action.testId}
          >
            {action.label}
          </Button>
        ))}
      </Group>

      <Modal
        opened={dialog === 'payment' || dialog === 'note'}
        onClose={() => setDialog(undefined)}
        title={
          dialog === 'note'
            ? t('bankTransactions.bulk.noteTitle', { count })
            : t('bankTransactions.bulk.paymentTitle', { count })
        }
        centered
        radius="lg"
      >
        <form onSubmit={onSubmitDialog} noValidate>
          <Stack gap="md">
            {dialog === 'note' ? (
              <Textarea
                label={t('bankTransactions.fields.note')}
                description={t('bankTransactions.bulk.noteHint')}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                autosize
                minRows={3}
                maxLength={MAX_NOTE_LENGTH}
                data-autofocus
                data-testid="bulk-note-text"
              />
            ) : (
              <PaymentFields
                isInModal
                testIdPrefix="bulk"
                paymentStatus={paymentStatus}
                paymentDate={paymentDate}
                dateError={dateError}
                onChangeStatus={setPaymentStatus}
                onChangeDate={(text) => {
                  setPaymentDate(text);
                  setDateError(undefined);
                }}
              />
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setDialog(undefined)} disabled={isBusy}>
                {t('bankTransactions.bulk.cancel')}
              </Button>
              <Button type="submit" loading={isBusy} data-testid="bulk-apply">
                {t('bankTransactions.bulk.apply', { count })}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmModal
        opened={dialog === 'delete'}
        title={t('bankTransactions.delete.title', { count })}
        text={t('bankTransactions.delete.text', { count })}
        confirmLabel={t('bankTransactions.delete.confirm', { count })}
        cancelLabel={t('bankTransactions.delete.cancel')}
        isPending={deleteTransactions.isPending}
        onCancel={() => setDialog(undefined)}
        onConfirm={onConfirmDelete}
        data-testid="confirm-delete-transactions"
      />
    </>
  );
}
