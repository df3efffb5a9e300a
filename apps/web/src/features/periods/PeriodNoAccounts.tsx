import { Button } from '@mantine/core';
import { IconBuildingBank, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { ListEmpty } from '../../ui/PagedList';

/** A company without bank accounts has no month to prove: the first step is importing a statement. */
export function PeriodNoAccounts() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  return (
    <ListEmpty
      icon={<IconBuildingBank size={28} aria-hidden />}
      title={t('periods.noAccounts.title')}
      description={t('periods.noAccounts.text')}
      action={
        <Button
          component={Link}
          to={companyPath(company, 'bank/import-document')}
          variant="light"
          mt="md"
          leftSection={<IconFileImport size={16} aria-hidden />}
        >
          {t('periods.noAccounts.action')}
        </Button>
      }
      data-testid="period-no-accounts"
    />
  );
}
