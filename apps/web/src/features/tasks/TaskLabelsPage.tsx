import { TASK_LABEL_COLORS, TASK_LIMITS, type TaskLabel, type TaskLabelColor } from '@bilag/contracts';
import {
  ActionIcon,
  Button,
  Card,
  ColorSwatch,
  Group,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck, IconPencil, IconPlus, IconTag, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { FormFooter } from '../../ui/FormFooter';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { TaskLabelBadge } from './TaskBadges';
import { TaskSectionNav } from './TaskSectionNav';
import { taskKeys } from './task.queries';
import { useDeleteTaskLabelMutation, useSaveTaskLabelMutation } from './task-settings.mutations';

/** The theme's named colours as swatches, one of them chosen; each is named for screen readers. */
function LabelColorPicker({
  value,
  onChange,
}: {
  value: TaskLabelColor;
  onChange: (color: TaskLabelColor) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('tasks.labels.color')}
      value={value}
      onChange={(picked) => onChange(picked as TaskLabelColor)}
    >
      <Group gap={8} mt={6} wrap="wrap">
        {TASK_LABEL_COLORS.map((color) => (
          <Radio.Card
            key={color}
            value={color}
            radius="xl"
            w={30}
            h={30}
            withBorder={false}
            aria-label={t(`tasks.labels.colors.${color}`)}
            title={t(`tasks.labels.colors.${color}`)}
            style={{
              background: `var(--mantine-color-${color}-filled)`,
              outline: color === value ? '2px solid var(--mantine-color-text)' : undefined,
              outlineOffset: 2,
            }}
            data-testid={`label-color-${color}`}
          >
            {color === value && (
              <Group justify="center" h="100%">
                <IconCheck size={16} color="white" aria-hidden />
              </Group>
            )}
          </Radio.Card>
        ))}
      </Group>
    </Radio.Group>
  );
}

function TaskLabelForm({
  companyId,
  label,
  onDone,
}: {
  companyId: number;
  label: TaskLabel | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveTaskLabelMutation(companyId);
  const [name, setName] = useState(label?.name ?? '');
  const [color, setColor] = useState<TaskLabelColor>(label?.color ?? 'blue');
  const [isNameMissing, setIsNameMissing] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (name.trim() === '') {
      setIsNameMissing(true);
      return;
    }
    save.mutate({ id: label?.id ?? null, input: { name: name.trim(), color } }, { onSuccess: onDone });
  }

  return (
    <form onSubmit={onSubmit} noValidate data-testid="label-form">
      <Stack gap="md">
        <TextInput
          label={t('tasks.labels.name')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setIsNameMissing(false);
          }}
          error={isNameMissing ? t('tasks.labels.nameMissing') : undefined}
          maxLength={TASK_LIMITS.labelNameMax}
          required
          data-autofocus
          data-testid="label-name"
        />
        <LabelColorPicker value={color} onChange={setColor} />
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('tasks.labels.preview')}
          </Text>
          <TaskLabelBadge label={{ name: name.trim() || t('tasks.labels.name'), color }} />
        </Group>
        <FormFooter
          cancelLabel={t('tasks.form.cancel')}
          onCancel={onDone}
          saveLabel={t('tasks.form.save')}
          isSaving={save.isPending}
          saveTestId="label-save"
        />
      </Stack>
    </form>
  );
}

type Editor = { label: TaskLabel | null; version: number; isOpen: boolean };

/** /{company}/task/label: the company's task labels, each a name and a colour. */
export default function TaskLabelsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('tasks.labels.title')} – ${company.Name} – Bilag`);
  const labels = useQuery(taskKeys.labels(company.Id));
  const remove = useDeleteTaskLabelMutation(company.Id);
  const [editor, setEditor] = useState<Editor>({ label: null, version: 0, isOpen: false });
  const [toDelete, setToDelete] = useState<TaskLabel | null>(null);

  function onOpenEditor(label: TaskLabel | null) {
    setEditor((current) => ({ label, version: current.version + 1, isOpen: true }));
  }

  function onCloseEditor() {
    setEditor((current) => ({ ...current, isOpen: false }));
  }

  return (
    <Stack gap="lg" maw={900}>
      <PageHeader title={t('tasks.labels.title')} subtitle={t('tasks.labels.subtitle')}>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => onOpenEditor(null)}
          data-testid="label-new"
        >
          {t('tasks.labels.add')}
        </Button>
      </PageHeader>
      <TaskSectionNav />
      <Card withBorder radius="lg" padding={0}>
        <QueryGate
          query={labels}
          isInset
          isEmpty={(data) => data.length === 0}
          empty={
            <ListEmpty
              icon={<IconTag size={28} aria-hidden />}
              title={t('tasks.labels.emptyTitle')}
              description={t('tasks.labels.emptyText')}
              data-testid="label-empty"
            />
          }
        >
          {(data) => (
            <Table verticalSpacing="sm" aria-label={t('tasks.labels.tableLabel')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('tasks.labels.name')}</Table.Th>
                  <Table.Th>{t('tasks.labels.color')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('tasks.labels.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((label) => (
                  <Table.Tr key={label.id} data-testid={`label-row-${label.id}`}>
                    <Table.Td>
                      <TaskLabelBadge label={label} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <ColorSwatch
                          color={`var(--mantine-color-${label.color}-filled)`}
                          size={16}
                          aria-hidden
                        />
                        <Text size="sm">{t(`tasks.labels.colors.${label.color}`)}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('tasks.labels.edit')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('tasks.labels.editNamed', { name: label.name })}
                            onClick={() => onOpenEditor(label)}
                          >
                            <IconPencil size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('tasks.labels.delete')}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('tasks.labels.deleteNamed', { name: label.name })}
                            onClick={() => setToDelete(label)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </QueryGate>
      </Card>

      <AppModal
        opened={editor.isOpen}
        onClose={onCloseEditor}
        size={480}
        title={editor.label ? t('tasks.labels.editTitle') : t('tasks.labels.addTitle')}
      >
        <TaskLabelForm
          key={editor.version}
          companyId={company.Id}
          label={editor.label}
          onDone={onCloseEditor}
        />
      </AppModal>
      <ConfirmModal
        opened={toDelete !== null}
        title={t('tasks.labels.deleteTitle')}
        text={t('tasks.labels.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('tasks.labels.delete')}
        cancelLabel={t('tasks.form.cancel')}
        isPending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete, { onSettled: () => setToDelete(null) });
        }}
        data-testid="label-delete-confirm"
      />
    </Stack>
  );
}
