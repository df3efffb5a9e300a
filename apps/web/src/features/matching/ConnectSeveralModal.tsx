import type { BankTransaction, Voucher } from '@bilag/contracts';
import {
  Button,
  Center,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconLink, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { KEYWORD_DELAY_MS } from '../../ui/FilterBar';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { QueryGate } from '../../ui/QueryGate';
import { SignedAmount } from '../../ui/SignedAmount';
import { defaultVoucherFilter, voucherKeys } from '../vouchers';
import { connectBalance } from './connect-several';
import { voucherName } from './matching.format';
import { useConnectMutation } from './matching.mutations';

type ConnectSeveralModalProps = {
  companyId: number;
  opened: boolean;
  transactions: readonly BankTransaction[];
  /** The vouchers suggested for these transactions, offered first. */
  suggested: readonly Voucher[];
  onClose: () => void;
  onConnected: () => void;
};

const SEARCH_PAGE_SIZE = 10;
const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function VoucherOption({
  voucher,
  isChosen,
  onToggle,
}: {
  voucher: Voucher;
  isChosen: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const amount = voucher.AmountOre === null ? '—' : formatMoney(voucher.AmountOre, voucher.Currency);
  return (
    <Checkbox
      checked={isChosen}
      onChange={onToggle}
      label={`${voucherName(voucher, t)} · ${formatCalendarDate(voucher.Date) || '—'} · ${amount}`}
      data-testid={`choose-voucher-${voucher.Id}`}
    />
  );
}

/**
 * Connects the chosen transactions with the chosen vouchers at once: one payment for several invoices, or
 * one invoice paid in parts. The sums are shown as they change, and Connect waits until they agree.
 */
export function ConnectSeveralModal({
  companyId,
  opened,
  transactions,
  suggested,
  onClose,
  onConnected,
}: ConnectSeveralModalProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<ReadonlyMap<number, Voucher>>(new Map());
  const [keyword, setKeyword] = useState('');
  const [searchedKeyword] = useDebouncedValue(keyword.trim(), KEYWORD_DELAY_MS);
  const connect = useConnectMutation(companyId);
  const search = useQuery({
    ...voucherKeys.list(companyId, {
      ...defaultVoucherFilter,
      keyword: searchedKeyword,
      pageSize: SEARCH_PAGE_SIZE,
    }),
    enabled: searchedKeyword !== '',
  });

  const suggestedIds = new Set(suggested.map((voucher) => voucher.Id));
  const found = (search.data?.rows ?? []).filter(
    (voucher) => voucher.DeletedAt === null && !suggestedIds.has(voucher.Id),
  );
  const chosenVouchers = [...chosen.values()];
  const balance = connectBalance(transactions, chosenVouchers);
  const currency = transactions[0]?.Currency ?? 'NOK';

  function onToggle(voucher: Voucher) {
    connect.reset();
    setChosen((current) => {
      const next = new Map(current);
      if (next.has(voucher.Id)) next.delete(voucher.Id);
      else next.set(voucher.Id, voucher);
      return next;
    });
  }

  function onConnect() {
    connect.mutate(
      { transactionIds: transactions.map((transaction) => transaction.Id), voucherIds: [...chosen.keys()] },
      { onSuccess: onConnected },
    );
  }

  const balanceText =
    balance.differenceOre === undefined
      ? t('matching.several.noAmount')
      : balance.differenceOre === 0
        ? t('matching.several.balanced')
        : t('matching.several.difference', {
            amount: formatMoney(Math.abs(balance.differenceOre), currency),
          });

  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      title={t('matching.several.title')}
      size="xl"
      fullScreenBelow="48em"
    >
      <Stack gap="md">
        <Stack gap={6} component="section" aria-labelledby="several-transactions-heading">
          <Title order={3} fz="sm" id="several-transactions-heading">
            {t('matching.several.transactions', { count: transactions.length })}
          </Title>
          {transactions.map((transaction) => (
            <Group key={transaction.Id} justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Text size="sm" c="dimmed" style={numeric}>
                  {formatCalendarDate(transaction.Date)}
                </Text>
                <Text size="sm" truncate>
                  {transaction.Text}
                </Text>
              </Group>
              <SignedAmount amountOre={transaction.AmountOre} currency={transaction.Currency} />
            </Group>
          ))}
        </Stack>

        <Stack gap={6} component="section" aria-labelledby="several-vouchers-heading">
          <Title order={3} fz="sm" id="several-vouchers-heading">
            {t('matching.several.vouchers')}
          </Title>
          {suggested.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('matching.several.noSuggested')}
            </Text>
          ) : (
            suggested.map((voucher) => (
              <VoucherOption
                key={voucher.Id}
                voucher={voucher}
                isChosen={chosen.has(voucher.Id)}
                onToggle={() => onToggle(voucher)}
              />
            ))
          )}
          <TextInput
            mt="xs"
            label={t('matching.several.search')}
            placeholder={t('matching.several.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={keyword}
            onChange={(event) => setKeyword(event.currentTarget.value)}
            data-autofocus
            data-testid="voucher-search"
          />
          {searchedKeyword !== '' && (
            <QueryGate
              query={search}
              loading={
                <Center py="xs">
                  <LoadingSpinner size="xs" />
                </Center>
              }
              isEmpty={() => found.length === 0}
              empty={
                <Text size="sm" c="dimmed">
                  {t('matching.several.noneFound')}
                </Text>
              }
            >
              {() =>
                found.map((voucher) => (
                  <VoucherOption
                    key={voucher.Id}
                    voucher={voucher}
                    isChosen={chosen.has(voucher.Id)}
                    onToggle={() => onToggle(voucher)}
                  />
                ))
              }
            </QueryGate>
          )}
          {chosenVouchers
            .filter(
              (voucher) => !suggestedIds.has(voucher.Id) && !found.some((shown) => shown.Id === voucher.Id),
            )
            .map((voucher) => (
              <VoucherOption key={voucher.Id} voucher={voucher} isChosen onToggle={() => onToggle(voucher)} />
            ))}
        </Stack>

        <Paper withBorder radius="md" p="sm" aria-live="polite" data-testid="several-balance">
          <SimpleGrid cols={3} spacing="sm">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('matching.several.transactionsSum')}
              </Text>
              <Text fw={700} style={numeric} data-testid="sum-transactions">
                {formatMoney(balance.transactionsOre, currency)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {t('matching.several.vouchersSum')}
              </Text>
              <Text fw={700} style={numeric} data-testid="sum-vouchers">
                {balance.vouchersOre === undefined ? '—' : formatMoney(balance.vouchersOre, currency)}
              </Text>
            </Stack>
            <Group gap={4} wrap="nowrap" align="center">
              {balance.differenceOre === 0 && (
                <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
              )}
              <Text
                size="sm"
                fw={600}
                c={balance.differenceOre === 0 ? 'teal.9' : 'red.8'}
                data-testid="sum-difference"
              >
                {chosen.size === 0 ? t('matching.several.chooseVouchers') : balanceText}
              </Text>
            </Group>
          </SimpleGrid>
        </Paper>

        {connect.isError && <ErrorAlert error={connect.error} data-testid="connect-failed" />}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={connect.isPending}>
            {t('matching.several.cancel')}
          </Button>
          <Button
            leftSection={<IconLink size={16} aria-hidden />}
            onClick={onConnect}
            loading={connect.isPending}
            disabled={!balance.canConnect}
            data-testid="connect-several-confirm"
          >
            {t('matching.several.connect')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
