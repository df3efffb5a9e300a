import {
  TASK_LIMITS,
  TASK_RECURRENCE_MONTHS,
  type TaskRecurrence,
  type TaskTemplate,
  type TaskTemplateFields,
} from '@bilag/contracts';
import { formatDate } from '@bilag/domain/dates/norwegian-dates';
import { readDate } from '../../ui/dates';
import type { FormErrors } from '../../ui/useParsedForm';

export const MAX_LEAD_DAYS = 90;
const DEFAULT_LEAD_DAYS = 14;

export type TemplateFormValues = {
  title: string;
  description: string;
  isDescriptionUploading: boolean;
  isRequireNote: boolean;
  isRequireVoucher: boolean;
  isRecurring: boolean;
  everyMonths: string;
  firstDueDate: string;
  leadDays: number | string;
};

export type ParsedTemplateForm =
  | { isValid: true; fields: TaskTemplateFields }
  | { isValid: false; errors: FormErrors };

export function toTemplateFormValues(template: TaskTemplate | null): TemplateFormValues {
  return {
    title: template?.title ?? '',
    description: template?.description ?? '',
    isDescriptionUploading: false,
    isRequireNote: template?.isRequireNote ?? false,
    isRequireVoucher: template?.isRequireVoucher ?? false,
    isRecurring: template?.recurrence != null,
    everyMonths: String(template?.recurrence?.everyMonths ?? 1),
    firstDueDate: template?.recurrence ? formatDate(template.recurrence.firstDueDate) : '',
    leadDays: template?.recurrence?.leadDays ?? DEFAULT_LEAD_DAYS,
  };
}

function readEveryMonths(text: string): TaskRecurrence['everyMonths'] | undefined {
  return TASK_RECURRENCE_MONTHS.find((months) => String(months) === text);
}

function readRecurrence(
  values: TemplateFormValues,
  today: string,
  errors: FormErrors,
): TaskRecurrence | null | undefined {
  if (!values.isRecurring) return null;
  const everyMonths = readEveryMonths(values.everyMonths);
  if (everyMonths === undefined) errors.everyMonths = 'tasks.templates.errors.everyMonths';
  const firstDueDate = readDate(values.firstDueDate, today);
  if ('error' in firstDueDate || firstDueDate.date === null)
    errors.firstDueDate = 'tasks.templates.errors.firstDueDate';
  const leadDays = typeof values.leadDays === 'number' ? values.leadDays : Number.NaN;
  if (!Number.isInteger(leadDays) || leadDays < 0 || leadDays > MAX_LEAD_DAYS)
    errors.leadDays = { key: 'tasks.templates.errors.leadDays', max: String(MAX_LEAD_DAYS) };
  if (everyMonths === undefined || 'error' in firstDueDate || firstDueDate.date === null) return undefined;
  return { everyMonths, firstDueDate: firstDueDate.date, leadDays };
}

/** Reads the template form into the fields of the template calls, or says what is wrong with it. */
export function parseTemplateForm(values: TemplateFormValues, today: string): ParsedTemplateForm {
  const errors: FormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'tasks.form.errors.titleMissing';
  else if (title.length > TASK_LIMITS.titleMax)
    errors.title = { key: 'tasks.form.errors.titleTooLong', max: String(TASK_LIMITS.titleMax) };
  if (values.isDescriptionUploading) errors.description = 'tasks.form.errors.imageUploading';
  const recurrence = readRecurrence(values, today, errors);
  if (Object.keys(errors).length > 0 || recurrence === undefined) return { isValid: false, errors };
  return {
    isValid: true,
    fields: {
      title,
      description: values.description,
      isRequireNote: values.isRequireNote,
      isRequireVoucher: values.isRequireVoucher,
      recurrence,
    },
  };
}
