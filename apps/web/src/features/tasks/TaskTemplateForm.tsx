import {
  TASK_LIMITS,
  TASK_RECURRENCE_MONTHS,
  type TaskTemplate,
  type TaskTemplateFields,
} from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import {
  Fieldset,
  Group,
  Input,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '../../ui/DateTextInput';
import { displayTimeZone } from '../../ui/dates';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { RichTextEditor } from './editor/LazyRichText';
import { uploadTaskEditorImage } from './task.mutations';
import { describeNextDueDates, describeRecurrence } from './task.recurrence';
import {
  MAX_LEAD_DAYS,
  type ParsedTemplateForm,
  parseTemplateForm,
  type TemplateFormValues,
  toTemplateFormValues,
} from './task-template.form';

type TaskTemplateFormProps = {
  companyId: number;
  template: TaskTemplate | null;
  isSaving: boolean;
  onSubmit: (fields: TaskTemplateFields) => void;
  onCancel: () => void;
};

/** A task template: what its tasks say and require, and whether (and how often) it makes them by itself. */
export function TaskTemplateForm({
  companyId,
  template,
  isSaving,
  onSubmit,
  onCancel,
}: TaskTemplateFormProps) {
  const { t } = useTranslation();
  const today = todayIsoDate(displayTimeZone());
  const { values, setValue, setValues, errorText, submit } = useParsedForm<
    TemplateFormValues,
    ParsedTemplateForm
  >(
    () => toTemplateFormValues(template),
    (typed) => parseTemplateForm(typed, today),
  );
  const preview = parseTemplateForm(values, today);
  const recurrence = preview.isValid ? preview.fields.recurrence : null;

  return (
    <form onSubmit={submit(({ fields }) => onSubmit(fields))} noValidate data-testid="template-form">
      <Stack gap="md">
        <TextInput
          label={t('tasks.fields.title')}
          value={values.title}
          onChange={(event) => setValue('title', event.currentTarget.value)}
          error={errorText('title')}
          maxLength={TASK_LIMITS.titleMax}
          required
          data-autofocus
          data-testid="template-title"
        />
        <Input.Wrapper
          label={t('tasks.fields.description')}
          error={errorText('description')}
          labelElement="div"
        >
          <RichTextEditor
            initialHtml={values.description}
            label={t('tasks.fields.description')}
            placeholder={t('tasks.form.descriptionPlaceholder')}
            onUploadImage={(file) => uploadTaskEditorImage(companyId, file)}
            onChange={({ html, isUploading }) =>
              setValues((current) => ({ ...current, description: html, isDescriptionUploading: isUploading }))
            }
            data-testid="template-description"
          />
        </Input.Wrapper>
        <Group gap="xl">
          <Switch
            label={t('tasks.fields.isRequireNote')}
            checked={values.isRequireNote}
            onChange={(event) => setValue('isRequireNote', event.currentTarget.checked)}
            data-testid="template-require-note"
          />
          <Switch
            label={t('tasks.fields.isRequireVoucher')}
            checked={values.isRequireVoucher}
            onChange={(event) => setValue('isRequireVoucher', event.currentTarget.checked)}
            data-testid="template-require-voucher"
          />
        </Group>
        <Fieldset legend={t('tasks.templates.recurrence')} radius="md">
          <Stack gap="sm">
            <Switch
              label={t('tasks.templates.isRecurring')}
              description={t('tasks.templates.isRecurringHint')}
              checked={values.isRecurring}
              onChange={(event) => setValue('isRecurring', event.currentTarget.checked)}
              data-testid="template-recurring"
            />
            {values.isRecurring && (
              <>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
                  <Select
                    label={t('tasks.templates.everyMonths')}
                    data={TASK_RECURRENCE_MONTHS.map((months) => ({
                      value: String(months),
                      label: t(`tasks.recurrence.every.${months}`),
                    }))}
                    value={values.everyMonths}
                    onChange={(value) => value && setValue('everyMonths', value)}
                    error={errorText('everyMonths')}
                    allowDeselect={false}
                    data-testid="template-every-months"
                  />
                  <DateTextInput
                    label={t('tasks.templates.firstDueDate')}
                    value={values.firstDueDate}
                    onChange={(text) => setValue('firstDueDate', text)}
                    error={errorText('firstDueDate')}
                    required
                    data-testid="template-first-due-date"
                  />
                  <NumberInput
                    label={t('tasks.templates.leadDays')}
                    description={t('tasks.templates.leadDaysHint')}
                    value={values.leadDays}
                    onChange={(value) => setValue('leadDays', value)}
                    error={errorText('leadDays')}
                    min={0}
                    max={MAX_LEAD_DAYS}
                    allowDecimal={false}
                    allowNegative={false}
                    data-testid="template-lead-days"
                  />
                </SimpleGrid>
                {recurrence && (
                  <Text size="sm" c="dimmed" aria-live="polite" data-testid="template-recurrence-preview">
                    {describeRecurrence(recurrence, t)}. {describeNextDueDates(recurrence, today, t)}.
                  </Text>
                )}
              </>
            )}
          </Stack>
        </Fieldset>
        <FormFooter
          cancelLabel={t('tasks.form.cancel')}
          onCancel={onCancel}
          saveLabel={t('tasks.form.save')}
          isSaving={isSaving}
          saveTestId="template-save"
        />
      </Stack>
    </form>
  );
}
