import { BankTransactionStatus, PaymentStatus, STATISTIC_LIMITS } from '@bilag/contracts';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  type Icon,
  IconArrowRight,
  IconBuildingBank,
  IconBulb,
  IconCircleCheck,
  IconClockExclamation,
  IconCreditCard,
  IconCreditCardOff,
  IconFileImport,
  IconMailOpened,
  IconPlugConnectedX,
  IconReceiptOff,
  IconRocket,
  IconUnlink,
  IconUpload,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { companyAreas, isAreaServiceOn } from '../../app/navigation';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatMoney } from '../../ui/format';
import { authKeys } from '../auth';
import { companyServiceKeys } from '../company-services';
import { connectMissingFilter, connectMissingSearch, matchingKeys } from '../matching';
import { statisticKeys } from '../statistics';
import { transactionKeys, transactionListSearch } from '../transactions';
import {
  type BankYearSummary,
  type FirstStep as MissingStep,
  missingFirstSteps,
  OVERVIEW_WAITING_KINDS,
  type OverviewWaitingKind,
  type WaitingItem,
  type WaitingKind,
  waitingWork,
} from './waiting-work';

const waitingLook: Record<WaitingKind, { icon: Icon; color: string }> = {
  vouchersMissing: { icon: IconReceiptOff, color: 'orange' },
  transactionsWithoutVoucher: { icon: IconUnlink, color: 'red' },
  suggestionsToAccept: { icon: IconBulb, color: 'brand' },
  paymentsFailed: { icon: IconCreditCardOff, color: 'red' },
  paymentsForApproval: { icon: IconCreditCard, color: 'blue' },
  // A consent about to end stops the bank's transactions from coming: the warning red.
  consentsExpiring: { icon: IconPlugConnectedX, color: 'red' },
  tasksDue: { icon: IconClockExclamation, color: 'grape' },
  inboxUnread: { icon: IconMailOpened, color: 'indigo' },
};

/** The company area whose list each of the overview's cards opens. */
const overviewArea: Record<OverviewWaitingKind, string> = {
  paymentsFailed: 'payment-list',
  paymentsForApproval: 'payment-list',
  consentsExpiring: 'consent',
  tasksDue: 'task',
  inboxUnread: 'inbox',
};

/** The list that shows what a card counts, below the company. */
function waitingPath(kind: WaitingKind, bankYear: number | undefined): string {
  switch (kind) {
    case 'vouchersMissing':
      return `connect-missing${connectMissingSearch({ connectStatus: 2 })}`;
    case 'suggestionsToAccept':
      return `connect-missing${connectMissingSearch({ connectStatus: 1 })}`;
    case 'transactionsWithoutVoucher':
      return `bank${transactionListSearch({ status: BankTransactionStatus.MISSING_VOUCHER, year: bankYear })}`;
    // The payment list starts a month back; the overview counts every due date, so the list is opened
    // without a from date.
    case 'paymentsFailed':
      return `payments/payment-list?status=${PaymentStatus.FAILED}&from=none`;
    case 'paymentsForApproval':
      return 'payments/payment-list?from=none';
    case 'consentsExpiring':
      return 'consent';
    case 'tasksDue':
      return 'task';
    case 'inboxUnread':
      return 'inbox?read=unread';
  }
}

/** Whether the person's role may open an area; nothing is counted for an area they cannot open. */
function canOpen(areaId: string, actions: readonly string[] | undefined): boolean {
  const area = companyAreas.find((candidate) => candidate.id === areaId);
  return area !== undefined && (actions?.includes(area.requiredAction) ?? false);
}

/** Counted once for the whole company; one row is enough, the counts come with any page. */
const countsFilter = { ...connectMissingFilter.defaults, pageSize: 1 };

type WaitingCardProps = {
  item: WaitingItem;
  bankYear: number | undefined;
  /** The transactions of every year still without a voucher, where more than the bank list's year has. */
  missingAllYears?: { count: number; amountOre: number } | undefined;
};

