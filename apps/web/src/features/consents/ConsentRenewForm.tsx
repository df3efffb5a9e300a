import type { Consent } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../ui/FormFooter';
import { formatCalendarDate } from '../../ui/format';
import { useParsedForm } from '../../ui/useParsedForm';
import { AccountOwnerSsnField, ValidUntilField } from './ConsentFormFields';
import { useServerFieldErrors } from './consent.errors';
import {
  BANK_TIME_ZONE,
  emptyRenewConsentForm,
  parseRenewConsentForm,
  type RenewConsentFields,
  type RenewConsentFormValues,
} from './consent.form';
import { useRenewConsentMutation } from './consent.mutations';

const FIELDS: readonly RenewConsentFields[] = ['accountOwnerSsn', 'debtorBankBic', 'validUntil'];

type ConsentRenewFormProps = {
  companyId: number;
  consent: Consent;
  /** The BIC of the consent's bank, shown as a hint; the field itself starts empty. */
  bankBic: string | undefined;
  /** The consent page's path, where the bank sends the person back to after the callback. */
  callbackPath: string;
  onCancel: () => void;
};

/**
 * Asks the bank for a new consent for the same accounts (spec §3: callbackUrl, accountOwnerSsn,
 * debtorBankBic). The old consent keeps reading until the new one is approved at the bank.
 */
export function ConsentRenewForm({
  companyId,
  consent,
  bankBic,
  callbackPath,
  onCancel,
}: ConsentRenewFormProps) {
  const { t } = useTranslation();
  const today = todayIsoDate(BANK_TIME_ZONE);
  const renewConsent = useRenewConsentMutation(companyId);
  const { serverErrors, hasServerFieldError, showServerErrors, clearServerError } =
    useServerFieldErrors(FIELDS);
  const { values, setValue, errorText, checkField, submit } = useParsedForm(
    () => emptyRenewConsentForm(today),
    (typed) => parseRenewConsentForm(typed, today),
  );

  function change<Field extends RenewConsentFields>(field: Field, value: RenewConsentFormValues[Field]) {
    setValue(field, value);
    clearServerError(field);
  }

  const onSubmit = submit(({ request }) =>
    renewConsent.mutate(
      { consentId: consent.id, request: { ...request, callbackUrl: callbackPath } },
      { onError: showServerErrors },
    ),
  );
  const fieldError = (field: RenewConsentFields) => errorText(field) ?? serverErrors[field];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('consents.renew.label')}
      data-testid="consent-renew-form"
    >
      <Stack gap="md">
        <Text size="sm">
          {t('consents.renew.intro', {
            bank: consent.bankName,
            date: formatCalendarDate(consent.validUntil),
          })}
        </Text>
        <ValidUntilField
          today={today}
          value={values.validUntil}
          onChange={(text) => change('validUntil', text)}
          onCheck={() => checkField('validUntil')}
          error={fieldError('validUntil')}
          takesFocus
          data-testid="field-renew-valid-until"
        />
        <AccountOwnerSsnField
          value={values.accountOwnerSsn}
          onChange={(text) => change('accountOwnerSsn', text)}
          onCheck={() => checkField('accountOwnerSsn')}
          error={fieldError('accountOwnerSsn')}
          data-testid="field-renew-ssn"
        />
        <TextInput
          label={t('consents.fields.debtorBankBic')}
          description={
            bankBic
              ? t('consents.renew.bicHint', { bank: consent.bankName, bic: bankBic })
              : t('consents.renew.bicHintUnknown')
          }
          autoComplete="off"
          maxLength={11}
          value={values.debtorBankBic}
          onChange={(event) => change('debtorBankBic', event.currentTarget.value.toUpperCase())}
          onBlur={() => values.debtorBankBic.trim() !== '' && checkField('debtorBankBic')}
          error={fieldError('debtorBankBic')}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="field-renew-bic"
        />
        <Text size="xs" c="dimmed">
          {t('consents.renew.oldKeepsWorking')}
        </Text>
        <FormFooter
          error={hasServerFieldError ? null : renewConsent.error}
          errorTestId="consent-renew-failed"
          cancelLabel={t('consents.form.cancel')}
          onCancel={onCancel}
          saveLabel={t('consents.form.toBank')}
          isSaving={renewConsent.isPending || renewConsent.isSuccess}
          saveTestId="consent-renew-submit"
        />
      </Stack>
    </form>
  );
}
