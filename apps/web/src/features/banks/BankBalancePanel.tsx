import { type AccountBalance, BALANCE_TYPES, type CompanyBank } from '@bilag/contracts';
import { formatDate, todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import {
  Alert,
  Card,
  Grid,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '../../ui/DateTextInput';
import { displayTimeZone } from '../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { QueryGate } from '../../ui/QueryGate';
import { UnprovenBalanceNote } from '../../ui/UnprovenBalanceNote';
import { companyBankKeys } from './bank.queries';
import { accountLabel } from './bank-account.format';
import {
  type BalanceType,
  balanceSourceLabelKey,
  balanceTypeLabelKey,
  isBalanceType,
} from './bank-balance.labels';
import type { BankBalanceLink } from './bank-balance.link';
import {
  type BalancePeriod,
  type BalancePeriodErrorKey,
  defaultBalancePeriod,
  parseBalancePeriod,
} from './bank-balance.period';

type BankBalancePanelProps = {
  companyId: number;
  accounts: CompanyBank[];
  /** The account and period another screen linked to; otherwise the default account, the year so far. */
  linked?: BankBalanceLink | undefined;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function BalanceFigure({
  label,
  caption,
  amountOre,
  currency,
  testId,
}: {
  label: string;
  caption: string;
  amountOre: number | null;
  currency: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        fz={22}
        fw={700}
        style={numeric}
        c={amountOre === null ? 'dimmed' : undefined}
        data-testid="amount"
      >
        {amountOre === null ? t('bankAccounts.balance.unknown') : formatMoney(amountOre, currency)}
      </Text>
      <Text size="xs" c="dimmed" style={numeric}>
        {caption}
      </Text>
    </Paper>
  );
}

/**
 * Why a closing balance is not proven: opening plus movement does not give it, or (where they agree) its
 * own statement did not add up.
 */
function UnprovenClosing({ balance }: { balance: AccountBalance }) {
  const { t } = useTranslation();
  const { OpeningOre, MovementOre, ClosingOre, DifferenceOre, Currency } = balance;
  const booksDiffer = OpeningOre !== null && ClosingOre !== null && ClosingOre !== OpeningOre + MovementOre;
  const amount = formatMoney(DifferenceOre ?? 0, Currency);
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('bankAccounts.balance.unprovenTitle')}
      data-testid="balance-unproven"
    >
      {booksDiffer
        ? t('bankAccounts.balance.unprovenText', { amount })
        : t('bankAccounts.balance.unprovenByStatement', { amount })}
    </Alert>
  );
}

/**
 * One account's balance over a period: the balance the bank stated before the period (inngående), the
 * last one in it (utgående), the transactions booked in between, and every stated balance of the type.
 */
export function BankBalancePanel({ companyId, accounts, linked }: BankBalancePanelProps) {
  const { t } = useTranslation();
  const today = todayIsoDate(displayTimeZone());
  const [chosenAccountNumber, setChosenAccountNumber] = useState<string | null>(
    () => accounts.find((candidate) => candidate.Id === linked?.companyBankId)?.AccountNumber ?? null,
  );
  const [balanceType, setBalanceType] = useState<BalanceType>('CLBD');
  const [period, setPeriod] = useState<BalancePeriod>(() =>
    linked ? { ibDate: linked.from, ubDate: linked.to } : defaultBalancePeriod(today),
  );
  const [fromText, setFromText] = useState(() => formatDate(period.ibDate));
  const [toText, setToText] = useState(() => formatDate(period.ubDate));
  const panelRef = useRef<HTMLDivElement>(null);
  const isLinked = linked !== undefined;
  // A link from another screen is about this panel, which sits below the list of accounts.
  useEffect(() => {
    if (isLinked) panelRef.current?.scrollIntoView({ block: 'start' });
  }, [isLinked]);
  const [periodErrors, setPeriodErrors] = useState<
    Partial<Record<keyof BalancePeriod, BalancePeriodErrorKey>>
  >({});

  const fallbackAccount = accounts.find((account) => account.IsDefault) ?? accounts[0];
  const account =
    accounts.find((candidate) => candidate.AccountNumber === chosenAccountNumber) ?? fallbackAccount;
  const balance = useQuery({
    ...companyBankKeys.balance(companyId, {
      accountNumber: account?.AccountNumber ?? '',
      balanceType,
      ...period,
    }),
    enabled: account !== undefined,
  });
  const accountBalance = balance.data?.find(
    (candidate) => candidate.AccountNumber === account?.AccountNumber,
  );
  const currency = accountBalance?.Currency ?? account?.Currency ?? 'NOK';

  function onCommitPeriod(nextFromText: string, nextToText: string) {
    const parsed = parseBalancePeriod(nextFromText, nextToText, today);
    if (parsed.isValid) {
      setPeriod(parsed.period);
      setPeriodErrors({});
    } else {
      setPeriodErrors(parsed.errors);
    }
  }

  const periodError = (field: keyof BalancePeriod) => {
    const key = periodErrors[field];
    return key ? t(key) : undefined;
  };

  return (
    <Card
      ref={panelRef}
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="bank-balance-heading"
      data-testid="bank-balance-panel"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="bank-balance-heading">
              {t('bankAccounts.balance.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('bankAccounts.balance.subtitle')}
            </Text>
          </Stack>
          {balance.isFetching && <LoadingSpinner size="xs" />}
        </Group>

        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <Select
              label={t('bankAccounts.balance.account')}
              data={accounts.map((option) => ({ value: option.AccountNumber, label: accountLabel(option) }))}
              value={account?.AccountNumber ?? null}
              onChange={(value) => setChosenAccountNumber(value)}
              allowDeselect={false}
              data-testid="balance-account"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <Select
              label={t('bankAccounts.balance.type')}
              data={BALANCE_TYPES.map((type) => ({ value: type, label: t(balanceTypeLabelKey(type)) }))}
              value={balanceType}
              onChange={(value) => {
                if (value !== null && isBalanceType(value)) setBalanceType(value);
              }}
              allowDeselect={false}
              data-testid="balance-type"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, lg: 2 }}>
            <DateTextInput
              label={t('bankAccounts.balance.from')}
              value={fromText}
              onChange={setFromText}
              onCommit={(date) => onCommitPeriod(date === null ? '' : formatDate(date), toText)}
              error={periodError('ibDate')}
              data-testid="balance-from"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, lg: 2 }}>
            <DateTextInput
              label={t('bankAccounts.balance.to')}
              value={toText}
              onChange={setToText}
              onCommit={(date) => onCommitPeriod(fromText, date === null ? '' : formatDate(date))}
              error={periodError('ubDate')}
              data-testid="balance-to"
            />
          </Grid.Col>
        </Grid>

        <QueryGate query={balance} loading={<Skeleton h={96} radius="md" />}>
          {() => (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                <BalanceFigure
                  label={t('bankAccounts.balance.opening')}
                  caption={t('bankAccounts.balance.atDate', { date: formatCalendarDate(period.ibDate) })}
                  amountOre={accountBalance?.OpeningOre ?? null}
                  currency={currency}
                  testId="balance-opening"
                />
                <BalanceFigure
                  label={t('bankAccounts.balance.movement')}
                  caption={`${formatCalendarDate(period.ibDate)} – ${formatCalendarDate(period.ubDate)}`}
                  amountOre={accountBalance?.MovementOre ?? 0}
                  currency={currency}
                  testId="balance-movement"
                />
                <BalanceFigure
                  label={t('bankAccounts.balance.closing')}
                  caption={t('bankAccounts.balance.atDate', { date: formatCalendarDate(period.ubDate) })}
                  amountOre={accountBalance?.ClosingOre ?? null}
                  currency={currency}
                  testId="balance-closing"
                />
              </SimpleGrid>
              {accountBalance?.Proven === false && <UnprovenClosing balance={accountBalance} />}

              <Stack gap="xs">
                <Title order={3} fz="md">
                  {t('bankAccounts.balance.entries')}
                </Title>
                {accountBalance === undefined || accountBalance.Entries.length === 0 ? (
                  <Text size="sm" c="dimmed" data-testid="balance-no-entries">
                    {t('bankAccounts.balance.noEntries')}
                  </Text>
                ) : (
                  <Table.ScrollContainer minWidth={480}>
                    <Table verticalSpacing={6} aria-label={t('bankAccounts.balance.entriesLabel')}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w={120}>{t('bankAccounts.balance.date')}</Table.Th>
                          <Table.Th>{t('bankAccounts.balance.type')}</Table.Th>
                          <Table.Th>{t('bankAccounts.balance.source')}</Table.Th>
                          <Table.Th ta="right">{t('bankAccounts.balance.amount')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {accountBalance.Entries.map((entry) => (
                          <Table.Tr key={`${entry.Date}-${entry.Type}-${entry.Source}`}>
                            <Table.Td style={numeric}>{formatCalendarDate(entry.Date)}</Table.Td>
                            <Table.Td>
                              {isBalanceType(entry.Type) ? t(balanceTypeLabelKey(entry.Type)) : entry.Type}
                            </Table.Td>
                            <Table.Td>{t(balanceSourceLabelKey(entry.Source))}</Table.Td>
                            <Table.Td ta="right" style={numeric}>
                              <Stack gap={2} align="flex-end">
                                {formatMoney(entry.AmountOre, entry.Currency)}
                                {entry.Proven === false && (
                                  <UnprovenBalanceNote
                                    differenceOre={entry.ProofDifferenceOre}
                                    currency={entry.Currency}
                                  />
                                )}
                              </Stack>
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Stack>
            </>
          )}
        </QueryGate>
      </Stack>
    </Card>
  );
}
