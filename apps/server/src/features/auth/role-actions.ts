import { RoleId } from '@bilag/contracts';

/** The products whose role actions the account service answers for. */
export const PRODUCTS = ['web'] as const;

const everyMember = ['dashboard.view', 'company.switch', 'language.change'];
const bookkeeping = [
  ...everyMember,
  'voucher.view',
  'voucher.edit',
  'bank.view',
  'bank.import',
  'matching.view',
  'rules.view',
  'payment.view',
];
const administration = [
  ...bookkeeping,
  'admin.voucher.view',
  'admin.import.view',
  'admin.voucher.connect',
  'admin.matching.view',
  'rules.edit',
  'admin.ehf.view',
  'admin.settings.edit',
];

const actionsByRole: Record<number, string[]> = {
  [RoleId.ADMIN]: administration,
  [RoleId.VIET_NAM_ADMIN]: administration,
  [RoleId.ACCOUNTANT]: [...bookkeeping, 'payment.prepare', 'rules.edit'],
  [RoleId.ACCOUNTANT_LIMIT]: bookkeeping,
  [RoleId.VN_ACCOUNTANT]: bookkeeping,
  [RoleId.CEO]: [...bookkeeping, 'payment.prepare', 'payment.sign', 'team.view'],
  [RoleId.DEVELOPER]: bookkeeping,
};

export function roleActions(roleId: number): string[] {
  return actionsByRole[roleId] ?? everyMember;
}
