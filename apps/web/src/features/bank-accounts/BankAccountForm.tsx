import type { CompanyBank } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconBuildingBank, IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import { displayTimeZone } from '../../ui/dates';
import { DateTextInput } from '../vouchers/DateTextInput';
import { bankKeys } from './bank.queries';
import {
  type BankAccountFormErrors,
  type BankAccountFormValues,
  bankRegistrationNumber,
  COMMON_CURRENCIES,
  checkAccountNumber,
  emptyBankAccountForm,
  MAX_ACCOUNT_NAME_LENGTH,
  parseBankAccountForm,
  toBankAccountFormValues,
} from './bank-account.form';
import { useSaveBankAccountMutation } from './bank-account.mutations';

type BankAccountFormProps = {
  companyId: number;
  /** The account to change; a new account when null. */
  account: CompanyBank | null;
  /** A company's first account is its default unless the person says otherwise. */
  isFirstAccount: boolean;
  onDone: () => void;
};

/**
 * The fields of one bank account. The account number is checked as it is typed, and once it is
 * complete its bank is looked up in the registry; only a number the registry does not know asks the
 * person to pick the bank.
 */
export function BankAccountForm({ companyId, account, isFirstAccount, onDone }: BankAccountFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<BankAccountFormValues>(() =>
    account ? toBankAccountFormValues(account) : { ...emptyBankAccountForm(), isDefault: isFirstAccount },
  );
  const [errors, setErrors] = useState<BankAccountFormErrors>({});
  const [isAccountNumberFinished, setIsAccountNumberFinished] = useState(false);
  const saveAccount = useSaveBankAccountMutation(companyId);

  const accountCheck = checkAccountNumber(values.accountNumber, isAccountNumberFinished);
  const accountNumber = accountCheck.state === 'valid' ? accountCheck.normalized : null;
  const accountNumberError =
    errors.accountNumber ?? (accountCheck.state === 'invalid' ? accountCheck.error : undefined);
  const lookup = useQuery({
    ...bankKeys.byAccountNumber(accountNumber ?? ''),
    enabled: accountNumber !== null,
  });
  const registryBank = accountNumber !== null ? (lookup.data ?? null) : null;
  const needsBankChoice =
    accountNumber !== null && (lookup.isError || (lookup.isSuccess && lookup.data === null));
  const banks = useQuery({ ...bankKeys.list(), enabled: needsBankChoice });
  const bankOptions = (banks.data ?? []).map((bank) => ({
    value: String(bank.Id),
    label: `${bank.Name} (${bank.Bic})`,
  }));
  const currencies = COMMON_CURRENCIES.includes(values.currency)
    ? COMMON_CURRENCIES
    : [values.currency, ...COMMON_CURRENCIES];

  function setValue<Field extends keyof BankAccountFormValues>(
    field: Field,
    value: BankAccountFormValues[Field],
  ) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  function onChangeAccountNumber(text: string) {
    setIsAccountNumberFinished(false);
    setValue('accountNumber', text);
  }

  function onLeaveAccountNumber() {
    if (values.accountNumber.trim() === '') return;
    setIsAccountNumberFinished(true);
    if (checkAccountNumber(values.accountNumber, true).state === 'valid')
      setValues((current) => ({ ...current, accountNumber: formatAccountNumber(current.accountNumber) }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseBankAccountForm(values, todayIsoDate(displayTimeZone()), registryBank?.Id ?? null);
    if (!parsed.isValid) {
      setErrors(parsed.errors);
      setIsAccountNumberFinished(true);
      return;
    }
    setErrors({});
    saveAccount.mutate({ accountId: account?.Id ?? null, changes: parsed.changes }, { onSuccess: onDone });
  }

  const errorText = (field: keyof BankAccountFormValues) => {
    const key = field === 'accountNumber' ? accountNumberError : errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('bankAccounts.form.label')}
      data-testid="bank-account-form"
    >
      <Stack gap="md">
        <TextInput
          label={t('bankAccounts.fields.accountNumber')}
          description={t('bankAccounts.form.accountNumberHint')}
          placeholder="1234.56.78903"
          inputMode="numeric"
          autoComplete="off"
          required
          value={values.accountNumber}
          onChange={(event) => onChangeAccountNumber(event.currentTarget.value)}
          onBlur={onLeaveAccountNumber}
          error={errorText('accountNumber')}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          data-autofocus
          data-testid="field-account-number"
        />

        {accountNumber !== null && (
          <div aria-live="polite">
            {lookup.isPending ? (
              <Group gap="xs">
                <Loader size="xs" aria-hidden />
                <Text size="sm" c="dimmed">
                  {t('bankAccounts.form.bankLookup')}
                </Text>
              </Group>
            ) : registryBank ? (
              <Paper withBorder radius="md" p="sm" bg="gray.0" data-testid="registry-bank">
                <Group gap="sm" wrap="nowrap">
                  <IconBuildingBank size={20} aria-hidden />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text size="xs" c="dimmed">
                      {t('bankAccounts.fields.bank')}
                    </Text>
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {registryBank.Name}
                      </Text>
                      <Badge variant="light" color="gray" radius="sm" tt="none" ff="monospace">
                        {registryBank.Bic}
                      </Badge>
                    </Group>
                  </Stack>
                </Group>
              </Paper>
            ) : (
              <Select
                label={t('bankAccounts.fields.bank')}
                description={
                  lookup.isError
                    ? t('bankAccounts.form.bankLookupFailed', {
                        message: errorMessage(lookup.error, t('errors.unexpected')),
                      })
                    : t('bankAccounts.form.bankNotFound', { prefix: bankRegistrationNumber(accountNumber) })
                }
                placeholder={t('bankAccounts.form.chooseBank')}
                data={bankOptions}
                value={values.bankId}
                onChange={(value) => setValue('bankId', value)}
                searchable
                clearable
                nothingFoundMessage={t('bankAccounts.form.noBankFound')}
                disabled={banks.isPending}
                data-testid="field-bank"
              />
            )}
          </div>
        )}

        <TextInput
          label={t('bankAccounts.fields.name')}
          placeholder={t('bankAccounts.form.namePlaceholder')}
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          maxLength={MAX_ACCOUNT_NAME_LENGTH}
          data-testid="field-account-name"
        />
        <Select
          label={t('bankAccounts.fields.currency')}
          data={currencies}
          value={values.currency}
          onChange={(value) => setValue('currency', value ?? 'NOK')}
          searchable
          allowDeselect={false}
          error={errorText('currency')}
          w={{ base: '100%', xs: 160 }}
          data-testid="field-currency"
        />
        <Stack gap={4}>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
            <DateTextInput
              label={t('bankAccounts.fields.serviceStartDate')}
              value={values.serviceStartDate}
              onChange={(text) => setValue('serviceStartDate', text)}
              error={errorText('serviceStartDate')}
              data-testid="field-service-start"
            />
            <DateTextInput
              label={t('bankAccounts.fields.serviceEndDate')}
              value={values.serviceEndDate}
              onChange={(text) => setValue('serviceEndDate', text)}
              error={errorText('serviceEndDate')}
              data-testid="field-service-end"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('bankAccounts.form.servicePeriodHint')}
          </Text>
        </Stack>
        <Checkbox
          label={t('bankAccounts.form.isDefault')}
          description={account?.IsDefault ? t('bankAccounts.form.isDefaultAlready') : undefined}
          checked={values.isDefault}
          onChange={(event) => setValue('isDefault', event.currentTarget.checked)}
          disabled={account?.IsDefault === true}
          data-testid="field-is-default"
        />

        {saveAccount.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="save-failed">
            {errorMessage(saveAccount.error, t('errors.unexpected'))}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saveAccount.isPending}>
            {t('bankAccounts.form.cancel')}
          </Button>
          <Button
            type="submit"
            loading={saveAccount.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid="save-account"
          >
            {t('bankAccounts.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
