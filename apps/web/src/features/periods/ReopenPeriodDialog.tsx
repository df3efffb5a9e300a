import type { PeriodMonth } from '@bilag/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { type ReasonErrorKey, reasonError } from './period.close';
import { useReopenPeriodMutation } from './period.mutations';
import { ReasonField } from './ReasonField';

type ReopenPeriodDialogProps = {
  companyId: number;
  month: PeriodMonth;
  monthLabel: string;
  opened: boolean;
  onClose: () => void;
};

/** Reopening unlocks a month an auditor may already have read, so it says why, on the record. */
export function ReopenPeriodDialog({
  companyId,
  month,
  monthLabel,
  opened,
  onClose,
}: ReopenPeriodDialogProps) {
  const { t } = useTranslation();
  const reopen = useReopenPeriodMutation(companyId, month);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<ReasonErrorKey>();

  function onCancel() {
    reopen.reset();
    onClose();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = reasonError(reason);
    setError(problem);
    if (problem) return;
    reopen.mutate(reason.trim(), {
      onSuccess: () => {
        setReason('');
        onClose();
      },
    });
  }

  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      title={t('periods.reopen.title', { month: monthLabel })}
      size={560}
    >
      <form onSubmit={onSubmit} noValidate aria-label={t('periods.reopen.title', { month: monthLabel })}>
        <Stack gap="lg">
          <Text size="sm">{t('periods.reopen.text')}</Text>
          <ReasonField
            label={t('periods.reopen.reason')}
            value={reason}
            onChange={(text) => {
              setReason(text);
              setError(undefined);
            }}
            error={error}
            data-testid="period-reopen-reason"
            data-autofocus
          />
          {reopen.isError && <ErrorAlert error={reopen.error} data-testid="period-reopen-failed" />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={reopen.isPending}>
              {t('periods.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconLockOpen size={16} aria-hidden />}
              loading={reopen.isPending}
              data-testid="period-reopen-confirm"
            >
              {t('periods.reopen.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
