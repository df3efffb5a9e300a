import {
  type ChangeTaskStatusRequest,
  type CreateTaskRequest,
  type OverviewTask,
  TASK_LIMITS,
  type Task,
  type TaskComment,
  type TaskDetail,
  type TaskFile,
  type TaskLink,
  type TaskListFilter,
  type TaskOverviewFilter,
  type TaskOverviewPage,
  type TaskPage,
  type TaskUser,
  type UpdateTaskRequest,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type AuditEntry, writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import type { UploadedFile } from '../../platform/form-data';
import type { MessageKey } from '../../platform/messages';
import type { ObjectStore } from '../../platform/object-store';
import { requireCompanyAccess } from '../companies';
import { checkUploads, recordUpload, withStoredUploads } from '../files';
import { readHistory } from '../history';
import { companyMembers, notifyUsers } from '../notifications';
import { hasRichContent, mentionedUserIds, sanitizeRichText } from './rich-text';
import * as repository from './task.repository';
import { GLOBAL_TEMPLATE_COMPANY_ID, type TaskCommentRow, type TaskRow } from './task.table';

const TASK_ENTITY = 'task';
const COMMENT_ENTITY = 'task-comment';

type Company = { id: number; alias: string };

async function companyOf(db: Db, principal: Principal, companyId: number | undefined): Promise<Company> {
  const company = await requireCompanyAccess(db, principal.userId, companyId);
  return { id: company.Id, alias: company.Alias };
}

function today(): string {
  return todayIsoDate('Europe/Oslo');
}

type Extras = Awaited<ReturnType<typeof repository.taskExtras>>;

function toTask(row: TaskRow, extras: Extras, createdByName: string | null, todayDate: string): Task {
  const ofTask = <T extends { taskId: number }>(rows: T[]) => rows.filter((entry) => entry.taskId === row.id);
  return {
    id: row.id,
    companyId: row.companyId,
    title: row.title,
    description: row.description,
    content: row.content,
    status: row.status,
    dueDate: row.dueDate,
    isOverdue: row.status !== 'done' && row.dueDate !== null && row.dueDate < todayDate,
    assignees: ofTask(extras.assignees).map(({ id, fullName, email }) => ({ id, fullName, email })),
    labels: ofTask(extras.labels).map(({ label }) => ({
      id: label.id,
      companyId: label.companyId,
      name: label.name,
      color: label.color,
    })),
    templateId: row.templateId,
    isRequireNote: row.isRequireNote,
    isRequireVoucher: row.isRequireVoucher,
    link: row.linkKind && row.linkId !== null ? { kind: row.linkKind, id: row.linkId } : null,
    sortIndex: row.sortIndex,
    attachmentCount: ofTask(extras.files)[0]?.count ?? 0,
    commentCount: ofTask(extras.comments)[0]?.count ?? 0,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

async function toTasks(db: Db, rows: TaskRow[]): Promise<Task[]> {
  const extras = await repository.taskExtras(db, rows);
  const creators = await creatorNames(db, rows);
  const todayDate = today();
  return rows.map((row) => toTask(row, extras, creators.get(row.createdBy ?? 0) ?? null, todayDate));
}

async function toOneTask(db: Db, row: TaskRow): Promise<Task> {
  const [task] = await toTasks(db, [row]);
  if (!task) throw Errors.notFound('taskNotFound');
  return task;
}

async function creatorNames(db: Db, rows: TaskRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((row) => row.createdBy).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const members = await repository.userNames(db, ids);
  return new Map(members.map((member) => [member.id, member.fullName]));
}

function toTaskFile(file: TaskFile): TaskFile {
  return { id: file.id, fileName: file.fileName, mimeType: file.mimeType, size: file.size };
}

function toComment(comment: TaskCommentRow, authorName: string | null): TaskComment {
  return {
    id: comment.id,
    taskId: comment.taskId,
    authorUserId: comment.authorUserId,
    authorName,
    content: comment.content,
    mentionedUserIds: comment.mentionedUserIds,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
  };
}

/** An audit row of a change the person asking made, in the transaction that made it. */
function audit(tx: Db, principal: Principal, entry: Omit<AuditEntry, 'userId'>) {
  return writeAudit(tx, { ...entry, userId: principal.userId });
}

function auditSnapshot(row: TaskRow, assigneeIds: number[], labelIds: number[]) {
  return {
    title: row.title,
    status: row.status,
    dueDate: row.dueDate,
    assigneeUserIds: assigneeIds,
    labelIds,
    templateId: row.templateId,
    isRequireNote: row.isRequireNote,
    isRequireVoucher: row.isRequireVoucher,
    link: row.linkKind ? { kind: row.linkKind, id: row.linkId } : null,
    content: row.content,
  };
}

const LINK_NOT_FOUND: Record<TaskLink['kind'], MessageKey> = {
  voucher: 'taskLinkVoucherNotFound',
  transaction: 'taskLinkTransactionNotFound',
  payment: 'taskLinkPaymentNotFound',
};

/** Proves that every person, label, template and record a task names belongs to its company. */
async function checkReferences(
  db: Db,
  companyId: number,
  fields: Pick<UpdateTaskRequest, 'assigneeUserIds' | 'labelIds' | 'templateId' | 'link'>,
) {
  if (fields.assigneeUserIds && fields.assigneeUserIds.length > 0) {
    const members = new Set((await companyMembers(db, companyId)).map((member) => member.userId));
    if (fields.assigneeUserIds.some((userId) => !members.has(userId)))
      throw Errors.invalid('taskAssigneeNotMember');
  }
  if (fields.labelIds && fields.labelIds.length > 0) {
    const unique = [...new Set(fields.labelIds)];
    if ((await repository.countLabels(db, companyId, unique)) !== unique.length)
      throw Errors.invalid('taskLabelNotFound');
  }
  if (fields.templateId !== undefined && fields.templateId !== 0) {
    const own = await repository.findTemplate(db, companyId, fields.templateId);
    const global = own ?? (await repository.findTemplate(db, GLOBAL_TEMPLATE_COMPANY_ID, fields.templateId));
    if (!global) throw Errors.invalid('taskTemplateNotFound');
  }
  if (fields.link && !(await repository.linkedRecordExists(db, companyId, fields.link)))
    throw Errors.invalid(LINK_NOT_FOUND[fields.link.kind]);
}

/** Tells the people named about a task, except the one who acted. */
async function notifyOthers(
  db: Db,
  principal: Principal,
  company: Company,
  notice: { kind: 'task-assigned' | 'task-mentioned'; task: TaskRow; userIds: number[]; commentId?: number },
) {
  const others = notice.userIds.filter((userId) => userId !== principal.userId);
  if (others.length === 0) return;
  const [author] = await repository.userNames(db, [principal.userId]);
  const comment = notice.commentId === undefined ? '' : `&commentId=${notice.commentId}`;
  await notifyUsers(db, {
    companyId: company.id,
    userIds: others,
    kind: notice.kind,
    details: { author: author?.fullName ?? '', title: notice.task.title },
    link: `/${company.alias}/task?taskId=${notice.task.id}${comment}`,
  });
}

export async function listAssignableUsers(
  db: Db,
  principal: Principal,
  companyId: number,
): Promise<TaskUser[]> {
  const company = await companyOf(db, principal, companyId);
  const members = await companyMembers(db, company.id);
  return members
    .map((member) => ({ id: member.userId, fullName: member.fullName, email: member.email }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'nb'));
}

export async function listTasks(db: Db, principal: Principal, filter: TaskListFilter): Promise<TaskPage> {
  const company = await companyOf(db, principal, filter.companyId);
  const { rows, total } = await repository.listTaskRows(db, {
    companyId: company.id,
    status: filter.status,
    assigneeUserId: filter.assigneeUserId,
    labelId: filter.labelId,
    search: filter.search,
    limit: filter.pagesize,
    offset: (filter.page - 1) * filter.pagesize,
  });
  return { rows: await toTasks(db, rows), total };
}

async function detailOf(db: Db, companyId: number, row: TaskRow): Promise<TaskDetail> {
  const [task, comments, files, history] = await Promise.all([
    toOneTask(db, row),
    repository.listComments(db, companyId, row.id),
    repository.listTaskFiles(db, companyId, row.id),
    readHistory(db, companyId, TASK_ENTITY, row.id),
  ]);
  return {
    ...task,
    comments: comments.map(({ comment, authorName }) => toComment(comment, authorName)),
    files: files.map(toTaskFile),
    history,
  };
}

export async function taskById(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number },
): Promise<TaskDetail> {
  const company = await companyOf(db, principal, input.companyId);
  const row = await repository.findTask(db, company.id, input.id);
  if (!row) throw Errors.notFound('taskNotFound');
  return detailOf(db, company.id, row);
}

export async function taskByCommentId(
  db: Db,
  principal: Principal,
  input: { companyId: number; commentId: number },
): Promise<TaskDetail> {
  const company = await companyOf(db, principal, input.companyId);
  const found = await repository.findComment(db, company.id, input.commentId);
  if (!found) throw Errors.notFound('taskCommentNotFound');
  const row = await repository.findTask(db, company.id, found.comment.taskId);
  if (!row) throw Errors.notFound('taskNotFound');
  return detailOf(db, company.id, row);
}

export async function createTask(db: Db, principal: Principal, input: CreateTaskRequest): Promise<Task> {
  const company = await companyOf(db, principal, input.companyId);
  await checkReferences(db, company.id, input);
  const assigneeIds = [...new Set(input.assigneeUserIds ?? [])];
  const labelIds = [...new Set(input.labelIds ?? [])];
  const row = await db.transaction(async (tx) => {
    const inserted = await repository.insertTask(tx, {
      companyId: company.id,
      title: input.title,
      description: sanitizeRichText(input.description ?? ''),
      content: input.content ?? '',
      dueDate: input.dueDate ?? null,
      templateId: input.templateId ?? 0,
      isRequireNote: input.isRequireNote ?? false,
      isRequireVoucher: input.isRequireVoucher ?? false,
      linkKind: input.link?.kind ?? null,
      linkId: input.link?.id ?? null,
      sortIndex: await repository.firstSortIndex(tx, company.id),
      createdBy: principal.userId,
    });
    await repository.replaceAssignees(tx, company.id, inserted.id, assigneeIds);
    await repository.replaceLabels(tx, company.id, inserted.id, labelIds);
    await audit(tx, principal, {
      companyId: company.id,
      entity: TASK_ENTITY,
      entityId: inserted.id,
      action: 'create',
      after: auditSnapshot(inserted, assigneeIds, labelIds),
    });
    await notifyOthers(tx, principal, company, {
      kind: 'task-assigned',
      task: inserted,
      userIds: assigneeIds,
    });
    return inserted;
  });
  return toOneTask(db, row);
}

/** The task locked for a change, with who it is given to and its labels as they were. */
async function lockedTask(tx: Db, companyId: number, id: number) {
  const row = await repository.findTaskForUpdate(tx, companyId, id);
  if (!row) throw Errors.notFound('taskNotFound');
  const extras = await repository.taskExtras(tx, [{ companyId, id }]);
  return {
    row,
    assigneeIds: extras.assignees.map((assignee) => assignee.id),
    labelIds: extras.labels.map(({ label }) => label.id),
  };
}

export async function updateTask(
  db: Db,
  principal: Principal,
  input: UpdateTaskRequest & { id: number },
): Promise<Task> {
  const company = await companyOf(db, principal, input.companyId);
  await checkReferences(db, company.id, input);
  const row = await db.transaction(async (tx) => {
    const before = await lockedTask(tx, company.id, input.id);
    const changes: Parameters<typeof repository.updateTaskRow>[3] = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.description !== undefined) changes.description = sanitizeRichText(input.description);
    if (input.content !== undefined) changes.content = input.content;
    if (input.dueDate !== undefined) changes.dueDate = input.dueDate;
    if (input.templateId !== undefined) changes.templateId = input.templateId;
    if (input.isRequireNote !== undefined) changes.isRequireNote = input.isRequireNote;
    if (input.isRequireVoucher !== undefined) changes.isRequireVoucher = input.isRequireVoucher;
    if (input.link !== undefined) {
      changes.linkKind = input.link?.kind ?? null;
      changes.linkId = input.link?.id ?? null;
    }
    const updated = await repository.updateTaskRow(tx, company.id, input.id, changes);
    const assigneeIds = input.assigneeUserIds ? [...new Set(input.assigneeUserIds)] : before.assigneeIds;
    const labelIds = input.labelIds ? [...new Set(input.labelIds)] : before.labelIds;
    if (input.assigneeUserIds) await repository.replaceAssignees(tx, company.id, input.id, assigneeIds);
    if (input.labelIds) await repository.replaceLabels(tx, company.id, input.id, labelIds);
    await audit(tx, principal, {
      companyId: company.id,
      entity: TASK_ENTITY,
      entityId: input.id,
      action: 'update',
      before: auditSnapshot(before.row, before.assigneeIds, before.labelIds),
      after: auditSnapshot(updated, assigneeIds, labelIds),
    });
    const added = assigneeIds.filter((userId) => !before.assigneeIds.includes(userId));
    await notifyOthers(tx, principal, company, { kind: 'task-assigned', task: updated, userIds: added });
    return updated;
  });
  return toOneTask(db, row);
}

export async function changeTaskStatus(
  db: Db,
  principal: Principal,
  input: z.infer<typeof ChangeTaskStatusRequest> & { id: number },
): Promise<Task> {
  const company = await companyOf(db, principal, input.companyId);
  const row = await db.transaction(async (tx) => {
    const before = await lockedTask(tx, company.id, input.id);
    const content = input.content ?? before.row.content;
    if (input.status === 'done' && before.row.status !== 'done') {
      if (before.row.isRequireNote && content.trim() === '') throw Errors.invalid('taskNoteRequired');
      if (before.row.isRequireVoucher) {
        const hasVoucher =
          (before.row.linkKind === 'voucher' &&
            before.row.linkId !== null &&
            (await repository.linkedRecordExists(tx, company.id, {
              kind: 'voucher',
              id: before.row.linkId,
            }))) ||
          (await repository.countTaskFiles(tx, company.id, input.id)) > 0;
        if (!hasVoucher) throw Errors.invalid('taskVoucherRequired');
      }
    }
    const completedAt = input.status === 'done' ? (before.row.completedAt ?? new Date()) : null;
    const updated = await repository.updateTaskRow(tx, company.id, input.id, {
      status: input.status,
      content,
      completedAt,
    });
    await audit(tx, principal, {
      companyId: company.id,
      entity: TASK_ENTITY,
      entityId: input.id,
      action: 'update',
      before: auditSnapshot(before.row, before.assigneeIds, before.labelIds),
      after: auditSnapshot(updated, before.assigneeIds, before.labelIds),
    });
    return updated;
  });
  return toOneTask(db, row);
}

export async function moveTask(
  db: Db,
  principal: Principal,
  input: {
    companyId: number;
    id: number;
    position?: number | undefined;
    beside?: { id: number; side: 'before' | 'after' } | undefined;
  },
): Promise<null> {
  const company = await companyOf(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    const ordered = await repository.orderedTaskIdsForUpdate(tx, company.id);
    const from = ordered.indexOf(input.id);
    if (from < 0) throw Errors.notFound('taskNotFound');
    ordered.splice(from, 1);
    ordered.splice(targetIndex(ordered, input), 0, input.id);
    await repository.renumberTasks(tx, company.id, ordered);
  });
  return null;
}

