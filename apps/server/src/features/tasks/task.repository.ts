import type { TaskStatus } from '@bilag/contracts';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankTransactions, companies, payments, storedFiles, users, vouchers } from '../../db/schema';
import { isCompanyAccessible } from '../companies';
import {
  GLOBAL_TEMPLATE_COMPANY_ID,
  type NewTaskRow,
  type TaskRow,
  taskAssignees,
  taskComments,
  taskLabelLinks,
  taskLabels,
  tasks,
  taskTemplates,
} from './task.table';

/** The owner type of a task's attachments among the stored files. */
export const TASK_FILE_OWNER = 'task';
/** The owner type of an image kept for a rich text; its owner id is the user who uploaded it. */
export const EDITOR_IMAGE_OWNER = 'task-editor-image';

export type StatusFilter = TaskStatus | 'open' | 'all';

function statusCondition(status: StatusFilter): SQL | undefined {
  if (status === 'all') return undefined;
  if (status === 'open') return inArray(tasks.status, ['todo', 'in-progress']);
  return eq(tasks.status, status);
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export async function insertTask(db: Db, row: NewTaskRow): Promise<TaskRow> {
  const [inserted] = await db.insert(tasks).values(row).returning();
  if (!inserted) throw new Error('the task was not inserted');
  return inserted;
}

export async function findTask(db: Db, companyId: number, id: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
  return row;
}

/** Locks the task for the rest of the transaction, so two changes of it are made one after the other. */
export async function findTaskForUpdate(db: Db, companyId: number, id: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
    .for('update');
  return row;
}

export async function updateTaskRow(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<NewTaskRow>,
): Promise<TaskRow> {
  const [row] = await db
    .update(tasks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)))
    .returning();
  if (!row) throw new Error('the task to update is gone');
  return row;
}

function filesOfTask(companyId: number, taskId: number) {
  return and(
    eq(storedFiles.companyId, companyId),
    eq(storedFiles.ownerType, TASK_FILE_OWNER),
    eq(storedFiles.ownerId, taskId),
  );
}

export async function deleteTaskRows(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .delete(taskAssignees)
    .where(and(eq(taskAssignees.companyId, companyId), eq(taskAssignees.taskId, id)));
  await db
    .delete(taskLabelLinks)
    .where(and(eq(taskLabelLinks.companyId, companyId), eq(taskLabelLinks.taskId, id)));
  await db
    .delete(taskComments)
    .where(and(eq(taskComments.companyId, companyId), eq(taskComments.taskId, id)));
  await db.delete(storedFiles).where(filesOfTask(companyId, id));
  await db.delete(tasks).where(and(eq(tasks.companyId, companyId), eq(tasks.id, id)));
}

/** The sort index a new task gets to come first. */
export async function firstSortIndex(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ least: sql<number | null>`min(${tasks.sortIndex})` })
    .from(tasks)
    .where(eq(tasks.companyId, companyId));
  return (row?.least ?? 1) - 1;
}

export async function replaceAssignees(db: Db, companyId: number, taskId: number, userIds: number[]) {
  await db
    .delete(taskAssignees)
    .where(and(eq(taskAssignees.companyId, companyId), eq(taskAssignees.taskId, taskId)));
  if (userIds.length > 0)
    await db.insert(taskAssignees).values(userIds.map((userId) => ({ companyId, taskId, userId })));
}

export async function replaceLabels(db: Db, companyId: number, taskId: number, labelIds: number[]) {
  await db
    .delete(taskLabelLinks)
    .where(and(eq(taskLabelLinks.companyId, companyId), eq(taskLabelLinks.taskId, taskId)));
  if (labelIds.length > 0)
    await db.insert(taskLabelLinks).values(labelIds.map((labelId) => ({ companyId, taskId, labelId })));
}

export async function assigneeIdsOf(db: Db, companyId: number, taskId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(and(eq(taskAssignees.companyId, companyId), eq(taskAssignees.taskId, taskId)));
  return rows.map((row) => row.userId);
}