function WaitingCard({ item, bankYear, missingAllYears }: WaitingCardProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const look = waitingLook[item.kind];
  const title = t(`dashboard.waiting.${item.kind}.title`);
  return (
    <Card
      component={Link}
      to={companyPath(company, waitingPath(item.kind, bankYear))}
      withBorder
      radius="lg"
      padding="lg"
      data-testid={`waiting-${item.kind}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fz={40} fw={800} lh={1} c={`${look.color}.8`} data-testid="waiting-count">
            {item.count}
          </Text>
          <ThemeIcon variant="light" color={look.color} size={40} radius="md">
            <look.icon size={22} stroke={1.7} aria-hidden />
          </ThemeIcon>
        </Group>
        <Title order={3} fz="md">
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {t(`dashboard.waiting.${item.kind}.text`, {
            year: bankYear,
            days:
              item.kind === 'tasksDue'
                ? STATISTIC_LIMITS.tasksDueWithinDays
                : STATISTIC_LIMITS.expiringSoonDays,
          })}
        </Text>
        {item.overdue !== undefined && item.overdue > 0 && (
          <Text size="sm" fw={700} c="red.9" data-testid="waiting-overdue">
            {t('dashboard.waiting.tasksDue.overdue', { count: item.overdue })}
          </Text>
        )}
        {missingAllYears && (
          <Text size="sm" c="dimmed" data-testid="waiting-all-years">
            {t('dashboard.waiting.missingAllYears', {
              count: missingAllYears.count,
              amount: formatMoney(missingAllYears.amountOre, 'NOK'),
            })}
          </Text>
        )}
        <Group gap={4} c="brand.8">
          <Text size="sm" fw={600}>
            {t('dashboard.waiting.open')}
          </Text>
          <IconArrowRight size={16} aria-hidden />
        </Group>
      </Stack>
    </Card>
  );
}

type FirstStep = {
  areaPath: string;
  areaId: string;
  labelKey: 'addAccount' | 'importStatement' | 'uploadVouchers';
};

const firstSteps: readonly FirstStep[] = [
  { areaId: 'bank-management', areaPath: 'bank-management', labelKey: 'addAccount' },
  { areaId: 'bank', areaPath: 'bank/import-document', labelKey: 'importStatement' },
  { areaId: 'voucher', areaPath: 'voucher', labelKey: 'uploadVouchers' },
];

/** Nothing waits: a company without books yet is told where to begin, one with books that all is done. */
function NothingWaiting({
  hasBooks,
  actions,
}: {
  hasBooks: boolean;
  actions: readonly string[] | undefined;
}) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const steps = firstSteps.filter(
    (step) => canOpen(step.areaId, actions) && (!hasBooks || step.labelKey !== 'addAccount'),
  );
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="waiting-empty">
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <ThemeIcon variant="light" color={hasBooks ? 'green' : 'brand'} size={48} radius="xl">
          {hasBooks ? <IconCircleCheck size={26} aria-hidden /> : <IconRocket size={26} aria-hidden />}
        </ThemeIcon>
        <Stack gap="sm">
          <Title order={3} fz="lg">
            {t(hasBooks ? 'dashboard.waiting.doneTitle' : 'dashboard.waiting.startTitle')}
          </Title>
          <Text c="dimmed">{t(hasBooks ? 'dashboard.waiting.doneText' : 'dashboard.waiting.startText')}</Text>
          {steps.length > 0 && (
            <Group gap="sm" mt="xs">
              {steps.map((step, index) => (
                <Button
                  key={step.labelKey}
                  component={Link}
                  to={companyPath(company, step.areaPath)}
                  variant={index === 0 ? 'filled' : 'light'}
                  leftSection={
                    step.labelKey === 'importStatement' ? <IconFileImport size={16} aria-hidden /> : undefined
                  }
                >
                  {t(`dashboard.waiting.${step.labelKey}`)}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

const firstStepLook: Record<
  MissingStep,
  { areaId: string; path: string; icon: Icon; titleKey: 'noAccount' | 'noTransactions' | 'noVouchers' }
> = {
  addAccount: {
    areaId: 'bank-management',
    path: 'bank-management',
    icon: IconBuildingBank,
    titleKey: 'noAccount',
  },
  importStatement: {
    areaId: 'bank',
    path: 'bank/import-document',
    icon: IconFileImport,
    titleKey: 'noTransactions',
  },
  uploadVouchers: { areaId: 'voucher', path: 'voucher', icon: IconUpload, titleKey: 'noVouchers' },
};

/** What a company with work waiting still lacks to be complete, each with the page that does it. */
function FirstSteps({ steps }: { steps: readonly MissingStep[] }) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="dashboard-first-steps">
      <Stack gap="md">
        {steps.map((step) => {
          const look = firstStepLook[step];
          const prefix = `dashboard.balances.${look.titleKey}` as const;
          return (
            <Group key={step} justify="space-between" wrap="wrap" gap="sm" data-testid={`first-step-${step}`}>
              <Group gap="md" wrap="nowrap" style={{ flex: 1, minWidth: 240 }}>
                <ThemeIcon variant="light" size={40} radius="xl">
                  <look.icon size={22} aria-hidden />
                </ThemeIcon>
                <Stack gap={0}>
                  <Text fw={650}>{t(`${prefix}Title`)}</Text>
                  <Text size="sm" c="dimmed">
                    {t(`${prefix}Text`)}
                  </Text>
                </Stack>
              </Group>
              <Button component={Link} to={companyPath(company, look.path)} variant="light">
                {t(`dashboard.waiting.${step}`)}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

/** The front page's links to what waits for the person: a card per kind, with its count. */
export function WaitingWork() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const roleActions = useQuery(authKeys.roleActions());
  const actions = roleActions.data?.actions;
  const canMatch = canOpen('connect-missing', actions);
  const canBank = canOpen('bank', actions);
  const menu = useQuery(companyServiceKeys.menu(company.Id));
  const overview = useQuery(statisticKeys.overview(company.Id));
  const openable = new Set(
    OVERVIEW_WAITING_KINDS.filter((kind) => {
      const area = companyAreas.find((candidate) => candidate.id === overviewArea[kind]);
      return area !== undefined && canOpen(area.id, actions) && isAreaServiceOn(area, menu.data);
    }),
  );

  const matching = useQuery({ ...matchingKeys.missing(company.Id, countsFilter), enabled: canMatch });
  const years = useQuery({ ...transactionKeys.years(company.Id), enabled: canBank });
  const bankYear = years.data?.[0];
  const bankSummary = useQuery({
    ...transactionKeys.missingSummary(company.Id, { year: bankYear ?? 0, companyBankId: 0 }),
    enabled: canBank && bankYear !== undefined,
  });

  const failed = [matching, years, bankSummary].find((query) => query.isError);
  const isLoading =
    roleActions.isPending ||
    overview.isPending ||
    (canMatch && matching.isPending) ||
    (canBank && (years.isPending || bankSummary.isPending));
  const bank: BankYearSummary | undefined =
    bankYear !== undefined && bankSummary.data ? { year: bankYear, ...bankSummary.data } : undefined;
  const items = waitingWork({
    matching: matching.data?.counts,
    bank,
    overview: overview.data?.waiting,
    openable,
  });
  const hasBooks = (bank?.total ?? 0) > 0 || (matching.data?.counts.connected ?? 0) > 0;
  const firstSteps = overview.data
    ? missingFirstSteps(overview.data.has).filter((step) => canOpen(firstStepLook[step].areaId, actions))
    : [];
  const allYears = overview.data?.waiting;
  const missingAllYears =
    allYears && bank && allYears.transactionsMissingVoucher > bank.missingVoucher
      ? { count: allYears.transactionsMissingVoucher, amountOre: allYears.transactionsMissingVoucherOre }
      : undefined;

  if (!roleActions.isPending && !canMatch && !canBank && openable.size === 0) return null;

  let content: ReactNode;
  if (failed) {
    content = (
      <ErrorAlert
        title={t('dashboard.waiting.loadFailed')}
        error={failed.error}
        onRetry={() => void failed.refetch()}
      />
    );
  } else if (isLoading) {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {['first', 'second', 'third'].map((placeholder) => (
          <Skeleton key={placeholder} h={180} radius="lg" />
        ))}
      </SimpleGrid>
    );
  } else if (items.length === 0) {
    content = <NothingWaiting hasBooks={hasBooks} actions={actions} />;
  } else {
    content = (
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {items.map((item) => (
          <WaitingCard
            key={item.kind}
            item={item}
            bankYear={bankYear}
            missingAllYears={item.kind === 'transactionsWithoutVoucher' ? missingAllYears : undefined}
          />
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Stack
      component="section"
      gap="md"
      aria-labelledby="dashboard-waiting-heading"
      data-testid="waiting-work"
    >
      <Title order={2} fz="lg" id="dashboard-waiting-heading">
        {t('dashboard.waiting.heading')}
      </Title>
      {content}
      {overview.isError && (
        <ErrorAlert
          title={t('dashboard.waiting.loadFailed')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      )}
      {/* A company with nothing waiting is told where to begin by the panel above already. */}
      {items.length > 0 && firstSteps.length > 0 && <FirstSteps steps={firstSteps} />}
    </Stack>
  );
}
