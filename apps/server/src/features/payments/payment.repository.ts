import {
  BankStatus,
  DUPLICATE_WINDOW_DAYS,
  PAYMENT_STATUSES_HOLDING_AMOUNT,
  PaymentDateType,
  PaymentStatus,
  type PaymentType,
  VoucherSource,
} from '@bilag/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedStatements } from '../../db/prepared-statements';
import { banks, companyBanks, vouchers } from '../../db/schema';
import { escapeLike } from '../../db/sql-helpers';
import { type NewPaymentRow, type PaymentRow, payments } from './payment.table';

/** What a payment list or its statistics is filtered by; the kinds of payment are fixed by the list. */
export type PaymentQuery = {
  types: readonly PaymentType[];
  statuses: readonly PaymentStatus[];
  from?: string | undefined;
  to?: string | undefined;
  typeDate: number;
  paymentSource: number;
  keyword?: string | undefined;
  companyBankId: number;
  sortType: 'asc' | 'desc';
};

/** A payment with the supplier name of its voucher, as lists show it. */
export type ListedPayment = { payment: PaymentRow; supplierName: string | null };

const OSLO = sql.raw(`'Europe/Oslo'`);

/** The start of a day in Norway, and the start of the day after another, for timestamp columns. */
const dayStart = (placeholder: string) =>
  sql`(${sql.placeholder(placeholder)}::date)::timestamp at time zone ${OSLO}`;
const dayAfter = (placeholder: string) =>
  sql`(${sql.placeholder(placeholder)}::date + 1)::timestamp at time zone ${OSLO}`;

const voucherSupplierMatches = sql`exists (select 1 from ${vouchers} where ${vouchers.companyId} = ${payments.companyId}
  and ${vouchers.id} = ${payments.voucherId} and ${vouchers.supplierName} ilike ${sql.placeholder('keywordPattern')})`;

/** Each term a payment filter can have, as a condition on placeholders named after its values. */
const queryTermConditions = {
  statuses: () => sql`${payments.status} = any(${sql.placeholder('statuses')}::int[])`,
  dueFrom: () => gte(payments.dueDate, sql.placeholder('from')),
  dueTo: () => lte(payments.dueDate, sql.placeholder('to')),
  createdFrom: () => gte(payments.createdAt, dayStart('from')),
  createdTo: () => sql`${payments.createdAt} < ${dayAfter('to')}`,
  paidFrom: () => gte(payments.paidAt, dayStart('from')),
  paidTo: () => sql`${payments.paidAt} < ${dayAfter('to')}`,
  source: () => eq(payments.source, sql.placeholder('source')),
  account: () => eq(payments.debtorCompanyBankId, sql.placeholder('companyBankId')),
  keyword: () =>
    or(
      ilike(payments.creditorName, sql.placeholder('keywordPattern')),
      ilike(payments.creditorAccount, sql.placeholder('compactKeywordPattern')),
      ilike(payments.kid, sql.placeholder('keywordPattern')),
      ilike(payments.message, sql.placeholder('keywordPattern')),
      voucherSupplierMatches,
    ),
};

type QueryTerm = keyof typeof queryTermConditions;

const DATE_TERMS: Record<number, [QueryTerm, QueryTerm]> = {
  [PaymentDateType.ANY]: ['dueFrom', 'dueTo'],
  [PaymentDateType.DUE_DATE]: ['dueFrom', 'dueTo'],
  [PaymentDateType.CREATED]: ['createdFrom', 'createdTo'],
  [PaymentDateType.PAID]: ['paidFrom', 'paidTo'],
};

/**
 * The terms of a query in use and the values of their placeholders. The terms, with the kinds of payment
 * and the sort, are the shape of a statement: queries of one shape share one prepared statement.
 */
