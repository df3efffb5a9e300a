import { Alert, Button, Card, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingBank, IconFingerprint, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { ToastType, toast } from '../../ui/toast';
import { BankVerifyTable } from './BankVerifyTable';
import { SigningWaitingAlert } from './SigningWaitingAlert';
import { signingKeys } from './signing.queries';
import type { SigningEvent } from './signing-messages';
import { useSigningWindow } from './useSigningWindow';

/**
 * /{company}/bank-verify: a payment user confirms with BankID which of the company's accounts the bank
 * lets them pay from (spec §5: DNB, SpareBank 1 and Handelsbanken). The bank's answer replaces what an
 * administrator ticked for them.
 */
export default function BankVerifyPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const queryClient = useQueryClient();
  const accounts = useQuery(signingKeys.bankVerify(company.Id));
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  useDocumentTitle(`${t('nav.bankVerify')} – ${company.Name} – Bilag`);

  function onSigningEvent(event: SigningEvent) {
    // What the person may pay from shows on several screens: every one of them asks again.
    void queryClient.invalidateQueries();
    if (event === 'verified') {
      setSelectedIds(new Set());
      toast(ToastType.success, t('signing.bankVerify.done'));
    }
  }
  const signing = useSigningWindow(onSigningEvent);

  const rows = accounts.data?.rows ?? [];
  const canVerify = accounts.data?.IsPaymentUser === true;
  const chosen = rows.filter((row) => selectedIds.has(row.CompanyBankId)).map((row) => row.CompanyBankId);

  function onToggle(companyBankId: number) {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(companyBankId)) next.delete(companyBankId);
      else next.add(companyBankId);
      return next;
    });
  }

  function onToggleAll() {
    setSelectedIds(chosen.length === rows.length ? new Set() : new Set(rows.map((row) => row.CompanyBankId)));
  }

  function onVerify() {
    signing.start.mutate({ companyId: company.Id, companyBankIds: chosen });
  }

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader
        title={t('signing.bankVerify.title')}
        subtitle={t('signing.bankVerify.subtitle', { company: company.Name })}
      >
        {canVerify && rows.length > 0 && (
          <Button
            leftSection={<IconFingerprint size={18} aria-hidden />}
            onClick={onVerify}
            disabled={chosen.length === 0 || signing.isWaiting}
            loading={signing.start.isPending}
          >
            {t('signing.bankVerify.verify')}
          </Button>
        )}
      </PageHeader>

      {accounts.data && !canVerify && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconInfoCircle aria-hidden />}
          data-testid="bank-verify-not-payment-user"
        >
          {t('signing.bankVerify.notPaymentUser')}
        </Alert>
      )}

      {signing.start.isError && (
        <Text c="red.8" size="sm" role="alert" data-testid="signing-error">
          {errorMessage(signing.start.error, t('errors.failedToFetch'))}
        </Text>
      )}

      {signing.isWaiting && <SigningWaitingAlert onShowWindow={signing.focusWindow} />}

      <Card withBorder radius="lg" padding={0}>
        {canVerify && rows.length > 0 && (
          <Text size="sm" c="dimmed" p="md">
            {t('signing.bankVerify.hint')}
          </Text>
        )}
        <QueryGate
          query={accounts}
          errorTitle={t('signing.bankVerify.loadFailed')}
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <ListEmpty
              icon={<IconBuildingBank size={28} aria-hidden />}
              title={t('signing.bankVerify.emptyTitle')}
              description={t('signing.bankVerify.emptyText')}
              data-testid="bank-verify-empty"
            />
          }
          isInset
        >
          {(data) => (
            <BankVerifyTable
              accounts={data.rows}
              selection={data.IsPaymentUser ? { selectedIds, onToggle, onToggleAll } : undefined}
            />
          )}
        </QueryGate>
      </Card>
    </Stack>
  );
}
