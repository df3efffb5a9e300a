import { BANK_GROUPS, type Bank, BankGroup } from '@bilag/contracts';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../ui/FormFooter';
import { submitOnCtrlEnter } from '../../../ui/form-keys';
import { useParsedForm } from '../../../ui/useParsedForm';
import { emptyBankForm, MAX_BANK_NAME_LENGTH, parseBankForm, toBankFormValues } from './bank-admin.form';
import { bankGroupLabelKey } from './bank-admin.labels';
import { useSaveBankMutation } from './bank-admin.mutations';

type BankFormProps = {
  /** The bank to change; a new bank when null. */
  bank: Bank | null;
  onDone: () => void;
};

/** A bank of the registry: its name, BIC, group and the registration numbers its account numbers start with. */
export function BankForm({ bank, onDone }: BankFormProps) {
  const { t } = useTranslation();
  const { values, setValue, errorText, checkField, submit } = useParsedForm(
    () => (bank ? toBankFormValues(bank) : emptyBankForm()),
    parseBankForm,
  );
  const saveBank = useSaveBankMutation();

  const onSubmit = submit(({ request }) =>
    saveBank.mutate({ bankId: bank?.Id ?? null, request }, { onSuccess: onDone }),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('bankAdmin.form.label')} data-testid="bank-form">
      <Stack gap="md">
        <TextInput
          label={t('bankAdmin.fields.name')}
          required
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          onBlur={() => checkField('name')}
          error={errorText('name')}
          maxLength={MAX_BANK_NAME_LENGTH}
          data-autofocus
          data-testid="field-bank-name"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('bankAdmin.fields.bic')}
            placeholder="DNBANOKK"
            required
            value={values.bic}
            onChange={(event) => setValue('bic', event.currentTarget.value.toUpperCase())}
            onBlur={() => checkField('bic')}
            error={errorText('bic')}
            maxLength={14}
            autoComplete="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="field-bank-bic"
          />
          <Select
            label={t('bankAdmin.fields.group')}
            data={BANK_GROUPS.map((group) => ({ value: group, label: t(bankGroupLabelKey(group)) }))}
            value={values.bankGroup}
            onChange={(value) => {
              const group = BankGroup.safeParse(value);
              if (group.success) setValue('bankGroup', group.data);
            }}
            allowDeselect={false}
            data-testid="field-bank-group"
          />
        </SimpleGrid>
        <Textarea
          label={t('bankAdmin.fields.prefixes')}
          description={t('bankAdmin.form.prefixesHint')}
          placeholder="1503, 1504, 1506"
          autosize
          minRows={2}
          maxRows={6}
          value={values.prefixes}
          onChange={(event) => setValue('prefixes', event.currentTarget.value)}
          onBlur={() => checkField('prefixes')}
          onKeyDown={submitOnCtrlEnter}
          error={errorText('prefixes')}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          data-testid="field-bank-prefixes"
        />

        <FormFooter
          error={saveBank.error}
          errorTestId="save-failed"
          cancelLabel={t('bankAdmin.form.cancel')}
          onCancel={onDone}
          saveLabel={t('bankAdmin.form.save')}
          isSaving={saveBank.isPending}
          saveTestId="save-bank"
        />
      </Stack>
    </form>
  );
}
