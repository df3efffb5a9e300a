import { Button, Group } from '@mantine/core';
import { IconListCheck, IconTag, IconTemplate, IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { authKeys } from '../auth';

/** The role action of the global templates, which only administrators keep. */
const GLOBAL_TEMPLATE_ACTION = 'admin.task.template';

/** The task area's own pages: the tasks, their labels and their templates (and the global ones for admins). */
export function TaskSectionNav() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const { pathname } = useLocation();
  const roleActions = useQuery(authKeys.roleActions());
  const sections = [
    { path: 'task', label: t('tasks.sections.tasks'), icon: IconListCheck },
    { path: 'task/label', label: t('tasks.sections.labels'), icon: IconTag },
    { path: 'task/template', label: t('tasks.sections.templates'), icon: IconTemplate },
    ...(roleActions.data?.actions.includes(GLOBAL_TEMPLATE_ACTION)
      ? [{ path: 'task/template-global', label: t('tasks.sections.globalTemplates'), icon: IconWorld }]
      : []),
  ];
  return (
    <Group component="nav" gap={4} aria-label={t('tasks.sections.label')} wrap="wrap">
      {sections.map((section) => {
        const to = companyPath(company, section.path);
        const isCurrent = pathname === to;
        const SectionIcon = section.icon;
        return (
          <Button
            key={section.path}
            component={Link}
            to={to}
            variant={isCurrent ? 'light' : 'subtle'}
            color={isCurrent ? undefined : 'gray'}
            size="compact-md"
            leftSection={<SectionIcon size={16} aria-hidden />}
            aria-current={isCurrent ? 'page' : undefined}
          >
            {section.label}
          </Button>
        );
      })}
    </Group>
  );
}
