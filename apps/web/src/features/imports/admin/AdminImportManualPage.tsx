import type { AutoImportAccount } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Card, Select, Stack, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { companyPath } from '../../../app/company/company-path';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryGate } from '../../../ui/QueryGate';
import { adminBankKeys } from '../../banks';
import { transactionListSearch } from '../../transactions';
import { ImportWizard } from '../ImportWizard';

/** The chosen account is in the address, so a link names it and a reload keeps it. */
const ACCOUNT_PARAM = 'account';

function optionLabel(account: AutoImportAccount): string {
  const bank = account.BankName ? ` (${account.BankName})` : '';
  return `${account.CompanyName} — ${formatAccountNumber(account.AccountNumber)}${bank}`;
}

/** An administrator imports a statement into any company's account, with the same wizard companies use. */
export default function AdminImportManualPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const accounts = useQuery(adminBankKeys.autoImportAccounts());
  useDocumentTitle(`${t('nav.adminImportManual')} – Bilag`);

  const chosenId = Number(searchParams.get(ACCOUNT_PARAM));
  const chosen = accounts.data?.find((account) => account.CompanyBankId === chosenId);

  function onChoose(value: string | null) {
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (value === null) next.delete(ACCOUNT_PARAM);
      else next.set(ACCOUNT_PARAM, value);
      return next;
    });
  }

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('bankImport.admin.title')} subtitle={t('bankImport.admin.subtitle')} />

      <QueryGate query={accounts} errorTitle={t('bankImport.admin.loadFailed')} forbiddenTo="/unauthorized">
        {(allAccounts) => (
          <>
            <Card withBorder radius="lg" padding="lg">
              <Select
                label={t('bankImport.admin.account')}
                placeholder={t('bankImport.admin.accountPlaceholder')}
                nothingFoundMessage={t('bankImport.admin.nothingFound')}
                leftSection={<IconSearch size={16} aria-hidden />}
                data={allAccounts.map((account) => ({
                  value: String(account.CompanyBankId),
                  label: optionLabel(account),
                }))}
                value={chosen ? String(chosen.CompanyBankId) : null}
                onChange={onChoose}
                searchable
                clearable
                maw={560}
                data-testid="admin-import-account"
              />
              {!chosen && (
                <Text size="sm" c="dimmed" mt="sm">
                  {t('bankImport.admin.chooseFirst')}
                </Text>
              )}
            </Card>
            {chosen && (
              <ImportWizard
                key={chosen.CompanyBankId}
                companyId={chosen.CompanyId}
                accounts={[{ id: chosen.CompanyBankId, label: optionLabel(chosen) }]}
                defaultAccountId={chosen.CompanyBankId}
                transactionsPath={(importId, companyBankId) =>
                  `${companyPath({ Alias: chosen.CompanyAlias }, 'bank')}${transactionListSearch({ importId, companyBankId })}`
                }
              />
            )}
          </>
        )}
      </QueryGate>
    </Stack>
  );
}
