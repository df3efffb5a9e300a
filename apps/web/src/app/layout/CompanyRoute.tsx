import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { companyKeys, findCompanyByAlias } from '../../features/companies';
import { AppLoadingOverlay } from '../../ui/AppLoadingOverlay';
import { ApiError, errorMessage } from '../api/errors';
import { CurrentCompanyProvider } from '../company/CurrentCompany';
import { isSessionError } from '../session/session.rules';
import { CompanyShell } from './CompanyShell';

type LoadFailedProps = {
  title: string;
  message: string;
  onRetry: () => void;
};

function LoadFailed({ title, message, onRetry }: LoadFailedProps) {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title={title} maw={480}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{message}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}

/**
 * Resolves /{company}/ to one of the user's companies and its details before the shell shows. An
 * alias that is not among the user's companies is answered like a page that does not exist.
 */
export function CompanyRoute() {
  const { t } = useTranslation();
  const { companyAlias = '' } = useParams();
  const companies = useQuery(companyKeys.list());
  const listed = companies.data ? findCompanyByAlias(companies.data.rows, companyAlias) : undefined;
  const company = useQuery({ ...companyKeys.detail(listed?.Id ?? 0), enabled: listed !== undefined });

  if (companies.isPending || (companies.isError && isSessionError(companies.error)))
    return <AppLoadingOverlay />;
  if (companies.isError) {
    return (
      <LoadFailed
        title={t('companies.loadFailed')}
        message={errorMessage(companies.error, t('errors.unexpected'))}
        onRetry={() => void companies.refetch()}
      />
    );
  }
  if (!listed) return <Navigate to="/404" replace />;
  if (company.isPending || (company.isError && isSessionError(company.error))) return <AppLoadingOverlay />;
  if (company.isError) {
    if (company.error instanceof ApiError && company.error.status === 404)
      return <Navigate to="/404" replace />;
    return (
      <LoadFailed
        title={t('dashboard.loadFailed')}
        message={errorMessage(company.error, t('errors.unexpected'))}
        onRetry={() => void company.refetch()}
      />
    );
  }
  return (
    <CurrentCompanyProvider company={company.data}>
      <CompanyShell company={company.data} />
    </CurrentCompanyProvider>
  );
}
