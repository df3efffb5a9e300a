import { PaymentStatus, type VoucherFilter, VoucherPaymentState } from '@bilag/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
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
import { preparedStatements } from '../../db/prepared-statements';
import { companies, payments } from '../../db/schema';
import { escapeLike, type FileSummary, filesOfOwnerRow, monthRange, yearRange } from '../../db/sql-helpers';
import { isCompanyAccessible } from '../companies';
import {
  type MissingVoucherRegistrationRow,
  missingVoucherRegistrations,
  type VoucherRow,
  voucherBalances,
  vouchers,
} from './voucher.table';

export type NewVoucher = Omit<VoucherRow, 'id' | 'createdAt' | 'updatedAt' | 'deletedAt' | 'deletedBy'>;

/** Whether the voucher has a payment in one of the statuses; an index probe of payments_voucher_idx per voucher. */
function hasPaymentIn(statuses: readonly PaymentStatus[]) {
  return sql`exists (select 1 from ${payments} p where p.company_id = "vouchers"."company_id"
    and p.voucher_id = "vouchers"."id" and p.status in (${sql.join(
      statuses.map((status) => sql.raw(String(status))),
      sql`, `,
    )}))`;
}

/** The status of the voucher's latest payment, null when it has none; read only for the rows of a page. */
const latestPaymentStatus = sql<PaymentStatus | null>`(select p.status from ${payments} p
  where p.company_id = "vouchers"."company_id" and p.voucher_id = "vouchers"."id"
  order by p.id desc limit 1)`;

/** Each term a voucher filter can have, as a condition on placeholders named after its values. */
const filterTermConditions = {
  period: () =>
    and(
      gte(vouchers.effectiveDate, sql.placeholder('periodStart')),
      lt(vouchers.effectiveDate, sql.placeholder('periodEnd')),
    ),
  from: () => gte(vouchers.effectiveDate, sql.placeholder('from')),
  to: () => lte(vouchers.effectiveDate, sql.placeholder('to')),
  source: () => eq(vouchers.source, sql.placeholder('source')),
  status: () => eq(vouchers.status, sql.placeholder('status')),
  voucherId: () => eq(vouchers.id, sql.placeholder('voucherId')),
  keyword: () => or(...keywordMatches()),
  keywordOrId: () => or(...keywordMatches(), eq(vouchers.id, sql.placeholder('keywordId'))),
  toPay: () =>
    and(
      sql`${vouchers.amountOre} > 0`,
      eq(vouchers.isPaid, false),
      sql`not ${hasPaymentIn([PaymentStatus.FOR_APPROVE, PaymentStatus.PROCESSING, PaymentStatus.PAID])}`,
    ),
  onPaymentList: () => hasPaymentIn([PaymentStatus.FOR_APPROVE, PaymentStatus.PROCESSING]),
  paid: () => or(eq(vouchers.isPaid, true), hasPaymentIn([PaymentStatus.PAID])),
};

const PAYMENT_STATE_TERMS: Readonly<Record<number, FilterTerm | undefined>> = {
  [VoucherPaymentState.TO_PAY]: 'toPay',
  [VoucherPaymentState.ON_PAYMENT_LIST]: 'onPaymentList',
  [VoucherPaymentState.PAID]: 'paid',
};

type FilterTerm = keyof typeof filterTermConditions;

function keywordMatches() {
  const pattern = sql.placeholder('keywordPattern');
  return [
    ilike(vouchers.supplierName, pattern),
    ilike(vouchers.description, pattern),
    ilike(vouchers.kid, pattern),
    ilike(vouchers.accountNumber, pattern),
    sql`${sql.placeholder('keyword')} = any(${vouchers.labels})`,
  ];
}

/**
 * The terms of the voucher filter in use and the values of their placeholders. The terms, with the
 * sort, are the shape of a list statement: filters of the same shape share one prepared statement.
 */
