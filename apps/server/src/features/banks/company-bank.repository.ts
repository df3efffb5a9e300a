import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankImports, bankTransactions, companies } from '../../db/schema';
import { type BankRow, bankBalances, banks, type CompanyBankRow, companyBanks } from './bank.table';

/** The latest closing booked balance of an account, with whether its statement added up. */
type LatestBalance = {
  amountOre: number;
  date: string;
  proven: boolean | null;
  proofDifferenceOre: number | null;
};

/** A company account with what the account list shows beside it: its bank, latest balance and size. */
const latestClosingBalance = sql<LatestBalance | null>`(
  select json_build_object('amountOre', b.amount_ore, 'date', b.balance_date, 'proven', b.proven,
    'proofDifferenceOre', b.proof_difference_ore)
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
  balance: LatestBalance | null;
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

export function listBanksOfCompany(db: Db, companyId: number) {
  return db
    .selectDistinct({ bank: banks })
    .from(banks)
    .innerJoin(companyBanks, eq(companyBanks.bankId, banks.id))
    .where(eq(companyBanks.companyId, companyId));
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

export async function getNextSorting(db: Db, companyId: number): Promise<number> {
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

export async function getTransactionDateRange(db: Db, companyId: number, companyBankId: number) {
  const [row] = await db
    .select({
      first: sql<string | null>`min(${bankTransactions.bookingDate})::text`,
      last: sql<string | null>`max(${bankTransactions.bookingDate})::text`,
    })
    .from(bankTransactions)
    .where(and(eq(bankTransactions.companyId, companyId), eq(bankTransactions.companyBankId, companyBankId)));
  return { first: row?.first ?? null, last: row?.last ?? null };
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
