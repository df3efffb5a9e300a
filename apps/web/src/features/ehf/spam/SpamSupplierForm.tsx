import type { SpamSupplier } from '@bilag/contracts';
import { Alert, Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../app/api/errors';
import { type SpamSupplierInput, useSaveSpamSupplierMutation } from './spam.mutations';

type Field = 'name' | 'organisationNumber' | 'emailPattern' | 'companyId';

function fieldOf(error: unknown): Field | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const field = (error.data as { field?: unknown } | null)?.field;
  return field === 'organisationNumber' || field === 'emailPattern' || field === 'companyId'
    ? field
    : undefined;
}

type SpamSupplierFormProps = { entry: SpamSupplier | null; onDone: () => void };

/** Adds or changes an entry; the server checks the number (MOD11) and the address and says which is wrong. */
export function SpamSupplierForm({ entry, onDone }: SpamSupplierFormProps) {
  const { t } = useTranslation();
  const save = useSaveSpamSupplierMutation();
  const [name, setName] = useState(entry?.name ?? '');
  const [organisationNumber, setOrganisationNumber] = useState(entry?.organisationNumber ?? '');
  const [emailPattern, setEmailPattern] = useState(entry?.emailPattern ?? '');
  const [reason, setReason] = useState(entry?.reason ?? '');
  const [companyId, setCompanyId] = useState<number | ''>(entry?.companyId ?? '');
  const [isNameMissing, setIsNameMissing] = useState(false);

  const failedField = fieldOf(save.error);
  const message = save.error instanceof Error ? save.error.message : undefined;
  const errorFor = (field: Field) => (failedField === field ? message : undefined);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setIsNameMissing(true);
      return;
    }
    setIsNameMissing(false);
    const input: SpamSupplierInput = {
      name: name.trim(),
      organisationNumber: organisationNumber.trim() || null,
      emailPattern: emailPattern.trim() || null,
      reason: reason.trim() || null,
      companyId: companyId === '' ? null : companyId,
    };
    save.mutate({ id: entry?.id ?? null, input }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('ehfSpam.fields.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={isNameMissing ? t('ehfSpam.nameMissing') : undefined}
          maxLength={200}
          required
          data-autofocus
        />
        <TextInput
          label={t('ehfSpam.fields.organisationNumber')}
          description={t('ehfSpam.organisationNumberHint')}
          value={organisationNumber}
          onChange={(event) => setOrganisationNumber(event.currentTarget.value)}
          error={errorFor('organisationNumber')}
          maxLength={20}
          inputMode="numeric"
        />
        <TextInput
          label={t('ehfSpam.fields.emailPattern')}
          description={t('ehfSpam.emailPatternHint')}
          value={emailPattern}
          onChange={(event) => setEmailPattern(event.currentTarget.value)}
          error={errorFor('emailPattern')}
          maxLength={254}
        />
        <NumberInput
          label={t('ehfSpam.fields.companyId')}
          description={t('ehfSpam.companyIdHint')}
          value={companyId}
          onChange={(value) => setCompanyId(typeof value === 'number' ? value : '')}
          error={errorFor('companyId')}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          hideControls
        />
        <Textarea
          label={t('ehfSpam.fields.reason')}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={1000}
          autosize
          minRows={2}
        />
        {save.error && failedField === undefined && (
          <Alert color="red" role="alert" data-testid="spam-form-error">
            {message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('ehfSpam.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('ehfSpam.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
