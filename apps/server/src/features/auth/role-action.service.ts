import { actionsOfRole, type RoleActionsReply } from '@bilag/contracts';
import { Errors } from '../../platform/errors';

/** The products whose role actions the account service answers for. */
const PRODUCTS: readonly string[] = ['web'];

/** The actions a role may take in a product, from the role matrix the server enforces; an unknown product is not found. */
export function listRoleActions(roleId: number, product: string): RoleActionsReply['data'] {
  if (!PRODUCTS.includes(product)) throw Errors.notFound('unknownProduct');
  return { RoleId: roleId, product, actions: actionsOfRole(roleId) };
}
