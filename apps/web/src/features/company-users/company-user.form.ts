import { ErrorCode, InviteCompanyUserBody, type Language, NewPassword, RoleIdSchema } from '@bilag/contracts';
import { ApiError } from '../../app/api/errors';

/** The invitation form as typed; read into the call's body only when sent. */
export type InviteFormValues = {
  email: string;
  fullName: string;
  roleId: string | null;
  language: Language;
};

export type InviteFormErrorKey =
  | 'companyUsers.invite.errors.emailRequired'
  | 'companyUsers.invite.errors.emailInvalid'
  | 'companyUsers.invite.errors.nameTooLong'
  | 'companyUsers.invite.errors.roleRequired';

export type InviteFormErrors = Partial<Record<keyof InviteFormValues, InviteFormErrorKey>>;

export type InviteRequest = Omit<InviteCompanyUserBody, 'companyId'>;

export type ParsedInviteForm =
  | { isValid: true; invitation: InviteRequest }
  | { isValid: false; errors: InviteFormErrors };

const MAX_NAME_LENGTH = 200;

export function emptyInviteForm(language: Language): InviteFormValues {
  return { email: '', fullName: '', roleId: null, language };
}

/** Reads the form through the call's own rules; the role must be one the server offered the caller. */
export function parseInviteForm(
  values: InviteFormValues,
  grantableRoleIds: readonly number[],
): ParsedInviteForm {
  const errors: InviteFormErrors = {};
  const email = InviteCompanyUserBody.shape.email.safeParse(values.email);
  if (values.email.trim() === '') errors.email = 'companyUsers.invite.errors.emailRequired';
  else if (!email.success) errors.email = 'companyUsers.invite.errors.emailInvalid';
  const fullName = values.fullName.trim();
  if (fullName.length > MAX_NAME_LENGTH) errors.fullName = 'companyUsers.invite.errors.nameTooLong';
  const roleId = RoleIdSchema.safeParse(Number(values.roleId));
  const isRoleOffered = values.roleId !== null && roleId.success && grantableRoleIds.includes(roleId.data);
  if (!isRoleOffered) errors.roleId = 'companyUsers.invite.errors.roleRequired';
  if (!email.success || !roleId.success || Object.keys(errors).length > 0) return { isValid: false, errors };
  return {
    isValid: true,
    invitation: {
      email: email.data,
      ...(fullName === '' ? {} : { fullName }),
      roleId: roleId.data,
      language: values.language,
    },
  };
}

/**
 * The field a refused invitation is about, so its message stands under that field: the e-mail of someone
 * already in the company, or a role the caller may not give. Any other failure belongs to the whole form.
 */
export function inviteErrorField(error: unknown): 'email' | 'roleId' | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === ErrorCode.CONFLICT) return 'email';
  if (error.code === ErrorCode.FORBIDDEN) return 'roleId';
  return undefined;
}

/** The password an invited person chooses, typed twice. */
export type PasswordFormValues = { password: string; repeated: string };

export type PasswordFormErrorKey =
  | 'invitation.errors.passwordRequired'
  | 'invitation.errors.passwordTooShort'
  | 'invitation.errors.passwordTooLong'
  | 'invitation.errors.repeatedDiffers';

export type PasswordFormErrors = Partial<Record<keyof PasswordFormValues, PasswordFormErrorKey>>;

export type ParsedPasswordForm =
  | { isValid: true; password: string }
  | { isValid: false; errors: PasswordFormErrors };

export const MIN_PASSWORD_LENGTH = NewPassword.minLength ?? 10;
const MAX_PASSWORD_LENGTH = NewPassword.maxLength ?? 200;

/** Spaces count: a pass phrase is a good password, and it is taken exactly as typed. */
export function parsePasswordForm(values: PasswordFormValues): ParsedPasswordForm {
  const errors: PasswordFormErrors = {};
  const { password, repeated } = values;
  if (password.length === 0) errors.password = 'invitation.errors.passwordRequired';
  else if (password.length < MIN_PASSWORD_LENGTH) errors.password = 'invitation.errors.passwordTooShort';
  else if (password.length > MAX_PASSWORD_LENGTH) errors.password = 'invitation.errors.passwordTooLong';
  else if (repeated !== password) errors.repeated = 'invitation.errors.repeatedDiffers';
  if (Object.keys(errors).length > 0) return { isValid: false, errors };
  return { isValid: true, password };
}
