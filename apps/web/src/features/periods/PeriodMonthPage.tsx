import type { PeriodMonth, PeriodMonthDetail } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { ActionIcon, Alert, Anchor, Button, Center, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconChecks,
  IconChevronLeft,
  IconChevronRight,
  IconClock,
  IconDownload,
  IconFileOff,
  IconLock,
  IconLockOpen,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../app/api/errors';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { StatusPage } from '../../app/status/StatusPage';
import { dateLocaleTag } from '../../i18n/language';
import { useLanguage } from '../../i18n/useLanguage';
import { displayTimeZone } from '../../ui/dates';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { formatCalendarDate } from '../../ui/format';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { SectionCard } from '../../ui/SectionCard';
import { authKeys } from '../auth';
import { ClosePeriodConfirmDialog, ClosePeriodExceptionsDialog } from './ClosePeriodDialogs';
import { PeriodAccountsTable } from './PeriodAccountsTable';
import { PeriodStateBadge } from './PeriodBadges';
import { PeriodBlockerList } from './PeriodBlockerList';
import { PeriodClosingNotice } from './PeriodClosingNotice';
import { PeriodHistory } from './PeriodHistory';
import { PeriodNoAccounts } from './PeriodNoAccounts';
import { PeriodUnexplainedCard } from './PeriodUnexplainedCard';
import { PeriodVouchersCard } from './PeriodVouchersCard';
import { type AccountLabels, accountLabels } from './period.accounts';
import { type CloseAction, closeAction, PeriodAction } from './period.close';
import {
  addMonths,
  FIRST_PERIOD_YEAR,
  monthInSentence,
  monthLabel,
  monthOfDate,
  monthParts,
  readPeriodMonth,
} from './period.month';
import { useDownloadArchiveMutation } from './period.mutations';
import { periodKeys } from './period.queries';
import { ReopenPeriodDialog } from './ReopenPeriodDialog';

type OpenDialog = 'close' | 'exceptions' | 'reopen' | null;

/** What says why the month cannot be closed, which describes the disabled close button. */
const CLOSE_UNAVAILABLE_ID = 'period-close-unavailable';

/** /{company}/period/:month: one month's proof against the bank, what blocks it, and closing it. */
export default function PeriodMonthPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const params = useParams();
  const month = readPeriodMonth(params.month);
  const locale = dateLocaleTag(useLanguage());
  const label = month ? monthLabel(month, locale) : '';
  useDocumentTitle(`${label ? `${label} – ` : ''}${t('nav.periods')} – ${company.Name} – Bilag`);

  const detail = useQuery({
    ...periodKeys.month(company.Id, month ?? '1970-01'),
    enabled: month !== undefined,
  });
  const isMissing = month === undefined || (detail.error instanceof ApiError && detail.error.status === 404);
  const yearPath = companyPath(company, month ? `period?year=${monthParts(month).year}` : 'period');

  if (isMissing) {
    return (
      <StatusPage
        code={t('status.notFoundCode')}
        title={t('periods.month.notFoundTitle')}
        text={t('periods.month.notFoundText')}
        isEmbedded
        homePath={companyPath(company, 'period')}
      />
    );
  }

  return (
    <Stack gap="lg" maw={1400}>
      <Anchor component={Link} to={yearPath} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('periods.month.back', { year: monthParts(month).year })}
        </Group>
      </Anchor>
      {detail.isError ? (
        <ErrorAlert
          error={detail.error}
          title={t('periods.month.loadFailed')}
          onRetry={() => void detail.refetch()}
        />
      ) : !detail.data ? (
        <Center py="xl">
          <LoadingSpinner size="sm" />
        </Center>
      ) : (
        <PeriodMonthView detail={detail.data} month={month} label={label} />
      )}
    </Stack>
  );
}

