import { z } from 'zod';

export const RoleId = {
  ADMIN: 2,
  ACCOUNTANT: 3,
  ACCOUNTANT_LIMIT: 4,
  VN_ACCOUNTANT: 5,
  RECRUITMENT: 6,
  VIET_NAM_ADMIN: 7,
  CEO: 14,
  HR_COMPANY_A: 15,
  HR_COMPANY_B: 16,
  DEVELOPER: 17,
  ADMIN_RECRUITMENT: 18,
} as const;
export type RoleId = (typeof RoleId)[keyof typeof RoleId];

export const RoleIdSchema = z.union(Object.values(RoleId).map((id) => z.literal(id)));

export const ADMIN_ROLE_IDS: readonly number[] = [RoleId.ADMIN, RoleId.VIET_NAM_ADMIN];

export function isAdminRole(roleId: number): boolean {
  return ADMIN_ROLE_IDS.includes(roleId);
}

/** Global rules hold for every company of the bureau, so only its administrators and accountants write them. */
export const GLOBAL_RULE_EDITOR_ROLE_IDS: readonly number[] = [...ADMIN_ROLE_IDS, RoleId.ACCOUNTANT];

export function canEditGlobalRules(roleId: number): boolean {
  return GLOBAL_RULE_EDITOR_ROLE_IDS.includes(roleId);
}

/**
 * A consent lets the product read a company's bank accounts, so only those who run the company's
 * books or the company itself make, renew or revoke one; everyone with the bank pages sees them.
 */
export const CONSENT_MANAGER_ROLE_IDS: readonly number[] = [...ADMIN_ROLE_IDS, RoleId.ACCOUNTANT, RoleId.CEO];

export function canManageConsents(roleId: number): boolean {
  return CONSENT_MANAGER_ROLE_IDS.includes(roleId);
}

/** Who closes a month of a company's books: those who keep them, and the company's own manager. */
export const PERIOD_CLOSER_ROLE_IDS: readonly number[] = [
  ...ADMIN_ROLE_IDS,
  RoleId.ACCOUNTANT,
  RoleId.ACCOUNTANT_LIMIT,
  RoleId.VN_ACCOUNTANT,
  RoleId.CEO,
];

export function canClosePeriods(roleId: number): boolean {
  return PERIOD_CLOSER_ROLE_IDS.includes(roleId);
}

/**
 * Accepting what blocks a month (with a reason on the record) and reopening a closed one change what
 * an auditor is shown, so only the bureau's accountants and administrators do them.
 */
export const PERIOD_ACCOUNTANT_ROLE_IDS: readonly number[] = [...ADMIN_ROLE_IDS, RoleId.ACCOUNTANT];

export function canAcceptPeriodExceptions(roleId: number): boolean {
  return PERIOD_ACCOUNTANT_ROLE_IDS.includes(roleId);
}
