import { BankTransactionStatus, type Language, normalizeLanguage, VoucherSource } from '@bilag/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions, companies, companyUsers, users, vouchers } from '../../db/schema';
import {
  type ReminderSendingRow,
  type ReminderSettingsRow,
  reminderSendings,
  reminderSettings,
  type SendingKind,
  type VoucherAlertSettingsRow,
  voucherAlertSettings,
} from './reminder.table';
import type { ArrivedVoucher, Listing, MissingTransaction } from './reminder-mail';

export type NewReminder = Omit<typeof reminderSettings.$inferInsert, 'id' | 'createdAt'>;
export type NewVoucherAlert = Omit<typeof voucherAlertSettings.$inferInsert, 'id' | 'createdAt'>;

export function findReminder(db: Db, companyId: number): Promise<ReminderSettingsRow | undefined> {
  return db
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.companyId, companyId))
    .then((rows) => rows[0]);
}

/** The reminder, locked until the transaction ends, so two changes at once are made one after the other. */
export function lockReminder(
  db: Db,
  companyId: number,
  id: number,
): Promise<ReminderSettingsRow | undefined> {
  return db
    .select()
    .from(reminderSettings)
    .where(and(eq(reminderSettings.companyId, companyId), eq(reminderSettings.id, id)))
    .for('update')
    .then((rows) => rows[0]);
}

/** Answers nothing when the company already has its reminder. */
export function insertReminder(db: Db, values: NewReminder): Promise<ReminderSettingsRow | undefined> {
  return db
    .insert(reminderSettings)
    .values(values)
    .onConflictDoNothing()
    .returning()
    .then((rows) => rows[0]);
}

export function updateReminder(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<NewReminder>,
): Promise<ReminderSettingsRow | undefined> {
  return db
    .update(reminderSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(reminderSettings.companyId, companyId), eq(reminderSettings.id, id)))
    .returning()
    .then((rows) => rows[0]);
}

export function findVoucherAlert(db: Db, companyId: number): Promise<VoucherAlertSettingsRow | undefined> {
  return db
    .select()
    .from(voucherAlertSettings)
    .where(eq(voucherAlertSettings.companyId, companyId))
    .then((rows) => rows[0]);
}

export function lockVoucherAlert(
  db: Db,
  companyId: number,
  id: number,
): Promise<VoucherAlertSettingsRow | undefined> {
  return db
    .select()
    .from(voucherAlertSettings)
    .where(and(eq(voucherAlertSettings.companyId, companyId), eq(voucherAlertSettings.id, id)))
    .for('update')
    .then((rows) => rows[0]);
}

export function insertVoucherAlert(
  db: Db,
  values: NewVoucherAlert,
): Promise<VoucherAlertSettingsRow | undefined> {
  return db
    .insert(voucherAlertSettings)
    .values(values)
    .onConflictDoNothing()
    .returning()
    .then((rows) => rows[0]);
}

export function updateVoucherAlert(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<NewVoucherAlert>,
): Promise<VoucherAlertSettingsRow | undefined> {
  return db
    .update(voucherAlertSettings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(voucherAlertSettings.companyId, companyId), eq(voucherAlertSettings.id, id)))
    .returning()
    .then((rows) => rows[0]);
}

export type Member = { userId: number; fullName: string; email: string; language: Language };

/** Members of the company whose account is in use: who may be chosen, and who is written to. */
function activeMembers(db: Db, companyId: number, where?: SQL) {
  return db
    .select({
      userId: users.id,
      fullName: users.fullName,
      email: users.email,
      language: users.language,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, companyId), eq(users.isActive, 1), where))
    .orderBy(asc(users.fullName), asc(users.id))
    .then((rows) => rows.map((row) => ({ ...row, language: normalizeLanguage(row.language) })));
}

export function listMembers(db: Db, companyId: number): Promise<Member[]> {
  return activeMembers(db, companyId);
}

export function membersAmong(db: Db, companyId: number, userIds: readonly number[]): Promise<Member[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return activeMembers(db, companyId, inArray(users.id, [...userIds]));
}

export type CompanyOf<Row> = { settings: Row; companyName: string; alias: string };

/** Every reminder that is on, in a company still in use, with the company's name and address. */
export function listActiveReminders(db: Db): Promise<CompanyOf<ReminderSettingsRow>[]> {
  return db
    .select({ settings: reminderSettings, companyName: companies.name, alias: companies.alias })
    .from(reminderSettings)
    .innerJoin(companies, eq(companies.id, reminderSettings.companyId))
    .where(and(eq(reminderSettings.isActive, true), eq(companies.status, 1)))
    .orderBy(reminderSettings.companyId);
}

export function listActiveVoucherAlerts(db: Db): Promise<CompanyOf<VoucherAlertSettingsRow>[]> {
  return db
    .select({ settings: voucherAlertSettings, companyName: companies.name, alias: companies.alias })
    .from(voucherAlertSettings)
    .innerJoin(companies, eq(companies.id, voucherAlertSettings.companyId))
    .where(and(eq(voucherAlertSettings.isActive, true), eq(companies.status, 1)))
    .orderBy(voucherAlertSettings.companyId);
}