/** What a list shows beside each task: its people, labels and how many comments and files it has. */
export async function taskExtras(db: Db, rows: readonly { companyId: number; id: number }[]) {
  if (rows.length === 0) return { assignees: [], labels: [], comments: [], files: [] };
  // Both keys, so each lookup runs on the index that leads with the company.
  const companyIds = [...new Set(rows.map((row) => row.companyId))];
  const taskIds = rows.map((row) => row.id);
  const [assignees, labels, comments, files] = await Promise.all([
    db
      .select({
        taskId: taskAssignees.taskId,
        id: users.id,
        fullName: users.fullName,
        email: users.email,
      })
      .from(taskAssignees)
      .innerJoin(users, eq(users.id, taskAssignees.userId))
      .where(and(inArray(taskAssignees.companyId, companyIds), inArray(taskAssignees.taskId, taskIds)))
      .orderBy(asc(users.fullName)),
    db
      .select({ taskId: taskLabelLinks.taskId, label: taskLabels })
      .from(taskLabelLinks)
      .innerJoin(
        taskLabels,
        and(eq(taskLabels.companyId, taskLabelLinks.companyId), eq(taskLabels.id, taskLabelLinks.labelId)),
      )
      .where(and(inArray(taskLabelLinks.companyId, companyIds), inArray(taskLabelLinks.taskId, taskIds)))
      .orderBy(asc(taskLabels.name)),
    db
      .select({ taskId: taskComments.taskId, count: count() })
      .from(taskComments)
      .where(and(inArray(taskComments.companyId, companyIds), inArray(taskComments.taskId, taskIds)))
      .groupBy(taskComments.taskId),
    db
      .select({ taskId: storedFiles.ownerId, count: count() })
      .from(storedFiles)
      .where(
        and(
          inArray(storedFiles.companyId, companyIds),
          eq(storedFiles.ownerType, TASK_FILE_OWNER),
          inArray(storedFiles.ownerId, taskIds),
        ),
      )
      .groupBy(storedFiles.ownerId),
  ]);
  return { assignees, labels, comments, files };
}

export type TaskListQuery = {
  companyId: number;
  status: StatusFilter;
  assigneeUserId?: number | undefined;
  labelId?: number | undefined;
  search?: string | undefined;
  limit: number;
  offset: number;
};

export async function listTaskRows(db: Db, query: TaskListQuery) {
  const conditions = [
    eq(tasks.companyId, query.companyId),
    statusCondition(query.status),
    query.assigneeUserId === undefined
      ? undefined
      : sql`exists (select 1 from ${taskAssignees} a where a.company_id = ${tasks.companyId}
          and a.task_id = ${tasks.id} and a.user_id = ${query.assigneeUserId})`,
    query.labelId === undefined
      ? undefined
      : sql`exists (select 1 from ${taskLabelLinks} l where l.company_id = ${tasks.companyId}
          and l.task_id = ${tasks.id} and l.label_id = ${query.labelId})`,
    query.search
      ? or(
          ilike(tasks.title, `%${escapeLike(query.search)}%`),
          ilike(tasks.description, `%${escapeLike(query.search)}%`),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tasks)
      .where(where)
      .orderBy(asc(tasks.sortIndex), desc(tasks.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ count: count() }).from(tasks).where(where),
  ]);
  return { rows, total: total?.count ?? 0 };
}

/** The task ids of the company in sort order, locked while they are numbered again. */
export async function orderedTaskIdsForUpdate(db: Db, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(eq(tasks.companyId, companyId))
    .orderBy(asc(tasks.sortIndex), desc(tasks.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Numbers the tasks 0, 1, 2, … in the order given, in one statement. */
export async function renumberTasks(db: Db, companyId: number, orderedIds: number[]): Promise<void> {
  await db.execute(sql`update ${tasks} set sort_index = ordered.position - 1
    from (select id, position from json_array_elements_text(${JSON.stringify(orderedIds.map(String))}::json)
            with ordinality as ids(id, position)) ordered
    where ${tasks.companyId} = ${companyId} and ${tasks.id} = ordered.id::bigint
      and ${tasks.sortIndex} <> ordered.position - 1`);
}

export type OverviewQuery = {
  userId: number;
  companyId?: number | undefined;
  assigneeUserId?: number | undefined;
  dueBefore?: string | undefined;
  status: StatusFilter;
  today: string;
  limit: number;
  offset: number;
};

/** Tasks of every company the user may work in; overdue first, then by due date, undated last. */
export async function overviewRows(db: Db, query: OverviewQuery) {
  const isOverdue = sql`coalesce(${tasks.dueDate} < ${query.today} and ${tasks.status} <> 'done', false)`;
  const where = and(
    isCompanyAccessible(query.userId),
    statusCondition(query.status),
    query.companyId === undefined ? undefined : eq(tasks.companyId, query.companyId),
    query.assigneeUserId === undefined
      ? undefined
      : sql`exists (select 1 from ${taskAssignees} a where a.company_id = ${tasks.companyId}
          and a.task_id = ${tasks.id} and a.user_id = ${query.assigneeUserId})`,
    query.dueBefore === undefined ? undefined : sql`${tasks.dueDate} <= ${query.dueBefore}`,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ task: tasks, companyName: companies.name, companyAlias: companies.alias })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .where(where)
      .orderBy(
        desc(isOverdue),
        sql`${tasks.dueDate} asc nulls last`,
        asc(companies.name),
        asc(tasks.sortIndex),
        desc(tasks.id),
      )
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ total: count(), overdue: sql<number>`count(*) filter (where ${isOverdue})`.mapWith(Number) })
      .from(tasks)
      .innerJoin(companies, eq(companies.id, tasks.companyId))
      .where(where),
  ]);
  return { rows, total: totals?.total ?? 0, overdue: totals?.overdue ?? 0 };
}

