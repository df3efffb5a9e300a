import { type Payment, PaymentType } from '@bilag/contracts';
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconCash,
  IconFileExport,
  IconFileImport,
  IconPlaylistX,
  IconPlus,
  IconSignature,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { formatMoney } from '../../ui/format';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { useRowSelection } from '../../ui/SelectableTable';
import { useUrlFilter } from '../../ui/url-filter';
import { companyBankKeys } from '../banks';
import { accountLabel } from '../transactions';
import { ExportModal } from './ExportModal';
import { FullScreenLayer } from './FullScreenLayer';
import { ImportStatusModal } from './ImportStatusModal';
import { PaymentFilters } from './PaymentFilters';
import { PaymentFormModal, type PaymentFormTarget } from './PaymentFormModal';
import { PaymentInfoModal } from './PaymentInfoModal';
import { PaymentStatusTabs } from './PaymentStatusTabs';
import { PaymentTable } from './PaymentTable';
import { PaymentTotals } from './PaymentTotals';
import { type PaymentListKind, PaymentTypeTabs } from './PaymentTypeTabs';
import {
  commonDebtorAccount,
  type PaymentRowAction,
  paymentRowActions,
  removablePayments,
  signablePayments,
} from './payment.actions';
import {
  internalTransferFilter,
  internalTransferQuery,
  type PaymentListFilter,
  paymentListFilter,
  paymentListQuery,
  statusChange,
  statusWithRows,
} from './payment.filter';
import { useCancelPaymentMutation, useRemovePaymentsMutation } from './payment.mutations';
import { paymentKeys } from './payment.queries';
import { BasketModal, type BasketTarget } from './signing/BasketModal';
import { useStopAtBankMutation } from './signing/basket.mutations';
import { TransferFormModal } from './TransferFormModal';

type ListedStatus = PaymentListFilter['status'];

const kindTexts = {
  domestic: { title: 'payments.list.domesticTitle', subtitle: 'payments.list.domesticSubtitle' },
  international: {
    title: 'payments.list.internationalTitle',
    subtitle: 'payments.list.internationalSubtitle',
  },
  transfers: { title: 'payments.transfers.title', subtitle: 'payments.transfers.subtitle' },
} as const;

/** The list's queries: payments of one type, or internal transfers, which have calls of their own. */
function useListQueries(companyId: number, kind: PaymentListKind, filter: PaymentListFilter) {
  const isTransfers = kind === 'transfers';
  const paymentType = kind === 'international' ? PaymentType.INTERNATIONAL : PaymentType.DOMESTIC;
  const paymentQuery = paymentListQuery(filter, paymentType);
  const transferQuery = internalTransferQuery(filter);
  const payments = useQuery({ ...paymentKeys.list(companyId, paymentQuery), enabled: !isTransfers });
  const paymentStatistics = useQuery({
    ...paymentKeys.statistics(companyId, paymentQuery),
    enabled: !isTransfers,
  });
  const transfers = useQuery({ ...paymentKeys.transfers(companyId, transferQuery), enabled: isTransfers });
  const transferStatistics = useQuery({
    ...paymentKeys.transferStatistics(companyId, transferQuery),
    enabled: isTransfers,
  });
  return isTransfers
    ? { list: transfers, statistics: transferStatistics }
    : { list: payments, statistics: paymentStatistics };
}

/**
 * A payment list of the company: domestic or international payments, or internal transfers. Status tabs
 * with their counts, filters in the address, the payments of the page with what may be done to each,
 * the totals per account and due date, and a full-screen mode for long lists.
 */
