import { z } from 'zod';
import { ApiPrefix } from '../endpoints';
import { EmptyData, envelope } from '../envelope';
import { Id, PageNumber } from '../ids';
import { FILE_REPLY, route } from '../route';
import { Text } from '../text';
import { IsoDate, VoucherHistoryEntry } from '../vouchers/voucher';

const tags = ['tasks'];
const base = ApiPrefix.task;

export const TASK_PAGE_SIZE = 50;

/** A task is open until done; in progress says someone has started on it. */
export const TASK_STATUSES = ['todo', 'in-progress', 'done'] as const;
export const TaskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof TaskStatus>;

/** The record of the books a task can point at, which the task opens. */
export const TASK_LINK_KINDS = ['voucher', 'transaction', 'payment'] as const;
export const TaskLinkKind = z.enum(TASK_LINK_KINDS);
export type TaskLinkKind = z.infer<typeof TaskLinkKind>;

/** Label colours: the theme's named colours, so every label reads in both colour schemes. */
export const TASK_LABEL_COLORS = [
  'gray',
  'red',
  'pink',
  'grape',
  'violet',
  'indigo',
  'blue',
  'cyan',
  'teal',
  'green',
  'lime',
  'yellow',
  'orange',
] as const;
export const TaskLabelColor = z.enum(TASK_LABEL_COLORS);
export type TaskLabelColor = z.infer<typeof TaskLabelColor>;

export const TASK_LIMITS = {
  titleMax: 200,
  /** Rich text (HTML) of a description or comment, inline images included. */
  richTextMax: 400_000,
  noteMax: 4_000,
  labelNameMax: 60,
  maxAssignees: 20,
  maxLabels: 20,
  attachments: { maxFileBytes: 20 * 1024 * 1024, maxFiles: 10, accepted: ['jpg', 'png', 'pdf'] as const },
  editorImage: { maxFileBytes: 5 * 1024 * 1024, accepted: ['jpg', 'png'] as const },
} as const;

/** The months between two due dates of a recurring task: monthly, two-monthly (the VAT terms), … */
export const TASK_RECURRENCE_MONTHS = [1, 2, 3, 6, 12] as const;

/**
 * HTML from the rich-text editors. The server keeps only what the editor makes (paragraphs, lists,
 * marks, links, images, mentions) and drops everything else, scripts and event handlers first.
 */
export const RichText = Text.max(TASK_LIMITS.richTextMax);

export const TaskLink = z.object({ kind: TaskLinkKind, id: Id });
export type TaskLink = z.infer<typeof TaskLink>;

/**
 * A task made again for every period: the first due date, then every `everyMonths` months on the
 * same day (the month's last day where it is shorter), made `leadDays` before it is due.
 */
export const TaskRecurrence = z.object({
  everyMonths: z.union(TASK_RECURRENCE_MONTHS.map((months) => z.literal(months))),
  firstDueDate: IsoDate,
  leadDays: z.number().int().min(0).max(90),
});
export type TaskRecurrence = z.infer<typeof TaskRecurrence>;

export const TaskUser = z.object({ id: z.number().int(), fullName: z.string(), email: z.string() });
export type TaskUser = z.infer<typeof TaskUser>;

export const TaskLabel = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  color: TaskLabelColor,
});
export type TaskLabel = z.infer<typeof TaskLabel>;

export const TaskTemplate = z.object({
  id: z.number().int(),
  /** Null for a global template, offered to every company. */
  companyId: z.number().int().nullable(),
  title: z.string(),
  description: z.string(),
  isRequireNote: z.boolean(),
  isRequireVoucher: z.boolean(),
  recurrence: TaskRecurrence.nullable(),
  updatedAt: z.string(),
});
export type TaskTemplate = z.infer<typeof TaskTemplate>;

