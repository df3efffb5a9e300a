import type { TaskTemplate } from '@bilag/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPlus, IconTemplate, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ListEmpty } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { TaskSectionNav } from './TaskSectionNav';
import { TaskTemplateForm } from './TaskTemplateForm';
import { TaskTemplateList } from './TaskTemplateList';
import { taskKeys } from './task.queries';
import {
  type TemplateScope,
  useDeleteTaskTemplateMutation,
  useSaveTaskTemplateMutation,
} from './task-settings.mutations';

type Editor = { template: TaskTemplate | null; version: number; isOpen: boolean };

type TemplateManagerProps = {
  scope: TemplateScope;
  companyId: number;
  query: { data: TaskTemplate[] | undefined; isError: boolean; error: unknown; refetch: () => unknown };
  heading: string;
  emptyTitle: string;
  emptyText: string;
  forbiddenTo?: string;
};

/** One scope's templates in a card: listed, added, changed and deleted. */
export function TemplateManager({
  scope,
  companyId,
  query,
  heading,
  emptyTitle,
  emptyText,
  forbiddenTo,
}: TemplateManagerProps) {
  const { t } = useTranslation();
  const save = useSaveTaskTemplateMutation(scope);
  const remove = useDeleteTaskTemplateMutation(scope);
  const [editor, setEditor] = useState<Editor>({ template: null, version: 0, isOpen: false });
  const [toDelete, setToDelete] = useState<TaskTemplate | null>(null);

  function onOpenEditor(template: TaskTemplate | null) {
    setEditor((current) => ({ template, version: current.version + 1, isOpen: true }));
  }

  function onCloseEditor() {
    setEditor((current) => ({ ...current, isOpen: false }));
  }

  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-labelledby={`templates-${scope.kind}`}>
      <Group justify="space-between" p="md">
        <Title order={2} fz="lg" id={`templates-${scope.kind}`}>
          {heading}
        </Title>
        <Button
          size="sm"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onOpenEditor(null)}
          data-testid="template-new"
        >
          {t('tasks.templates.add')}
        </Button>
      </Group>
      <QueryGate
        query={query}
        isInset
        forbiddenTo={forbiddenTo}
        isEmpty={(data) => data.length === 0}
        empty={
          <ListEmpty
            icon={<IconTemplate size={28} aria-hidden />}
            title={emptyTitle}
            description={emptyText}
          />
        }
      >
        {(templates) => (
          <TaskTemplateList
            templates={templates}
            label={heading}
            onEdit={onOpenEditor}
            onDelete={setToDelete}
            data-testid={`templates-${scope.kind}`}
          />
        )}
      </QueryGate>

      <AppModal
        opened={editor.isOpen}
        onClose={onCloseEditor}
        size="xl"
        fullScreenBelow="48em"
        title={editor.template ? t('tasks.templates.editTitle') : t('tasks.templates.addTitle')}
      >
        <TaskTemplateForm
          key={editor.version}
          companyId={companyId}
          template={editor.template}
          isSaving={save.isPending}
          onSubmit={(fields) =>
            save.mutate({ id: editor.template?.id ?? null, fields }, { onSuccess: onCloseEditor })
          }
          onCancel={onCloseEditor}
        />
      </AppModal>
      <ConfirmModal
        opened={toDelete !== null}
        title={t('tasks.templates.deleteTitle')}
        text={t('tasks.templates.deleteText', { title: toDelete?.title ?? '' })}
        confirmLabel={t('tasks.templates.delete')}
        cancelLabel={t('tasks.form.cancel')}
        isPending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete, { onSettled: () => setToDelete(null) });
        }}
        data-testid="template-delete-confirm"
      />
    </Card>
  );
}

/** /{company}/task/template: the company's own templates, and the global ones it is offered. */
export default function TaskTemplatesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('tasks.templates.title')} – ${company.Name} – Bilag`);
  const templates = useQuery(taskKeys.templates(company.Id));
  const own = templates.data?.filter((template) => template.companyId !== null);
  const global = templates.data?.filter((template) => template.companyId === null) ?? [];

  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('tasks.templates.title')} subtitle={t('tasks.templates.subtitle')} />
      <TaskSectionNav />
      <TemplateManager
        scope={{ kind: 'company', companyId: company.Id }}
        companyId={company.Id}
        query={{ ...templates, data: own }}
        heading={t('tasks.templates.companyHeading', { company: company.Name })}
        emptyTitle={t('tasks.templates.emptyTitle')}
        emptyText={t('tasks.templates.emptyText')}
      />
      {global.length > 0 && (
        <Card
          withBorder
          radius="lg"
          padding={0}
          component="section"
          aria-labelledby="templates-global-offered"
        >
          <Stack gap={2} p="md">
            <Group gap="xs">
              <IconWorld size={18} aria-hidden />
              <Title order={2} fz="lg" id="templates-global-offered">
                {t('tasks.templates.globalHeading')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('tasks.templates.globalText')}
            </Text>
          </Stack>
          <TaskTemplateList
            templates={global}
            label={t('tasks.templates.globalHeading')}
            data-testid="templates-global-offered"
          />
        </Card>
      )}
    </Stack>
  );
}
