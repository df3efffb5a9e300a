import { isAdminRole, RoleId } from '@bilag/contracts';
import type { TFunction } from 'i18next';

/** The name of each role the product knows, as the people pages show it. */
const roleNameKeys = {
  [RoleId.ADMIN]: 'companyUsers.roles.admin',
  [RoleId.ACCOUNTANT]: 'companyUsers.roles.accountant',
  [RoleId.ACCOUNTANT_LIMIT]: 'companyUsers.roles.accountantLimited',
  [RoleId.VN_ACCOUNTANT]: 'companyUsers.roles.accountantVn',
  [RoleId.RECRUITMENT]: 'companyUsers.roles.recruitment',
  [RoleId.VIET_NAM_ADMIN]: 'companyUsers.roles.adminVietNam',
  [RoleId.CEO]: 'companyUsers.roles.ceo',
  [RoleId.HR_COMPANY_A]: 'companyUsers.roles.hrCompanyA',
  [RoleId.HR_COMPANY_B]: 'companyUsers.roles.hrCompanyB',
  [RoleId.DEVELOPER]: 'companyUsers.roles.developer',
  [RoleId.ADMIN_RECRUITMENT]: 'companyUsers.roles.adminRecruitment',
} as const satisfies Record<RoleId, string>;

function isKnownRole(roleId: number): roleId is RoleId {
  return Object.hasOwn(roleNameKeys, roleId);
}

/** A role's name in the interface language; a role this version does not know is named by its number. */
export function roleName(roleId: number, t: TFunction): string {
  return isKnownRole(roleId) ? t(roleNameKeys[roleId]) : t('companyUsers.roles.unknown', { id: roleId });
}

/**
 * The roles offered in a role picker: those the server says the caller may give, in the product's order
 * of roles, each once. An id the product does not know is left out, since nobody could tell what it means.
 */
export function roleOptions(grantableRoleIds: readonly number[], t: TFunction) {
  const grantable = new Set(grantableRoleIds);
  return Object.values(RoleId)
    .filter((roleId) => grantable.has(roleId))
    .map((roleId) => ({ value: String(roleId), label: roleName(roleId, t) }));
}

/** Roles that keep books, of whom one may be named a company's responsible accountant (with administrators). */
const BOOKKEEPING_ROLE_IDS: readonly number[] = [
  RoleId.ACCOUNTANT,
  RoleId.ACCOUNTANT_LIMIT,
  RoleId.VN_ACCOUNTANT,
];

export function mayBeResponsibleAccountant(roleId: number): boolean {
  return BOOKKEEPING_ROLE_IDS.includes(roleId) || isAdminRole(roleId);
}