/** Where the moved task goes in the order of the others, read under the lock the move holds. */
function targetIndex(
  others: readonly number[],
  move: { position?: number | undefined; beside?: { id: number; side: 'before' | 'after' } | undefined },
): number {
  if (!move.beside) return Math.min(move.position ?? others.length, others.length);
  const neighbour = others.indexOf(move.beside.id);
  if (neighbour < 0) throw Errors.notFound('taskNeighbourNotFound');
  return move.beside.side === 'after' ? neighbour + 1 : neighbour;
}

export async function deleteTask(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number },
): Promise<null> {
  const company = await companyOf(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    const before = await lockedTask(tx, company.id, input.id);
    await repository.deleteTaskRows(tx, company.id, input.id);
    await audit(tx, principal, {
      companyId: company.id,
      entity: TASK_ENTITY,
      entityId: input.id,
      action: 'delete',
      before: auditSnapshot(before.row, before.assigneeIds, before.labelIds),
    });
  });
  return null;
}

export async function uploadTaskFiles(
  db: Db,
  store: ObjectStore,
  principal: Principal,
  input: { companyId?: number | undefined; id: number; files: UploadedFile[] },
): Promise<TaskFile[]> {
  const company = await companyOf(db, principal, input.companyId);
  const limits = TASK_LIMITS.attachments;
  if (input.files.length === 0) throw Errors.invalid('noFilesUploaded');
  if (input.files.length > limits.maxFiles) throw Errors.invalid('tooManyFiles', { max: limits.maxFiles });
  for (const file of input.files)
    if (file.bytes.length > limits.maxFileBytes)
      throw Errors.tooLarge('uploadFileTooLarge', {
        name: file.fileName,
        megabytes: limits.maxFileBytes / 1024 / 1024,
      });
  const uploads = checkUploads(input.files, limits.accepted);
  return withStoredUploads(store, company.id, uploads, (stored) =>
    db.transaction(async (tx) => {
      await lockedTask(tx, company.id, input.id);
      const files: TaskFile[] = [];
      for (const upload of stored) {
        const owner = {
          companyId: company.id,
          ownerType: repository.TASK_FILE_OWNER,
          ownerId: input.id,
          userId: principal.userId,
        };
        const file = await recordUpload(tx, owner, upload);
        files.push(toTaskFile(file));
      }
      await audit(tx, principal, {
        companyId: company.id,
        entity: TASK_ENTITY,
        entityId: input.id,
        action: 'attach',
        after: { files: files.map((file) => file.fileName) },
      });
      return files;
    }),
  );
}