/** Whether the record a task points at is the company's (a voucher not deleted). */
export async function linkedRecordExists(
  db: Db,
  companyId: number,
  link: { kind: 'voucher' | 'transaction' | 'payment'; id: number },
): Promise<boolean> {
  const table = { voucher: vouchers, transaction: bankTransactions, payment: payments }[link.kind];
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        eq(table.companyId, companyId),
        eq(table.id, link.id),
        link.kind === 'voucher' ? sql`${vouchers.deletedAt} is null` : undefined,
      ),
    );
  return row !== undefined;
}

export async function countTaskFiles(db: Db, companyId: number, taskId: number): Promise<number> {
  const [row] = await db.select({ count: count() }).from(storedFiles).where(filesOfTask(companyId, taskId));
  return row?.count ?? 0;
}

export function listTaskFiles(db: Db, companyId: number, taskId: number) {
  return db.select().from(storedFiles).where(filesOfTask(companyId, taskId)).orderBy(asc(storedFiles.id));
}

export async function deleteTaskFileRow(db: Db, companyId: number, taskId: number, fileId: number) {
  const [row] = await db
    .delete(storedFiles)
    .where(and(filesOfTask(companyId, taskId), eq(storedFiles.id, fileId)))
    .returning();
  return row;
}

export function listComments(db: Db, companyId: number, taskId: number) {
  return db
    .select({ comment: taskComments, authorName: users.fullName })
    .from(taskComments)
    .leftJoin(users, eq(users.id, taskComments.authorUserId))
    .where(and(eq(taskComments.companyId, companyId), eq(taskComments.taskId, taskId)))
    .orderBy(asc(taskComments.createdAt), asc(taskComments.id));
}

export async function findComment(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select({ comment: taskComments, authorName: users.fullName })
    .from(taskComments)
    .leftJoin(users, eq(users.id, taskComments.authorUserId))
    .where(and(eq(taskComments.companyId, companyId), eq(taskComments.id, id)));
  return row;
}

export async function insertComment(db: Db, row: typeof taskComments.$inferInsert) {
  const [inserted] = await db.insert(taskComments).values(row).returning();
  if (!inserted) throw new Error('the comment was not inserted');
  return inserted;
}

export async function updateComment(
  db: Db,
  companyId: number,
  id: number,
  changes: { content: string; mentionedUserIds: number[] },
) {
  const [row] = await db
    .update(taskComments)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(taskComments.companyId, companyId), eq(taskComments.id, id)))
    .returning();
  if (!row) throw new Error('the comment to update is gone');
  return row;
}

export async function deleteComment(db: Db, companyId: number, id: number) {
  await db.delete(taskComments).where(and(eq(taskComments.companyId, companyId), eq(taskComments.id, id)));
}

export function listLabels(db: Db, companyId: number) {
  return db
    .select()
    .from(taskLabels)
    .where(eq(taskLabels.companyId, companyId))
    .orderBy(asc(taskLabels.name));
}

export async function countLabels(db: Db, companyId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await db
    .select({ count: count() })
    .from(taskLabels)
    .where(and(eq(taskLabels.companyId, companyId), inArray(taskLabels.id, ids)));
  return row?.count ?? 0;
}

