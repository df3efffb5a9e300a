import { and, asc, count, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../companies/company.table';
import {
  type BankRow,
  bankBalances,
  bankImports,
  banks,
  bankTransactions,
  type CompanyBankRow,
  companyBanks,
} from './bank.table';

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
    .where(and(sql`${prefix} = any(${banks.prefixes})`, eq(banks.status, 0)))
    .orderBy(asc(banks.id))
    .limit(1);
  return row;
}

export function listBanksByTemplate(db: Db, template: string) {
  return db.select().from(banks).where(eq(banks.autoImportTemplate, template)).orderBy(asc(banks.name));
}

export function listBanksOfCompany(db: Db, companyId: number) {
  return db
    .selectDistinct({ bank: banks })
    .from(banks)
    .innerJoin(companyBanks, eq(companyBanks.bankId, banks.id))
    .where(eq(companyBanks.companyId, companyId));
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

/** A company account with what the account list shows beside it: its bank, latest balance and size. */
const latestClosingBalance = sql<{ amountOre: number; date: string } | null>`(
  select json_build_object('amountOre', b.amount_ore, 'date', b.balance_date)
  from ${bankBalances} b
  where b.company_id = "company_banks"."company_id" and b.company_bank_id = "company_banks"."id"
    and b.balance_type = 'CLBD'
  order by b.balance_date desc, b.id desc limit 1)`;
const transactionCount = sql<number>`(
  select count(*)::int from ${bankTransactions} t
  where t.company_id = "company_banks"."company_id" and t.company_bank_id = "company_banks"."id")`;

export type CompanyBankListing = {
  account: CompanyBankRow;
  bank: BankRow | null;
  balance: { amountOre: number; date: string } | null;
  transactionCount: number;
};

export function listCompanyBanks(db: Db, companyId: number, id?: number): Promise<CompanyBankListing[]> {
  return db
    .select({
      account: companyBanks,
      bank: banks,
      balance: latestClosingBalance,
      transactionCount,
    })
    .from(companyBanks)
    .leftJoin(banks, eq(banks.id, companyBanks.bankId))
    .where(and(eq(companyBanks.companyId, companyId), id === undefined ? undefined : eq(companyBanks.id, id)))
    .orderBy(asc(companyBanks.sorting), asc(companyBanks.id));
}

export async function findCompanyBank(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(companyBanks)
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.id, id)));
  return row;
}

export async function findCompanyBankByAccount(db: Db, companyId: number, accountNumber: string) {
  const [row] = await db
    .select()
    .from(companyBanks)
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.accountNumber, accountNumber)));
  return row;
}

export async function nextSorting(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${companyBanks.sorting}) + 1, 0)::int` })
    .from(companyBanks)
    .where(eq(companyBanks.companyId, companyId));
  return row?.next ?? 0;
}

export async function insertCompanyBank(db: Db, values: typeof companyBanks.$inferInsert) {
  const [row] = await db.insert(companyBanks).values(values).returning();
  if (!row) throw new Error('The bank account was not stored');
  return row;
}

export async function updateCompanyBank(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<typeof companyBanks.$inferInsert>,
) {
  const [row] = await db
    .update(companyBanks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.id, id)))
    .returning();
  return row;
}

/** Only one default account per company: the others lose the flag first. */
export async function clearDefault(db: Db, companyId: number, exceptId: number) {
  await db
    .update(companyBanks)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(
      and(
        eq(companyBanks.companyId, companyId),
        eq(companyBanks.isDefault, true),
        ne(companyBanks.id, exceptId),
      ),
    );
}

export async function deleteCompanyBank(db: Db, companyId: number, id: number) {
  await db
    .delete(bankBalances)
    .where(and(eq(bankBalances.companyId, companyId), eq(bankBalances.companyBankId, id)));
  await db
    .delete(bankImports)
    .where(and(eq(bankImports.companyId, companyId), eq(bankImports.companyBankId, id)));
  const [row] = await db
    .delete(companyBanks)
    .where(and(eq(companyBanks.companyId, companyId), eq(companyBanks.id, id)))
    .returning();
  return row;
}

export async function countTransactionsOfAccount(db: Db, companyId: number, companyBankId: number) {
  const [row] = await db
    .select({ total: count() })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.companyBankId, companyBankId)));
  return row?.total ?? 0;
}

export async function transactionDateRange(db: Db, companyId: number, companyBankId: number) {
  const [row] = await db
    .select({
      first: sql<string | null>`min(${bankTransactions.bookingDate})::text`,
      last: sql<string | null>`max(${bankTransactions.bookingDate})::text`,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.companyBankId, companyBankId)));
  return { first: row?.first ?? null, last: row?.last ?? null };
}

export function listBalances(
  db: Db,
  companyId: number,
  companyBankIds: number[],
  balanceType: string,
  source: string | undefined,
  until: string | undefined,
) {
  return db
    .select()
    .from(bankBalances)
    .where(
      and(
        eq(bankBalances.companyId, companyId),
        inArray(bankBalances.companyBankId, companyBankIds),
        eq(bankBalances.balanceType, balanceType),
        source === undefined ? undefined : eq(bankBalances.source, source),
        until === undefined ? undefined : lte(bankBalances.balanceDate, until),
      ),
    )
    .orderBy(asc(bankBalances.balanceDate), asc(bankBalances.id));
}

export function sumTransactionsByAccount(
  db: Db,
  companyId: number,
  companyBankIds: number[],
  from: string | undefined,
  to: string | undefined,
) {
  return db
    .select({
      companyBankId: bankTransactions.companyBankId,
      total: sql<string>`coalesce(sum(${bankTransactions.amountOre}), 0)::text`,
    })
    .from(bankTransactions)
    .where(
      and(
        eq(bankTransactions.companyId, companyId),
        inArray(bankTransactions.companyBankId, companyBankIds),
        from === undefined ? undefined : gte(bankTransactions.bookingDate, from),
        to === undefined ? undefined : lte(bankTransactions.bookingDate, to),
      ),
    )
    .groupBy(bankTransactions.companyBankId);
}

/** Every company account with its bank and import state, for the administrators' overview. */
export function listAutoImportAccounts(db: Db) {
  return db
    .select({
      account: companyBanks,
      bank: banks,
      companyName: companies.name,
      companyAlias: companies.alias,
      transactionCount,
      lastImportAt: sql<string | null>`(
        select to_char(max(i.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') from ${bankImports} i
        where i.company_id = "company_banks"."company_id" and i.company_bank_id = "company_banks"."id")`,
    })
    .from(companyBanks)
    .innerJoin(companies, eq(companies.id, companyBanks.companyId))
    .leftJoin(banks, eq(banks.id, companyBanks.bankId))
    .orderBy(asc(companies.name), asc(companyBanks.sorting), asc(companyBanks.id));
}