export async function deleteTaskFile(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number; fileId: number },
): Promise<null> {
  const company = await companyOf(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    await lockedTask(tx, company.id, input.id);
    const removed = await repository.deleteTaskFileRow(tx, company.id, input.id, input.fileId);
    if (!removed) throw Errors.notFound('fileNotFound');
    await audit(tx, principal, {
      companyId: company.id,
      entity: TASK_ENTITY,
      entityId: input.id,
      action: 'detach',
      before: { file: removed.fileName },
    });
  });
  return null;
}

export async function taskOverview(
  db: Db,
  principal: Principal,
  filter: TaskOverviewFilter,
): Promise<TaskOverviewPage> {
  const todayDate = today();
  const { rows, total, overdue } = await repository.overviewRows(db, {
    userId: principal.userId,
    companyId: filter.companyId,
    assigneeUserId: filter.onlyMine ? principal.userId : filter.assigneeUserId,
    dueBefore: filter.dueBefore,
    status: filter.status,
    today: todayDate,
    limit: filter.pagesize,
    offset: (filter.page - 1) * filter.pagesize,
  });
  const tasks = await toTasks(
    db,
    rows.map((row) => row.task),
  );
  return {
    rows: tasks.map(
      (task, index): OverviewTask => ({
        ...task,
        companyName: rows[index]?.companyName ?? '',
        companyAlias: rows[index]?.companyAlias ?? '',
      }),
    ),
    total,
    overdue,
  };
}

