import type { BankTransaction, Voucher } from '@bilag/contracts';
import { Button, Group, Kbd, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCircleCheck, IconLinkPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { useRowSelection } from '../../ui/SelectableTable';
import { AutoMatchButtons } from './AutoMatchButtons';
import { ConnectMissingFilters } from './ConnectMissingFilters';
import { ConnectSeveralModal } from './ConnectSeveralModal';
import { useConnectMissingFilter } from './connect-missing.filter';
import { MatchingCounts } from './MatchingCounts';
import { MissingTransactionList } from './MissingTransactionList';
import { matchingKeys } from './matching.queries';
import { VoucherMissingModal } from './VoucherMissingModal';

/** The transactions chosen for "Connect several", and a number that starts the dialog afresh each time. */
type ConnectSeveral = { transactionIds: readonly number[]; key: number };

function KeyboardHelp() {
  const { t } = useTranslation();
  const keys = (...names: string[]) =>
    names.map((name, index) => (
      <span key={name}>
        {index > 0 && ' / '}
        <Kbd size="xs">{name}</Kbd>
      </span>
    ));
  return (
    <Group gap="lg" wrap="wrap" data-testid="keyboard-help">
      <Text size="xs" c="dimmed">
        {keys('j', 'k', '↓', '↑')} {t('matching.keys.move')}
      </Text>
      <Text size="xs" c="dimmed">
        {keys('Enter', 'c')} {t('matching.keys.connect')}
      </Text>
      <Text size="xs" c="dimmed">
        {keys('x')} {t('matching.keys.reject')}
      </Text>
      <Text size="xs" c="dimmed">
        {keys('p')} {t('matching.keys.markPrivate')}
      </Text>
      <Text size="xs" c="dimmed">
        {keys('Space')} {t('matching.keys.select')}
      </Text>
    </Group>
  );
}

/** The vouchers suggested for these transactions, each once, in the order the transactions list them. */
function suggestedVouchers(rows: readonly { Suggestions: { Voucher: Voucher }[] }[]): Voucher[] {
  const vouchers = new Map<number, Voucher>();
  for (const row of rows) {
    for (const suggestion of row.Suggestions) vouchers.set(suggestion.Voucher.Id, suggestion.Voucher);
  }
  return [...vouchers.values()];
}

export default function ConnectMissingPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const { filter, onChangeFilter, onResetFilter } = useConnectMissingFilter();
  useDocumentTitle(`${t('nav.connectMissing')} – ${company.Name} – Bilag`);
  const list = useQuery(matchingKeys.missing(company.Id, filter));
  const [connectSeveral, setConnectSeveral] = useState<ConnectSeveral>();
  const [missingFor, setMissingFor] = useState<BankTransaction>();

  const { rows, summary, pagination } = usePagedList(list.data, { filter, onChangeFilter });
  const selection = useRowSelection(rows.map((row) => row.Transaction.Id));
  const severalRows = rows.filter((row) => connectSeveral?.transactionIds.includes(row.Transaction.Id));
  const isFiltered = filter.keyword !== undefined || filter.connectStatus !== 0 || filter.status !== 0;

  function onOpenConnectSeveral(transactionIds: readonly number[]) {
    setConnectSeveral((current) => ({ transactionIds, key: (current?.key ?? 0) + 1 }));
  }

  function onConnectedSeveral() {
    setConnectSeveral(undefined);
    selection.onClearSelection();
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('matching.page.title')}
        subtitle={t('matching.page.subtitle', { company: company.Name })}
      >
        <AutoMatchButtons companyId={company.Id} />
      </PageHeader>

      <MatchingCounts counts={list.data?.counts} />

      <ListCard
        filters={
          <ConnectMissingFilters
            filter={filter}
            onChangeFilter={onChangeFilter}
            onResetFilter={onResetFilter}
          />
        }
        countRow={{
          summary,
          'data-testid': 'missing-count',
          actions: selection.selectedOnPage.length > 0 && (
            <Button
              size="xs"
              leftSection={<IconLinkPlus size={14} aria-hidden />}
              onClick={() => onOpenConnectSeveral(selection.selectedOnPage)}
              data-testid="connect-several"
            >
              {t('matching.several.open', { count: selection.selectedOnPage.length })}
            </Button>
          ),
        }}
        query={list}
        empty={{
          icon: <IconCircleCheck size={28} aria-hidden />,
          title: isFiltered ? t('matching.list.emptyFilteredTitle') : t('matching.list.emptyTitle'),
          description: isFiltered ? t('matching.list.emptyFilteredText') : t('matching.list.emptyText'),
          'data-testid': 'missing-list-empty',
        }}
        pagination={pagination}
      >
        <MissingTransactionList
          companyId={company.Id}
          rows={rows}
          selection={selection}
          onFindVoucher={(transaction) => onOpenConnectSeveral([transaction.Id])}
          onVoucherMissing={setMissingFor}
        />
      </ListCard>

      <KeyboardHelp />

      <ConnectSeveralModal
        key={connectSeveral?.key ?? 0}
        companyId={company.Id}
        opened={connectSeveral !== undefined}
        transactions={severalRows.map((row) => row.Transaction)}
        suggested={suggestedVouchers(severalRows)}
        onClose={() => setConnectSeveral(undefined)}
        onConnected={onConnectedSeveral}
      />
      <VoucherMissingModal
        key={missingFor?.Id ?? 0}
        companyId={company.Id}
        transaction={missingFor}
        onClose={() => setMissingFor(undefined)}
      />
    </Stack>
  );
}
