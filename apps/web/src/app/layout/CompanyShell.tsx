import type { Company } from '@bilag/contracts';
import { AppShell, Center } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CompanyPickerModal } from '../../features/companies';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { AppHeader } from './AppHeader';
import { AppNavbar } from './AppNavbar';
import classes from './CompanyShell.module.css';

type CompanyShellProps = {
  company: Company;
};

export function CompanyShell({ company }: CompanyShellProps) {
  const { t } = useTranslation();
  const [isNavbarOpen, navbar] = useDisclosure(false);
  const [isPickerOpen, picker] = useDisclosure(false);

  return (
    <>
      <a href="#main-content" className={classes.skipLink}>
        {t('app.skipToContent')}
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !isNavbarOpen } }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header>
          <AppHeader
            company={company}
            isNavbarOpen={isNavbarOpen}
            onToggleNavbar={navbar.toggle}
            onSwitchCompany={picker.open}
          />
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('nav.main')}>
          <AppNavbar onNavigate={navbar.close} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" bg="gray.0" tabIndex={-1}>
          <Suspense
            fallback={
              <Center py="xl">
                <LoadingSpinner size="sm" />
              </Center>
            }
          >
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
      <CompanyPickerModal
        opened={isPickerOpen}
        onClose={picker.close}
        canDismiss
        currentCompanyId={company.Id}
      />
    </>
  );
}
