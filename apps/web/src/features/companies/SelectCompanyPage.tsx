import { Box, Button, Group } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconLogout } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { companyPath } from '../../app/company/company-path';
import { logout } from '../../app/session/session.actions';
import { isSessionError } from '../../app/session/session.rules';
import { AppLoadingOverlay } from '../../ui/AppLoadingOverlay';
import { Logo } from '../../ui/Logo';
import { CompanyPickerModal } from './CompanyPickerModal';
import { companyKeys } from './company.queries';

function keepOpen() {}

/** Where a signed-in user lands without a company: one company opens at once, several ask which. */
export function SelectCompanyPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('companies.chooseTitle')} – Bilag`);
  const companies = useQuery(companyKeys.list());

  if (companies.isPending || (companies.isError && isSessionError(companies.error)))
    return <AppLoadingOverlay />;
  const [onlyCompany, ...others] = companies.data?.rows ?? [];
  if (onlyCompany && others.length === 0) return <Navigate to={companyPath(onlyCompany)} replace />;

  return (
    <Box mih="100vh" bg="gray.0">
      <Group component="header" px="lg" py="md">
        <Logo />
      </Group>
      <main>
        <CompanyPickerModal
          opened
          onClose={keepOpen}
          canDismiss={false}
          footer={
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconLogout size={16} aria-hidden />}
              onClick={() => void logout()}
            >
              {t('companies.signOutInstead')}
            </Button>
          }
        />
      </main>
    </Box>
  );
}
