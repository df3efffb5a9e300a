import type { VoucherFilter } from '@bilag/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeLike, type FileSummary, filesOfOwnerRow, monthRange, yearRange } from '../../db/sql-helpers';
import { companies } from '../companies/company.table';
import {
  type MissingVoucherRegistrationRow,
  missingVoucherRegistrations,
  type VoucherRow,
  voucherBalances,
  vouchers,
} from './voucher.table';

export type NewVoucher = Omit<VoucherRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'deletedBy'>;

/** The where-clause of the voucher filter; the caller decides the company scope and deletion rule. */
export function filterConditions(filter: Omit<VoucherFilter, 'companyId'>): SQL[] {
  const conditions: SQL[] = [];
  if (filter.year !== undefined) {
    const range = filter.month > 0 ? monthRange(filter.year, filter.month) : yearRange(filter.year);
    conditions.push(gte(vouchers.effectiveDate, range.start), lt(vouchers.effectiveDate, range.end));
  }
  if (filter.from) conditions.push(gte(vouchers.effectiveDate, filter.from));
  if (filter.to) conditions.push(lte(vouchers.effectiveDate, filter.to));
  if (filter.source !== -1) conditions.push(eq(vouchers.source, filter.source));
  if (filter.status !== -1) conditions.push(eq(vouchers.status, filter.status));
  if (filter.voucherId !== undefined) conditions.push(eq(vouchers.id, filter.voucherId));
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    const matches = [
      ilike(vouchers.supplierName, pattern),
      ilike(vouchers.description, pattern),
      ilike(vouchers.kid, pattern),
      ilike(vouchers.accountNumber, pattern),
      sql`${filter.keyword} = any(${vouchers.labels})`,
    ];
    if (/^\d{1,15}$/.test(filter.keyword)) matches.push(eq(vouchers.id, Number(filter.keyword)));
    const anyMatch = or(...matches);
    if (anyMatch) conditions.push(anyMatch);
  }
  return conditions;
}

const sortColumns = {
  Id: vouchers.id,
  Date: vouchers.effectiveDate,
  Amount: vouchers.amountOre,
  SupplierName: vouchers.supplierName,
  DueDate: vouchers.dueDate,
  CreatedAt: vouchers.createdAt,
} as const;

export function orderBy(filter: Pick<VoucherFilter, 'sortBy' | 'sortType'>) {
  const direction = filter.sortType === 'asc' ? asc : desc;
  const column = sortColumns[filter.sortBy];
  return column === vouchers.id ? [direction(vouchers.id)] : [direction(column), direction(vouchers.id)];
}

export type VoucherFileSummary = FileSummary;

const filesOfVoucher = filesOfOwnerRow('vouchers', 'voucher');

export async function listVouchers(
  db: Db,
  companyId: number,
  filter: VoucherFilter,
  limit: number,
  offset: number,
) {
  const where = and(
    eq(vouchers.companyId, companyId),
    isNull(vouchers.deletedAt),
    ...filterConditions(filter),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ voucher: vouchers, files: filesOfVoucher })
      .from(vouchers)
      .where(where)
      .orderBy(...orderBy(filter))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export async function listAdminVouchers(
  db: Db,
  filter: VoucherFilter & { includeDeleted: boolean },
  limit: number,
  offset: number,
) {
  const where = and(
    filter.companyId ? eq(vouchers.companyId, filter.companyId) : undefined,
    filter.includeDeleted ? undefined : isNull(vouchers.deletedAt),
    ...filterConditions(filter),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        voucher: vouchers,
        files: filesOfVoucher,
        companyName: companies.name,
        companyAlias: companies.alias,
      })
      .from(vouchers)
      .innerJoin(companies, eq(companies.id, vouchers.companyId))
      .where(where)
      .orderBy(...orderBy(filter))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(vouchers).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

export function countByMonth(db: Db, companyId: number, year: number) {
  const { start, end } = yearRange(year);
  return db
    .select({
      month: sql<number>`extract(month from ${vouchers.effectiveDate})::int`,
      vouchers: count(),
      amountOre: sql<string>`coalesce(sum(${vouchers.amountOre}), 0)::text`,
    })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.companyId, companyId),
        isNull(vouchers.deletedAt),
        gte(vouchers.effectiveDate, start),
        lt(vouchers.effectiveDate, end),
      ),
    )
    .groupBy(sql`1`);
}

export function listYears(db: Db, companyId: number) {
  return db
    .selectDistinct({ year: sql<number>`extract(year from ${vouchers.effectiveDate})::int` })
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), isNull(vouchers.deletedAt)));
}

