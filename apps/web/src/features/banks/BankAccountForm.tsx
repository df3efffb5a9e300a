import type { CompanyBank } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { formatIban } from '@bilag/domain/validators/iban';
import {
  Badge,
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
import { IconBuildingBank } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import { CurrencySelect } from '../../ui/CurrencySelect';
import { DateTextInput } from '../../ui/DateTextInput';
import { displayTimeZone } from '../../ui/dates';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { bankKeys } from './bank.queries';
import {
  bankRegistrationNumber,
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
  const { values, setValue, setValues, errorText, submit } = useParsedForm(
    () =>
      account ? toBankAccountFormValues(account) : { ...emptyBankAccountForm(), isDefault: isFirstAccount },
    // Runs on save, by when the registry's bank for the number (looked up below) is known.
    (typed) => parseBankAccountForm(typed, todayIsoDate(displayTimeZone()), registryBank?.Id ?? null),
  );
  const [isAccountNumberFinished, setIsAccountNumberFinished] = useState(false);
  /** The IBAN the number was typed as, kept once the field shows the account number read from it. */
  const [typedIban, setTypedIban] = useState<string | null>(null);
  const saveAccount = useSaveBankAccountMutation(companyId);

  const accountCheck = checkAccountNumber(values.accountNumber, isAccountNumberFinished);
  const accountNumber = accountCheck.state === 'valid' ? accountCheck.normalized : null;
  const readFromIban = (accountCheck.state === 'valid' ? accountCheck.iban : undefined) ?? typedIban;
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

  function onChangeAccountNumber(text: string) {
    setIsAccountNumberFinished(false);
    setTypedIban(null);
    setValue('accountNumber', text);
  }

  function onLeaveAccountNumber() {
    if (values.accountNumber.trim() === '') return;
    setIsAccountNumberFinished(true);
    const check = checkAccountNumber(values.accountNumber, true);
    if (check.state !== 'valid') return;
    if (check.iban !== undefined) setTypedIban(check.iban);
    setValues((current) => ({ ...current, accountNumber: formatAccountNumber(check.normalized) }));
  }

  const onSave = submit(({ changes }) =>
    saveAccount.mutate({ accountId: account?.Id ?? null, changes }, { onSuccess: onDone }),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Saving means the number is typed to the end, so a short one is an error from now on.
    setIsAccountNumberFinished(true);
    onSave(event);
  }

  const accountNumberError =
    errorText('accountNumber') ?? (accountCheck.state === 'invalid' ? t(accountCheck.error) : undefined);

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
          description={
            readFromIban !== null && accountNumber !== null
              ? t('bankAccounts.form.readFromIban', {
                  iban: formatIban(readFromIban),
                  accountNumber: formatAccountNumber(accountNumber),
                })
              : t('bankAccounts.form.accountNumberHint')
          }
          placeholder="1234.56.78903"
          inputMode="numeric"
          autoComplete="off"
          required
          value={values.accountNumber}
          onChange={(event) => onChangeAccountNumber(event.currentTarget.value)}
          onBlur={onLeaveAccountNumber}
          error={accountNumberError}
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
        <CurrencySelect
          label={t('bankAccounts.fields.currency')}
          value={values.currency}
          onChange={(currency) => setValue('currency', currency)}
          error={errorText('currency')}
          w={{ base: '100%', xs: 160 }}
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

        <FormFooter
          error={saveAccount.error}
          errorTestId="save-failed"
          cancelLabel={t('bankAccounts.form.cancel')}
          onCancel={onDone}
          saveLabel={t('bankAccounts.form.save')}
          isSaving={saveAccount.isPending}
          saveTestId="save-account"
        />
      </Stack>
    </form>
  );
}
