import { type CompanyService, LOCAL_SERVICE_KEYS, type LocalServiceKey } from '@bilag/contracts';
import { SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { authKeys } from '../auth';
import { CompanyServiceCard } from './CompanyServiceCard';
import { useBuyZtlServiceMutation, useSwitchServiceMutation } from './company-service.mutations';
import { companyServiceKeys } from './company-service.queries';

/** What the person is asked to confirm: turning a service off, or buying the bank connection. */
type Pending = { kind: 'off'; service: LocalServiceKey } | { kind: 'buy' } | null;

function isLocalService(service: CompanyService['service']): service is LocalServiceKey {
  return (LOCAL_SERVICE_KEYS as readonly string[]).includes(service);
}

/** /{company}/company-services: the company's services, switched and bought by its CEO or an administrator. */
export default function CompanyServicesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('nav.companyServices')} – ${company.Name} – Bilag`);
  const services = useQuery(companyServiceKeys.list(company.Id));
  const roleActions = useQuery(authKeys.roleActions());
  const actions = roleActions.data?.actions ?? [];
  const canChange = actions.includes('services.edit');
  const ehfPagePath = actions.includes('admin.ehf.view') ? companyPath(company, 'admin-ehf') : null;
  const switchService = useSwitchServiceMutation(company.Id);
  const buy = useBuyZtlServiceMutation(company.Id);
  const [pending, setPending] = useState<Pending>(null);

  function onSwitch(service: CompanyService, isOn: boolean) {
    if (isOn) switchService.mutate({ service: service.service, isOn });
    else if (isLocalService(service.service)) setPending({ kind: 'off', service: service.service });
  }

  function onConfirm() {
    if (!pending) return;
    const close = { onSettled: () => setPending(null) };
    if (pending.kind === 'buy') buy.mutate(undefined, close);
    else switchService.mutate({ service: pending.service, isOn: false }, close);
  }

  const pendingName = pending?.kind === 'off' ? t(`companyServices.services.${pending.service}.name`) : '';

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('companyServices.title')}
        subtitle={t('companyServices.subtitle', { company: company.Name })}
      />
      <QueryGate
        query={services}
        errorTitle={t('companyServices.loadFailed')}
        forbiddenTo="/unauthorized"
        loading={
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {[0, 1, 2, 3].map((index) => (
              <Skeleton key={index} h={220} radius="lg" />
            ))}
          </SimpleGrid>
        }
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {data.map((service) => (
              <CompanyServiceCard
                key={service.service}
                service={service}
                canChange={canChange}
                ehfPagePath={ehfPagePath}
                isChanging={
                  (switchService.isPending && switchService.variables.service === service.service) ||
                  (buy.isPending && service.control === 'sold')
                }
                onSwitch={(isOn) => onSwitch(service, isOn)}
                onBuy={() => setPending({ kind: 'buy' })}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryGate>

      <ConfirmModal
        opened={pending !== null}
        title={
          pending?.kind === 'buy'
            ? t('companyServices.buyTitle')
            : t('companyServices.turnOffTitle', { name: pendingName })
        }
        text={
          pending?.kind === 'buy'
            ? t('companyServices.buyText', { company: company.Name })
            : t(`companyServices.services.${pending?.service ?? 'payments'}.offText`)
        }
        confirmLabel={pending?.kind === 'buy' ? t('companyServices.buy') : t('companyServices.turnOff')}
        cancelLabel={t('companyServices.cancel')}
        color={pending?.kind === 'buy' ? 'brand' : 'red'}
        isPending={switchService.isPending || buy.isPending}
        onCancel={() => setPending(null)}
        onConfirm={onConfirm}
        data-testid="service-confirm"
      />
    </Stack>
  );
}
