import { type CompanyUser, RoleIdSchema } from '@bilag/contracts';
import { Alert, Select, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../ui/FormFooter';
import { useChangeRoleMutation } from './company-user.mutations';
import { roleName, roleOptions } from './company-user.roles';

type ChangeRoleFormProps = {
  companyId: number;
  user: CompanyUser;
  grantableRoleIds: readonly number[];
  onDone: () => void;
};

/**
 * A person's role is theirs in every company, and their sign-ins carry it, so the form says both before
 * anything changes: the new role applies everywhere, and the person must sign in again.
 */
export function ChangeRoleForm({ companyId, user, grantableRoleIds, onDone }: ChangeRoleFormProps) {
  const { t } = useTranslation();
  const changeRole = useChangeRoleMutation(companyId);
  const [roleId, setRoleId] = useState<string | null>(String(user.RoleId));
  const [hasTriedSame, setHasTriedSame] = useState(false);
  const isSameRole = roleId === String(user.RoleId);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = RoleIdSchema.safeParse(Number(roleId));
    if (!chosen.success || isSameRole) {
      setHasTriedSame(true);
      return;
    }
    changeRole.mutate({ user, roleId: chosen.data }, { onSuccess: onDone });
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('companyUsers.changeRole.title', { name: user.FullName })}
    >
      <Stack gap="md">
        <Text size="sm">
          {t('companyUsers.changeRole.current', { name: user.FullName, role: roleName(user.RoleId, t) })}
        </Text>
        <Select
          label={t('companyUsers.changeRole.newRole')}
          data={roleOptions(grantableRoleIds, t)}
          value={roleId}
          onChange={(value) => {
            setRoleId(value);
            setHasTriedSame(false);
            if (changeRole.isError) changeRole.reset();
          }}
          error={hasTriedSame && isSameRole ? t('companyUsers.changeRole.sameRole') : undefined}
          allowDeselect={false}
          withAsterisk
          data-autofocus
          data-testid="change-role-select"
        />
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('companyUsers.changeRole.warningTitle')}
          data-testid="change-role-warning"
        >
          {t('companyUsers.changeRole.warning', { name: user.FullName })}
        </Alert>
        <FormFooter
          error={changeRole.error}
          errorTestId="change-role-error"
          cancelLabel={t('companyUsers.cancel')}
          onCancel={onDone}
          saveLabel={t('companyUsers.changeRole.submit')}
          isSaving={changeRole.isPending}
          saveTestId="change-role-submit"
        />
      </Stack>
    </form>
  );
}
