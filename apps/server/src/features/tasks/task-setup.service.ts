import type { TaskLabel, TaskLabelColor, TaskTemplate, TaskTemplateFields } from '@bilag/contracts';
import type { Db } from '../../db/client';
import { writeAudit } from '../../platform/audit';
import type { Principal } from '../../platform/auth';
import { Errors } from '../../platform/errors';
import { requireCompanyAccess } from '../companies';
import { sanitizeRichText } from './rich-text';
import * as repository from './task.repository';
import { GLOBAL_TEMPLATE_COMPANY_ID, type TaskLabelRow, type TaskTemplateRow } from './task.table';

const LABEL_ENTITY = 'task-label';
const TEMPLATE_ENTITY = 'task-template';

async function companyIdOf(db: Db, principal: Principal, companyId: number): Promise<number> {
  return (await requireCompanyAccess(db, principal.userId, companyId)).Id;
}

function toLabel(row: TaskLabelRow): TaskLabel {
  return { id: row.id, companyId: row.companyId, name: row.name, color: row.color };
}

function toTemplate(row: TaskTemplateRow): TaskTemplate {
  return {
    id: row.id,
    companyId: row.companyId === GLOBAL_TEMPLATE_COMPANY_ID ? null : row.companyId,
    title: row.title,
    description: row.description,
    isRequireNote: row.isRequireNote,
    isRequireVoucher: row.isRequireVoucher,
    recurrence: row.recurrence,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listTaskLabels(db: Db, principal: Principal, companyId: number): Promise<TaskLabel[]> {
  const id = await companyIdOf(db, principal, companyId);
  return (await repository.listLabels(db, id)).map(toLabel);
}

export async function addTaskLabel(
  db: Db,
  principal: Principal,
  input: { companyId: number; name: string; color: TaskLabelColor },
): Promise<TaskLabel> {
  const companyId = await companyIdOf(db, principal, input.companyId);
  return db.transaction(async (tx) => {
    const row = await repository.insertLabel(tx, { companyId, name: input.name, color: input.color });
    if (!row) throw Errors.conflict('taskLabelNameTaken', { name: input.name });
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: LABEL_ENTITY,
      entityId: row.id,
      action: 'create',
      after: toLabel(row),
    });
    return toLabel(row);
  });
}

export async function updateTaskLabel(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number; name: string; color: TaskLabelColor },
): Promise<TaskLabel> {
  const companyId = await companyIdOf(db, principal, input.companyId);
  return db.transaction(async (tx) => {
    const before = await repository.findLabel(tx, companyId, input.id);
    if (!before) throw Errors.notFound('taskLabelNotFound');
    if (await repository.labelNameTaken(tx, companyId, input.name, input.id))
      throw Errors.conflict('taskLabelNameTaken', { name: input.name });
    const row = await repository.updateLabel(tx, companyId, input.id, {
      name: input.name,
      color: input.color,
    });
    if (!row) throw Errors.notFound('taskLabelNotFound');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: LABEL_ENTITY,
      entityId: row.id,
      action: 'update',
      before: toLabel(before),
      after: toLabel(row),
    });
    return toLabel(row);
  });
}

export async function deleteTaskLabel(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number },
): Promise<null> {
  const companyId = await companyIdOf(db, principal, input.companyId);
  await db.transaction(async (tx) => {
    const before = await repository.findLabel(tx, companyId, input.id);
    if (!before) throw Errors.notFound('taskLabelNotFound');
    await repository.deleteLabel(tx, companyId, input.id);
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: LABEL_ENTITY,
      entityId: input.id,
      action: 'delete',
      before: toLabel(before),
    });
  });
  return null;
}

export async function listTaskTemplates(
  db: Db,
  principal: Principal,
  companyId: number,
): Promise<TaskTemplate[]> {
  const id = await companyIdOf(db, principal, companyId);
  return (await repository.listTemplatesFor(db, id)).map(toTemplate);
}

export async function listGlobalTaskTemplates(db: Db): Promise<TaskTemplate[]> {
  const rows = await repository.listTemplatesFor(db, GLOBAL_TEMPLATE_COMPANY_ID);
  return rows.map(toTemplate);
}

function templateValues(fields: TaskTemplateFields) {
  return {
    title: fields.title,
    description: sanitizeRichText(fields.description),
    isRequireNote: fields.isRequireNote,
    isRequireVoucher: fields.isRequireVoucher,
    recurrence: fields.recurrence,
  };
}

/**
 * Adds a template: the company's own, or with GLOBAL_TEMPLATE_COMPANY_ID a global one (the route
 * lets only administrators do that). Its audit row goes under the same company id.
 */
async function addTemplate(db: Db, principal: Principal, companyId: number, fields: TaskTemplateFields) {
  return db.transaction(async (tx) => {
    const row = await repository.insertTemplate(tx, { companyId, ...templateValues(fields) });
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: TEMPLATE_ENTITY,
      entityId: row.id,
      action: 'create',
      after: toTemplate(row),
    });
    return toTemplate(row);
  });
}

async function updateTemplate(
  db: Db,
  principal: Principal,
  companyId: number,
  id: number,
  fields: TaskTemplateFields,
) {
  return db.transaction(async (tx) => {
    const before = await repository.findTemplate(tx, companyId, id);
    if (!before) throw Errors.notFound('taskTemplateNotFound');
    const row = await repository.updateTemplate(tx, companyId, id, templateValues(fields));
    if (!row) throw Errors.notFound('taskTemplateNotFound');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: TEMPLATE_ENTITY,
      entityId: id,
      action: 'update',
      before: toTemplate(before),
      after: toTemplate(row),
    });
    return toTemplate(row);
  });
}

async function deleteTemplate(db: Db, principal: Principal, companyId: number, id: number) {
  await db.transaction(async (tx) => {
    const removed = await repository.deleteTemplate(tx, companyId, id);
    if (!removed) throw Errors.notFound('taskTemplateNotFound');
    await writeAudit(tx, {
      companyId,
      userId: principal.userId,
      entity: TEMPLATE_ENTITY,
      entityId: id,
      action: 'delete',
      before: toTemplate(removed),
    });
  });
  return null;
}

export async function addTaskTemplate(
  db: Db,
  principal: Principal,
  input: TaskTemplateFields & { companyId: number },
): Promise<TaskTemplate> {
  return addTemplate(db, principal, await companyIdOf(db, principal, input.companyId), input);
}

export async function updateTaskTemplate(
  db: Db,
  principal: Principal,
  input: TaskTemplateFields & { companyId: number; id: number },
): Promise<TaskTemplate> {
  return updateTemplate(db, principal, await companyIdOf(db, principal, input.companyId), input.id, input);
}

export async function deleteTaskTemplate(
  db: Db,
  principal: Principal,
  input: { companyId: number; id: number },
): Promise<null> {
  return deleteTemplate(db, principal, await companyIdOf(db, principal, input.companyId), input.id);
}

export function addGlobalTaskTemplate(db: Db, principal: Principal, fields: TaskTemplateFields) {
  return addTemplate(db, principal, GLOBAL_TEMPLATE_COMPANY_ID, fields);
}

export function updateGlobalTaskTemplate(
  db: Db,
  principal: Principal,
  input: TaskTemplateFields & { id: number },
) {
  return updateTemplate(db, principal, GLOBAL_TEMPLATE_COMPANY_ID, input.id, input);
}

export function deleteGlobalTaskTemplate(db: Db, principal: Principal, id: number) {
  return deleteTemplate(db, principal, GLOBAL_TEMPLATE_COMPANY_ID, id);
}
