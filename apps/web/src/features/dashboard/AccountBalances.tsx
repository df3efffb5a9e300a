import type { AccountBalanceTrend } from '@bilag/contracts';
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { companyAreas } from '../../app/navigation';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { ListEmpty } from '../../ui/PagedList';
import { authKeys } from '../auth';
import { statisticKeys } from '../statistics';
import { transactionListSearch } from '../transactions';
import { Sparkline } from './Sparkline';
import { trendDirection } from './sparkline';

function canOpen(areaId: string, actions: readonly string[] | undefined): boolean {
  const area = companyAreas.find((candidate) => candidate.id === areaId);
  return area !== undefined && (actions?.includes(area.requiredAction) ?? false);
}

function BalanceRow({ account }: { account: AccountBalanceTrend }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const values = account.trend.map((point) => point.amountOre);
  const first = account.trend[0];
  const last = account.trend[account.trend.length - 1];
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      gap="sm"
      py="sm"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={`balance-${account.companyBankId}`}
    >
      <Stack gap={0} style={{ flex: '1 1 160px' }}>
        <Anchor
          component={Link}
          to={companyPath(company, `bank${transactionListSearch({ companyBankId: account.companyBankId })}`)}
          size="sm"
          fw={600}
        >
          {account.name ?? account.accountNumber}
        </Anchor>
        {account.name && (
          <Text size="xs" c="dimmed">
            {account.accountNumber}
          </Text>
        )}
      </Stack>
      <Group gap="md" wrap="nowrap" justify="flex-end">
        {account.balance ? (
          <Stack gap={0} align="flex-end">
            <Text
              size="sm"
              fw={700}
              style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
              data-testid="balance-amount"
            >
              {formatMoney(account.balance.amountOre, account.currency)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('dashboard.balances.asOf', { date: formatCalendarDate(account.balance.date) })}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('dashboard.balances.noBalance')}
          </Text>
        )}
        {first && last && (
          <Sparkline
            values={values}
            label={t('dashboard.balances.trendLabel', {
              count: account.trend.length,
              first: formatMoney(first.amountOre, account.currency),
              last: formatMoney(last.amountOre, account.currency),
              direction: t(`dashboard.balances.direction.${trendDirection(values)}`),
            })}
          />
        )}
      </Group>
    </Group>
  );
}

/** Each account's newest balance from the bank, with its date and the months before it as a small line. */
export function AccountBalances() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const roleActions = useQuery(authKeys.roleActions());
  const actions = roleActions.data?.actions;
  const canBank = canOpen('bank', actions);
  const overview = useQuery(statisticKeys.overview(company.Id));

  if (!canBank) return null;

  let content = <Skeleton h={120} radius="md" />;
  if (overview.isError) {
    content = (
      <ErrorAlert
        title={t('dashboard.balances.loadFailed')}
        error={overview.error}
        onRetry={() => void overview.refetch()}
      />
    );
  } else if (overview.data && !overview.data.has.bankAccounts) {
    content = (
      <ListEmpty
        icon={<IconBuildingBank size={28} aria-hidden />}
        title={t('dashboard.balances.noAccountTitle')}
        description={t('dashboard.balances.noAccountText')}
        action={
          canOpen('bank-management', actions) ? (
            <Button component={Link} to={companyPath(company, 'bank-management')}>
              {t('dashboard.waiting.addAccount')}
            </Button>
          ) : undefined
        }
        data-testid="balances-empty"
      />
    );
  } else if (overview.data) {
    content = (
      <Stack
        component="ul"
        gap={0}
        m={0}
        p={0}
        style={{ listStyle: 'none' }}
        aria-labelledby="dashboard-balances-heading"
        data-testid="balances-table"
      >
        {overview.data.accounts.map((account) => (
          <BalanceRow key={account.companyBankId} account={account} />
        ))}
      </Stack>
    );
  }

  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      component="section"
      aria-labelledby="dashboard-balances-heading"
    >
      <Group gap="sm" mb="md" wrap="nowrap">
        <IconBuildingBank size={22} stroke={1.7} aria-hidden color="var(--mantine-color-brand-8)" />
        <Title order={2} fz="lg" id="dashboard-balances-heading">
          {t('dashboard.balances.heading')}
        </Title>
      </Group>
      {content}
    </Card>
  );
}
