import type { LocalServiceKey } from '@bilag/contracts';
import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPlugOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { authKeys } from '../auth';
import { companyServiceKeys } from './company-service.queries';

type RequireServiceProps = { service: LocalServiceKey; children: ReactNode };

/**
 * Shows a page of a service only while the service is on for the company, and otherwise says it is
 * off and where it is turned on. The server refuses the service's calls either way.
 */
export function RequireService({ service, children }: RequireServiceProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const menu = useQuery(companyServiceKeys.menu(company.Id));
  const roleActions = useQuery(authKeys.roleActions());
  if (menu.isPending)
    return (
      <Center py="xl">
        <LoadingSpinner size="sm" />
      </Center>
    );
  const isOff = menu.data?.services.some((state) => state.service === service && !state.isOn) ?? false;
  if (!isOff) return children;
  const canSeeServices = roleActions.data?.actions.includes('services.view') ?? false;
  return (
    <Card withBorder radius="lg" padding="xl" maw={720} data-testid="service-off">
      <Stack align="flex-start" gap="sm">
        <ThemeIcon variant="light" color="gray" size={48} radius="xl">
          <IconPlugOff size={26} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={24}>
          {t(`companyServices.services.${service}.offTitle`)}
        </Title>
        <Text>{t(`companyServices.services.${service}.offPage`, { company: company.Name })}</Text>
        <Text c="dimmed" size="sm">
          {canSeeServices
            ? t('companyServices.offPage.whereToTurnOn')
            : t('companyServices.offPage.askSomeone')}
        </Text>
        {canSeeServices && (
          <Button component={Link} to={companyPath(company, 'company-services')} variant="light">
            {t('companyServices.offPage.open')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
