import type { ConsentBankTemplate } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { AccountOwnerSsnField, ValidUntilField } from './ConsentFormFields';
import { useServerFieldErrors } from './consent.errors';
import {
  BANK_TIME_ZONE,
  type CreateConsentFields,
  type CreateConsentFormValues,
  emptyCreateConsentForm,
  MAX_READS_PER_DAY,
  MIN_READS_PER_DAY,
  parseCreateConsentForm,
} from './consent.form';
import { useCreateConsentMutation } from './consent.mutations';

const FIELDS: readonly CreateConsentFields[] = [
  'bankId',
  'accountNumbers',
  'validUntil',
  'frequencyPerDay',
  'accountOwnerSsn',
];

type ConsentCreateFormProps = {
  companyId: number;
  /** The company's banks first, as the server orders them. */
  banks: ConsentBankTemplate[];
  /** The consent page's path, where the bank sends the person back to after the callback. */
  callbackPath: string;
  onCancel: () => void;
};

/**
 * Connects a bank: which bank, which of the company's accounts there, for how long and how often the
 * product may read. Sending it takes the person to the bank's page to approve.
 */
export function ConsentCreateForm({ companyId, banks, callbackPath, onCancel }: ConsentCreateFormProps) {
  const { t } = useTranslation();
  const today = todayIsoDate(BANK_TIME_ZONE);
  const createConsent = useCreateConsentMutation(companyId);
  const { serverErrors, hasServerFieldError, showServerErrors, clearServerError, clearServerErrors } =
    useServerFieldErrors(FIELDS);
  const { values, setValue, setValues, errorText, checkField, submit } = useParsedForm(
    () => emptyCreateConsentForm(today, banks[0]),
    (typed) =>
      parseCreateConsentForm(
        typed,
        today,
        banks.find((bank) => String(bank.bankId) === typed.bankId),
      ),
  );
  const chosenBank = banks.find((bank) => String(bank.bankId) === values.bankId);

  function change<Field extends CreateConsentFields>(field: Field, value: CreateConsentFormValues[Field]) {
    setValue(field, value);
    clearServerError(field);
  }

  function onChooseBank(bankId: string | null) {
    const bank = banks.find((candidate) => String(candidate.bankId) === bankId);
    // A new bank offers its own accounts, all ticked, as the form starts.
    setValues((current) => ({ ...current, bankId, accountNumbers: bank?.accountNumbers ?? [] }));
    clearServerErrors();
  }

  const onSubmit = submit(({ request }) =>
    createConsent.mutate({ ...request, callbackUrl: callbackPath }, { onError: showServerErrors }),
  );
  const fieldError = (field: CreateConsentFields) => errorText(field) ?? serverErrors[field];

  const ownBanks = banks.filter((bank) => bank.accountNumbers.length > 0);
  const otherBanks = banks.filter((bank) => bank.accountNumbers.length === 0);
  const bankOption = (bank: ConsentBankTemplate) => ({
    value: String(bank.bankId),
    label: bank.hasConsent ? t('consents.form.bankWithConsent', { bank: bank.name }) : bank.name,
  });
  const bankOptions = [
    ...(ownBanks.length > 0 ? [{ group: t('consents.form.ownBanks'), items: ownBanks.map(bankOption) }] : []),
    ...(otherBanks.length > 0
      ? [{ group: t('consents.form.otherBanks'), items: otherBanks.map(bankOption) }]
      : []),
  ];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('consents.form.createLabel')}
      data-testid="consent-form"
    >
      <Stack gap="md">
        <Select
          label={t('consents.fields.bank')}
          placeholder={t('consents.form.chooseBank')}
          data={bankOptions}
          value={values.bankId}
          onChange={onChooseBank}
          error={fieldError('bankId')}
          description={
            chosenBank?.hasConsent ? t('consents.form.bankHasConsent', { bank: chosenBank.name }) : undefined
          }
          required
          allowDeselect={false}
          data-autofocus
          data-testid="field-consent-bank"
        />

        {chosenBank &&
          (chosenBank.accountNumbers.length > 0 ? (
            <Checkbox.Group
              label={t('consents.fields.accounts')}
              description={t('consents.form.accountsHint')}
              value={values.accountNumbers}
              onChange={(accountNumbers) => change('accountNumbers', accountNumbers)}
              error={fieldError('accountNumbers')}
              data-testid="field-consent-accounts"
            >
              <Stack gap={6} mt="xs">
                {chosenBank.accountNumbers.map((accountNumber) => (
                  <Checkbox
                    key={accountNumber}
                    value={accountNumber}
                    label={formatAccountNumber(accountNumber)}
                    styles={{ label: { fontVariantNumeric: 'tabular-nums' } }}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : (
            <Text size="sm" c="dimmed" data-testid="consent-no-accounts">
              {t('consents.form.noAccountsAtBank', { bank: chosenBank.name })}
            </Text>
          ))}

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <ValidUntilField
            today={today}
            value={values.validUntil}
            onChange={(text) => change('validUntil', text)}
            onCheck={() => checkField('validUntil')}
            error={fieldError('validUntil')}
            data-testid="field-consent-valid-until"
          />
          <NumberInput
            label={t('consents.fields.frequencyPerDay')}
            description={t('consents.form.frequencyHint')}
            value={values.frequencyPerDay}
            onChange={(value) => change('frequencyPerDay', value)}
            min={MIN_READS_PER_DAY}
            max={MAX_READS_PER_DAY}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={fieldError('frequencyPerDay')}
            data-testid="field-consent-frequency"
          />
        </SimpleGrid>

        <AccountOwnerSsnField
          value={values.accountOwnerSsn}
          onChange={(text) => change('accountOwnerSsn', text)}
          onCheck={() => checkField('accountOwnerSsn')}
          error={fieldError('accountOwnerSsn')}
          data-testid="field-consent-ssn"
        />

        <Text size="xs" c="dimmed">
          {t('consents.form.toBankHint')}
        </Text>

        <FormFooter
          error={hasServerFieldError ? null : createConsent.error}
          errorTestId="consent-create-failed"
          cancelLabel={t('consents.form.cancel')}
          onCancel={onCancel}
          saveLabel={t('consents.form.toBank')}
          isSaving={createConsent.isPending || createConsent.isSuccess}
          saveTestId="consent-create-submit"
        />
      </Stack>
    </form>
  );
}