function filterTerms(filter: Omit<VoucherFilter, 'companyId'>) {
  const terms: FilterTerm[] = [];
  const values: Record<string, unknown> = {};
  if (filter.year !== undefined) {
    const range = filter.month > 0 ? monthRange(filter.year, filter.month) : yearRange(filter.year);
    terms.push('period');
    values.periodStart = range.start;
    values.periodEnd = range.end;
  }
  if (filter.from) {
    terms.push('from');
    values.from = filter.from;
  }
  if (filter.to) {
    terms.push('to');
    values.to = filter.to;
  }
  if (filter.source !== -1) {
    terms.push('source');
    values.source = filter.source;
  }
  if (filter.status !== -1) {
    terms.push('status');
    values.status = filter.status;
  }
  if (filter.voucherId !== undefined) {
    terms.push('voucherId');
    values.voucherId = filter.voucherId;
  }
  const paymentStateTerm = PAYMENT_STATE_TERMS[filter.paymentState];
  if (paymentStateTerm) terms.push(paymentStateTerm);
  if (filter.keyword) {
    values.keyword = filter.keyword;
    values.keywordPattern = `%${escapeLike(filter.keyword)}%`;
    if (/^\d{1,15}$/.test(filter.keyword)) {
      terms.push('keywordOrId');
      values.keywordId = Number(filter.keyword);
    } else {
      terms.push('keyword');
    }
  }
  return { shape: `${terms.join(',')};${filter.sortBy} ${filter.sortType}`, terms, values };
}

const filterConditions = (terms: FilterTerm[]) => terms.map((term) => filterTermConditions[term]());

const sortColumns = {
  Id: vouchers.id,
  Date: vouchers.effectiveDate,
  Amount: vouchers.amountOre,
  SupplierName: vouchers.supplierName,
  DueDate: vouchers.dueDate,
  CreatedAt: vouchers.createdAt,
} as const;

type VoucherSort = Pick<VoucherFilter, 'sortBy' | 'sortType'>;

function orderBy(sort: VoucherSort) {
  const direction = sort.sortType === 'asc' ? asc : desc;
  const column = sortColumns[sort.sortBy];
  return column === vouchers.id ? [direction(vouchers.id)] : [direction(column), direction(vouchers.id)];
}

export type VoucherFileSummary = FileSummary;

const filesOfVoucher = filesOfOwnerRow('vouchers', 'voucher');

const {
  effectiveDate: _effectiveDate,
  createdBy: _createdBy,
  deletedBy: _deletedBy,
  ...listedColumns
} = getTableColumns(vouchers);

/** A voucher as a list shows it: the columns of its reply, since every column read costs on every row. */
export type ListedVoucherRow = Omit<VoucherRow, 'effectiveDate' | 'createdBy' | 'deletedBy'>;

/** A listed voucher with what the reply shows beside it. */
export type ListedVoucher = {
  voucher: ListedVoucherRow;
  files: VoucherFileSummary[];
  paymentStatus: PaymentStatus | null;
};

