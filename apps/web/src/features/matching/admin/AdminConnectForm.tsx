import { Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../ui/ErrorAlert';
import { companyKeys } from '../../companies';
import { useAdminConnectMutation } from './admin-matching.mutations';

function readId(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/**
 * Connects a transaction with a voucher by their numbers, for an administrator fixing what a company
 * cannot: a voucher registered under one company and paid from another's account.
 */
export function AdminConnectForm() {
  const { t } = useTranslation();
  const companies = useQuery(companyKeys.list());
  const adminConnect = useAdminConnectMutation();
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [transactionText, setTransactionText] = useState('');
  const [voucherText, setVoucherText] = useState('');
  const [isChecked, setIsChecked] = useState(false);

  const company = readId(companyId ?? '');
  const transactionId = readId(transactionText);
  const voucherId = readId(voucherText);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setIsChecked(true);
    if (company === undefined || transactionId === undefined || voucherId === undefined) return;
    adminConnect.mutate(
      { companyId: company, bankTransactionId: transactionId, voucherId },
      {
        onSuccess: () => {
          setTransactionText('');
          setVoucherText('');
          setIsChecked(false);
        },
      },
    );
  }

  const idError = (id: number | undefined) =>
    isChecked && id === undefined ? t('adminMatching.connect.idError') : undefined;

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="admin-connect-heading">
      <Title order={2} fz="lg" id="admin-connect-heading">
        {t('adminMatching.connect.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('adminMatching.connect.text')}
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label={t('adminMatching.connect.title')}>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <Select
              label={t('adminMatching.fields.company')}
              placeholder={t('adminMatching.connect.chooseCompany')}
              data={(companies.data?.rows ?? []).map((option) => ({
                value: String(option.Id),
                label: option.Name,
              }))}
              value={companyId}
              onChange={(value) => {
                setCompanyId(value);
                adminConnect.reset();
              }}
              error={isChecked && company === undefined ? t('adminMatching.connect.companyError') : undefined}
              searchable
              w={260}
              data-testid="admin-connect-company"
            />
            <TextInput
              label={t('adminMatching.connect.transactionId')}
              inputMode="numeric"
              value={transactionText}
              onChange={(event) => {
                setTransactionText(event.currentTarget.value.replace(/\D/g, ''));
                adminConnect.reset();
              }}
              error={idError(transactionId)}
              w={170}
              data-testid="admin-connect-transaction"
            />
            <TextInput
              label={t('adminMatching.connect.voucherId')}
              inputMode="numeric"
              value={voucherText}
              onChange={(event) => {
                setVoucherText(event.currentTarget.value.replace(/\D/g, ''));
                adminConnect.reset();
              }}
              error={idError(voucherId)}
              w={170}
              data-testid="admin-connect-voucher"
            />
            <Button
              type="submit"
              mt={25}
              leftSection={<IconLink size={16} aria-hidden />}
              loading={adminConnect.isPending}
              data-testid="admin-connect-submit"
            >
              {t('adminMatching.connect.submit')}
            </Button>
          </Group>
          {adminConnect.isError && (
            <ErrorAlert error={adminConnect.error} data-testid="admin-connect-failed" />
          )}
        </Stack>
      </form>
    </Card>
  );
}