export function PaymentListView({ kind }: { kind: PaymentListKind }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const isTransfers = kind === 'transfers';
  const definition = isTransfers ? internalTransferFilter : paymentListFilter;
  const defaultSortType = definition.defaults.sortType;
  const { filter, onChangeFilter, onResetFilter } = useUrlFilter(definition);
  useDocumentTitle(`${t(kindTexts[kind].title)} – ${company.Name} – Bilag`);

  const { list, statistics } = useListQueries(company.Id, kind, filter);
  const actions = useQuery(paymentKeys.actions(company.Id));
  const accounts = useQuery(companyBankKeys.list(company.Id));
  const { rows, summary, pagination } = usePagedList(list.data, { filter, onChangeFilter });
  const selection = useRowSelection(rows.map((row) => row.Id));
  const selected = rows.filter((row) => selection.selectedIds.has(row.Id));

  const [isFullScreen, setIsFullScreen] = useState(false);
  const [infoUuid, setInfoUuid] = useState<string>();
  const [formTarget, setFormTarget] = useState<PaymentFormTarget>();
  const [transferTarget, setTransferTarget] = useState<Payment | 'new'>();
  const [removing, setRemoving] = useState<Payment[]>();
  const [canceling, setCanceling] = useState<Payment>();
  const [exportSelection, setExportSelection] = useState<Payment[]>();
  const [isImporting, setIsImporting] = useState(false);
  const [basketTarget, setBasketTarget] = useState<BasketTarget>();
  const [stopping, setStopping] = useState<Payment>();
  const removePayments = useRemovePaymentsMutation(company.Id);
  const cancelPayment = useCancelPaymentMutation(company.Id);
  const stopAtBank = useStopAtBankMutation(company.Id);

  const accountNames = new Map((accounts.data ?? []).map((account) => [account.Id, accountLabel(account)]));
  const accountOptions = [
    { value: '0', label: t('payments.filters.allAccounts') },
    ...(accounts.data ?? []).map((account) => ({ value: String(account.Id), label: accountLabel(account) })),
  ];
  const canPrepare = actions.data?.canPrepare ?? false;
  const canPay = actions.data?.canPay ?? false;
  const removable = removablePayments(selected, actions.data);
  const signable = signablePayments(selected, actions.data);
  const isOneAccount = commonDebtorAccount(signable) !== undefined;

  const pickedStatus = useRef<ListedStatus>(undefined);
  const autoStatus = statistics.isPlaceholderData
    ? undefined
    : statusWithRows(statistics.data, filter.status, pickedStatus.current);
  useEffect(() => {
    if (autoStatus !== undefined)
      onChangeFilter(statusChange(filter, autoStatus, defaultSortType), { isReplacing: true });
  }, [autoStatus, filter, defaultSortType, onChangeFilter]);

  function onSelectStatus(status: ListedStatus) {
    pickedStatus.current = status;
    selection.onClearSelection();
    onChangeFilter(statusChange(filter, status, defaultSortType));
  }

  function onAction(payment: Payment, action: PaymentRowAction) {
    if (action === 'info') setInfoUuid(payment.Uuid);
    else if (action === 'edit') {
      if (isTransfers) setTransferTarget(payment);
      else setFormTarget({ mode: 'edit', payment });
    } else if (action === 'remove') setRemoving([payment]);
    else if (action === 'openBasket') {
      if (payment.BasketUuid) setBasketTarget({ kind: 'existing', basketUUID: payment.BasketUuid });
    } else if (action === 'stopAtBank') setStopping(payment);
    else setCanceling(payment);
  }

  function onCloseBasket() {
    if (basketTarget?.kind === 'new') selection.onClearSelection();
    setBasketTarget(undefined);
  }

  function onConfirmStop() {
    if (!stopping) return;
    stopAtBank.mutate(stopping.Id, { onSettled: () => setStopping(undefined) });
  }

  function onConfirmRemove() {
    if (!removing) return;
    removePayments.mutate(
      removing.map((payment) => payment.Id),
      {
        onSuccess: () => {
          selection.onClearSelection();
          setRemoving(undefined);
        },
      },
    );
  }

  function onConfirmCancel() {
    if (!canceling) return;
    cancelPayment.mutate(canceling.Id, { onSuccess: () => setCanceling(undefined) });
  }

  const onExitFullScreen = useCallback(() => setIsFullScreen(false), []);
  const removingTotal = (removing ?? []).reduce((sum, payment) => sum + payment.AmountOre, 0);

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t(kindTexts[kind].title)}
        subtitle={t(kindTexts[kind].subtitle, { company: company.Name })}
      >
        {canPay && (
          <Button
            variant="default"
            leftSection={<IconFileImport size={18} aria-hidden />}
            onClick={() => setIsImporting(true)}
            data-testid="import-pain002"
          >
            {t('payments.import.button')}
          </Button>
        )}
        {canPay && (
          <Button
            variant="default"
            leftSection={<IconFileExport size={18} aria-hidden />}
            onClick={() => setExportSelection([])}
            data-testid="export-payments"
          >
            {t('payments.export.button')}
          </Button>
        )}
        {canPrepare && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => (isTransfers ? setTransferTarget('new') : setFormTarget({ mode: 'new' }))}
            data-testid={isTransfers ? 'new-transfer' : 'new-payment'}
          >
            {t(isTransfers ? 'payments.transfers.new' : 'payments.list.new')}
          </Button>
        )}
      </PageHeader>

      <PaymentTypeTabs current={kind} />

      <FullScreenLayer isFullScreen={isFullScreen} onExit={onExitFullScreen} label={t(kindTexts[kind].title)}>
        <Stack gap="md">
          {isFullScreen && (
            <Text fw={600} size="lg">
              {t(kindTexts[kind].title)}
            </Text>
          )}
          <PaymentStatusTabs
            status={filter.status}
            statistics={statistics.data}
            onSelectStatus={onSelectStatus}
          />
          <ListCard
            filters={
              <PaymentFilters
                definition={definition}
                filter={filter}
                onChangeFilter={onChangeFilter}
                onResetFilter={onResetFilter}
                accountOptions={accountOptions}
                hasSource={!isTransfers}
              />
            }
            countRow={{
              summary,
              'data-testid': 'payment-count',
              actions: (
                <Group gap="xs">
                  {signable.length > 0 && signable.length === selected.length && (
                    <Tooltip label={t('signing.signAndPayOneAccount')} disabled={isOneAccount}>
                      <Button
                        size="xs"
                        leftSection={<IconSignature size={14} aria-hidden />}
                        onClick={() =>
                          setBasketTarget({ kind: 'new', paymentIds: signable.map((payment) => payment.Id) })
                        }
                        disabled={!isOneAccount}
                        data-testid="bulk-sign"
                      >
                        {t('signing.signAndPay', { count: signable.length })}
                      </Button>
                    </Tooltip>
                  )}
                  {canPrepare && removable.length > 0 && (
                    <Button
                      color="red"
                      variant="light"
                      size="xs"
                      leftSection={<IconPlaylistX size={14} aria-hidden />}
                      onClick={() => setRemoving(removable)}
                      data-testid="bulk-remove"
                    >
                      {t('payments.remove.selected', { count: removable.length })}
                    </Button>
                  )}
                  {canPay && selected.length > 0 && selected.length === removable.length && (
                    <Button
                      variant="light"
                      size="xs"
                      leftSection={<IconFileExport size={14} aria-hidden />}
                      onClick={() => setExportSelection(selected)}
                      data-testid="bulk-export"
                    >
                      {t('payments.export.selected', { count: selected.length })}
                    </Button>
                  )}
                  <Tooltip
                    label={t(isFullScreen ? 'payments.list.leaveFullScreen' : 'payments.list.fullScreen')}
                  >
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      onClick={() => setIsFullScreen((current) => !current)}
                      aria-label={t(
                        isFullScreen ? 'payments.list.leaveFullScreen' : 'payments.list.fullScreen',
                      )}
                      aria-pressed={isFullScreen}
                      data-testid="full-screen-toggle"
                    >
                      {isFullScreen ? (
                        <IconArrowsMinimize size={18} aria-hidden />
                      ) : (
                        <IconArrowsMaximize size={18} aria-hidden />
                      )}
                    </ActionIcon>
                  </Tooltip>
                </Group>
              ),
            }}
            query={list}
            empty={{
              icon: <IconCash size={28} aria-hidden />,
              title: t(isTransfers ? 'payments.transfers.emptyTitle' : 'payments.list.emptyTitle'),
              description: t(isTransfers ? 'payments.transfers.emptyText' : 'payments.list.emptyText'),
              'data-testid': 'payment-list-empty',
            }}
            pagination={pagination}
          >
            <PaymentTable
              rows={rows}
              sortType={filter.sortType}
              onSort={(sortType) => onChangeFilter({ sortType })}
              accountNames={accountNames}
              selection={selection}
              rowActions={(payment) => paymentRowActions(payment, actions.data)}
              onAction={onAction}
              isTransfer={isTransfers}
            />
          </ListCard>
          {statistics.data && <PaymentTotals totals={statistics.data.totals} accountNames={accountNames} />}
        </Stack>
      </FullScreenLayer>

      <PaymentInfoModal
        paymentUuid={infoUuid}
        accountNames={accountNames}
        onClose={() => setInfoUuid(undefined)}
      />
      {!isTransfers && (
        <PaymentFormModal
          type={kind === 'international' ? PaymentType.INTERNATIONAL : PaymentType.DOMESTIC}
          target={formTarget}
          onClose={() => setFormTarget(undefined)}
        />
      )}
      {isTransfers && (
        <TransferFormModal target={transferTarget} onClose={() => setTransferTarget(undefined)} />
      )}
      <ConfirmModal
        opened={removing !== undefined}
        title={t('payments.remove.title', { count: removing?.length ?? 0 })}
        text={t('payments.remove.text', {
          count: removing?.length ?? 0,
          total: formatMoney(removingTotal, removing?.[0]?.Currency ?? 'NOK'),
        })}
        confirmLabel={t('payments.remove.confirm')}
        cancelLabel={t('payments.remove.keep')}
        isPending={removePayments.isPending}
        onCancel={() => setRemoving(undefined)}
        onConfirm={onConfirmRemove}
        data-testid="confirm-remove"
      />
      <ConfirmModal
        opened={canceling !== undefined}
        title={t('payments.cancel.title')}
        text={t('payments.cancel.text', {
          name: canceling?.CreditorName ?? '',
          amount: canceling ? formatMoney(canceling.AmountOre, canceling.Currency) : '',
        })}
        confirmLabel={t('payments.cancel.confirm')}
        cancelLabel={t('payments.cancel.keep')}
        isPending={cancelPayment.isPending}
        onCancel={() => setCanceling(undefined)}
        onConfirm={onConfirmCancel}
        data-testid="confirm-cancel"
      />
      <ExportModal
        opened={exportSelection !== undefined}
        onClose={() => setExportSelection(undefined)}
        actions={actions.data}
        accountNames={accountNames}
        selected={exportSelection ?? []}
        onExported={() => {
          selection.onClearSelection();
          setExportSelection(undefined);
        }}
      />
      <ImportStatusModal opened={isImporting} onClose={() => setIsImporting(false)} />
      <BasketModal companyId={company.Id} target={basketTarget} onClose={onCloseBasket} />
      <ConfirmModal
        opened={stopping !== undefined}
        title={t('signing.stopAtBank.title')}
        text={t('signing.stopAtBank.text', {
          name: stopping?.CreditorName ?? '',
          amount: stopping ? formatMoney(stopping.AmountOre, stopping.Currency) : '',
        })}
        confirmLabel={t('signing.stopAtBank.confirm')}
        cancelLabel={t('signing.stopAtBank.keep')}
        isPending={stopAtBank.isPending}
        onCancel={() => setStopping(undefined)}
        onConfirm={onConfirmStop}
        data-testid="confirm-stop-at-bank"
      />
    </Stack>
  );
}