function queryTerms(query: PaymentQuery, withStatuses: boolean) {
  const terms: QueryTerm[] = [];
  const values: Record<string, unknown> = {};
  if (withStatuses) {
    terms.push('statuses');
    values.statuses = [...query.statuses];
  }
  const dateTerms = DATE_TERMS[query.typeDate];
  // A range needs both ends: with either missing the list shows every date, as the spec says.
  if (query.from && query.to && dateTerms) {
    terms.push(...dateTerms);
    values.from = query.from;
    values.to = query.to;
  }
  if (query.paymentSource !== -1) {
    terms.push('source');
    values.source = query.paymentSource;
  }
  if (query.companyBankId !== 0) {
    terms.push('account');
    values.companyBankId = query.companyBankId;
  }
  if (query.keyword) {
    terms.push('keyword');
    values.keywordPattern = `%${escapeLike(query.keyword)}%`;
    values.compactKeywordPattern = `%${escapeLike(query.keyword.replace(/[\s.]/g, ''))}%`;
  }
  const shape = `${query.types.join('|')};${terms.join(',')};${query.sortType}`;
  return { shape, terms, values };
}

/** company_id first, then the kind of payment: the leading columns of payments_list_idx. */
function whereOf(types: readonly PaymentType[], terms: QueryTerm[]): SQL | undefined {
  const [onlyType] = types;
  return and(
    eq(payments.companyId, sql.placeholder('companyId')),
    types.length === 1 && onlyType !== undefined
      ? eq(payments.type, onlyType)
      : inArray(payments.type, [...types]),
    ...terms.map((term) => queryTermConditions[term]()),
  );
}

const joinedVoucher = and(eq(vouchers.companyId, payments.companyId), eq(vouchers.id, payments.voucherId));

