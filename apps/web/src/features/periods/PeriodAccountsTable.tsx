import type { PeriodAccount } from '@bilag/contracts';
import { Button, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { keyboardScrollArea } from '../../ui/scroll';
import { PeriodProofBadge } from './PeriodBadges';
import { periodAccountLabel } from './period.accounts';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A balance the bank has not given: missing where the month needs it, a dash in a month with nothing in it. */
function Amount({
  amountOre,
  currency,
  isNeeded,
  testId,
}: {
  amountOre: number | null;
  currency: string;
  isNeeded: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  if (amountOre === null) {
    return (
      <Text span size="sm" c="dimmed" data-testid={testId}>
        {isNeeded ? t('periods.accounts.missing') : '—'}
      </Text>
    );
  }
  return (
    <Text span size="sm" style={numeric} data-testid={testId}>
      {formatMoney(amountOre, currency)}
    </Text>
  );
}

/**
 * Per account: the bank's opening, the month's transactions, the bank's closing, and whether they add up.
 * Accounts with nothing in the month come last and stay folded away until asked for.
 */
export function PeriodAccountsTable({
  accounts,
  headingId,
}: {
  accounts: PeriodAccount[];
  headingId: string;
}) {
  const { t } = useTranslation();
  const [isShowingQuiet, setIsShowingQuiet] = useState(false);
  const active = accounts.filter((account) => !isQuiet(account));
  const quiet = accounts.filter(isQuiet);
  const shown = isShowingQuiet || active.length === 0 ? [...active, ...quiet] : active;
  return (
    <Stack gap="xs" align="flex-start">
      <Table.ScrollContainer minWidth={900} scrollAreaProps={keyboardScrollArea} w="100%">
        <Table verticalSpacing="sm" aria-labelledby={headingId} data-testid="period-accounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('periods.accounts.account')}</Table.Th>
              <Table.Th ta="right">{t('periods.accounts.opening')}</Table.Th>
              <Table.Th ta="right">{t('periods.accounts.movement')}</Table.Th>
              <Table.Th ta="right">{t('periods.accounts.closing')}</Table.Th>
              <Table.Th ta="right">{t('periods.accounts.difference')}</Table.Th>
              <Table.Th>{t('periods.accounts.proof')}</Table.Th>
              <Table.Th ta="right">{t('periods.accounts.unexplained')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((account) => {
              const isNeeded = !isQuiet(account);
              const hasStatedOtherOpening =
                account.statedOpeningOre !== null && account.statedOpeningOre !== account.openingOre;
              return (
                <Table.Tr key={account.companyBankId} data-testid={`period-account-${account.companyBankId}`}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {periodAccountLabel(account)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={0} align="flex-end">
                      <Amount
                        amountOre={account.openingOre}
                        currency={account.currency}
                        isNeeded={isNeeded}
                        testId="period-opening"
                      />
                      {hasStatedOtherOpening && account.statedOpeningOre !== null && (
                        <Text span size="xs" c="red.9" style={numeric}>
                          {t('periods.accounts.statedOpening', {
                            amount: formatMoney(account.statedOpeningOre, account.currency),
                          })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={0} align="flex-end">
                      <Text span size="sm" style={numeric} data-testid="period-movement">
                        {formatMoney(account.movementOre, account.currency)}
                      </Text>
                      <Text span size="xs" c="dimmed" data-testid="period-explained">
                        {t('periods.accounts.transactionCount', {
                          count: account.transactionCount,
                          explained: account.explainedCount,
                        })}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right">
                    <Stack gap={0} align="flex-end">
                      <Amount
                        amountOre={account.closingOre}
                        currency={account.currency}
                        isNeeded={isNeeded}
                        testId="period-closing"
                      />
                      {account.closingDate && (
                        <Text span size="xs" c="dimmed" style={numeric}>
                          {t('periods.accounts.atDate', { date: formatCalendarDate(account.closingDate) })}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td ta="right" data-testid="period-account-difference">
                    {account.differenceOre === null ? (
                      <Text span size="sm" c="dimmed">
                        —
                      </Text>
                    ) : (
                      <Text
                        span
                        size="sm"
                        fw={account.differenceOre === 0 ? undefined : 600}
                        c={account.differenceOre === 0 ? undefined : 'red.9'}
                        style={numeric}
                      >
                        {formatMoney(account.differenceOre, account.currency)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <PeriodProofBadge proof={account.proof} />
                  </Table.Td>
                  <Table.Td ta="right" style={numeric} data-testid="period-account-unexplained">
                    {account.unexplainedCount === 0 ? (
                      '0'
                    ) : (
                      <Stack gap={0} align="flex-end">
                        <Text span size="sm" fw={600}>
                          {account.unexplainedCount}
                        </Text>
                        <Text span size="xs" c="dimmed">
                          {formatMoney(account.unexplainedOre, account.currency)}
                        </Text>
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {active.length > 0 && quiet.length > 0 && (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setIsShowingQuiet((current) => !current)}
          aria-expanded={isShowingQuiet}
          data-testid="period-quiet-accounts"
        >
          {isShowingQuiet
            ? t('periods.accounts.hideQuiet')
            : t('periods.accounts.showQuiet', { count: quiet.length })}
        </Button>
      )}
    </Stack>
  );
}

function isQuiet(account: PeriodAccount): boolean {
  return account.proof === 'no-activity' && account.transactionCount === 0;
}
