import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  companyUsers,
  paymentUserBanks,
  paymentUsers,
  sessions,
  userInvitations,
  users,
} from '../../db/schema';
import { escapeLike, rowsOf } from '../../db/sql-helpers';

export type CompanyUserRecord = {
  id: number;
  fullName: string;
  email: string;
  roleId: number;
  isOwner: boolean;
  isResponsibleAccountant: boolean;
  invitationPending: boolean;
  addedAt: Date;
};

const keywordFilter = (keyword: string | undefined) =>
  keyword
    ? sql`(u.full_name ilike ${`%${escapeLike(keyword)}%`} or u.email ilike ${`%${escapeLike(keyword)}%`})`
    : sql`true`;

/** The members of a company and its owner, who works in it without a membership row. */
const peopleOfCompany = (companyId: number) => sql`
  select cu.user_id, cu.created_at as added_at from ${companyUsers} cu where cu.company_id = ${companyId}
  union all
  select c.owner_user_id, c.created_at from ${companies} c
  where c.id = ${companyId} and c.owner_user_id is not null
    and not exists (select 1 from ${companyUsers} m where m.company_id = c.id and m.user_id = c.owner_user_id)`;

type CompanyUserSqlRow = {
  id: number;
  full_name: string;
  email: string;
  role_id: number;
  is_owner: boolean;
  is_responsible: boolean;
  invitation_pending: boolean;
  added_at: Date | string;
};

/** The people of a company that pass `filter`, in the order of `tail` (ordering and paging). */
async function selectCompanyUsers(
  db: Db,
  companyId: number,
  filter: SQL,
  tail: SQL,
): Promise<CompanyUserRecord[]> {
  const rows = await rowsOf<CompanyUserSqlRow>(
    db,
    sql`select u.id, u.full_name, u.email, u.role_id,
        coalesce(c.owner_user_id = u.id, false) as is_owner,
        coalesce(c.responsible_accountant_user_id = u.id, false) as is_responsible,
        exists (select 1 from ${userInvitations} i where i.user_id = u.id and i.accepted_at is null) as invitation_pending,
        p.added_at
      from (${peopleOfCompany(companyId)}) p
      join ${users} u on u.id = p.user_id
      join ${companies} c on c.id = ${companyId}
      where ${filter} ${tail}`,
  );
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    roleId: row.role_id,
    isOwner: row.is_owner,
    isResponsibleAccountant: row.is_responsible,
    invitationPending: row.invitation_pending,
    addedAt: new Date(row.added_at),
  }));
}

export async function listCompanyUsers(
  db: Db,
  query: { companyId: number; keyword?: string; offset: number; limit: number },
): Promise<{ rows: CompanyUserRecord[]; total: number }> {
  const filter = keywordFilter(query.keyword);
  const [rows, totals] = await Promise.all([
    selectCompanyUsers(
      db,
      query.companyId,
      filter,
      sql`order by lower(u.full_name), u.id limit ${query.limit} offset ${query.offset}`,
    ),
    rowsOf<{ total: number | string }>(
      db,
      sql`select count(*) as total from (${peopleOfCompany(query.companyId)}) p
        join ${users} u on u.id = p.user_id where ${filter}`,
    ),
  ]);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

export async function findCompanyUser(
  db: Db,
  companyId: number,
  userId: number,
): Promise<CompanyUserRecord | undefined> {
  const rows = await selectCompanyUsers(db, companyId, sql`u.id = ${userId}`, sql``);
  return rows[0];
}

export function findCompanyOwner(db: Db, companyId: number) {
  return db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.ownerUserId))
    .where(eq(companies.id, companyId))
    .then((rows) => rows[0]);
}

export async function addMembership(db: Db, companyId: number, userId: number): Promise<boolean> {
  const inserted = await db
    .insert(companyUsers)
    .values({ companyId, userId })
    .onConflictDoNothing()
    .returning({ userId: companyUsers.userId });
  return inserted.length > 0;
}

/** Ends the membership and what hangs on it in the company: paying for it, keeping its books. */
export async function removeMembership(db: Db, companyId: number, userId: number): Promise<boolean> {
  await db
    .delete(paymentUserBanks)
    .where(and(eq(paymentUserBanks.companyId, companyId), eq(paymentUserBanks.userId, userId)));
  await db
    .delete(paymentUsers)
    .where(and(eq(paymentUsers.companyId, companyId), eq(paymentUsers.userId, userId)));
  await db
    .update(companies)
    .set({ responsibleAccountantUserId: null })
    .where(and(eq(companies.id, companyId), eq(companies.responsibleAccountantUserId, userId)));
  const removed = await db
    .delete(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)))
    .returning({ userId: companyUsers.userId });
  return removed.length > 0;
}

export async function setResponsibleAccountant(db: Db, companyId: number, userId: number | null) {
  await db.update(companies).set({ responsibleAccountantUserId: userId }).where(eq(companies.id, companyId));
}

