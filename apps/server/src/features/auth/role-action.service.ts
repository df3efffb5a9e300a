import { type RoleActionsReply, RoleId } from '@bilag/contracts';
import { Errors } from '../../platform/errors';

/** The products whose role actions the account service answers for. */
const PRODUCTS: readonly string[] = ['web'];

const everyMember = ['dashboard.view', 'company.switch', 'language.change', 'task.view'];
const bookkeeping = [
  ...everyMember,
  'voucher.view',
  'voucher.edit',
  'bank.view',
  'bank.import',
  'matching.view',
  'rules.view',
  'payment.view',
  'consent.view',
  'setting.view',
  'task.overview',
  'period.view',
  'period.overview',
];
const administration = [
  ...bookkeeping,
  'admin.voucher.view',
  'admin.import.view',
  'admin.voucher.connect',
  'admin.matching.view',
  'rules.edit',
  'admin.ehf.view',
  'admin.mail.view',
  'admin.settings.edit',
  'consent.edit',
  'admin.task.template',
  'period.close',
  'period.exceptions',
  'period.reopen',
];

const actionsByRole: Record<number, string[]> = {
  [RoleId.ADMIN]: administration,
  [RoleId.VIET_NAM_ADMIN]: administration,
  [RoleId.ACCOUNTANT]: [
    ...bookkeeping,
    'payment.prepare',
    'rules.edit',
    'consent.edit',
    'period.close',
    'period.exceptions',
    'period.reopen',
  ],
  [RoleId.ACCOUNTANT_LIMIT]: [...bookkeeping, 'period.close'],
  [RoleId.VN_ACCOUNTANT]: [...bookkeeping, 'period.close'],
  [RoleId.CEO]: [
    ...bookkeeping,
    'payment.prepare',
    'payment.sign',
    'team.view',
    'consent.edit',
    'period.close',
  ],
  [RoleId.DEVELOPER]: bookkeeping,
};

/** The actions a role may take in a product; a product the account service does not know is not found. */
export function listRoleActions(roleId: number, product: string): RoleActionsReply['data'] {
  if (!PRODUCTS.includes(product)) throw Errors.notFound('unknownProduct');
  return { RoleId: roleId, product, actions: actionsByRole[roleId] ?? everyMember };
}