export const Task = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  title: z.string(),
  /** Rich text (sanitised HTML). */
  description: z.string(),
  /** The note written on the task; required before it is done when isRequireNote. */
  content: z.string(),
  status: TaskStatus,
  dueDate: IsoDate.nullable(),
  /** Due before today (in Norway) and not done. */
  isOverdue: z.boolean(),
  assignees: z.array(TaskUser),
  labels: z.array(TaskLabel),
  /** 0 when the task was made without a template. */
  templateId: z.number().int(),
  isRequireNote: z.boolean(),
  isRequireVoucher: z.boolean(),
  link: TaskLink.nullable(),
  sortIndex: z.number().int(),
  attachmentCount: z.number().int(),
  commentCount: z.number().int(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Task = z.infer<typeof Task>;

export const TaskComment = z.object({
  id: z.number().int(),
  taskId: z.number().int(),
  authorUserId: z.number().int().nullable(),
  authorName: z.string().nullable(),
  /** Rich text (sanitised HTML); mentions are spans with data-type="mention" and data-id. */
  content: z.string(),
  mentionedUserIds: z.array(z.number().int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TaskComment = z.infer<typeof TaskComment>;

export const TaskFile = z.object({
  id: z.number().int(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});
export type TaskFile = z.infer<typeof TaskFile>;

export const TaskDetail = Task.extend({
  comments: z.array(TaskComment),
  files: z.array(TaskFile),
  history: z.array(VoucherHistoryEntry),
});
export type TaskDetail = z.infer<typeof TaskDetail>;

const CompanyIdQuery = z.object({ companyId: Id });
const IdParams = z.object({ id: Id });

const Title = Text.trim().min(1).max(TASK_LIMITS.titleMax);
const Note = Text.trim().max(TASK_LIMITS.noteMax);

/** What a person sets on a task; every field but the title may be left out. */
export const TaskFields = z.object({
  title: Title,
  description: RichText.optional(),
  content: Note.optional(),
  dueDate: IsoDate.nullable().optional(),
  assigneeUserIds: z.array(Id).max(TASK_LIMITS.maxAssignees).optional(),
  labelIds: z.array(Id).max(TASK_LIMITS.maxLabels).optional(),
  templateId: z.number().int().min(0).max(2_147_483_647).optional(),
  isRequireNote: z.boolean().optional(),
  isRequireVoucher: z.boolean().optional(),
  link: TaskLink.nullable().optional(),
});
export type TaskFields = z.infer<typeof TaskFields>;

export const CreateTaskRequest = TaskFields.extend({ companyId: Id });
export type CreateTaskRequest = z.infer<typeof CreateTaskRequest>;

export const UpdateTaskRequest = TaskFields.partial().extend({ companyId: Id });
export type UpdateTaskRequest = z.infer<typeof UpdateTaskRequest>;

export const TaskListFilter = z.object({
  companyId: Id,
  page: PageNumber.default(1),
  pagesize: z.coerce.number().int().min(1).max(200).default(TASK_PAGE_SIZE),
  /** Unset lists the open ones (to do and in progress). */
  status: z.enum([...TASK_STATUSES, 'open', 'all']).default('open'),
  assigneeUserId: Id.optional(),
  labelId: Id.optional(),
  search: Text.trim().max(200).optional(),
});
export type TaskListFilter = z.infer<typeof TaskListFilter>;

export const TaskPage = z.object({ rows: z.array(Task), total: z.number().int() });
export type TaskPage = z.infer<typeof TaskPage>;

export const OverviewTask = Task.extend({ companyName: z.string(), companyAlias: z.string() });
export type OverviewTask = z.infer<typeof OverviewTask>;

/** The bureau's overview: every open task of the companies the person serves, overdue first. */
export const TaskOverviewFilter = z.object({
  page: PageNumber.default(1),
  pagesize: z.coerce.number().int().min(1).max(200).default(TASK_PAGE_SIZE),
  companyId: Id.optional(),
  assigneeUserId: Id.optional(),
  /** Only tasks assigned to the person asking. */
  onlyMine: z.boolean().default(false),
  dueBefore: IsoDate.optional(),
  status: z.enum([...TASK_STATUSES, 'open', 'all']).default('open'),
});
export type TaskOverviewFilter = z.infer<typeof TaskOverviewFilter>;

export const TaskOverviewPage = z.object({
  rows: z.array(OverviewTask),
  total: z.number().int(),
  overdue: z.number().int(),
});
export type TaskOverviewPage = z.infer<typeof TaskOverviewPage>;

export const listAssignableUsers = route({
  method: 'GET',
  path: `${base}/assignable-users`,
  access: 'company',
  action: 'task.view',
  query: CompanyIdQuery,
  reply: envelope(z.array(TaskUser)),
  summary: "The company's users a task can be given to or a comment can mention",
  tags,
});

export const listTasks = route({
  method: 'POST',
  path: `${base}/tasks/list`,
  access: 'company',
  action: 'task.view',
  body: TaskListFilter,
  reply: envelope(TaskPage),
  summary: "A page of the company's tasks in their sort order",
  tags,
});

export const taskById = route({
  method: 'GET',
  path: `${base}/tasks/:id`,
  access: 'company',
  action: 'task.view',
  params: IdParams,
  query: CompanyIdQuery,
  reply: envelope(TaskDetail),
  summary: 'One task with its comments, files and history',
  tags,
});

export const taskByCommentId = route({
  method: 'GET',
  path: `${base}/comments/:id/task`,
  access: 'company',
  action: 'task.view',
  params: IdParams,
  query: CompanyIdQuery,
  reply: envelope(TaskDetail),
  summary: 'The task a comment belongs to (a mention opens it)',
  tags,
});

export const createTask = route({
  method: 'POST',
  path: `${base}/tasks`,
  access: 'company',
  action: 'task.edit',
  body: CreateTaskRequest,
  reply: envelope(Task),
  summary: 'Make a task, first in the sort order',
  tags,
});

export const updateTask = route({
  method: 'PUT',
  path: `${base}/tasks/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  body: UpdateTaskRequest,
  reply: envelope(Task),
  summary: 'Change the fields of a task; fields left out stay as they are',
  tags,
});

export const ChangeTaskStatusRequest = z.object({
  companyId: Id,
  status: TaskStatus,
  /** The note, when the task requires one to be done. */
  content: Note.optional(),
});

export const changeTaskStatus = route({
  method: 'PUT',
  path: `${base}/tasks/:id/status`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  body: ChangeTaskStatusRequest,
  reply: envelope(Task),
  summary: 'Start, finish or reopen a task; finishing checks the required note and voucher',
  tags,
});

export const moveTask = route({
  method: 'PUT',
  path: `${base}/tasks/:id/move`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  // One or the other, never both: each is strict, so a body with both fits neither.
  body: z.union([
    z
      .object({
        companyId: Id,
        /** Where the task goes among the company's tasks, 0 first; past the end puts it last. */
        position: z.number().int().min(0).max(1_000_000),
      })
      .strict(),
    z
      .object({
        companyId: Id,
        /**
         * The task it goes beside, as a filtered list shows it: found in the company's order when the
         * move is made, so a task added or moved by someone else in the meantime does not shift it.
         */
        beside: z.object({ id: Id, side: z.enum(['before', 'after']) }),
      })
      .strict(),
  ]),
  reply: envelope(EmptyData),
  summary:
    'Move a task in the sort order (drag and drop, or the keyboard), to a position or beside another task',
  tags,
});

export const deleteTask = route({
  method: 'DELETE',
  path: `${base}/tasks/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  query: CompanyIdQuery,
  reply: envelope(EmptyData),
  summary: 'Delete a task with its comments and files',
  tags,
});

export const uploadTaskFiles = route({
  method: 'POST',
  path: `${base}/tasks/:id/files`,
  access: 'company',
  action: 'task.edit',
  consumes: ['multipart/form-data'],
  params: IdParams,
  body: z.object({ companyId: Id.optional() }),
  reply: envelope(z.array(TaskFile)),
  summary: 'Attach files to a task (jpg, png, pdf), checked by their content',
  tags,
});

export const deleteTaskFile = route({
  method: 'DELETE',
  path: `${base}/tasks/:id/files/:fileId`,
  access: 'company',
  action: 'task.edit',
  params: z.object({ id: Id, fileId: Id }),
  query: CompanyIdQuery,
  reply: envelope(EmptyData),
  summary: 'Remove a file from a task',
  tags,
});

export const taskOverview = route({
  method: 'POST',
  path: `${base}/overview`,
  access: 'user',
  action: 'task.overview',
  body: TaskOverviewFilter,
  reply: envelope(TaskOverviewPage),
  summary: 'Open tasks of every company the person serves, overdue first, then by due date',
  tags,
});

export const TaskCommentRequest = z.object({ companyId: Id, taskId: Id, content: RichText.min(1) });

export const addTaskComment = route({
  method: 'POST',
  path: `${base}/comments`,
  access: 'company',
  action: 'task.edit',
  body: TaskCommentRequest,
  reply: envelope(TaskComment),
  summary: 'Comment on a task; the users mentioned are notified',
  tags,
});

export const updateTaskComment = route({
  method: 'PUT',
  path: `${base}/comments/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  body: TaskCommentRequest,
  reply: envelope(TaskComment),
  summary: 'Change one of your own comments; users newly mentioned are notified',
  tags,
});

export const deleteTaskComment = route({
  method: 'DELETE',
  path: `${base}/comments/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  query: CompanyIdQuery,
  reply: envelope(EmptyData),
  summary: 'Delete one of your own comments',
  tags,
});

export const EditorImage = z.object({ url: z.string() });
export type EditorImage = z.infer<typeof EditorImage>;

export const uploadEditorImage = route({
  method: 'POST',
  path: `${base}/editor-images`,
  access: 'company',
  action: 'task.edit',
  consumes: ['multipart/form-data'],
  body: z.object({ companyId: Id.optional() }),
  reply: envelope(EditorImage),
  summary: 'Keep an image pasted or dropped into a rich-text editor; answers the address to show it at',
  tags,
});

export const editorImage = route({
  method: 'GET',
  path: `${base}/editor-images/:key`,
  access: 'public',
  /** The company and a random name: `{companyId}-{32 hex}.{jpg or png}`. */
  params: z.object({ key: z.string().regex(/^[1-9]\d{0,9}-[0-9a-f]{32}\.(jpg|png)$/) }),
  reply: FILE_REPLY,
  summary: 'An image of a rich text, at the unguessable address its upload answered',
  tags,
});

export const TaskLabelFields = z.object({
  name: Text.trim().min(1).max(TASK_LIMITS.labelNameMax),
  color: TaskLabelColor,
});

export const listTaskLabels = route({
  method: 'GET',
  path: `${base}/labels`,
  access: 'company',
  action: 'task.view',
  query: CompanyIdQuery,
  reply: envelope(z.array(TaskLabel)),
  summary: "The company's task labels",
  tags,
});

export const addTaskLabel = route({
  method: 'POST',
  path: `${base}/labels`,
  access: 'company',
  action: 'task.edit',
  body: TaskLabelFields.extend({ companyId: Id }),
  reply: envelope(TaskLabel),
  summary: 'Add a task label',
  tags,
});

export const updateTaskLabel = route({
  method: 'PUT',
  path: `${base}/labels/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  body: TaskLabelFields.extend({ companyId: Id }),
  reply: envelope(TaskLabel),
  summary: 'Rename or recolour a task label',
  tags,
});

export const deleteTaskLabel = route({
  method: 'DELETE',
  path: `${base}/labels/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  query: CompanyIdQuery,
  reply: envelope(EmptyData),
  summary: 'Delete a task label; the tasks keep their other labels',
  tags,
});

export const TaskTemplateFields = z.object({
  title: Title,
  description: RichText.default(''),
  isRequireNote: z.boolean().default(false),
  isRequireVoucher: z.boolean().default(false),
  recurrence: TaskRecurrence.nullable().default(null),
});
export type TaskTemplateFields = z.infer<typeof TaskTemplateFields>;

export const listTaskTemplates = route({
  method: 'GET',
  path: `${base}/templates`,
  access: 'company',
  action: 'task.view',
  query: CompanyIdQuery,
  reply: envelope(z.array(TaskTemplate)),
  summary: "The company's task templates and the global ones",
  tags,
});

export const addTaskTemplate = route({
  method: 'POST',
  path: `${base}/templates`,
  access: 'company',
  action: 'task.edit',
  body: TaskTemplateFields.extend({ companyId: Id }),
  reply: envelope(TaskTemplate),
  summary: 'Add a task template for the company',
  tags,
});

export const updateTaskTemplate = route({
  method: 'PUT',
  path: `${base}/templates/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  body: TaskTemplateFields.extend({ companyId: Id }),
  reply: envelope(TaskTemplate),
  summary: "Change one of the company's task templates",
  tags,
});

export const deleteTaskTemplate = route({
  method: 'DELETE',
  path: `${base}/templates/:id`,
  access: 'company',
  action: 'task.edit',
  params: IdParams,
  query: CompanyIdQuery,
  reply: envelope(EmptyData),
  summary: "Delete one of the company's task templates; tasks made from it stay",
  tags,
});

export const listGlobalTaskTemplates = route({
  method: 'GET',
  path: `${base}/template-global`,
  access: 'admin',
  action: 'admin.task.template',
  reply: envelope(z.array(TaskTemplate)),
  summary: 'The global task templates, offered to every company',
  tags,
});

export const addGlobalTaskTemplate = route({
  method: 'POST',
  path: `${base}/template-global`,
  access: 'admin',
  action: 'admin.task.template',
  body: TaskTemplateFields,
  reply: envelope(TaskTemplate),
  summary: 'Add a global task template',
  tags,
});

export const updateGlobalTaskTemplate = route({
  method: 'PUT',
  path: `${base}/template-global/:id`,
  access: 'admin',
  action: 'admin.task.template',
  params: IdParams,
  body: TaskTemplateFields,
  reply: envelope(TaskTemplate),
  summary: 'Change a global task template',
  tags,
});

export const deleteGlobalTaskTemplate = route({
  method: 'DELETE',
  path: `${base}/template-global/:id`,
  access: 'admin',
  action: 'admin.task.template',
  params: IdParams,
  reply: envelope(EmptyData),
  summary: 'Delete a global task template; tasks made from it stay',
  tags,
});