function preparePage(
  db: Db,
  types: readonly PaymentType[],
  terms: QueryTerm[],
  sortType: string,
  name: string,
) {
  const direction = sortType === 'desc' ? desc : asc;
  const where = whereOf(types, terms);
  return {
    rows: db
      .select({ payment: payments, supplierName: vouchers.supplierName })
      .from(payments)
      .leftJoin(vouchers, joinedVoucher)
      .where(where)
      .orderBy(direction(payments.dueDate), direction(payments.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`${name}_rows`),
    total: db.select({ total: count() }).from(payments).where(where).prepare(`${name}_total`),
  };
}

const pageStatements = preparedStatements<ReturnType<typeof preparePage>>('payments_list');

/** A page of the company's payments matching the query, and how many match in all. */
export async function listPaymentPage(
  db: Db,
  companyId: number,
  query: PaymentQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: ListedPayment[]; total: number }> {
  const { shape, terms, values } = queryTerms(query, true);
  const statements = pageStatements(db, shape, (name) =>
    preparePage(db, query.types, terms, query.sortType, name),
  );
  const placeholders = { ...values, companyId, ...page };
  const [rows, [totals]] = await Promise.all([
    statements.rows.execute(placeholders),
    statements.total.execute(placeholders),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

function prepareStatistics(db: Db, types: readonly PaymentType[], terms: QueryTerm[], name: string) {
  return {
    counts: db
      .select({ status: payments.status, total: count() })
      .from(payments)
      .where(whereOf(types, terms))
      .groupBy(payments.status)
      .prepare(`${name}_counts`),
    totals: db
      .select({
        debtorCompanyBankId: payments.debtorCompanyBankId,
        debtorAccountNumber: payments.debtorAccountNumber,
        dueDate: payments.dueDate,
        currency: payments.currency,
        amountOre: sql`sum(${payments.amountOre})`.mapWith(Number),
        count: count(),
      })
      .from(payments)
      .where(whereOf(types, ['statuses', ...terms]))
      .groupBy(
        payments.debtorCompanyBankId,
        payments.debtorAccountNumber,
        payments.dueDate,
        payments.currency,
      )
      .orderBy(asc(payments.dueDate), asc(payments.debtorAccountNumber), asc(payments.currency))
      .prepare(`${name}_totals`),
  };
}

const statisticsStatements = preparedStatements<ReturnType<typeof prepareStatistics>>('payments_statistics');

/**
 * Payments per status for the query without its statuses (the tabs), and the totals of the listed
 * statuses per paying account, due date and currency.
 */
export async function countPayments(db: Db, companyId: number, query: PaymentQuery) {
  const { shape, terms, values } = queryTerms(query, false);
  const statements = statisticsStatements(db, shape, (name) =>
    prepareStatistics(db, query.types, terms, name),
  );
  const placeholders = { ...values, statuses: [...query.statuses], companyId };
  const [counts, totals] = await Promise.all([
    statements.counts.execute(placeholders),
    statements.totals.execute(placeholders),
  ]);
  return { counts, totals };
}

function selectListed(db: Db) {
  return db
    .select({ payment: payments, supplierName: vouchers.supplierName })
    .from(payments)
    .leftJoin(vouchers, joinedVoucher);
}

export function findPayments(db: Db, companyId: number, ids: readonly number[]): Promise<ListedPayment[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectListed(db)
    .where(and(eq(payments.companyId, companyId), inArray(payments.id, [...ids])))
    .orderBy(asc(payments.id));
}

export async function findPayment(db: Db, companyId: number, id: number): Promise<ListedPayment | undefined> {
  const [row] = await findPayments(db, companyId, [id]);
  return row;
}

export async function findPaymentByUuid(
  db: Db,
  companyId: number,
  uuid: string,
): Promise<ListedPayment | undefined> {
  const [row] = await selectListed(db).where(and(eq(payments.companyId, companyId), eq(payments.uuid, uuid)));
  return row;
}

export function listPaymentsOfVoucher(
  db: Db,
  companyId: number,
  voucherId: number,
): Promise<ListedPayment[]> {
  return selectListed(db)
    .where(and(eq(payments.companyId, companyId), eq(payments.voucherId, voucherId)))
    .orderBy(asc(payments.id));
}

/**
 * Open payments, and payments paid within the duplicate window, to the same account with the same amount
 * and KID (or, without a KID, the same message).
 */
export function findDuplicatePayments(
  db: Db,
  companyId: number,
  candidate: {
    creditorAccount: string;
    amountOre: number;
    kid: string | null;
    message: string | null;
    excludeId?: number | undefined;
  },
): Promise<ListedPayment[]> {
  return selectListed(db)
    .where(
      and(
        eq(payments.companyId, companyId),
        eq(payments.creditorAccount, candidate.creditorAccount),
        eq(payments.amountOre, candidate.amountOre),
        candidate.kid
          ? eq(payments.kid, candidate.kid)
          : and(isNull(payments.kid), sql`${payments.message} is not distinct from ${candidate.message}`),
        or(
          inArray(payments.status, [PaymentStatus.FOR_APPROVE, PaymentStatus.PROCESSING]),
          and(
            eq(payments.status, PaymentStatus.PAID),
            gte(payments.paidAt, sql`now() - make_interval(days => ${DUPLICATE_WINDOW_DAYS})`),
          ),
        ),
        candidate.excludeId === undefined ? undefined : ne(payments.id, candidate.excludeId),
      ),
    )
    .orderBy(desc(payments.id));
}

export async function insertPayment(db: Db, values: NewPaymentRow): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('The payment was not stored');
  return row;
}

export async function updatePayment(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<NewPaymentRow>,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(payments.companyId, companyId), eq(payments.id, id)))
    .returning();
  return row;
}

/** What of each voucher's amount its open and paid payments already hold, by voucher id. */
export async function sumHeldByVoucher(
  db: Db,
  companyId: number,
  voucherIds: readonly number[],
  excludePaymentId?: number,
): Promise<Map<number, number>> {
  if (voucherIds.length === 0) return new Map();
  const rows = await db
    .select({
      voucherId: payments.voucherId,
      held: sql`sum(${payments.amountOre})`.mapWith(Number),
    })
    .from(payments)
    .where(
      and(
        eq(payments.companyId, companyId),
        inArray(payments.voucherId, [...voucherIds]),
        inArray(payments.status, [...PAYMENT_STATUSES_HOLDING_AMOUNT]),
        excludePaymentId === undefined ? undefined : ne(payments.id, excludePaymentId),
      ),
    )
    .groupBy(payments.voucherId);
  return new Map(rows.flatMap((row) => (row.voucherId === null ? [] : [[row.voucherId, row.held]])));
}

/** The voucher's payments in one of these statuses. */
function ofVoucherInStatuses(companyId: number, voucherId: number, statuses: readonly PaymentStatus[]) {
  return and(
    eq(payments.companyId, companyId),
    eq(payments.voucherId, voucherId),
    inArray(payments.status, [...statuses]),
  );
}

/** Whether the voucher has a payment in one of these statuses. */
export async function hasPaymentInStatuses(
  db: Db,
  companyId: number,
  voucherId: number,
  statuses: readonly PaymentStatus[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(ofVoucherInStatuses(companyId, voucherId, statuses))
    .limit(1);
  return row !== undefined;
}

export function findPaymentIdsOfVoucher(
  db: Db,
  companyId: number,
  voucherId: number,
  statuses: readonly PaymentStatus[],
) {
  return db
    .select({ id: payments.id })
    .from(payments)
    .where(ofVoucherInStatuses(companyId, voucherId, statuses))
    .orderBy(desc(payments.id))
    .then((rows) => rows.map((row) => row.id));
}

export type VoucherToPay = typeof vouchers.$inferSelect;

/**
 * Locks the company's vouchers with these ids (deleted ones too, so the reason can be told), in id order
 * so that two requests never wait on each other: concurrent adds of one voucher queue up here.
 */
export function lockVouchers(db: Db, companyId: number, ids: readonly number[]): Promise<VoucherToPay[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), inArray(vouchers.id, [...ids])))
    .orderBy(asc(vouchers.id))
    .for('update');
}

