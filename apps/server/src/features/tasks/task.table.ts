import type { TaskLabelColor, TaskLinkKind, TaskRecurrence, TaskStatus } from '@bilag/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { tenantKey, timestamps } from '../../db/columns';

/** The company id of a global template: one offered to every company, kept beside the companies' own. */
export const GLOBAL_TEMPLATE_COMPANY_ID = 0;

export const tasks = pgTable(
  'tasks',
  {
    ...tenantKey(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** The note written on the task. */
    content: text('content').notNull().default(''),
    status: text('status').$type<TaskStatus>().notNull().default('todo'),
    dueDate: date('due_date'),
    /** 0 when made without a template. */
    templateId: bigint('template_id', { mode: 'number' }).notNull().default(0),
    /** The due date a recurring template made this task for; one task per template and period. */
    recurrenceDueDate: date('recurrence_due_date'),
    isRequireNote: boolean('is_require_note').notNull().default(false),
    isRequireVoucher: boolean('is_require_voucher').notNull().default(false),
    linkKind: text('link_kind').$type<TaskLinkKind>(),
    linkId: bigint('link_id', { mode: 'number' }),
    /** Lower comes first; new tasks get one less than the least. */
    sortIndex: integer('sort_index').notNull().default(0),
    createdBy: integer('created_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('tasks_sort_idx').on(table.companyId, table.sortIndex),
    index('tasks_due_idx').on(table.companyId, table.dueDate),
    // Partial, so counting a company's open tasks (the front page, the team) reads only those.
    index('tasks_open_idx').on(table.companyId, table.dueDate).where(sql`status <> 'done'`),
    uniqueIndex('tasks_recurrence_unique')
      .on(table.companyId, table.templateId, table.recurrenceDueDate)
      .where(sql`recurrence_due_date is not null`),
  ],
);
export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;

export const taskAssignees = pgTable(
  'task_assignees',
  {
    companyId: integer('company_id').notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    userId: integer('user_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.taskId, table.userId] }),
    index('task_assignees_user_idx').on(table.companyId, table.userId),
  ],
);

export const taskLabels = pgTable(
  'task_labels',
  {
    ...tenantKey(),
    name: text('name').notNull(),
    color: text('color').$type<TaskLabelColor>().notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    uniqueIndex('task_labels_name_unique').on(table.companyId, sql`lower(${table.name})`),
  ],
);
export type TaskLabelRow = typeof taskLabels.$inferSelect;

export const taskLabelLinks = pgTable(
  'task_label_links',
  {
    companyId: integer('company_id').notNull(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    labelId: bigint('label_id', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.taskId, table.labelId] }),
    index('task_label_links_label_idx').on(table.companyId, table.labelId),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    ...tenantKey(),
    taskId: bigint('task_id', { mode: 'number' }).notNull(),
    authorUserId: integer('author_user_id'),
    /** Sanitised HTML. */
    content: text('content').notNull(),
    mentionedUserIds: integer('mentioned_user_ids').array().notNull().default(sql`'{}'::integer[]`),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.companyId, table.id] }),
    index('task_comments_task_idx').on(table.companyId, table.taskId),
  ],
);
export type TaskCommentRow = typeof taskComments.$inferSelect;

/** A company's templates, and under GLOBAL_TEMPLATE_COMPANY_ID the global ones. */
export const taskTemplates = pgTable(
  'task_templates',
  {
    ...tenantKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isRequireNote: boolean('is_require_note').notNull().default(false),
    isRequireVoucher: boolean('is_require_voucher').notNull().default(false),
    recurrence: jsonb('recurrence').$type<TaskRecurrence>(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.id] })],
);
export type TaskTemplateRow = typeof taskTemplates.$inferSelect;
