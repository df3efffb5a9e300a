import type { PeriodBlocker, PeriodMonth } from '@bilag/contracts';
import { Button, Group, List, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { type AccountLabels, blockerAccountLabel } from './period.accounts';
import { blockerFix, sortBlockers } from './period.blockers';
import { describeBlocker } from './period.format';
import { blockerFixPath } from './period.links';

type PeriodBlockerListProps = {
  month: PeriodMonth;
  blockers: readonly PeriodBlocker[];
  accountLabels: AccountLabels;
};

/** What stands in the way of closing, each with the way to the screen where it is put right. */
export function PeriodBlockerList({ month, blockers, accountLabels }: PeriodBlockerListProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  return (
    <List
      spacing="sm"
      listStyleType="none"
      data-testid="period-blockers"
      styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}
    >
      {sortBlockers(blockers).map((blocker) => {
        const path = blockerFixPath(blockerFix(blocker, month));
        return (
          <List.Item
            key={blocker.key}
            icon={
              <ThemeIcon color="red" variant="light" size={28} radius="xl">
                <IconAlertTriangle size={16} aria-hidden />
              </ThemeIcon>
            }
            data-testid={`period-blocker-${blocker.key}`}
            data-kind={blocker.kind}
          >
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" data-testid="period-blocker-text">
                {describeBlocker(t, blocker, blockerAccountLabel(accountLabels, blocker))}
              </Text>
              <Button
                component={Link}
                to={companyPath(company, path)}
                variant="light"
                size="compact-sm"
                rightSection={<IconArrowRight size={14} aria-hidden />}
                data-testid="period-blocker-fix"
              >
                {t(`periods.blockers.${blocker.kind}.action`)}
              </Button>
            </Group>
          </List.Item>
        );
      })}
    </List>
  );
}