/** The page of vouchers matching `where`, with their files. */
function pageOfVouchers(db: Db, where: SQL | undefined, sort: VoucherSort) {
  return db
    .select({
      voucher: listedColumns,
      files: filesOfVoucher.as('files'),
      paymentStatus: latestPaymentStatus.as('payment_status'),
    })
    .from(vouchers)
    .where(where)
    .orderBy(...orderBy(sort))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/**
 * One statement that answers nothing when the user may not see the company. The page hangs off the
 * company row by a left join, so a member still gets that row and the total when the page is empty
 * or past the end.
 */
function prepareList(db: Db, terms: FilterTerm[], sort: VoucherSort, statementName: string) {
  const where = and(
    eq(vouchers.companyId, sql.placeholder('companyId')),
    isNull(vouchers.deletedAt),
    ...filterConditions(terms),
  );
  const page = pageOfVouchers(db, where, sort).as('page');
  return db
    .select({
      voucher: page.voucher,
      files: page.files,
      paymentStatus: page.paymentStatus,
      total: db.$count(vouchers, where),
    })
    .from(companies)
    .leftJoin(page, sql`true`)
    .where(
      and(eq(companies.id, sql.placeholder('companyId')), isCompanyAccessible(sql.placeholder('userId'))),
    )
    .prepare(statementName);
}

const listStatements = preparedStatements<ReturnType<typeof prepareList>>('vouchers_list');

/** A page of the company's vouchers with their files, and the total; undefined when the user may not see it. */
export async function listVouchersIfAccessible(
  db: Db,
  userId: number,
  companyId: number,
  filter: VoucherFilter,
  limit: number,
  offset: number,
) {
  const { shape, terms, values } = filterTerms(filter);
  const statement = listStatements(db, shape, (name) => prepareList(db, terms, filter, name));
  const rows = await statement.execute({ ...values, companyId, userId, limit, offset });
  const [first] = rows;
  if (!first) return undefined;
  return {
    rows: rows.flatMap(({ voucher, files, paymentStatus }): ListedVoucher[] =>
      voucher ? [{ voucher, files, paymentStatus }] : [],
    ),
    total: first.total,
  };
}

type AdminListShape = {
  terms: FilterTerm[];
  sort: VoucherSort;
  hasCompany: boolean;
  includeDeleted: boolean;
};

function prepareAdminList(db: Db, shape: AdminListShape, statementName: string) {
  const where = and(
    shape.hasCompany ? eq(vouchers.companyId, sql.placeholder('companyId')) : undefined,
    shape.includeDeleted ? undefined : isNull(vouchers.deletedAt),
    ...filterConditions(shape.terms),
  );
  return {
    page: db
      .select({
        voucher: vouchers,
        files: filesOfVoucher,
        paymentStatus: latestPaymentStatus,
        companyName: companies.name,
        companyAlias: companies.alias,
      })
      .from(vouchers)
      .innerJoin(companies, eq(companies.id, vouchers.companyId))
      .where(where)
      .orderBy(...orderBy(shape.sort))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`${statementName}_page`),
    total: db.select({ total: count() }).from(vouchers).where(where).prepare(`${statementName}_total`),
  };
}

const adminListStatements = preparedStatements<ReturnType<typeof prepareAdminList>>('vouchers_admin_list');

export async function listAdminVouchers(
  db: Db,
  filter: VoucherFilter & { includeDeleted: boolean },
  limit: number,
  offset: number,
) {
  const { shape, terms, values } = filterTerms(filter);
  const hasCompany = filter.companyId !== undefined;
  const statements = adminListStatements(db, `${shape};${hasCompany};${filter.includeDeleted}`, (name) =>
    prepareAdminList(db, { terms, sort: filter, hasCompany, includeDeleted: filter.includeDeleted }, name),
  );
  const placeholders = { ...values, companyId: filter.companyId, limit, offset };
  const [rows, [totals]] = await Promise.all([
    statements.page.execute(placeholders),
    statements.total.execute(placeholders),
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

export async function countMissingFields(db: Db, companyId: number, year: number | undefined, today: string) {
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

/** The status of each voucher's latest payment, for vouchers read one by one (detail, after a change). */
export async function latestPaymentStatuses(
  db: Db,
  companyId: number,
  voucherIds: readonly number[],
): Promise<Map<number, PaymentStatus>> {
  if (voucherIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([payments.voucherId], { voucherId: payments.voucherId, status: payments.status })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        sql`${payments.voucherId} = any(${sql.param([...voucherIds])}::bigint[])`,
      ),
    )
    .orderBy(payments.voucherId, desc(payments.id));
  return new Map(
    rows.flatMap((row) => (row.voucherId === null ? [] : [[row.voucherId, row.status] as const])),
  );
}