export async function findLabel(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(taskLabels)
    .where(and(eq(taskLabels.companyId, companyId), eq(taskLabels.id, id)));
  return row;
}

export async function insertLabel(db: Db, row: typeof taskLabels.$inferInsert) {
  const [inserted] = await db.insert(taskLabels).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function updateLabel(
  db: Db,
  companyId: number,
  id: number,
  changes: { name: string; color: (typeof taskLabels.$inferInsert)['color'] },
) {
  const [row] = await db
    .update(taskLabels)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(taskLabels.companyId, companyId), eq(taskLabels.id, id)))
    .returning();
  return row;
}

export async function labelNameTaken(db: Db, companyId: number, name: string, exceptId: number) {
  const [row] = await db
    .select({ id: taskLabels.id })
    .from(taskLabels)
    .where(
      and(
        eq(taskLabels.companyId, companyId),
        sql`lower(${taskLabels.name}) = lower(${name})`,
        sql`${taskLabels.id} <> ${exceptId}`,
      ),
    );
  return row !== undefined;
}

export async function deleteLabel(db: Db, companyId: number, id: number) {
  await db
    .delete(taskLabelLinks)
    .where(and(eq(taskLabelLinks.companyId, companyId), eq(taskLabelLinks.labelId, id)));
  await db.delete(taskLabels).where(and(eq(taskLabels.companyId, companyId), eq(taskLabels.id, id)));
}

/** The company's own templates and the global ones, global first. */
export function listTemplatesFor(db: Db, companyId: number) {
  return db
    .select()
    .from(taskTemplates)
    .where(inArray(taskTemplates.companyId, [GLOBAL_TEMPLATE_COMPANY_ID, companyId]))
    .orderBy(asc(taskTemplates.companyId), asc(taskTemplates.title), asc(taskTemplates.id));
}

export async function findTemplate(db: Db, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.companyId, companyId), eq(taskTemplates.id, id)));
  return row;
}

export async function insertTemplate(db: Db, row: typeof taskTemplates.$inferInsert) {
  const [inserted] = await db.insert(taskTemplates).values(row).returning();
  if (!inserted) throw new Error('the template was not inserted');
  return inserted;
}

export async function updateTemplate(
  db: Db,
  companyId: number,
  id: number,
  changes: Partial<typeof taskTemplates.$inferInsert>,
) {
  const [row] = await db
    .update(taskTemplates)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(taskTemplates.companyId, companyId), eq(taskTemplates.id, id)))
    .returning();
  return row;
}

export async function deleteTemplate(db: Db, companyId: number, id: number) {
  const [row] = await db
    .delete(taskTemplates)
    .where(and(eq(taskTemplates.companyId, companyId), eq(taskTemplates.id, id)))
    .returning();
  return row;
}

export function listRecurringTemplates(db: Db) {
  return db.select().from(taskTemplates).where(isNotNull(taskTemplates.recurrence));
}

/**
 * Makes the task of a recurring template for a due date, in the template's company or, for a global
 * template, in every active company; a task already made for that period is left alone. Answers the
 * tasks made.
 */
export async function insertRecurringTasks(
  db: Db,
  template: typeof taskTemplates.$inferSelect,
  dueDate: string,
): Promise<{ companyId: number; id: number }[]> {
  const inCompanies =
    template.companyId === GLOBAL_TEMPLATE_COMPANY_ID
      ? sql`select id from ${companies} where status = 1`
      : sql`select ${template.companyId}::integer`;
  const result = (await db.execute(sql`
    insert into ${tasks} (company_id, title, description, status, due_date, template_id, recurrence_due_date,
                          is_require_note, is_require_voucher, sort_index)
    select c.id, ${template.title}, ${template.description}, 'todo', ${dueDate}::date, ${template.id},
           ${dueDate}::date, ${template.isRequireNote}, ${template.isRequireVoucher},
           coalesce((select min(t.sort_index) from ${tasks} t where t.company_id = c.id), 1) - 1
      from (${inCompanies}) as c(id)
    on conflict (company_id, template_id, recurrence_due_date) where recurrence_due_date is not null
    do nothing
    returning company_id as "companyId", id`)) as unknown as {
    rows: { companyId: number; id: number | string }[];
  };
  return result.rows.map((row) => ({ companyId: Number(row.companyId), id: Number(row.id) }));
}

export function userNames(db: Db, ids: number[]) {
  return db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
}
