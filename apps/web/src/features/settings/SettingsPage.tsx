import { Grid, Skeleton, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { useLanguage } from '../../i18n/useLanguage';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { OnboardingCard } from './OnboardingCard';
import { SettingsStepList } from './SettingsStepList';
import { settingsKeys } from './settings.queries';

/** /{company}/setting: what is set up for the company, what is left, and its onboarding. */
export default function SettingsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const language = useLanguage();
  const settings = useQuery(settingsKeys.steps(company.Id, language));
  useDocumentTitle(`${t('nav.settings')} – ${company.Name} – Bilag`);

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle', { company: company.Name })} />
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <QueryGate
            query={settings}
            errorTitle={t('settings.loadFailed')}
            loading={<Skeleton h={420} radius="lg" />}
          >
            {(data) => <SettingsStepList settings={data} />}
          </QueryGate>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <OnboardingCard companyId={company.Id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