/** The users a comment mentions who may read it: members of the company. */
async function mentionedMembers(db: Db, companyId: number, html: string): Promise<number[]> {
  const mentioned = mentionedUserIds(html);
  if (mentioned.length === 0) return [];
  const members = new Set((await companyMembers(db, companyId)).map((member) => member.userId));
  return mentioned.filter((userId) => members.has(userId));
}

function readableComment(html: string): string {
  const content = sanitizeRichText(html);
  if (!hasRichContent(content)) throw Errors.invalid('taskCommentEmpty');
  return content;
}

export async function addTaskComment(
  db: Db,
  principal: Principal,
  input: { companyId: number; taskId: number; content: string },
): Promise<TaskComment> {
  const company = await companyOf(db, principal, input.companyId);
  const content = readableComment(input.content);
  const mentioned = await mentionedMembers(db, company.id, content);
  const comment = await db.transaction(async (tx) => {
    const task = await repository.findTask(tx, company.id, input.taskId);
    if (!task) throw Errors.notFound('taskNotFound');
    const inserted = await repository.insertComment(tx, {
      companyId: company.id,
      taskId: task.id,
      authorUserId: principal.userId,
      content,
      mentionedUserIds: mentioned,
    });
    await audit(tx, principal, {
      companyId: company.id,
      entity: COMMENT_ENTITY,
      entityId: inserted.id,
      action: 'create',
      after: { taskId: task.id, content, mentionedUserIds: mentioned },
    });
    await notifyOthers(tx, principal, company, {
      kind: 'task-mentioned',
      task,
      userIds: mentioned,
      commentId: inserted.id,
    });
    return inserted;
  });
  const [author] = await repository.userNames(db, [principal.userId]);
  return toComment(comment, author?.fullName ?? null);
}

