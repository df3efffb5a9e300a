import type { Consent, ConsentAccount } from '@bilag/contracts';
import { Alert, Badge, Button, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconAlertCircle,
  IconBuildingBank,
  IconHistory,
  IconPlugConnectedX,
  IconRefresh,
  IconRotateClockwise,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../ui/dates';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { SectionCard } from '../../ui/SectionCard';
import { keyboardScrollArea } from '../../ui/scroll';
import {
  canRevokeConsent,
  consentAccountNumber,
  consentStatusColor,
  isConsentActive,
} from './consent.format';
import classes from './consent.module.css';

type ConsentCardProps = {
  consent: Consent;
  /** The signed-in person made this consent. */
  isOwn: boolean;
  /** The person may renew and revoke (role action consent.edit). */
  canEdit: boolean;
  isStartingSync: boolean;
  onSync: (consent: Consent) => void;
  onRenew: (consent: Consent) => void;
  onRevoke: (consent: Consent) => void;
  onShowHistory: (consent: Consent) => void;
};

function ValidUntil({ consent }: { consent: Consent }) {
  const { t } = useTranslation();
  if (!consent.validUntil) return <Text size="sm">—</Text>;
  const date = formatCalendarDate(consent.validUntil);
  if (consent.expiringSoon && consent.daysLeft !== null) {
    return (
      <span className={classes.expiringSoon} data-testid="consent-expiring-soon">
        {t('consents.card.expiringSoon', { count: consent.daysLeft, date })}
      </span>
    );
  }
  return (
    <Text size="sm" data-testid="consent-valid-until">
      {consent.daysLeft !== null
        ? t('consents.card.validUntilDays', { count: consent.daysLeft, date })
        : date}
    </Text>
  );
}

function AccountRows({ accounts }: { accounts: ConsentAccount[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={640} scrollAreaProps={keyboardScrollArea}>
      <Table verticalSpacing="xs" highlightOnHover={false} data-testid="consent-accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('consents.accounts.account')}</Table.Th>
            <Table.Th>{t('consents.accounts.name')}</Table.Th>
            <Table.Th ta="right">{t('consents.accounts.balance')}</Table.Th>
            <Table.Th>{t('consents.accounts.lastSync')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr key={account.id} data-testid="consent-account">
              <Table.Td style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <Group gap="xs" wrap="nowrap">
                  <span>{consentAccountNumber(account)}</span>
                  {account.status === 'closed' && (
                    <Badge size="sm" color="gray.7" variant="filled" data-testid="consent-account-closed">
                      {t('consents.accounts.closed')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{account.name ?? '—'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {account.balance ? (
                  <Stack gap={0} align="flex-end">
                    <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(account.balance.amountOre, account.balance.currency)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('consents.accounts.balanceOn', { date: formatCalendarDate(account.balance.date) })}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('consents.accounts.noBalance')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {account.lastSyncAt
                  ? formatDate(account.lastSyncAt, DateFormat.dateTime)
                  : t('consents.card.never')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One consent: its bank and state, how long it lasts, its accounts and what the last read from the bank did. */
export function ConsentCard({
  consent,
  isOwn,
  canEdit,
  isStartingSync,
  onSync,
  onRenew,
  onRevoke,
  onShowHistory,
}: ConsentCardProps) {
  const { t } = useTranslation();
  const headingId = `consent-${consent.id}-heading`;
  const isActive = isConsentActive(consent);
  return (
    <SectionCard headingId={headingId} data-testid="consent-card" data-consent-id={consent.id}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <IconBuildingBank size={28} aria-hidden />
            <Stack gap={2}>
              <Group gap="xs">
                <Title order={2} fz="lg" id={headingId}>
                  {consent.bankName}
                </Title>
                {/* A dot badge keeps the label dark, as the payment statuses do: white on green.8 is below AA. */}
                <Badge
                  color={consentStatusColor[consent.status]}
                  variant="dot"
                  tt="none"
                  data-testid="consent-status"
                >
                  {t(`consents.status.${consent.status}`)}
                </Badge>
                {isOwn && (
                  <Badge color="brand" variant="light" data-testid="consent-own">
                    {t('consents.card.madeByYou')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed">
                {consent.createdBy
                  ? t('consents.card.createdBy', {
                      name: consent.createdBy,
                      date: formatDate(consent.createdAt, DateFormat.date),
                    })
                  : t('consents.card.created', { date: formatDate(consent.createdAt, DateFormat.date) })}
                {consent.renewsConsentId !== null &&
                  ` · ${t('consents.card.renews', { id: consent.renewsConsentId })}`}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="wrap">
            {isActive && (
              <Button
                variant="light"
                size="sm"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => onSync(consent)}
                loading={isStartingSync}
                disabled={consent.syncing}
                data-testid="consent-sync"
              >
                {t('consents.actions.sync')}
              </Button>
            )}
            {canEdit && isActive && (
              <Button
                variant="default"
                size="sm"
                leftSection={<IconRotateClockwise size={16} aria-hidden />}
                onClick={() => onRenew(consent)}
                data-testid="consent-renew"
              >
                {t('consents.actions.renew')}
              </Button>
            )}
            {canEdit && canRevokeConsent(consent) && (
              <Button
                variant="default"
                color="red"
                size="sm"
                leftSection={<IconPlugConnectedX size={16} aria-hidden />}
                onClick={() => onRevoke(consent)}
                data-testid="consent-revoke"
              >
                {t('consents.actions.revoke')}
              </Button>
            )}
            <Button
              variant="subtle"
              size="sm"
              leftSection={<IconHistory size={16} aria-hidden />}
              onClick={() => onShowHistory(consent)}
              data-testid="consent-history-open"
            >
              {t('consents.actions.history')}
            </Button>
          </Group>
        </Group>

        <Group gap="xl" wrap="wrap" align="flex-start">
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('consents.fields.validUntil')}
            </Text>
            <ValidUntil consent={consent} />
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('consents.card.readsPerDay')}
            </Text>
            <Text size="sm">{consent.frequencyPerDay}</Text>
          </Stack>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {t('consents.card.lastSync')}
            </Text>
            <Text size="sm" data-testid="consent-last-sync">
              {consent.lastSyncAt
                ? formatDate(consent.lastSyncAt, DateFormat.dateTime)
                : t('consents.card.never')}
            </Text>
          </Stack>
        </Group>

        {consent.syncing && (
          <Stack gap={4} aria-live="polite" data-testid="consent-syncing">
            <Text size="sm">{t('consents.card.syncing', { bank: consent.bankName })}</Text>
            <Progress
              value={100}
              striped
              animated
              aria-label={t('consents.card.syncing', { bank: consent.bankName })}
            />
          </Stack>
        )}

        {consent.lastError && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle aria-hidden />}
            title={t('consents.card.lastError')}
            data-testid="consent-last-error"
          >
            {consent.lastError}
          </Alert>
        )}

        {consent.accounts.length > 0 ? (
          <AccountRows accounts={consent.accounts} />
        ) : (
          <Text size="sm" c="dimmed">
            {consent.status === 'received'
              ? t('consents.card.waitingAccounts')
              : t('consents.card.noAccounts')}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
