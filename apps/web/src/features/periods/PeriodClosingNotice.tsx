import type { PeriodClosing } from '@bilag/contracts';
import { Alert, Blockquote, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { type AccountLabels, blockerAccountLabel } from './period.accounts';
import { describeBlocker } from './period.format';

type PeriodClosingNoticeProps = {
  closing: PeriodClosing;
  accountLabels: AccountLabels;
};

/** A closed month: who closed it and when, that it is locked, and each blocker accepted with its reason. */
export function PeriodClosingNotice({ closing, accountLabels }: PeriodClosingNoticeProps) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconLock aria-hidden />}
      title={t('periods.closed.title', {
        date: formatDate(closing.closedAt, DateFormat.dateTime),
        name: closing.closedByName ?? t('periods.system'),
      })}
      data-testid="period-closed"
    >
      <Stack gap="sm">
        <Text size="sm">{t('periods.closed.text')}</Text>
        {closing.exceptions.length > 0 && (
          <Stack gap="xs" data-testid="period-exceptions">
            <Text size="sm" fw={600}>
              {t('periods.closed.exceptions', { count: closing.exceptions.length })}
            </Text>
            {closing.exceptions.map((exception) => (
              <Stack key={exception.key} gap={4} data-testid={`period-exception-${exception.key}`}>
                <Text size="sm">
                  {describeBlocker(t, exception, blockerAccountLabel(accountLabels, exception))}
                </Text>
                <Blockquote p="xs" pl="md" color="gray" data-testid="period-exception-reason">
                  {exception.reason}
                </Blockquote>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
