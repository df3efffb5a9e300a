import { addDays, type IsoDate } from '@bilag/domain';
import * as packages from '../features/payment-packages/payment-package.repository';
import { periodEndOf } from '../features/payment-packages/payment-package.service';
import { writeAudit } from '../platform/audit';
import type { Db } from './client';

/** How long ago Ola bought the bakery's payment package, so it has been in force for a while. */
const BOUGHT_DAYS_AGO = 40;

/**
 * The bakery's payment package, bought by Ola with a card and in force, so the packages page opens on
 * a purchase with its receipt; the rest of the catalogue is for sale. The card payment's reference is
 * the demo's own: the sandbox starts empty with every run.
 */
export async function seedDemoPackages(tx: Db, companyId: number, ceoId: number, today: IsoDate) {
  const [standard] = (await packages.listPackagesOnSale(tx, 'payments')).filter(
    (item) => item.code === 'payments-standard',
  );
  if (!standard) throw new Error('the package catalogue has no payments-standard');
  const buyer = await packages.findUserContact(tx, ceoId);
  const purchase = await packages.insertPurchase(tx, {
    companyId,
    packageId: standard.id,
    kind: standard.kind,
    nameEn: standard.nameEn,
    nameNo: standard.nameNo,
    priceOre: standard.priceOre,
    vatRatePercent: standard.vatRatePercent,
    currency: standard.currency,
    quantity: standard.quantity,
    months: standard.months,
    requestKey: 'demo-payments-standard',
    buyerUserId: ceoId,
    buyerEmail: buyer?.email ?? null,
  });
  if (!purchase) throw new Error('the demo package purchase was not stored');
  const periodStart = addDays(today, -BOUGHT_DAYS_AGO);
  const paid = await packages.markPaid(tx, companyId, purchase.id, {
    cardPaymentId: 'pi_demo0000000000000000000001',
    periodStart,
    periodEnd: periodEndOf(periodStart, standard.months),
    eventId: null,
  });
  await packages.updatePurchase(tx, companyId, purchase.id, {
    paidAt: new Date(`${periodStart}T09:12:00Z`),
  });
  await writeAudit(tx, {
    companyId,
    userId: ceoId,
    entity: 'package-purchase',
    entityId: purchase.id,
    action: 'paid',
    after: { status: paid?.status, receiptNumber: paid?.receiptNumber, periodStart },
  });
}
