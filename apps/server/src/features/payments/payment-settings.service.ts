import type { PaymentSettings } from '@bilag/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { canManagePaymentUsers, requirePaymentAccess } from './payment-access';
import * as repository from './payment-settings.repository';

export async function paymentSettings(
  db: Db,
  principal: Principal,
  companyId: number,
): Promise<PaymentSettings> {
  const access = await requirePaymentAccess(db, principal, companyId, 'view');
  const row = await repository.findPaymentSettings(db, access.companyId);
  return {
    CompanyId: access.companyId,
    SecondApproverAboveOre: row?.secondApproverAboveOre ?? null,
    CanManage: await canManagePaymentUsers(db, principal, access.companyId),
  };
}

/** Who must sign is a rule of the company, so it is set by those who choose its payment users. */
export async function updatePaymentSettings(
  db: Db,
  principal: Principal,
  companyId: number,
  body: { SecondApproverAboveOre: number | null },
): Promise<PaymentSettings> {
  const access = await requirePaymentAccess(db, principal, companyId, 'view');
  if (!(await canManagePaymentUsers(db, principal, access.companyId)))
    throw Errors.forbidden('paymentSettingsForbidden');
  await db.transaction(async (tx) => {
    const before = await repository.lockPaymentSettings(tx, access.companyId);
    const after = await repository.savePaymentSettings(tx, access.companyId, {
      secondApproverAboveOre: body.SecondApproverAboveOre,
      updatedBy: principal.userId,
    });
    await writeAudit(tx, {
      companyId: access.companyId,
      userId: principal.userId,
      entity: 'payment-settings',
      entityId: access.companyId,
      action: before ? 'update' : 'create',
      before: before ? { secondApproverAboveOre: before.secondApproverAboveOre } : null,
      after: { secondApproverAboveOre: after.secondApproverAboveOre },
    });
  });
  return paymentSettings(db, principal, access.companyId);
}