export function findCompany(db: Db, companyId: number) {
  return db
    .select({ companyName: companies.name, alias: companies.alias })
    .from(companies)
    .where(eq(companies.id, companyId))
    .then((rows) => rows[0]);
}

export async function sendingExists(
  db: Db,
  companyId: number,
  kind: SendingKind,
  slot: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: reminderSendings.id })
    .from(reminderSendings)
    .where(
      and(
        eq(reminderSendings.companyId, companyId),
        eq(reminderSendings.kind, kind),
        eq(reminderSendings.slot, slot),
      ),
    );
  return row !== undefined;
}

/** Claims the slot: answers the new sending, or nothing when another run has made it already. */
export function insertSending(
  db: Db,
  values: Omit<typeof reminderSendings.$inferInsert, 'id' | 'createdAt'>,
): Promise<ReminderSendingRow | undefined> {
  return db
    .insert(reminderSendings)
    .values(values)
    .onConflictDoNothing()
    .returning()
    .then((rows) => rows[0]);
}

export function findSending(db: Db, companyId: number, id: number): Promise<ReminderSendingRow | undefined> {
  return db
    .select()
    .from(reminderSendings)
    .where(and(eq(reminderSendings.companyId, companyId), eq(reminderSendings.id, id)))
    .then((rows) => rows[0]);
}

/** When a sending of these kinds last went to someone. */
export async function lastSentAt(
  db: Db,
  companyId: number,
  kinds: readonly SendingKind[],
): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(reminderSendings.createdAt) })
    .from(reminderSendings)
    .where(
      and(
        eq(reminderSendings.companyId, companyId),
        inArray(reminderSendings.kind, [...kinds]),
        sql`cardinality(${reminderSendings.recipientUserIds}) > 0`,
      ),
    );
  return row?.at ?? undefined;
}

/** Where the last alert's window of what came in ended. */
export async function lastAlertWindowEnd(db: Db, companyId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: max(reminderSendings.coversUntil) })
    .from(reminderSendings)
    .where(and(eq(reminderSendings.companyId, companyId), eq(reminderSendings.kind, 'voucher-alert')));
  return row?.at ?? undefined;
}

/**
 * The company's bank transactions without a voucher, newest first: the first `limit`, how many in all
 * and the years they fall in. Reminders count those booked on or before a day; alerts those that came
 * into the product in a window.
 */
export async function missingTransactions(
  db: Db,
  companyId: number,
  scope: { bookedOnOrBefore: string } | { createdAfter: Date; createdUntil: Date },
  limit: number,
): Promise<Listing<MissingTransaction>> {
  const where = and(
    eq(bankTransactions.companyId, companyId),
    eq(bankTransactions.status, BankTransactionStatus.MISSING_VOUCHER),
    ...('bookedOnOrBefore' in scope
      ? [lte(bankTransactions.bookingDate, scope.bookedOnOrBefore)]
      : [
          gt(bankTransactions.createdAt, scope.createdAfter),
          lte(bankTransactions.createdAt, scope.createdUntil),
        ]),
  );
  const year = sql<number>`extract(year from ${bankTransactions.bookingDate})::int`;
  // One after another: inside a transaction on the embedded database the statements share one connection.
  const rows = await db
    .select({
      id: bankTransactions.id,
      date: bankTransactions.bookingDate,
      text: bankTransactions.text,
      amountOre: bankTransactions.amountOre,
      currency: bankTransactions.currency,
    })
    .from(bankTransactions)
    .where(where)
    .orderBy(desc(bankTransactions.bookingDate), desc(bankTransactions.id))
    .limit(limit);
  const [total] = await db.select({ total: count() }).from(bankTransactions).where(where);
  const years = await db.selectDistinct({ year }).from(bankTransactions).where(where).orderBy(desc(year));
  return { total: total?.total ?? 0, rows, years: years.map((row) => Number(row.year)) };
}

/** Vouchers made from what arrived by e-mail or EHF in the window, newest first. */
export async function arrivedVouchers(
  db: Db,
  companyId: number,
  window: { createdAfter: Date; createdUntil: Date },
  limit: number,
): Promise<Listing<ArrivedVoucher>> {
  const where = and(
    eq(vouchers.companyId, companyId),
    inArray(vouchers.source, [VoucherSource.EMAIL, VoucherSource.EHF]),
    isNull(vouchers.deletedAt),
    gt(vouchers.createdAt, window.createdAfter),
    lte(vouchers.createdAt, window.createdUntil),
  );
  const rows = await db
    .select({
      id: vouchers.id,
      source: vouchers.source,
      supplierName: vouchers.supplierName,
      description: vouchers.description,
      createdAt: vouchers.createdAt,
    })
    .from(vouchers)
    .where(where)
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
    .limit(limit);
  const [total] = await db.select({ total: count() }).from(vouchers).where(where);
  return {
    total: total?.total ?? 0,
    rows: rows.map((row) => ({
      id: row.id,
      channel: row.source === VoucherSource.EHF ? 'ehf' : 'email',
      supplierName: row.supplierName,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    })),
    years: [],
  };
}
