import type { PeriodBlocker, PeriodMonth } from '@bilag/contracts';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { type AccountLabels, blockerAccountLabel } from './period.accounts';
import { sortBlockers } from './period.blockers';
import { parseExceptions, type ReasonErrorKey } from './period.close';
import { describeBlocker } from './period.format';
import { useClosePeriodMutation } from './period.mutations';
import { ReasonField } from './ReasonField';

type CloseDialogProps = {
  companyId: number;
  month: PeriodMonth;
  monthLabel: string;
  opened: boolean;
  onClose: () => void;
};

/** Closing a month nothing blocks: one confirmation, since it locks the month for everyone. */
export function ClosePeriodConfirmDialog({
  companyId,
  month,
  monthLabel,
  opened,
  onClose,
}: CloseDialogProps) {
  const { t } = useTranslation();
  const close = useClosePeriodMutation(companyId, month);

  function onCancel() {
    close.reset();
    onClose();
  }

  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      title={t('periods.close.confirmTitle', { month: monthLabel })}
      size={520}
    >
      <Stack gap="lg">
        <Text size="sm">{t('periods.close.confirmText')}</Text>
        {close.isError && <ErrorAlert error={close.error} data-testid="period-close-failed" />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={close.isPending}>
            {t('periods.cancel')}
          </Button>
          <Button
            leftSection={<IconLock size={16} aria-hidden />}
            onClick={() => close.mutate([], { onSuccess: onClose })}
            loading={close.isPending}
            data-autofocus
            data-testid="period-close-confirm"
          >
            {t('periods.close.confirm')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

/**
 * Closing a month with what blocks it accepted: each blocker needs its own reason, which stays on the
 * record for whoever reads the month later.
 */
export function ClosePeriodExceptionsDialog({
  companyId,
  month,
  monthLabel,
  opened,
  onClose,
  blockers,
  accountLabels,
}: CloseDialogProps & { blockers: readonly PeriodBlocker[]; accountLabels: AccountLabels }) {
  const { t } = useTranslation();
  const close = useClosePeriodMutation(companyId, month);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, ReasonErrorKey>>({});

  function onCancel() {
    close.reset();
    onClose();
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseExceptions(blockers, reasons);
    if (!parsed.isValid) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    close.mutate(parsed.exceptions, { onSuccess: onClose });
  }

  function onChangeReason(key: string, text: string) {
    setReasons((current) => ({ ...current, [key]: text }));
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => field !== key)));
  }

  return (
    <AppModal
      opened={opened}
      onClose={onCancel}
      title={t('periods.close.exceptionsTitle', { month: monthLabel })}
      size={680}
      fullScreenBelow="36em"
    >
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label={t('periods.close.exceptionsTitle', { month: monthLabel })}
      >
        <Stack gap="lg">
          <Text size="sm">{t('periods.close.exceptionsText')}</Text>
          {sortBlockers(blockers).map((blocker, index) => (
            <ReasonField
              key={blocker.key}
              label={describeBlocker(t, blocker, blockerAccountLabel(accountLabels, blocker))}
              value={reasons[blocker.key] ?? ''}
              onChange={(text) => onChangeReason(blocker.key, text)}
              error={errors[blocker.key]}
              data-testid={`period-exception-${blocker.key}`}
              data-autofocus={index === 0 || undefined}
            />
          ))}
          {close.isError && <ErrorAlert error={close.error} data-testid="period-close-failed" />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={close.isPending}>
              {t('periods.cancel')}
            </Button>
            <Button
              type="submit"
              leftSection={<IconLock size={16} aria-hidden />}
              loading={close.isPending}
              data-testid="period-close-exceptions"
            >
              {t('periods.close.withExceptions', { count: blockers.length })}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
