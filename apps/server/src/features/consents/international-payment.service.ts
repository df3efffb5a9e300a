import { BASKET_STATES_HOLDING_PAYMENTS, type Language, PaymentStatus, PaymentType } from '@bilag/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { translate } from '../../platform/messages';
import {
  changePaymentStatus,
  lockBasketsOfPayments,
  lockPayments,
  paymentStatusName,
  requirePaymentAccess,
  setPaymentsBasket,
} from '../payments';
import { countBasketApprovals } from './consent.repository';

/**
 * Cancels an international payment nobody has signed: it waits for approval, and no basket holding it
 * has a signature or has gone to the bank (what the signers saw must be what the bank gets). It leaves
 * its open basket and becomes CANCELED. Preparing payments is enough: nothing signed is undone. A
 * payment already cancelled answers as done, so a repeat has one effect.
 */
export async function cancelUnsignedInternationalPayment(
  db: Db,
  principal: Principal,
  language: Language,
  body: { companyId: number; paymentId: number },
): Promise<null> {
  const { companyId } = await requirePaymentAccess(db, principal, body.companyId, 'prepare');
  const actor = { companyId, userId: principal.userId, language };
  await db.transaction(async (tx) => {
    // Baskets before payments: the order every basket change locks them in.
    const baskets = await lockBasketsOfPayments(tx, companyId, [body.paymentId]);
    const [payment] = await lockPayments(tx, companyId, [body.paymentId]);
    if (!payment) throw Errors.notFound('paymentNotFound');
    if (payment.type !== PaymentType.INTERNATIONAL) throw Errors.conflict('consentPaymentNotInternational');
    if (payment.status === PaymentStatus.CANCELED) return;
    if (payment.status !== PaymentStatus.FOR_APPROVE)
      throw Errors.conflict('consentPaymentNotWaiting', {
        status: paymentStatusName(language, payment.status),
      });
    const basket = baskets.find((candidate) => candidate.uuid === payment.basketUuid);
    if (basket) {
      const isSigned =
        BASKET_STATES_HOLDING_PAYMENTS.includes(basket.state) &&
        (basket.state !== 'open' || (await countBasketApprovals(tx, companyId, basket.uuid)) > 0);
      if (isSigned) throw Errors.conflict('consentPaymentSigned');
      await setPaymentsBasket(tx, companyId, [payment.id], null, principal.userId);
      await writeAudit(tx, {
        companyId,
        userId: principal.userId,
        entity: 'payment',
        entityId: payment.id,
        action: 'basket',
        before: { basketUuid: basket.uuid },
        after: { basketUuid: null },
      });
    }
    await changePaymentStatus(tx, actor, [payment], {
      to: PaymentStatus.CANCELED,
      reason: translate(language, 'consentPaymentCanceled'),
    });
  });
  return null;
}