/** The comment, if it is on the task named and was written by the person asking. */
async function ownComment(db: Db, principal: Principal, companyId: number, id: number, taskId?: number) {
  const found = await repository.findComment(db, companyId, id);
  if (!found || (taskId !== undefined && found.comment.taskId !== taskId))
    throw Errors.notFound('taskCommentNotFound');
  if (found.comment.authorUserId !== principal.userId) throw Errors.forbidden('taskCommentNotOwn');
  return found;
}

export async function updateTaskComment(
  db: Db,
  principal: Principal,
  input: { companyId: number; taskId: number; id: number; content: string },
): Promise<TaskComment> {
  const company = await companyOf(db, principal, input.companyId);
  const content = readableComment(input.content);
  const mentioned = await mentionedMembers(db, company.id, content);
  const { comment, authorName } = await db.transaction(async (tx) => {
    const found = await ownComment(tx, principal, company.id, input.id, input.taskId);
    const task = await repository.findTask(tx, company.id, found.comment.taskId);
    if (!task) throw Errors.notFound('taskNotFound');
    const updated = await repository.updateComment(tx, company.id, input.id, {
      content,
      mentionedUserIds: mentioned,
    });
    await audit(tx, principal, {
      companyId: company.id,
      entity: COMMENT_ENTITY,
      entityId: input.id,
      action: 'update',
      before: { content: found.comment.content, mentionedUserIds: found.comment.mentionedUserIds },
      after: { content, mentionedUserIds: mentioned },
    });
    const newlyMentioned = mentioned.filter((userId) => !found.comment.mentionedUserIds.includes(userId));
    await notifyOthers(tx, principal, company, {
      kind: 'task-mentioned',
      task,
      userIds: newlyMentioned,
      commentId: updated.id,
    });
    return { comment: updated, authorName: found.authorName };
  });
  return toComment(comment, authorName);
}

export async function deleteTaskComment(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number },
): Promise<null> {
  const company = await companyOf(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    const found = await ownComment(tx, principal, company.id, input.id);
    await repository.deleteComment(tx, company.id, input.id);
    await audit(tx, principal, {
      companyId: company.id,
      entity: COMMENT_ENTITY,
      entityId: input.id,
      action: 'delete',
      before: { taskId: found.comment.taskId, content: found.comment.content },
    });
  });
  return null;
}
