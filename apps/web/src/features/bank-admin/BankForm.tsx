import { BANK_GROUPS, type Bank, BankGroup } from '@bilag/contracts';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import {
  type BankFormErrors,
  type BankFormValues,
  emptyBankForm,
  MAX_BANK_NAME_LENGTH,
  parseBankForm,
  toBankFormValues,
} from './bank-admin.form';
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
  const [values, setValues] = useState<BankFormValues>(() =>
    bank ? toBankFormValues(bank) : emptyBankForm(),
  );
  const [errors, setErrors] = useState<BankFormErrors>({});
  const saveBank = useSaveBankMutation();

  function setValue<Field extends keyof BankFormValues>(field: Field, value: BankFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Checks one field when the administrator leaves it, so a wrong BIC or number shows at once. */
  function onCheckField(field: keyof BankFormValues) {
    const parsed = parseBankForm(values);
    setErrors((current) => ({ ...current, [field]: parsed.isValid ? undefined : parsed.errors[field] }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseBankForm(values);
    if (!parsed.isValid) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    saveBank.mutate({ bankId: bank?.Id ?? null, request: parsed.request }, { onSuccess: onDone });
  }

  function onPrefixesKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const errorText = (field: keyof BankFormValues) => {
    const error = errors[field];
    return error ? t(error.key, { invalid: error.invalid ?? '' }) : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('bankAdmin.form.label')} data-testid="bank-form">
      <Stack gap="md">
        <TextInput
          label={t('bankAdmin.fields.name')}
          required
          value={values.name}
          onChange={(event) => setValue('name', event.currentTarget.value)}
          onBlur={() => onCheckField('name')}
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
            onBlur={() => onCheckField('bic')}
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
          onBlur={() => onCheckField('prefixes')}
          onKeyDown={onPrefixesKeyDown}
          error={errorText('prefixes')}
          styles={{ input: { fontVariantNumeric: 'tabular-nums' } }}
          data-testid="field-bank-prefixes"
        />

        {saveBank.isError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} data-testid="save-failed">
            {errorMessage(saveBank.error, t('errors.unexpected'))}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={saveBank.isPending}>
            {t('bankAdmin.form.cancel')}
          </Button>
          <Button
            type="submit"
            loading={saveBank.isPending}
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            data-testid="save-bank"
          >
            {t('bankAdmin.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
