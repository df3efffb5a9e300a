import type { Company, Language } from '@bilag/contracts';
import { formatOrganisationNumber } from '@bilag/domain/validators/organisation-number';
import { Box, Burger, Button, Divider, Group, Text, UnstyledButton } from '@mantine/core';
import { IconSelector, IconSwitchHorizontal } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authKeys, useChangeLanguageMutation } from '../../features/auth';
import { NotificationBell } from '../../features/notifications';
import { LanguagePicker } from '../../ui/LanguagePicker';
import { Logo, LogoMark } from '../../ui/Logo';
import { companyPath } from '../company/company-path';
import { useSession } from '../session/session.store';
import { UserMenu } from './UserMenu';

type AppHeaderProps = {
  company: Company;
  isNavbarOpen: boolean;
  onToggleNavbar: () => void;
  onSwitchCompany: () => void;
};

export function AppHeader({ company, isNavbarOpen, onToggleNavbar, onSwitchCompany }: AppHeaderProps) {
  const { t } = useTranslation();
  const session = useSession();
  const currentUser = useQuery({ ...authKeys.currentUser(), enabled: session !== null });
  const changeLanguage = useChangeLanguageMutation();
  const user = currentUser.data ?? session?.User;

  function onPickLanguage(language: Language) {
    changeLanguage.mutate(language);
  }

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={isNavbarOpen}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('nav.toggle')}
        />
        <Link
          to={companyPath(company)}
          aria-label={`Bilag – ${t('nav.dashboard')}`}
          style={{ textDecoration: 'none' }}
        >
          <Box visibleFrom="sm">
            <Logo size={28} />
          </Box>
          <Box hiddenFrom="sm">
            <LogoMark size={28} />
          </Box>
        </Link>
        <Divider orientation="vertical" visibleFrom="sm" my={14} />
        <Box visibleFrom="sm" style={{ minWidth: 0 }} aria-label={t('companies.currentCompany')} role="group">
          <Text fw={600} size="sm" truncate data-testid="current-company-name">
            {company.Name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('companies.organisationNumber', {
              number: formatOrganisationNumber(company.OrganisationNumber),
            })}
          </Text>
        </Box>
        <Button
          visibleFrom="sm"
          variant="light"
          size="compact-sm"
          leftSection={<IconSwitchHorizontal size={16} aria-hidden />}
          onClick={onSwitchCompany}
        >
          {t('companies.switch')}
        </Button>
        <UnstyledButton
          hiddenFrom="sm"
          onClick={onSwitchCompany}
          aria-label={`${t('companies.switch')}: ${company.Name}`}
          style={{ minWidth: 0 }}
        >
          <Group gap={4} wrap="nowrap">
            <Text fw={600} size="sm" truncate>
              {company.Name}
            </Text>
            <IconSelector size={16} aria-hidden style={{ flexShrink: 0 }} />
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="xs" wrap="nowrap">
        <NotificationBell companyId={company.Id} />
        <LanguagePicker onPick={onPickLanguage} />
        {user && <UserMenu user={user} />}
      </Group>
    </Group>
  );
}
