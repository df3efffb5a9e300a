import { formatOrganisationNumber } from '@bilag/domain/validators/organisation-number';
import { Card, DataList, Group, Stack, Title, useMatches } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuilding } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { useSession } from '../../app/session/session.store';
import { DateFormat, formatDate } from '../../ui/dates';
import { PageHeader } from '../../ui/PageHeader';
import { authKeys } from '../auth';
import { AccountBalances } from './AccountBalances';
import { WaitingWork } from './WaitingWork';

function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const session = useSession();
  const currentUser = useQuery(authKeys.currentUser());
  const user = currentUser.data ?? session?.User;
  useDocumentTitle(`${t('nav.dashboard')} – ${company.Name} – Bilag`);
  const listOrientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', sm: 'horizontal' });

  return (
    <Stack gap="xl" maw={960}>
      <PageHeader
        title={user ? t('dashboard.greeting', { name: firstName(user.FullName) }) : t('nav.dashboard')}
        subtitle={capitalize(formatDate(new Date(), DateFormat.longDate))}
      />

      <WaitingWork />

      <AccountBalances />

      <Card
        withBorder
        radius="lg"
        padding="xl"
        component="section"
        aria-labelledby="dashboard-company-heading"
      >
        <Group gap="sm" mb="lg" wrap="nowrap">
          <IconBuilding size={22} stroke={1.7} aria-hidden color="var(--mantine-color-brand-8)" />
          <Title order={2} fz="lg" id="dashboard-company-heading">
            {t('dashboard.companyHeading')}
          </Title>
        </Group>
        <DataList orientation={listOrientation} labelWidth={200} withDivider gap="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('dashboard.companyName')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="dashboard-company-name">{company.Name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('dashboard.organisationNumber')}</DataList.ItemLabel>
            <DataList.ItemValue data-testid="dashboard-organisation-number">
              {formatOrganisationNumber(company.OrganisationNumber)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('dashboard.access')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {company.isOwner ? t('dashboard.accessOwner') : t('dashboard.accessMember')}
            </DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Card>
    </Stack>
  );
}
