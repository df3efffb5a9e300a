import { Stack } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { PageHeader } from '../../ui/PageHeader';
import { TaskSectionNav } from './TaskSectionNav';
import { TemplateManager } from './TaskTemplatesPage';
import { taskKeys } from './task.queries';

/** /{company}/task/template-global: the templates every company is offered, kept by administrators. */
export default function GlobalTaskTemplatesPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('tasks.templates.globalTitle')} – Bilag`);
  const templates = useQuery(taskKeys.globalTemplates());
  return (
    <Stack gap="lg" maw={1100}>
      <PageHeader title={t('tasks.templates.globalTitle')} subtitle={t('tasks.templates.globalSubtitle')} />
      <TaskSectionNav />
      <TemplateManager
        scope={{ kind: 'global' }}
        companyId={company.Id}
        query={templates}
        heading={t('tasks.templates.globalHeading')}
        emptyTitle={t('tasks.templates.globalEmptyTitle')}
        emptyText={t('tasks.templates.globalEmptyText')}
        forbiddenTo="/unauthorized"
      />
    </Stack>
  );
}
