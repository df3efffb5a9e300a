import type { InviteCompanyUserData } from '@bilag/contracts';
import { Group, Radio, Select, Stack, TextInput } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLanguage, languageNames, supportedLanguages } from '../../i18n/language';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import {
  emptyInviteForm,
  type InviteFormValues,
  inviteErrorField,
  parseInviteForm,
} from './company-user.form';
import { useInviteCompanyUserMutation } from './company-user.mutations';
import { roleOptions } from './company-user.roles';

export type InviteOutcome = z.infer<typeof InviteCompanyUserData>;

type InviteUserFormProps = {
  companyId: number;
  companyName: string;
  grantableRoleIds: readonly number[];
  onDone: (outcome: InviteOutcome) => void;
  onCancel: () => void;
};

/**
 * Adds a person by e-mail: someone with an account is added as they are; anyone else gets an account
 * with the chosen role and an e-mail with a link to choose their password.
 */
export function InviteUserForm({
  companyId,
  companyName,
  grantableRoleIds,
  onDone,
  onCancel,
}: InviteUserFormProps) {
  const { t } = useTranslation();
  const invite = useInviteCompanyUserMutation(companyId);
  const form = useParsedForm(
    () => emptyInviteForm(currentLanguage()),
    (values) => parseInviteForm(values, grantableRoleIds),
  );
  const emailInput = useRef<HTMLInputElement>(null);
  const roleInput = useRef<HTMLInputElement>(null);
  const refusedField = inviteErrorField(invite.error);

  function onChange<Field extends keyof InviteFormValues>(field: Field, value: InviteFormValues[Field]) {
    form.setValue(field, value);
    if (invite.isError) invite.reset();
  }

  const onSubmit = form.submit((parsed) => {
    invite.mutate(parsed.invitation, {
      onSuccess: onDone,
      onError: (error) => {
        const field = inviteErrorField(error);
        if (field === 'email') emailInput.current?.focus();
        if (field === 'roleId') roleInput.current?.focus();
      },
    });
  });

  function fieldError(field: 'email' | 'roleId'): string | undefined {
    return form.errorText(field) ?? (refusedField === field ? invite.error?.message : undefined);
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('companyUsers.invite.title', { company: companyName })}
    >
      <Stack gap="md">
        <TextInput
          ref={emailInput}
          type="email"
          label={t('companyUsers.invite.email')}
          placeholder={t('companyUsers.invite.emailPlaceholder')}
          leftSection={<IconMail size={16} aria-hidden />}
          value={form.values.email}
          onChange={(event) => onChange('email', event.currentTarget.value)}
          onBlur={() => form.values.email !== '' && form.checkField('email')}
          error={fieldError('email')}
          autoComplete="off"
          maxLength={254}
          withAsterisk
          data-autofocus
          data-testid="invite-email"
        />
        <TextInput
          label={t('companyUsers.invite.fullName')}
          description={t('companyUsers.invite.fullNameHint')}
          value={form.values.fullName}
          onChange={(event) => onChange('fullName', event.currentTarget.value)}
          error={form.errorText('fullName')}
          autoComplete="off"
          maxLength={200}
          data-testid="invite-name"
        />
        <Select
          ref={roleInput}
          label={t('companyUsers.invite.role')}
          description={t('companyUsers.invite.roleHint')}
          placeholder={t('companyUsers.invite.rolePlaceholder')}
          data={roleOptions(grantableRoleIds, t)}
          value={form.values.roleId}
          onChange={(value) => onChange('roleId', value)}
          error={fieldError('roleId')}
          withAsterisk
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-testid="invite-role"
        />
        <Radio.Group
          label={t('companyUsers.invite.language')}
          description={t('companyUsers.invite.languageHint')}
          value={form.values.language}
          onChange={(value) => {
            const language = supportedLanguages.find((option) => option === value);
            if (language) onChange('language', language);
          }}
        >
          <Group gap="lg" mt={6}>
            {supportedLanguages.map((language) => (
              <Radio key={language} value={language} label={languageNames[language]} />
            ))}
          </Group>
        </Radio.Group>
        <FormFooter
          error={refusedField === undefined ? invite.error : null}
          errorTestId="invite-error"
          cancelLabel={t('companyUsers.cancel')}
          onCancel={onCancel}
          saveLabel={t('companyUsers.invite.submit')}
          isSaving={invite.isPending}
          saveTestId="invite-submit"
        />
      </Stack>
    </form>
  );
}
