import type { Voucher } from '@bilag/contracts';
import { isDomainError } from '@bilag/domain/errors';
import { filterPositiveAmountInput, parseAmount } from '@bilag/domain/money/norwegian';
import {
  ActionIcon,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatMoney } from '../../ui/format';
import { QueryGate } from '../../ui/QueryGate';
import { useAddVoucherBalanceMutation, useRemoveVoucherBalanceMutation } from './voucher.mutations';
import { voucherKeys } from './voucher.queries';

type VoucherBalancesCardProps = {
  companyId: number;
  voucher: Voucher;
};

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The voucher's amount split into parts (such as partial payments) and the rest not yet covered. */
export function VoucherBalancesCard({ companyId, voucher }: VoucherBalancesCardProps) {
  const { t } = useTranslation();
  const balances = useQuery(voucherKeys.balances(companyId, voucher.Id));
  const addBalance = useAddVoucherBalanceMutation(companyId, voucher.Id);
  const removeBalance = useRemoveVoucherBalanceMutation(companyId, voucher.Id);
  const [amountText, setAmountText] = useState('');
  const [description, setDescription] = useState('');
  const [amountError, setAmountError] = useState<string>();
  const hasAmount = voucher.AmountOre !== null;

  function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (voucher.AmountOre === null) return;
    let magnitude: number;
    try {
      magnitude = parseAmount(amountText);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      setAmountError(
        t(
          error.code === 'AMBIGUOUS_AMOUNT'
            ? 'vouchers.form.errors.amountAmbiguous'
            : 'vouchers.form.errors.amount',
        ),
      );
      return;
    }
    if (magnitude === 0) {
      setAmountError(t('vouchers.balances.zero'));
      return;
    }
    // A credit note's parts are negative like the note itself; people type them without the sign.
    const amountOre = voucher.AmountOre < 0 ? -magnitude : magnitude;
    addBalance.mutate(
      { amountOre, description: description.trim() || undefined },
      {
        onSuccess: () => {
          setAmountText('');
          setDescription('');
        },
      },
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="voucher-balances-heading">
      <Stack gap="md">
        <Group justify="space-between" align="baseline">
          <Title order={2} fz="lg" id="voucher-balances-heading">
            {t('vouchers.balances.title')}
          </Title>
          {balances.data && hasAmount && (
            <Text size="sm" data-testid="balance-rest">
              {t('vouchers.balances.rest')}{' '}
              <Text span fw={700} style={numeric}>
                {formatMoney(balances.data.rest, voucher.Currency)}
              </Text>
            </Text>
          )}
        </Group>

        {!hasAmount ? (
          <Text size="sm" c="dimmed">
            {t('vouchers.balances.needsAmount')}
          </Text>
        ) : (
          <QueryGate query={balances} loading={<Skeleton h={60} />}>
            {(data) => (
              <>
                {data.voucherBalances.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('vouchers.balances.none')}
                  </Text>
                ) : (
                  <Table verticalSpacing={6} data-testid="balance-table">
                    <Table.Tbody>
                      {data.voucherBalances.map((balance) => (
                        <Table.Tr key={balance.Id}>
                          <Table.Td>
                            <Text size="sm">{balance.Description ?? t('vouchers.balances.part')}</Text>
                            <Text size="xs" c="dimmed">
                              {formatDate(balance.CreatedAt, DateFormat.date)}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right" style={numeric}>
                            {formatMoney(balance.AmountOre, voucher.Currency)}
                          </Table.Td>
                          <Table.Td w={40}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('vouchers.balances.remove')}
                              loading={removeBalance.isPending && removeBalance.variables === balance.Id}
                              onClick={() => removeBalance.mutate(balance.Id)}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
                <form onSubmit={onAdd} aria-label={t('vouchers.balances.add')}>
                  <Group gap="sm" align="flex-start" wrap="nowrap">
                    <TextInput
                      aria-label={t('vouchers.fields.amount')}
                      placeholder={t('vouchers.fields.amount')}
                      inputMode="decimal"
                      value={amountText}
                      onChange={(event) => {
                        setAmountText(filterPositiveAmountInput(event.currentTarget.value));
                        setAmountError(undefined);
                      }}
                      error={amountError}
                      w={120}
                      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
                      data-testid="balance-amount"
                    />
                    <TextInput
                      aria-label={t('vouchers.fields.description')}
                      placeholder={t('vouchers.balances.descriptionPlaceholder')}
                      value={description}
                      onChange={(event) => setDescription(event.currentTarget.value)}
                      maxLength={500}
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    <Button
                      type="submit"
                      variant="light"
                      leftSection={<IconPlus size={16} aria-hidden />}
                      loading={addBalance.isPending}
                      disabled={amountText.trim() === ''}
                      data-testid="balance-add"
                    >
                      {t('vouchers.balances.addButton')}
                    </Button>
                  </Group>
                </form>
              </>
            )}
          </QueryGate>
        )}
      </Stack>
    </Card>
  );
}