/** Changes a person's role and ends their sign-ins, whose tokens carry the old one. */
export async function changeRole(db: Db, userId: number, roleId: number) {
  await db.update(users).set({ roleId }).where(eq(users.id, userId));
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'role-changed' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertInvitation(
  db: Db,
  invitation: { companyId: number; userId: number; invitedByUserId: number },
): Promise<number> {
  const [row] = await db.insert(userInvitations).values(invitation).returning({ id: userInvitations.id });
  if (!row) throw new Error('The invitation was not stored');
  return row.id;
}

export type InvitationRecord = {
  id: number;
  companyId: number;
  userId: number;
  email: string;
  fullName: string;
  language: string;
  companyName: string;
  invitedBy: string;
  expiresAt: Date | null;
  acceptedAt: Date | null;
};

const invitationColumns = {
  id: userInvitations.id,
  companyId: userInvitations.companyId,
  userId: userInvitations.userId,
  email: users.email,
  fullName: users.fullName,
  language: users.language,
  companyName: companies.name,
  invitedBy: sql<string>`(select full_name from ${users} inviter where inviter.id = ${userInvitations.invitedByUserId})`,
  expiresAt: userInvitations.expiresAt,
  acceptedAt: userInvitations.acceptedAt,
};

function selectInvitations(db: Db) {
  return db
    .select(invitationColumns)
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(companies, eq(companies.id, userInvitations.companyId));
}

export function findInvitationById(db: Db, id: number): Promise<InvitationRecord | undefined> {
  return selectInvitations(db)
    .where(eq(userInvitations.id, id))
    .then((rows) => rows[0]);
}

export function findInvitationByTokenHash(db: Db, tokenHash: string): Promise<InvitationRecord | undefined> {
  return selectInvitations(db)
    .where(eq(userInvitations.tokenHash, tokenHash))
    .then((rows) => rows[0]);
}

export async function recordInvitationSent(
  db: Db,
  id: number,
  sent: { tokenHash: string; sentAt: Date; expiresAt: Date },
): Promise<boolean> {
  const updated = await db
    .update(userInvitations)
    .set(sent)
    .where(and(eq(userInvitations.id, id), isNull(userInvitations.acceptedAt)))
    .returning({ id: userInvitations.id });
  return updated.length > 0;
}

/** Accepts every open invitation of the person: one password answers them all. */
export async function acceptInvitationsOfUser(db: Db, userId: number, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  await db
    .update(userInvitations)
    .set({ acceptedAt: now, tokenHash: null })
    .where(and(eq(userInvitations.userId, userId), isNull(userInvitations.acceptedAt)));
}

export type PersonRecord = { id: number; fullName: string; email: string; roleId: number };

/** People whose name or e-mail holds the text, among those sharing a company with the caller (all, for `everyone`). */
export function findPeople(
  db: Db,
  query: { callerId: number; everyone: boolean; keyword: string; limit: number },
): Promise<PersonRecord[]> {
  const pattern = `%${escapeLike(query.keyword)}%`;
  const scope = query.everyone
    ? sql`true`
    : sql`u.id in (
        select cu.user_id from ${companyUsers} cu where cu.company_id in (${callerCompanyIds(query.callerId)})
        union select c.owner_user_id from ${companies} c where c.id in (${callerCompanyIds(query.callerId)}))`;
  return rowsOf<{ id: number; full_name: string; email: string; role_id: number }>(
    db,
    sql`select u.id, u.full_name, u.email, u.role_id from ${users} u
      where ${scope} and (u.full_name ilike ${pattern} or u.email ilike ${pattern})
      order by lower(u.full_name), u.id limit ${query.limit}`,
  ).then((rows) =>
    rows.map((row) => ({ id: row.id, fullName: row.full_name, email: row.email, roleId: row.role_id })),
  );
}

const callerCompanyIds = (callerId: number) => sql`
  select company_id from ${companyUsers} where user_id = ${callerId}
  union select id from ${companies} where owner_user_id = ${callerId}`;

export type AccountantCompanyRecord = {
  userId: number;
  fullName: string;
  email: string;
  roleId: number;
  companyId: number;
  companyName: string;
  alias: string;
  isResponsible: boolean;
};

/** Each accountant's memberships in the caller's companies (all companies, for `everyone`). */
export function listAccountantCompanies(
  db: Db,
  query: { callerId: number; everyone: boolean; roleIds: readonly number[]; responsibleOnly: boolean },
): Promise<AccountantCompanyRecord[]> {
  const companyScope = query.everyone ? sql`true` : sql`c.id in (${callerCompanyIds(query.callerId)})`;
  const responsible = query.responsibleOnly ? sql`and c.responsible_accountant_user_id = u.id` : sql``;
  return rowsOf<{
    user_id: number;
    full_name: string;
    email: string;
    role_id: number;
    company_id: number;
    company_name: string;
    alias: string;
    is_responsible: boolean;
  }>(
    db,
    sql`select u.id as user_id, u.full_name, u.email, u.role_id, c.id as company_id, c.name as company_name,
        c.alias, coalesce(c.responsible_accountant_user_id = u.id, false) as is_responsible
      from ${companyUsers} cu
      join ${users} u on u.id = cu.user_id
      join ${companies} c on c.id = cu.company_id
      where ${companyScope} and u.role_id in (${sql.join(
        query.roleIds.map((roleId) => sql`${roleId}`),
        sql`, `,
      )}) ${responsible}
      order by lower(u.full_name), u.id, lower(c.name)`,
  ).then((rows) =>
    rows.map((row) => ({
      userId: row.user_id,
      fullName: row.full_name,
      email: row.email,
      roleId: row.role_id,
      companyId: row.company_id,
      companyName: row.company_name,
      alias: row.alias,
      isResponsible: row.is_responsible,
    })),
  );
}
