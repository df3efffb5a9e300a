import type { LocalServiceKey } from '@bilag/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { auditLog, companies, users } from '../../db/schema';
import { companyServices } from './company-service.table';

const COMPANY_SERVICES_LOCK_CLASS = 7_330;

/** Changes to a company's services and divisions wait for one another, so each reads what the last left. */
export async function lockCompanyServices(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMPANY_SERVICES_LOCK_CLASS}, ${companyId})`);
}

const changer = alias(users, 'changer');
const buyer = alias(users, 'buyer');

export type ServiceStateRow = {
  service: LocalServiceKey;
  isOn: boolean;
  changedAt: Date;
  changedByName: string | null;
  boughtAt: Date | null;
  boughtByName: string | null;
};

export function listServiceStates(db: Db, companyId: number): Promise<ServiceStateRow[]> {
  return db
    .select({
      service: companyServices.service,
      isOn: companyServices.isOn,
      changedAt: companyServices.changedAt,
      changedByName: changer.fullName,
      boughtAt: companyServices.boughtAt,
      boughtByName: buyer.fullName,
    })
    .from(companyServices)
    .leftJoin(changer, eq(changer.id, companyServices.changedBy))
    .leftJoin(buyer, eq(buyer.id, companyServices.boughtBy))
    .where(eq(companyServices.companyId, companyId));
}

/** Whether the service is on for the company: on unless someone turned it off. */
export async function isServiceOn(db: Db, companyId: number, service: LocalServiceKey): Promise<boolean> {
  const [row] = await db
    .select({ isOn: companyServices.isOn })
    .from(companyServices)
    .where(and(eq(companyServices.companyId, companyId), eq(companyServices.service, service)));
  return row?.isOn ?? true;
}

export async function saveServiceState(
  tx: Db,
  state: { companyId: number; service: LocalServiceKey; isOn: boolean; changedBy: number },
): Promise<void> {
  await tx
    .insert(companyServices)
    .values(state)
    .onConflictDoUpdate({
      target: [companyServices.companyId, companyServices.service],
      set: { isOn: state.isOn, changedBy: state.changedBy, changedAt: sql`now()` },
    });
}

export async function savePurchase(
  tx: Db,
  purchase: { companyId: number; service: LocalServiceKey; boughtBy: number },
): Promise<void> {
  const values = {
    companyId: purchase.companyId,
    service: purchase.service,
    isOn: true,
    changedBy: purchase.boughtBy,
    boughtBy: purchase.boughtBy,
    boughtAt: sql`now()`,
  };
  await tx
    .insert(companyServices)
    .values(values)
    .onConflictDoUpdate({
      target: [companyServices.companyId, companyServices.service],
      set: {
        isOn: true,
        changedBy: purchase.boughtBy,
        changedAt: sql`now()`,
        boughtBy: purchase.boughtBy,
        boughtAt: sql`now()`,
      },
    });
}

export async function companyCreatedAt(db: Db, companyId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: companies.createdAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.createdAt;
}

/** The company's last registration or unregistration at the EHF access point through the product, from its audit rows. */
export async function lastEhfRegistrationChange(
  db: Db,
  companyId: number,
): Promise<{ action: string; at: Date; byName: string | null } | undefined> {
  const [row] = await db
    .select({ action: auditLog.action, at: auditLog.createdAt, byName: users.fullName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.companyId, companyId),
        eq(auditLog.entity, 'ehf-registration'),
        inArray(auditLog.action, ['register', 'unregister']),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}
