import type { Division } from '@bilag/contracts';
import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../app/api/errors';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { accountLabel, companyBankKeys } from '../banks';
import { divisionKeys } from './company-service.queries';
import {
  checkOrganisationNumber,
  emptyDivisionForm,
  parseDivisionForm,
  toDivisionFormValues,
} from './division.form';
import { useSaveDivisionMutation } from './division.mutations';

type ServerField = 'name' | 'organisationNumber' | 'companyBankIds';

/** The field a refusal of the server names, so its message shows under that field. */
function serverFieldOf(error: unknown): ServerField | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = (error.data as { field?: unknown } | null)?.field;
  return field === 'name' || field === 'organisationNumber' || field === 'companyBankIds' ? field : undefined;
}

type DivisionFormProps = {
  companyId: number;
  /** The division to change; a new one when null. */
  division: Division | null;
  /** Every division of the company, to say which accounts already belong to another. */
  divisions: readonly Division[];
  onDone: () => void;
};

/**
 * A division's name, organisation number and accounts. The number is checked as the person leaves the
 * field (nine digits, MOD11), and looked up among the company's divisions so a number already in use is
 * said before saving.
 */
export function DivisionForm({ companyId, division, divisions, onDone }: DivisionFormProps) {
  const { t } = useTranslation();
  const { values, setValue, errorText, checkField, submit } = useParsedForm(
    () => (division ? toDivisionFormValues(division) : emptyDivisionForm()),
    parseDivisionForm,
  );
  const save = useSaveDivisionMutation(companyId);
  const accounts = useQuery(companyBankKeys.list(companyId));
  const [checkedNumber, setCheckedNumber] = useState<string | null>(null);
  const holder = useQuery({
    ...divisionKeys.byOrganisationNumber(companyId, checkedNumber ?? ''),
    enabled: checkedNumber !== null,
  });
  const holderName =
    checkedNumber !== null && holder.data && holder.data.id !== division?.id ? holder.data.name : null;

  const otherDivisionOf = new Map(
    divisions
      .filter((candidate) => candidate.id !== division?.id)
      .flatMap((candidate) => candidate.accounts.map((account) => [account.companyBankId, candidate.name])),
  );
  const accountOptions = (accounts.data ?? []).map((account) => {
    const other = otherDivisionOf.get(account.Id);
    return {
      value: String(account.Id),
      label: other
        ? t('companyServices.divisions.accountInOther', { account: accountLabel(account), name: other })
        : accountLabel(account),
      disabled: other !== undefined,
    };
  });

  const serverField = serverFieldOf(save.error);
  const serverError = (field: ServerField) => (serverField === field ? save.error?.message : undefined);

  function onLeaveOrganisationNumber() {
    checkField('organisationNumber');
    const check = checkOrganisationNumber(values.organisationNumber);
    setCheckedNumber(check.state === 'valid' ? check.normalized : null);
  }

  const onSubmit = submit(({ changes }) =>
    save.mutate({ id: division?.id ?? null, changes }, { onSuccess: onDone }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('companyServices.divisions.formLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('companyServices.divisions.fields.name')}
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          error={errorText('name') ?? serverError('name')}
          maxLength={200}
          required
          data-autofocus
          data-testid="division-name"
        />
        <TextInput
          label={t('companyServices.divisions.fields.organisationNumber')}
          description={t('companyServices.divisions.organisationNumberHint')}
          placeholder="974 760 673"
          inputMode="numeric"
          autoComplete="off"
          value={values.organisationNumber}
          onChange={(event) => {
            setCheckedNumber(null);
            setValue('organisationNumber', event.currentTarget.value);
          }}
          onBlur={onLeaveOrganisationNumber}
          error={
            errorText('organisationNumber') ??
            serverError('organisationNumber') ??
            (holderName
              ? t('companyServices.divisions.organisationNumberInUse', { name: holderName })
              : undefined)
          }
          maxLength={20}
          required
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          data-testid="division-organisation-number"
        />
        <MultiSelect
          label={t('companyServices.divisions.fields.accounts')}
          description={t('companyServices.divisions.accountsHint')}
          placeholder={
            values.companyBankIds.length === 0 ? t('companyServices.divisions.noAccountChosen') : ''
          }
          data={accountOptions}
          value={values.companyBankIds}
          onChange={(ids) => setValue('companyBankIds', ids)}
          error={serverError('companyBankIds')}
          disabled={accounts.isPending}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('companyServices.divisions.noAccounts')}
          data-testid="division-accounts"
        />
        <FormFooter
          error={save.error && serverField === undefined ? save.error : null}
          errorTestId="division-form-error"
          cancelLabel={t('companyServices.cancel')}
          onCancel={onDone}
          saveLabel={t('companyServices.divisions.save')}
          isSaving={save.isPending}
          saveTestId="division-save"
        />
      </Stack>
    </form>
  );
}