function PeriodMonthView({
  detail,
  month,
  label,
}: {
  detail: PeriodMonthDetail;
  month: PeriodMonth;
  label: string;
}) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const locale = dateLocaleTag(useLanguage());
  const roleActions = useQuery(authKeys.roleActions());
  const actions = roleActions.data?.actions ?? [];
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const archive = useDownloadArchiveMutation(company, month);
  const labels = accountLabels(detail.accounts);
  const action = closeAction(detail.state, actions);
  const canReopen = actions.includes(PeriodAction.reopen);
  const currentMonth = monthOfDate(todayIsoDate(displayTimeZone()));
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  const onCloseDialog = () => setOpenDialog(null);

  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Group gap="sm" align="center">
            <Title order={1} fz={28} data-testid="period-month-title">
              {label}
            </Title>
            <PeriodStateBadge state={detail.state} size="lg" />
          </Group>
          <Text c="dimmed">
            {t('periods.month.subtitle', {
              from: formatCalendarDate(detail.firstDay),
              to: formatCalendarDate(detail.lastDay),
              company: company.Name,
            })}
          </Text>
        </Stack>
        <Group gap="sm" align="center">
          <MonthStep
            to={
              monthParts(previous).year >= FIRST_PERIOD_YEAR
                ? companyPath(company, `period/${previous}`)
                : null
            }
            label={t('periods.month.previous', { month: monthInSentence(previous, locale) })}
            icon="previous"
          />
          <MonthStep
            to={next <= currentMonth ? companyPath(company, `period/${next}`) : null}
            label={t('periods.month.next', { month: monthInSentence(next, locale) })}
            icon="next"
          />
          {detail.state === 'closed' && (
            <>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => archive.mutate()}
                loading={archive.isPending}
                data-testid="period-archive"
              >
                {t('periods.archive.download')}
              </Button>
              {canReopen && (
                <Button
                  variant="default"
                  leftSection={<IconLockOpen size={16} aria-hidden />}
                  onClick={() => setOpenDialog('reopen')}
                  data-testid="period-reopen"
                >
                  {t('periods.reopen.button')}
                </Button>
              )}
            </>
          )}
          <CloseButton action={action} blockerCount={detail.blockers.length} onOpen={setOpenDialog} />
        </Group>
      </Group>

      {action.kind === 'unavailable' && (
        <Text size="sm" c="dimmed" id={CLOSE_UNAVAILABLE_ID} data-testid="period-close-unavailable">
          {t(action.reasonKey)}
        </Text>
      )}

      <StateNotice detail={detail} labels={labels} />

      <SectionCard headingId="period-accounts-heading">
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg" id="period-accounts-heading">
              {t('periods.accounts.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('periods.accounts.subtitle')}
            </Text>
          </Stack>
          {detail.accounts.length === 0 ? (
            <PeriodNoAccounts />
          ) : (
            <PeriodAccountsTable accounts={detail.accounts} headingId="period-accounts-heading" />
          )}
        </Stack>
      </SectionCard>

      {detail.state !== 'closed' && detail.blockers.length > 0 && (
        <SectionCard headingId="period-blockers-heading">
          <Stack gap="md">
            <Stack gap={2}>
              <Title order={2} fz="lg" id="period-blockers-heading">
                {t('periods.blockers.title')}
              </Title>
              <Text size="sm" c="dimmed">
                {t('periods.blockers.subtitle', { count: detail.blockers.length })}
              </Text>
            </Stack>
            <PeriodBlockerList month={month} blockers={detail.blockers} accountLabels={labels} />
          </Stack>
        </SectionCard>
      )}

      <PeriodUnexplainedCard detail={detail} accountLabels={labels} />
      <PeriodVouchersCard detail={detail} />

      <PeriodHistory events={detail.history} />

      <ClosePeriodConfirmDialog
        companyId={company.Id}
        month={month}
        monthLabel={monthInSentence(month, locale)}
        opened={openDialog === 'close'}
        onClose={onCloseDialog}
      />
      <ClosePeriodExceptionsDialog
        companyId={company.Id}
        month={month}
        monthLabel={monthInSentence(month, locale)}
        opened={openDialog === 'exceptions'}
        onClose={onCloseDialog}
        blockers={detail.blockers}
        accountLabels={labels}
      />
      <ReopenPeriodDialog
        companyId={company.Id}
        month={month}
        monthLabel={monthInSentence(month, locale)}
        opened={openDialog === 'reopen'}
        onClose={onCloseDialog}
      />
    </>
  );
}

/** The month before or after; the steps stop at this month, since later ones have nothing in them yet. */
function MonthStep({ to, label, icon }: { to: string | null; label: string; icon: 'previous' | 'next' }) {
  const StepIcon = icon === 'previous' ? IconChevronLeft : IconChevronRight;
  const testId = `period-month-${icon}`;
  if (to === null) {
    return (
      <ActionIcon variant="default" size={36} disabled aria-label={label} data-testid={testId}>
        <StepIcon size={18} aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to={to}
        variant="default"
        size={36}
        aria-label={label}
        data-testid={testId}
      >
        <StepIcon size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

function CloseButton({
  action,
  blockerCount,
  onOpen,
}: {
  action: CloseAction;
  blockerCount: number;
  onOpen: (dialog: OpenDialog) => void;
}) {
  const { t } = useTranslation();
  if (action.kind === 'none') return null;
  if (action.kind === 'exceptions') {
    return (
      <Button
        leftSection={<IconLock size={16} aria-hidden />}
        onClick={() => onOpen('exceptions')}
        data-testid="period-close"
      >
        {t('periods.close.withExceptions', { count: blockerCount })}
      </Button>
    );
  }
  const isAvailable = action.kind === 'confirm';
  return (
    <Button
      leftSection={<IconLock size={16} aria-hidden />}
      onClick={() => onOpen('close')}
      disabled={!isAvailable}
      aria-describedby={isAvailable ? undefined : CLOSE_UNAVAILABLE_ID}
      data-testid="period-close"
    >
      {t('periods.close.button')}
    </Button>
  );
}

function StateNotice({ detail, labels }: { detail: PeriodMonthDetail; labels: AccountLabels }) {
  const { t } = useTranslation();
  switch (detail.state) {
    case 'closed':
      return detail.closing ? <PeriodClosingNotice closing={detail.closing} accountLabels={labels} /> : null;
    case 'not-ended':
      return (
        <Alert
          color="blue"
          variant="light"
          icon={<IconClock aria-hidden />}
          id={CLOSE_UNAVAILABLE_ID}
          data-testid="period-not-ended"
        >
          {t('periods.notEnded', { date: formatCalendarDate(detail.lastDay) })}
        </Alert>
      );
    case 'empty':
      return (
        <Alert
          color="gray"
          variant="light"
          icon={<IconFileOff aria-hidden />}
          id={CLOSE_UNAVAILABLE_ID}
          data-testid="period-empty"
        >
          {t('periods.empty')}
        </Alert>
      );
    case 'ready':
      return (
        <Alert color="green" variant="light" icon={<IconChecks aria-hidden />} data-testid="period-ready">
          {t('periods.ready')}
        </Alert>
      );
    case 'blocked':
      return (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          data-testid="period-blocked"
        >
          {t('periods.blocked', { count: detail.blockers.length })}
        </Alert>
      );
  }
}
