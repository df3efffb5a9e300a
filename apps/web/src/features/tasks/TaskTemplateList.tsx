import type { TaskTemplate } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconRepeat, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayTimeZone, formatDate } from '../../ui/dates';
import { describeNextDueDates, describeRecurrence } from './task.recurrence';

type TaskTemplateListProps = {
  templates: readonly TaskTemplate[];
  label: string;
  /** Without these the list is read-only, as the global templates are on a company's page. */
  onEdit?: (template: TaskTemplate) => void;
  onDelete?: (template: TaskTemplate) => void;
  'data-testid': string;
};

/** Templates with what their tasks require and, for the recurring ones, when they next come due. */
export function TaskTemplateList({
  templates,
  label,
  onEdit,
  onDelete,
  'data-testid': testId,
}: TaskTemplateListProps) {
  const { t } = useTranslation();
  const today = todayIsoDate(displayTimeZone());
  const isEditable = onEdit !== undefined || onDelete !== undefined;
  return (
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" aria-label={label} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('tasks.fields.title')}</Table.Th>
            <Table.Th>{t('tasks.templates.recurrence')}</Table.Th>
            <Table.Th>{t('tasks.fields.requires')}</Table.Th>
            <Table.Th>{t('tasks.templates.updated')}</Table.Th>
            {isEditable && (
              <Table.Th>
                <VisuallyHidden>{t('tasks.labels.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {templates.map((template) => (
            <Table.Tr key={template.id} data-testid={`template-row-${template.id}`}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {template.title}
                </Text>
              </Table.Td>
              <Table.Td>
                {template.recurrence ? (
                  <Stack gap={2}>
                    <Group gap={6} wrap="nowrap">
                      <IconRepeat size={14} aria-hidden />
                      <Text size="sm" data-testid="template-recurrence">
                        {describeRecurrence(template.recurrence, t)}
                      </Text>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {describeNextDueDates(template.recurrence, today, t)}
                    </Text>
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('tasks.templates.once')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {template.isRequireNote && (
                    <Badge variant="outline" color="gray" size="sm">
                      {t('tasks.requires.note')}
                    </Badge>
                  )}
                  {template.isRequireVoucher && (
                    <Badge variant="outline" color="gray" size="sm">
                      {t('tasks.requires.voucher')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm">{formatDate(template.updatedAt)}</Text>
              </Table.Td>
              {isEditable && (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {onEdit && (
                      <Tooltip label={t('tasks.templates.edit')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('tasks.templates.editNamed', { title: template.title })}
                          onClick={() => onEdit(template)}
                        >
                          <IconPencil size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {onDelete && (
                      <Tooltip label={t('tasks.templates.delete')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('tasks.templates.deleteNamed', { title: template.title })}
                          onClick={() => onDelete(template)}
                        >
                          <IconTrash size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
