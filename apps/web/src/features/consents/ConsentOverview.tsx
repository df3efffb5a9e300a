import type { Consent } from '@bilag/contracts';
import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingBank, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { AppModal } from '../../ui/AppModal';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { authKeys } from '../auth';
import { ConsentCard } from './ConsentCard';
import { ConsentCreateForm } from './ConsentCreateForm';
import { ConsentHistoryDrawer } from './ConsentHistoryDrawer';
import { ConsentRenewForm } from './ConsentRenewForm';
import { useRevokeConsentMutation, useSyncConsentMutation } from './consent.mutations';
import { consentKeys } from './consent.queries';
import { useSyncOutcomeToasts } from './useSyncOutcomeToasts';

/** The consent page's place under the company, where the bank's return leads back to. */
export const CONSENT_PATH = 'consent';

type ConsentOverviewProps = {
  /** The consent whose renew dialog is open as the page opens (the renew route). */
  renewConsentId?: number;
  /** Closing that dialog; without it the dialog just closes. */
  onRenewClosed?: () => void;
};

/**
 * The company's bank consents: what each lets the product read, until when, and how the last read
 * went; and, for those who run the company's books, connecting, renewing and revoking them.
 */
export function ConsentOverview({ renewConsentId, onRenewClosed }: ConsentOverviewProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const callbackPath = companyPath(company, CONSENT_PATH);
  const consents = useQuery(consentKeys.list(company.Id));
  const roleActions = useQuery(authKeys.roleActions());
  const canEdit = roleActions.data?.actions.includes('consent.edit') ?? false;
  const banks = useQuery({ ...consentKeys.bankTemplates(company.Id), enabled: canEdit });
  const syncConsent = useSyncConsentMutation(company.Id);
  const revokeConsent = useRevokeConsentMutation(company.Id);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const [renewId, setRenewId] = useState<number | null>(renewConsentId ?? null);
  const [consentToRevoke, setConsentToRevoke] = useState<Consent | null>(null);
  const [historyOf, setHistoryOf] = useState<Consent | null>(null);
  useDocumentTitle(`${t('consents.title')} – ${company.Name} – Bilag`);
  useSyncOutcomeToasts(company.Id, consents.data?.consents);

  const ownIds = new Set(consents.data?.ownerConsents.map((consent) => consent.id));
  const consentToRenew = consents.data?.consents.find((consent) => consent.id === renewId);
  const renewBic = banks.data?.find((bank) => bank.bankId === consentToRenew?.bankId)?.bic;

  function onOpenCreate() {
    setCreateKey((key) => key + 1);
    setIsCreateOpen(true);
  }

  function onCloseRenew() {
    setRenewId(null);
    onRenewClosed?.();
  }

  function onAskRevoke(consent: Consent) {
    revokeConsent.reset();
    setConsentToRevoke(consent);
  }

  function onConfirmRevoke() {
    if (!consentToRevoke) return;
    revokeConsent.mutate(consentToRevoke, { onSuccess: () => setConsentToRevoke(null) });
  }

  const createButton = canEdit && (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={onOpenCreate}
      data-testid="consent-create"
    >
      {t('consents.actions.create')}
    </Button>
  );

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('consents.title')} subtitle={t('consents.subtitle', { company: company.Name })}>
        {consents.isFetching && <LoadingSpinner size="xs" />}
        {consents.data && consents.data.consents.length > 0 && createButton}
      </PageHeader>

      <QueryGate
        query={consents}
        errorTitle={t('consents.loadFailed')}
        isEmpty={(data) => data.consents.length === 0}
        empty={
          <Card withBorder radius="lg" padding={0}>
            <ListEmpty
              icon={<IconBuildingBank size={28} aria-hidden />}
              title={t('consents.empty.title')}
              description={canEdit ? t('consents.empty.text') : t('consents.empty.textReadOnly')}
              action={createButton}
              data-testid="consents-empty"
            />
          </Card>
        }
      >
        {(data) => (
          <Stack gap="md" data-testid="consent-list">
            {data.consents.map((consent) => (
              <ConsentCard
                key={consent.id}
                consent={consent}
                isOwn={ownIds.has(consent.id)}
                canEdit={canEdit}
                isStartingSync={syncConsent.isPending && syncConsent.variables === consent.id}
                onSync={(chosen) => syncConsent.mutate(chosen.id)}
                onRenew={(chosen) => setRenewId(chosen.id)}
                onRevoke={onAskRevoke}
                onShowHistory={setHistoryOf}
              />
            ))}
          </Stack>
        )}
      </QueryGate>

      <AppModal
        opened={isCreateOpen}
        onClose={() => setIsCreateOpen(false)}
        title={t('consents.form.createTitle')}
        size={560}
        fullScreenBelow="36em"
      >
        <QueryGate query={banks} errorTitle={t('consents.form.banksFailed')}>
          {(templates) =>
            templates.length === 0 ? (
              <Alert color="blue" variant="light" data-testid="consent-no-banks">
                {t('consents.form.noBanks')}
              </Alert>
            ) : (
              <ConsentCreateForm
                key={createKey}
                companyId={company.Id}
                banks={templates}
                callbackPath={callbackPath}
                onCancel={() => setIsCreateOpen(false)}
              />
            )
          }
        </QueryGate>
      </AppModal>

      <AppModal
        opened={renewId !== null && consents.data !== undefined}
        onClose={onCloseRenew}
        title={t('consents.renew.title')}
        size={520}
        fullScreenBelow="36em"
      >
        {consentToRenew ? (
          <ConsentRenewForm
            key={consentToRenew.id}
            companyId={company.Id}
            consent={consentToRenew}
            bankBic={renewBic}
            callbackPath={callbackPath}
            onCancel={onCloseRenew}
          />
        ) : (
          <Stack gap="md">
            <Text size="sm" data-testid="consent-renew-missing">
              {t('consents.renew.notFound')}
            </Text>
            <Button variant="default" onClick={onCloseRenew}>
              {t('consents.renew.back')}
            </Button>
          </Stack>
        )}
      </AppModal>

      <ConfirmModal
        opened={consentToRevoke !== null}
        title={t('consents.revoke.title')}
        text={
          <Stack gap="sm">
            <Text size="sm">{t('consents.revoke.text', { bank: consentToRevoke?.bankName ?? '' })}</Text>
            {revokeConsent.isError && (
              <ErrorAlert error={revokeConsent.error} data-testid="consent-revoke-failed" />
            )}
          </Stack>
        }
        confirmLabel={t('consents.revoke.confirm')}
        cancelLabel={t('consents.revoke.cancel')}
        isPending={revokeConsent.isPending}
        onCancel={() => setConsentToRevoke(null)}
        onConfirm={onConfirmRevoke}
        data-testid="consent-revoke-confirm"
      />

      <ConsentHistoryDrawer companyId={company.Id} consent={historyOf} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}
