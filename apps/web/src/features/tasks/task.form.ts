import {
  TASK_LIMITS,
  type TaskDetail,
  type TaskFields,
  type TaskLinkKind,
  type TaskTemplate,
} from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { readDate } from '../../ui/dates';
import type { FormErrors } from '../../ui/useParsedForm';

/** What the task form holds: text and choices as the person left them, read into the call's fields on save. */
export type TaskFormValues = {
  title: string;
  description: string;
  /** An image of the description is still uploading, so its address is not in the text yet. */
  isDescriptionUploading: boolean;
  /** The note written on the task; edited only on a task that exists. */
  content: string;
  assigneeUserIds: string[];
  labelIds: string[];
  dueDate: string;
  templateId: string | null;
  isRequireNote: boolean;
  isRequireVoucher: boolean;
  linkKind: TaskLinkKind | null;
  linkId: string;
};

export type ParsedTaskForm =
  | { isValid: true; fields: Required<TaskFields> }
  | { isValid: false; errors: FormErrors };

export const EMPTY_TASK_FORM: TaskFormValues = {
  title: '',
  description: '',
  isDescriptionUploading: false,
  content: '',
  assigneeUserIds: [],
  labelIds: [],
  dueDate: '',
  templateId: null,
  isRequireNote: false,
  isRequireVoucher: false,
  linkKind: null,
  linkId: '',
};

export function toTaskFormValues(task: TaskDetail): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    isDescriptionUploading: false,
    content: task.content,
    assigneeUserIds: task.assignees.map((user) => String(user.id)),
    labelIds: task.labels.map((label) => String(label.id)),
    dueDate: task.dueDate ? formatDate(task.dueDate) : '',
    templateId: task.templateId === 0 ? null : String(task.templateId),
    isRequireNote: task.isRequireNote,
    isRequireVoucher: task.isRequireVoucher,
    linkKind: task.link?.kind ?? null,
    linkId: task.link ? String(task.link.id) : '',
  };
}

/** A template picked in the form fills in its title, description and what the task requires. */
export function applyTemplate(values: TaskFormValues, template: TaskTemplate): TaskFormValues {
  return {
    ...values,
    templateId: String(template.id),
    title: template.title,
    description: template.description,
    isDescriptionUploading: false,
    isRequireNote: template.isRequireNote,
    isRequireVoucher: template.isRequireVoucher,
  };
}

const POSITIVE_ID = /^[1-9]\d{0,9}$/;

function readIds(values: readonly string[]): number[] {
  return values.filter((value) => POSITIVE_ID.test(value)).map(Number);
}

/** Reads the form into the fields of the create and update calls, or says what is wrong with it. */
export function parseTaskForm(values: TaskFormValues, today: string): ParsedTaskForm {
  const errors: FormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'tasks.form.errors.titleMissing';
  else if (title.length > TASK_LIMITS.titleMax)
    errors.title = { key: 'tasks.form.errors.titleTooLong', max: String(TASK_LIMITS.titleMax) };

  if (values.isDescriptionUploading) errors.description = 'tasks.form.errors.imageUploading';
  else if (values.description.length > TASK_LIMITS.richTextMax)
    errors.description = 'tasks.form.errors.descriptionTooLong';

  if (values.content.trim().length > TASK_LIMITS.noteMax)
    errors.content = { key: 'tasks.form.errors.noteTooLong', max: String(TASK_LIMITS.noteMax) };

  const dueDate = readDate(values.dueDate, today);
  if ('error' in dueDate) errors.dueDate = 'tasks.form.errors.dueDate';

  const linkId = values.linkId.trim();
  if (values.linkKind !== null && !POSITIVE_ID.test(linkId)) errors.linkId = 'tasks.form.errors.linkId';

  const assigneeUserIds = readIds(values.assigneeUserIds);
  if (assigneeUserIds.length > TASK_LIMITS.maxAssignees)
    errors.assigneeUserIds = {
      key: 'tasks.form.errors.tooManyAssignees',
      max: String(TASK_LIMITS.maxAssignees),
    };
  const labelIds = readIds(values.labelIds);
  if (labelIds.length > TASK_LIMITS.maxLabels)
    errors.labelIds = { key: 'tasks.form.errors.tooManyLabels', max: String(TASK_LIMITS.maxLabels) };

  if (Object.keys(errors).length > 0 || 'error' in dueDate) return { isValid: false, errors };
  return {
    isValid: true,
    fields: {
      title,
      description: values.description,
      content: values.content.trim(),
      dueDate: dueDate.date,
      assigneeUserIds,
      labelIds,
      templateId:
        values.templateId !== null && POSITIVE_ID.test(values.templateId) ? Number(values.templateId) : 0,
      isRequireNote: values.isRequireNote,
      isRequireVoucher: values.isRequireVoucher,
      link: values.linkKind === null ? null : { kind: values.linkKind, id: Number(linkId) },
    },
  };
}
