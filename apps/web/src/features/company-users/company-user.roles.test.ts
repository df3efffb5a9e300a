import { RoleId } from '@bilag/contracts';
import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/test-translator';
import { mayBeResponsibleAccountant, roleName, roleOptions } from './company-user.roles';

const english = translator('en');
const norwegian = translator('no');

describe('role names', () => {
  it('names every role of the product in both languages', () => {
    expect(Object.values(RoleId).map((roleId) => roleName(roleId, english))).toEqual([
      'Admin',
      'Accountant',
      'Accountant (limited)',
      'Accountant (VN)',
      'Recruitment',
      'Admin (Viet Nam)',
      'CEO',
      'HR company A',
      'HR company B',
      'Developer',
      'Admin recruitment',
    ]);
    expect(roleName(RoleId.CEO, norwegian)).toBe('Daglig leder');
    expect(roleName(RoleId.ACCOUNTANT_LIMIT, norwegian)).toBe('Regnskapsfører (begrenset)');
  });

  it('names a role this version does not know by its number', () => {
    expect(roleName(99, english)).toBe('Role 99');
    expect(roleName(99, norwegian)).toBe('Rolle 99');
  });
});

describe('the roles a person may give', () => {
  it('offers only the roles the server allows, in the product order of roles', () => {
    expect(roleOptions([14, 3, 15], english)).toEqual([
      { value: '3', label: 'Accountant' },
      { value: '14', label: 'CEO' },
      { value: '15', label: 'HR company A' },
    ]);
  });

  it('offers nothing when the caller may give no role, and leaves out ids it cannot name', () => {
    expect(roleOptions([], english)).toEqual([]);
    expect(roleOptions([99, 3, 3], english)).toEqual([{ value: '3', label: 'Accountant' }]);
  });
});

describe('who may be the responsible accountant', () => {
  it('is an accountant or an administrator, never company staff', () => {
    const allowed = Object.values(RoleId).filter(mayBeResponsibleAccountant);
    expect(allowed).toEqual([
      RoleId.ADMIN,
      RoleId.ACCOUNTANT,
      RoleId.ACCOUNTANT_LIMIT,
      RoleId.VN_ACCOUNTANT,
      RoleId.VIET_NAM_ADMIN,
    ]);
  });
});
