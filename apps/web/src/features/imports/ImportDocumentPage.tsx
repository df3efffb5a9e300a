import { Anchor, Button, Card, EmptyState, Group, Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconBuildingBank } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { companyBankKeys } from '../banks';
import { accountLabel, transactionListSearch } from '../transactions';
import { ImportWizard } from './ImportWizard';
import { readImportAccount } from './import-document.link';

/** Importing a statement into one of the company's own accounts; the default account comes first. */
export default function ImportDocumentPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const accounts = useQuery(companyBankKeys.list(company.Id));
  const [searchParams] = useSearchParams();
  const linkedAccountId = readImportAccount(searchParams);
  useDocumentTitle(`${t('bankImport.title')} – ${company.Name} – Bilag`);

  return (
    <Stack gap="lg" maw={1200}>
      <Anchor component={Link} to={companyPath(company, 'bank')} size="sm" w="fit-content">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('bankImport.backToList')}
        </Group>
      </Anchor>
      <PageHeader
        title={t('bankImport.title')}
        subtitle={t('bankImport.subtitle', { company: company.Name })}
      />

      <QueryGate query={accounts} errorTitle={t('bankImport.accountsFailed')}>
        {(companyAccounts) =>
          companyAccounts.length === 0 ? (
            <Card withBorder radius="lg">
              <EmptyState
                py={40}
                icon={<IconBuildingBank size={28} aria-hidden />}
                withIndicatorBackground
                title={t('bankImport.noAccountsTitle')}
                description={t('bankImport.noAccountsText')}
              >
                <Button component={Link} to={companyPath(company, 'bank-management')} variant="light" mt="md">
                  {t('bankImport.noAccountsLink')}
                </Button>
              </EmptyState>
            </Card>
          ) : (
            <ImportWizard
              companyId={company.Id}
              accounts={companyAccounts.map((account) => ({ id: account.Id, label: accountLabel(account) }))}
              defaultAccountId={
                (
                  companyAccounts.find((account) => account.Id === linkedAccountId) ??
                  companyAccounts.find((account) => account.IsDefault) ??
                  companyAccounts[0]
                )?.Id
              }
              transactionsPath={(importId, companyBankId) =>
                `${companyPath(company, 'bank')}${transactionListSearch({ importId, companyBankId })}`
              }
            />
          )
        }
      </QueryGate>
    </Stack>
  );
}
