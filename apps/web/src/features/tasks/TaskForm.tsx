import { TASK_LIMITS, TASK_LINK_KINDS, type TaskFields, type TaskLinkKind } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import {
  Group,
  Input,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTextInput } from '../../ui/DateTextInput';
import { displayTimeZone } from '../../ui/dates';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { RichTextEditor } from './editor/LazyRichText';
import { TaskLabelBadge } from './TaskBadges';
import { applyTemplate, parseTaskForm, type TaskFormValues } from './task.form';
import { uploadTaskEditorImage } from './task.mutations';
import { taskKeys } from './task.queries';

type TaskFormProps = {
  companyId: number;
  initialValues: TaskFormValues;
  /** A task that exists: its note can be edited, and a template is no longer offered. */
  isEditing: boolean;
  isSaving: boolean;
  onSubmit: (fields: Required<TaskFields>) => void;
  onCancel: () => void;
};

/** Makes or changes a task: what it is, who does it by when, how it is labelled and what it needs. */
export function TaskForm({
  companyId,
  initialValues,
  isEditing,
  isSaving,
  onSubmit,
  onCancel,
}: TaskFormProps) {
  const { t } = useTranslation();
  const users = useQuery(taskKeys.assignableUsers(companyId));
  const labels = useQuery(taskKeys.labels(companyId));
  const templates = useQuery({ ...taskKeys.templates(companyId), enabled: !isEditing });
  const { values, setValue, setValues, errorText, submit } = useParsedForm<
    TaskFormValues,
    ReturnType<typeof parseTaskForm>
  >(initialValues, (typed) => parseTaskForm(typed, todayIsoDate(displayTimeZone())));
  // The description editor keeps its own text; a picked template gives it a new one to start from.
  const [descriptionVersion, setDescriptionVersion] = useState(0);

  function onPickTemplate(templateId: string | null) {
    const template = templates.data?.find((candidate) => String(candidate.id) === templateId);
    if (!template) {
      setValue('templateId', null);
      return;
    }
    setValues((current) => applyTemplate(current, template));
    setDescriptionVersion((version) => version + 1);
  }

  const labelsById = new Map((labels.data ?? []).map((label) => [String(label.id), label]));
  const linkKinds = TASK_LINK_KINDS.map((kind) => ({ value: kind, label: t(`tasks.link.kinds.${kind}`) }));

  return (
    <form onSubmit={submit(({ fields }) => onSubmit(fields))} noValidate data-testid="task-form">
      <Stack gap="md">
        {!isEditing && (templates.data?.length ?? 0) > 0 && (
          <Select
            label={t('tasks.fields.template')}
            description={t('tasks.form.templateHint')}
            placeholder={t('tasks.form.noTemplate')}
            data={(templates.data ?? []).map((template) => ({
              value: String(template.id),
              label:
                template.companyId === null
                  ? `${template.title} (${t('tasks.templates.global')})`
                  : template.title,
            }))}
            value={values.templateId}
            onChange={onPickTemplate}
            clearable
            searchable
            data-testid="task-template"
          />
        )}
        <TextInput
          label={t('tasks.fields.title')}
          value={values.title}
          onChange={(event) => setValue('title', event.currentTarget.value)}
          error={errorText('title')}
          maxLength={TASK_LIMITS.titleMax}
          required
          data-autofocus
          data-testid="task-title"
        />
        <Input.Wrapper
          label={t('tasks.fields.description')}
          error={errorText('description')}
          labelElement="div"
        >
          <RichTextEditor
            key={descriptionVersion}
            initialHtml={values.description}
            label={t('tasks.fields.description')}
            placeholder={t('tasks.form.descriptionPlaceholder')}
            mentionUsers={users.data ?? []}
            onUploadImage={(file) => uploadTaskEditorImage(companyId, file)}
            onChange={({ html, isUploading }) =>
              setValues((current) => ({ ...current, description: html, isDescriptionUploading: isUploading }))
            }
            data-testid="task-description"
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <MultiSelect
            label={t('tasks.fields.assignees')}
            placeholder={values.assigneeUserIds.length === 0 ? t('tasks.form.pickAssignees') : undefined}
            data={(users.data ?? []).map((user) => ({ value: String(user.id), label: user.fullName }))}
            value={values.assigneeUserIds}
            onChange={(picked) => setValue('assigneeUserIds', picked)}
            error={errorText('assigneeUserIds')}
            maxValues={TASK_LIMITS.maxAssignees}
            searchable
            clearable
            nothingFoundMessage={t('tasks.form.nobodyFound')}
            comboboxProps={{ withinPortal: true }}
            data-testid="task-assignees"
          />
          <DateTextInput
            label={t('tasks.fields.dueDate')}
            value={values.dueDate}
            onChange={(text) => setValue('dueDate', text)}
            error={errorText('dueDate')}
            data-testid="task-due-date"
          />
          <MultiSelect
            label={t('tasks.fields.labels')}
            placeholder={values.labelIds.length === 0 ? t('tasks.form.pickLabels') : undefined}
            data={(labels.data ?? []).map((label) => ({ value: String(label.id), label: label.name }))}
            renderOption={({ option }) => {
              const label = labelsById.get(option.value);
              return label ? <TaskLabelBadge label={label} /> : option.label;
            }}
            value={values.labelIds}
            onChange={(picked) => setValue('labelIds', picked)}
            error={errorText('labelIds')}
            maxValues={TASK_LIMITS.maxLabels}
            searchable
            clearable
            nothingFoundMessage={t('tasks.form.noLabelsFound')}
            comboboxProps={{ withinPortal: true }}
            data-testid="task-labels"
          />
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <Select
              label={t('tasks.fields.link')}
              placeholder={t('tasks.link.none')}
              data={linkKinds}
              value={values.linkKind}
              onChange={(kind) => setValue('linkKind', kind as TaskLinkKind | null)}
              clearable
              w={160}
              data-testid="task-link-kind"
            />
            <TextInput
              label={t('tasks.fields.linkId')}
              value={values.linkId}
              onChange={(event) => setValue('linkId', event.currentTarget.value)}
              error={errorText('linkId')}
              disabled={values.linkKind === null}
              inputMode="numeric"
              maxLength={10}
              style={{ flex: 1 }}
              data-testid="task-link-id"
            />
          </Group>
        </SimpleGrid>
        <Group gap="xl">
          <Switch
            label={t('tasks.fields.isRequireNote')}
            checked={values.isRequireNote}
            onChange={(event) => setValue('isRequireNote', event.currentTarget.checked)}
            data-testid="task-require-note"
          />
          <Switch
            label={t('tasks.fields.isRequireVoucher')}
            checked={values.isRequireVoucher}
            onChange={(event) => setValue('isRequireVoucher', event.currentTarget.checked)}
            data-testid="task-require-voucher"
          />
        </Group>
        {isEditing && (
          <Textarea
            label={t('tasks.fields.note')}
            value={values.content}
            onChange={(event) => setValue('content', event.currentTarget.value)}
            error={errorText('content')}
            maxLength={TASK_LIMITS.noteMax}
            autosize
            minRows={2}
            maxRows={8}
            data-testid="task-note"
          />
        )}
        <FormFooter
          cancelLabel={t('tasks.form.cancel')}
          onCancel={onCancel}
          saveLabel={isEditing ? t('tasks.form.save') : t('tasks.form.create')}
          isSaving={isSaving}
          saveTestId="task-save"
        />
      </Stack>
    </form>
  );
}
