import { ErrorCode } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/api/errors';
import { emptyInviteForm, inviteErrorField, parseInviteForm, parsePasswordForm } from './company-user.form';

const grantable = [3, 14, 15];

describe('the invitation form', () => {
  it('sends the e-mail as the server keeps it, and leaves out a name not given', () => {
    expect(
      parseInviteForm({ ...emptyInviteForm('en'), email: '  Nina.Ny@Example.NO ', roleId: '14' }, grantable),
    ).toEqual({ isValid: true, invitation: { email: 'nina.ny@example.no', roleId: 14, language: 'en' } });
  });

  it('sends a trimmed name and the language chosen', () => {
    expect(
      parseInviteForm(
        { email: 'nina@example.no', fullName: '  Nina Ny ', roleId: '3', language: 'no' },
        grantable,
      ),
    ).toEqual({
      isValid: true,
      invitation: { email: 'nina@example.no', fullName: 'Nina Ny', roleId: 3, language: 'no' },
    });
  });

  it('asks for the e-mail and the role, and says when the address is not one', () => {
    expect(parseInviteForm(emptyInviteForm('no'), grantable)).toEqual({
      isValid: false,
      errors: {
        email: 'companyUsers.invite.errors.emailRequired',
        roleId: 'companyUsers.invite.errors.roleRequired',
      },
    });
    expect(parseInviteForm({ ...emptyInviteForm('no'), email: 'nina@', roleId: '3' }, grantable)).toEqual({
      isValid: false,
      errors: { email: 'companyUsers.invite.errors.emailInvalid' },
    });
  });

  it('refuses a role the server did not offer, even one the product knows', () => {
    expect(
      parseInviteForm({ ...emptyInviteForm('en'), email: 'nina@example.no', roleId: '2' }, grantable),
    ).toMatchObject({ isValid: false, errors: { roleId: 'companyUsers.invite.errors.roleRequired' } });
  });

  it('refuses a name longer than the server keeps', () => {
    expect(
      parseInviteForm(
        { ...emptyInviteForm('en'), email: 'nina@example.no', fullName: 'N'.repeat(201), roleId: '3' },
        grantable,
      ),
    ).toMatchObject({ isValid: false, errors: { fullName: 'companyUsers.invite.errors.nameTooLong' } });
  });

  it('puts a refusal under the field it is about', () => {
    const refusal = (code: string) => new ApiError({ status: 0, code, message: 'refused' });
    expect(inviteErrorField(refusal(ErrorCode.CONFLICT))).toBe('email');
    expect(inviteErrorField(refusal(ErrorCode.FORBIDDEN))).toBe('roleId');
    expect(inviteErrorField(refusal(ErrorCode.ROLE_FORBIDS))).toBeUndefined();
    expect(inviteErrorField(new Error('offline'))).toBeUndefined();
  });
});

describe('the password an invited person chooses', () => {
  it('takes a password of ten characters or more typed the same twice, spaces and all', () => {
    expect(parsePasswordForm({ password: ' korrekt hest ', repeated: ' korrekt hest ' })).toEqual({
      isValid: true,
      password: ' korrekt hest ',
    });
  });

  it('says what is wrong with the password before comparing the two', () => {
    expect(parsePasswordForm({ password: '', repeated: '' })).toEqual({
      isValid: false,
      errors: { password: 'invitation.errors.passwordRequired' },
    });
    expect(parsePasswordForm({ password: '123456789', repeated: '12345678' })).toEqual({
      isValid: false,
      errors: { password: 'invitation.errors.passwordTooShort' },
    });
    expect(parsePasswordForm({ password: 'x'.repeat(201), repeated: 'x'.repeat(201) })).toEqual({
      isValid: false,
      errors: { password: 'invitation.errors.passwordTooLong' },
    });
  });

  it('refuses two passwords that differ', () => {
    expect(parsePasswordForm({ password: 'correct horse', repeated: 'correct horse ' })).toEqual({
      isValid: false,
      errors: { repeated: 'invitation.errors.repeatedDiffers' },
    });
  });
});
