import { Button, Group, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../ui/ErrorAlert';

type StepActionsProps = {
  /** The server's refusal of the step's call, shown with its message. */
  error: unknown;
  isBusy: boolean;
  onBack: () => void;
  /** The button that moves on. */
  next: ReactNode;
};

/** The foot of a wizard step: what went wrong, a way back and the way on. */
export function StepActions({ error, isBusy, onBack, next }: StepActionsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {error !== null && error !== undefined && <ErrorAlert error={error} data-testid="import-error" />}
      <Group justify="space-between">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          onClick={onBack}
          disabled={isBusy}
        >
          {t('bankImport.back')}
        </Button>
        {next}
      </Group>
    </Stack>
  );
}
