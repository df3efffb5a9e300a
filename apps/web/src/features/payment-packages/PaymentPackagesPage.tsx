import type { PackagePurchase, PaymentAllowance } from '@bilag/contracts';
import { Alert, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { SectionCard } from '../../ui/SectionCard';
import { authKeys } from '../auth';
import { CompanyPurchasesTable } from './CompanyPurchasesTable';
import { PackageCatalogue } from './PackageCatalogue';
import { PurchaseOutcome } from './PurchaseOutcome';
import {
  useBuyPackageMutation,
  usePayPurchaseMutation,
  useRefreshPurchaseMutation,
} from './payment-package.mutations';
import { paymentPackageKeys } from './payment-package.queries';
import {
  isSettling,
  type RedirectStatus,
  readCheckoutReturn,
  withoutProviderParams,
} from './payment-package.return';

/** How often the page asks again while a card payment settles with the provider. */
const SETTLING_POLL_MS = 2000;

/**
 * /{company}/payment-packages: the packages on sale, bought by card at the provider's checkout; the
 * company's purchases with their receipts; and, back from the checkout (`?purchase=…` with the
 * provider's parameters), what became of the payment.
 */
export default function PaymentPackagesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const [searchParams, setSearchParams] = useSearchParams();
  const roleActions = useQuery(authKeys.roleActions());
  const canBuy = roleActions.data?.actions.includes('packages.buy') ?? false;
  const returned = readCheckoutReturn(searchParams);
  const returnedId = returned?.purchaseId ?? null;
  const [redirectStatus, setRedirectStatus] = useState<RedirectStatus | null>(
    returned?.redirectStatus ?? null,
  );
  const catalogue = useQuery(paymentPackageKeys.catalogue());
  const purchases = useQuery({
    ...paymentPackageKeys.purchases(company.Id),
    refetchInterval: (query) => {
      const purchase = query.state.data?.purchases.find((item) => item.id === returnedId);
      return purchase && isSettling(purchase.status, redirectStatus) ? SETTLING_POLL_MS : false;
    },
  });
  const buy = useBuyPackageMutation(company.Id);
  const pay = usePayPurchaseMutation(company.Id);
  const refresh = useRefreshPurchaseMutation(company.Id);
  const { mutate: askProvider } = refresh;
  useDocumentTitle(`${t('nav.paymentPackages')} – ${company.Name} – Bilag`);

  // Back from the checkout: the provider's word is kept, its parameters (the client secret among them)
  // leave the address, and the server asks the provider what became of the payment.
  const providerStatus = returned?.redirectStatus ?? null;
  useEffect(() => {
    if (returnedId === null || providerStatus === null) return;
    setRedirectStatus(providerStatus);
    setSearchParams((current) => withoutProviderParams(current), { replace: true });
  }, [returnedId, providerStatus, setSearchParams]);
  useEffect(() => {
    if (returnedId !== null && canBuy) askProvider(returnedId);
  }, [returnedId, canBuy, askProvider]);

  const returnedPurchase: PackagePurchase | undefined =
    purchases.data?.purchases.find((purchase) => purchase.id === returnedId) ??
    (refresh.data?.id === returnedId ? refresh.data : undefined);

  const receiptPath = (purchase: { id: number }) =>
    companyPath(company, `payment-packages/${purchase.id}/receipt`);

  function onDismissOutcome() {
    setRedirectStatus(null);
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('purchase');
        return next;
      },
      { replace: true },
    );
  }

  const failure = buy.error ?? pay.error;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader
        title={t('paymentPackages.title')}
        subtitle={t('paymentPackages.subtitle', { company: company.Name })}
      />

      {returnedId !== null && (
        <PurchaseOutcome
          purchase={returnedPurchase}
          redirectStatus={redirectStatus}
          isChecking={refresh.isPending}
          checkError={refresh.error}
          canBuy={canBuy}
          isPaying={pay.isPending}
          receiptPath={receiptPath({ id: returnedId })}
          onPay={() => pay.mutate(returnedId)}
          onDismiss={onDismissOutcome}
        />
      )}
      {failure && <ErrorAlert error={failure} data-testid="package-error" />}

      {purchases.data && <AllowanceSummary allowance={purchases.data.paymentAllowance} />}

      <SectionCard headingId="catalogue-heading">
        <Stack gap="md">
          <Title order={2} fz="lg" id="catalogue-heading">
            {t('paymentPackages.catalogue.heading')}
          </Title>
          {roleActions.data && !canBuy && (
            <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />}>
              {t('paymentPackages.catalogue.cannotBuy')}
            </Alert>
          )}
          <QueryGate
            query={catalogue}
            errorTitle={t('paymentPackages.loadFailed')}
            isEmpty={(items) => items.length === 0}
            empty={<Text c="dimmed">{t('paymentPackages.catalogue.empty')}</Text>}
          >
            {(items) => (
              <PackageCatalogue
                packages={items}
                canBuy={canBuy}
                buyingId={buy.isPending || buy.isSuccess ? (buy.variables?.id ?? null) : null}
                onBuy={(item) => buy.mutate(item)}
              />
            )}
          </QueryGate>
        </Stack>
      </SectionCard>

      <SectionCard headingId="purchases-heading" padding={0}>
        <Title order={2} fz="lg" id="purchases-heading" p="lg" pb="sm">
          {t('paymentPackages.purchases.heading')}
        </Title>
        <QueryGate
          query={purchases}
          errorTitle={t('paymentPackages.loadFailed')}
          isInset
          isEmpty={(data) => data.purchases.length === 0}
          empty={
            <Text c="dimmed" px="lg" pb="lg" data-testid="purchases-empty">
              {t('paymentPackages.purchases.empty')}
            </Text>
          }
        >
          {(data) => (
            <CompanyPurchasesTable
              purchases={data.purchases}
              canBuy={canBuy}
              receiptPath={receiptPath}
              payingId={pay.isPending || pay.isSuccess ? (pay.variables ?? null) : null}
              onPay={(purchase) => pay.mutate(purchase.id)}
            />
          )}
        </QueryGate>
      </SectionCard>
    </Stack>
  );
}

/** The payments the packages in force allow this month, and how many the company has used. */
function AllowanceSummary({ allowance }: { allowance: PaymentAllowance | null }) {
  const { t } = useTranslation();
  return (
    <SectionCard headingId="allowance-heading" padding="md" data-testid="payment-allowance">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="md" id="allowance-heading">
            {t('paymentPackages.allowance.heading')}
          </Title>
          {allowance && (
            <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {t('paymentPackages.allowance.text', {
                used: allowance.usedThisMonth,
                perMonth: allowance.perMonth,
                remaining: allowance.remaining,
              })}
            </Text>
          )}
        </Group>
        {allowance ? (
          <Progress
            value={Math.min(100, (allowance.usedThisMonth / allowance.perMonth) * 100)}
            color={allowance.remaining === 0 ? 'red' : 'brand'}
            aria-label={t('paymentPackages.allowance.heading')}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('paymentPackages.allowance.none')}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}
