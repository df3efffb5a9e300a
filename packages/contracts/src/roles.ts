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
