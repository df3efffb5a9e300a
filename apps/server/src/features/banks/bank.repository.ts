import { type AutoImportTemplate, BankStatus } from '@bilag/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type BankRow, banks } from './bank.table';

export function listBanks(db: Db) {
  return db.select().from(banks).orderBy(asc(banks.name));
}

export async function findBank(db: Db, id: number): Promise<BankRow | undefined> {
  const [row] = await db.select().from(banks).where(eq(banks.id, id));
  return row;
}

export async function findBankByBic(db: Db, bic: string): Promise<BankRow | undefined> {
  const [row] = await db.select().from(banks).where(eq(banks.bic, bic));
  return row;
}

/** The active bank whose registration numbers include the account number's first four digits. */
export async function findBankByPrefix(db: Db, prefix: string): Promise<BankRow | undefined> {
  const [row] = await db
    .select()
    .from(banks)
    .where(and(sql`${prefix} = any(${banks.prefixes})`, eq(banks.status, BankStatus.ACTIVE)))
    .orderBy(asc(banks.id))
    .limit(1);
  return row;
}

export function listBanksByTemplate(db: Db, template: AutoImportTemplate) {
  return db.select().from(banks).where(eq(banks.autoImportTemplate, template)).orderBy(asc(banks.name));
}

export async function insertBank(db: Db, values: typeof banks.$inferInsert) {
  const [row] = await db.insert(banks).values(values).returning();
  if (!row) throw new Error('The bank was not stored');
  return row;
}

export async function updateBank(db: Db, id: number, values: Partial<typeof banks.$inferInsert>) {
  const [row] = await db
    .update(banks)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(banks.id, id))
    .returning();
  return row;
}
