import { RoleId } from './roles';

/**
 * Everything a role may do, as the names of actions. Every call of the API that needs a signed-in
 * person names the one action it needs (`action` in its declaration); the server refuses the call
 * with 403 ROLE_FORBIDS before anything else runs when the caller's role lacks it. The web reads
 * the same list (role actions) only to show what a role may do.
 */
export const ROLE_ACTIONS = [
  'account.use',
  'dashboard.view',
  'company.switch',
  'language.change',
  'voucher.view',
  'voucher.edit',
  'bank.view',
  'bank.edit',
  'bank.import',
  'matching.view',
  'matching.edit',
  'rules.view',
  'rules.edit',
  'rules.global.edit',
  'payment.view',
  'payment.prepare',
  'payment.sign',
  'consent.view',
  'consent.edit',
  'ehf.view',
  'ehf.edit',
  'inbox.view',
  'task.view',
  'task.edit',
  'task.overview',
  'period.view',
  'period.overview',
  'period.close',
  'period.exceptions',
  'period.reopen',
  'setting.view',
  'setting.edit',
  'users.view',
  'users.edit',
  'roles.edit',
  'services.view',
  'services.edit',
  'packages.view',
  'packages.buy',
  'statistics.view',
  'team.view',
  'admin.voucher.view',
  'admin.voucher.connect',
  'admin.import.view',
  'admin.matching.view',
  'admin.banks.edit',
  'admin.ehf.view',
  'admin.mail.view',
  'admin.settings.edit',
  'admin.task.template',
  'admin.jobs',
] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

const everyMember: readonly RoleAction[] = [
  'account.use',
  'dashboard.view',
  'company.switch',
  'language.change',
  'task.view',
  'task.edit',
];

/** A company's own staff who hand in receipts (the HR roles): their vouchers and the inbox. */
const receiptsOnly: readonly RoleAction[] = [...everyMember, 'voucher.view', 'voucher.edit', 'inbox.view'];

/** Keeping a company's books day to day: everything but money, consents, people and administration. */
const bookkeeping: readonly RoleAction[] = [
  ...receiptsOnly,
  'bank.view',
  'bank.edit',
  'bank.import',
  'matching.view',
  'matching.edit',
  'rules.view',
  'payment.view',
  'consent.view',
  'ehf.view',
  'task.overview',
  'period.view',
  'period.overview',
  'period.close',
  'setting.view',
  'users.view',
  'services.view',
  'packages.view',
  'statistics.view',
];

const ACTIONS_BY_ROLE: Record<RoleId, readonly RoleAction[]> = {
  [RoleId.ADMIN]: ROLE_ACTIONS,
  [RoleId.VIET_NAM_ADMIN]: ROLE_ACTIONS,
  [RoleId.ACCOUNTANT]: [
    ...bookkeeping,
    'rules.edit',
    'rules.global.edit',
    'payment.prepare',
    'consent.edit',
    'ehf.edit',
    'period.exceptions',
    'period.reopen',
    'setting.edit',
    'users.edit',
    'team.view',
  ],
  [RoleId.ACCOUNTANT_LIMIT]: bookkeeping,
  [RoleId.VN_ACCOUNTANT]: bookkeeping,
  [RoleId.RECRUITMENT]: everyMember,
  [RoleId.CEO]: [
    ...bookkeeping,
    'rules.edit',
    'payment.prepare',
    'payment.sign',
    'consent.edit',
    'ehf.edit',
    'setting.edit',
    'users.edit',
    'services.edit',
    'packages.buy',
    'team.view',
  ],
  [RoleId.HR_COMPANY_A]: receiptsOnly,
  [RoleId.HR_COMPANY_B]: receiptsOnly,
  [RoleId.DEVELOPER]: bookkeeping,
  [RoleId.ADMIN_RECRUITMENT]: [...everyMember, 'users.view', 'users.edit'],
};

/** The actions of a role, in the order of ROLE_ACTIONS; a role the product does not know may only use its account. */
export function actionsOfRole(roleId: number): RoleAction[] {
  const granted = new Set<RoleAction>(ACTIONS_BY_ROLE[roleId as RoleId] ?? ['account.use']);
  return ROLE_ACTIONS.filter((action) => granted.has(action));
}

export function roleMay(roleId: number, action: RoleAction): boolean {
  return (ACTIONS_BY_ROLE[roleId as RoleId] ?? ['account.use']).includes(action);
}

/**
 * The roles a person may give another (inviting them or changing their role): administrators any;
 * those who run a company's people (users.edit) the roles that keep books or work in the company,
 * never one that administers the bureau or more than they hold themselves.
 */
export function rolesGrantableBy(roleId: number): RoleId[] {
  if (roleMay(roleId, 'roles.edit')) return Object.values(RoleId);
  if (!roleMay(roleId, 'users.edit')) return [];
  const own = new Set(actionsOfRole(roleId));
  return Object.values(RoleId).filter((candidate) =>
    actionsOfRole(candidate).every((action) => own.has(action)),
  );
}