export async function missingSummary(db: Db, companyId: number, year: number | undefined, today: string) {
  const range = year === undefined ? undefined : yearRange(year);
  const [row] = await db
    .select({
      total: sql<number>`count(*) filter (where ${vouchers.voucherDate} is null or ${vouchers.amountOre} is null or ${vouchers.supplierName} is null)::int`,
      missingDate: sql<number>`count(*) filter (where ${vouchers.voucherDate} is null)::int`,
      missingAmount: sql<number>`count(*) filter (where ${vouchers.amountOre} is null)::int`,
      missingSupplier: sql<number>`count(*) filter (where ${vouchers.supplierName} is null)::int`,
      unpaidOverdue: sql<number>`count(*) filter (where not ${vouchers.isPaid} and ${vouchers.dueDate} < ${today})::int`,
    })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.companyId, companyId),
        isNull(vouchers.deletedAt),
        range ? gte(vouchers.effectiveDate, range.start) : undefined,
        range ? lt(vouchers.effectiveDate, range.end) : undefined,
      ),
    );
  return row ?? { total: 0, missingDate: 0, missingAmount: 0, missingSupplier: 0, unpaidOverdue: 0 };
}

export function listLabels(db: Db, companyId: number) {
  return db
    .select({ label: sql<string>`label`, uses: sql<number>`count(*)::int` })
    .from(sql`${vouchers}, unnest(${vouchers.labels}) as label`)
    .where(and(eq(vouchers.companyId, companyId), isNull(vouchers.deletedAt)))
    .groupBy(sql`label`)
    .orderBy(sql`count(*) desc`, sql`label`);
}

export function findVoucher(
  db: Db,
  companyId: number,
  voucherId: number,
  options: { includeDeleted?: boolean } = {},
) {
  return db
    .select()
    .from(vouchers)
    .where(
      and(
        eq(vouchers.companyId, companyId),
        eq(vouchers.id, voucherId),
        options.includeDeleted ? undefined : isNull(vouchers.deletedAt),
      ),
    )
    .then((rows) => rows[0]);
}

/** Locks the voucher row for the rest of the transaction, so concurrent changes queue up. */
export function findVoucherForUpdate(db: Db, companyId: number, voucherId: number) {
  return db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, voucherId), isNull(vouchers.deletedAt)))
    .for('update')
    .then((rows) => rows[0]);
}

export async function insertVoucher(db: Db, voucher: NewVoucher): Promise<VoucherRow> {
  const [row] = await db.insert(vouchers).values(voucher).returning();
  if (!row) throw new Error('The voucher was not created');
  return row;
}

export async function updateVoucher(
  db: Db,
  companyId: number,
  voucherId: number,
  changes: Partial<NewVoucher>,
) {
  const [row] = await db
    .update(vouchers)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, voucherId)))
    .returning();
  return row;
}

export function softDeleteVouchers(db: Db, companyId: number, voucherIds: number[], userId: number) {
  return db
    .update(vouchers)
    .set({ deletedAt: new Date(), deletedBy: userId })
    .where(
      and(eq(vouchers.companyId, companyId), inArray(vouchers.id, voucherIds), isNull(vouchers.deletedAt)),
    )
    .returning();
}

export function listBalances(db: Db, companyId: number, voucherId: number) {
  return db
    .select()
    .from(voucherBalances)
    .where(and(eq(voucherBalances.companyId, companyId), eq(voucherBalances.voucherId, voucherId)))
    .orderBy(voucherBalances.id);
}

export async function sumBalances(db: Db, companyId: number, voucherId: number): Promise<number> {
  const [row] = await db
    .select({ total: sum(voucherBalances.amountOre) })
    .from(voucherBalances)
    .where(and(eq(voucherBalances.companyId, companyId), eq(voucherBalances.voucherId, voucherId)));
  return Number(row?.total ?? 0);
}

export async function insertBalance(
  db: Db,
  balance: {
    companyId: number;
    voucherId: number;
    amountOre: number;
    description: string | null;
    createdBy: number;
  },
) {
  const [row] = await db.insert(voucherBalances).values(balance).returning();
  if (!row) throw new Error('The voucher balance was not created');
  return row;
}

export function deleteBalance(db: Db, companyId: number, voucherId: number, balanceId: number) {
  return db
    .delete(voucherBalances)
    .where(
      and(
        eq(voucherBalances.companyId, companyId),
        eq(voucherBalances.voucherId, voucherId),
        eq(voucherBalances.id, balanceId),
      ),
    )
    .returning()
    .then((rows) => rows[0]);
}

export async function upsertMissingRegistration(
  db: Db,
  registration: {
    companyId: number;
    bankTransactionId: number;
    isPrivate: boolean;
    note: string | null;
    createdBy: number;
  },
): Promise<{ row: MissingVoucherRegistrationRow; before: MissingVoucherRegistrationRow | undefined }> {
  const [before] = await db
    .select()
    .from(missingVoucherRegistrations)
    .where(
      and(
        eq(missingVoucherRegistrations.companyId, registration.companyId),
        eq(missingVoucherRegistrations.bankTransactionId, registration.bankTransactionId),
      ),
    )
    .for('update');
  const [row] = await db
    .insert(missingVoucherRegistrations)
    .values(registration)
    .onConflictDoUpdate({
      target: [missingVoucherRegistrations.companyId, missingVoucherRegistrations.bankTransactionId],
      set: { isPrivate: registration.isPrivate, note: registration.note, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('The missing-voucher registration was not stored');
  return { row, before };
}