export async function findVoucher(db: Db, companyId: number, id: number): Promise<VoucherToPay | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, id), isNull(vouchers.deletedAt)));
  return row;
}

export async function setVoucherPaid(db: Db, companyId: number, id: number, isPaid: boolean) {
  const [row] = await db
    .update(vouchers)
    .set({ isPaid, updatedAt: new Date() })
    .where(and(eq(vouchers.companyId, companyId), eq(vouchers.id, id)))
    .returning();
  return row;
}

/**
 * The company's EHF vouchers that can still be paid: live, not marked paid, with an amount and an account,
 * and more of the amount left than their open and paid payments hold.
 */
export function listUnpaidEhfVoucherIds(db: Db, companyId: number): Promise<number[]> {
  const held = sql`coalesce((select sum(${payments.amountOre}) from ${payments}
    where ${payments.companyId} = ${vouchers.companyId} and ${payments.voucherId} = ${vouchers.id}
    and ${payments.status} in (${sql.join(
      PAYMENT_STATUSES_HOLDING_AMOUNT.map((status) => sql`${status}`),
      sql`, `,
    )})), 0)`;
  return db
    .select({ id: vouchers.id })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.companyId, companyId),
        eq(vouchers.source, VoucherSource.EHF),
        isNull(vouchers.deletedAt),
        eq(vouchers.isPaid, false),
        gt(vouchers.amountOre, 0),
        isNotNull(vouchers.accountNumber),
        ne(vouchers.accountNumber, ''),
        sql`${vouchers.amountOre} > ${held}`,
      ),
    )
    .orderBy(asc(vouchers.id))
    .then((rows) => rows.map((row) => row.id));
}

export async function findCompanyAccount(db: Db, companyId: number, companyBankId: number) {
  const [row] = await db
    .select()
    .from(companyBanks)
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.id, companyBankId)));
  return row;
}

/** The account payments are made from unless a person picks another: the default, else the first. */
export async function findPayingAccount(db: Db, companyId: number) {
  const [row] = await db
    .select()
    .from(companyBanks)
    .where(eq(companyBanks.companyId, companyId))
    .orderBy(desc(companyBanks.isDefault), asc(companyBanks.sorting), asc(companyBanks.id))
    .limit(1);
  return row;
}

/** The bank of a Norwegian account from the registry, by its first four digits. */
export async function findBankOfAccount(db: Db, accountNumber: string) {
  const [row] = await db
    .select({ name: banks.name, bic: banks.bic })
    .from(banks)
    .where(
      and(sql`${accountNumber.slice(0, 4)} = any(${banks.prefixes})`, eq(banks.status, BankStatus.ACTIVE)),
    )
    .orderBy(asc(banks.id))
    .limit(1);
  return row;
}

/**
 * Serialises the duplicate check of one creditor account in a company until the transaction ends, so two
 * requests cannot both find no duplicate and both pay.
 */
export async function lockCreditor(tx: Db, companyId: number, creditorAccount: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${companyId}, hashtext(${creditorAccount}))`);
}
