import type { Division } from '@bilag/contracts';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { formatOrganisationNumber } from '@bilag/domain/validators/organisation-number';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconPencil, IconPlus, IconSitemap, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { authKeys } from '../auth';
import { divisionKeys } from './company-service.queries';
import { DivisionForm } from './DivisionForm';
import { useDeleteDivisionMutation } from './division.mutations';

type Editor = { division: Division | null; key: number; isOpen: boolean };

function EmptyDivisions({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="divisions-empty">
      <ThemeIcon variant="light" size={48} radius="xl" color="gray">
        <IconSitemap size={26} aria-hidden />
      </ThemeIcon>
      <Title order={2} fz="md">
        {t('companyServices.divisions.emptyTitle')}
      </Title>
      <Text size="sm" c="dimmed" ta="center" maw={460}>
        {canEdit
          ? t('companyServices.divisions.emptyText')
          : t('companyServices.divisions.emptyTextReadOnly')}
      </Text>
    </Stack>
  );
}

/** /{company}/admin-bank-division: the company's divisions, their organisation numbers and bank accounts. */
export default function DivisionsPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  useDocumentTitle(`${t('nav.divisions')} – ${company.Name} – Bilag`);
  const divisions = useQuery(divisionKeys.list(company.Id));
  const roleActions = useQuery(authKeys.roleActions());
  const canEdit = roleActions.data?.actions.includes('setting.edit') ?? false;
  const [editor, setEditor] = useState<Editor>({ division: null, key: 0, isOpen: false });
  const [toDelete, setToDelete] = useState<Division | null>(null);
  const remove = useDeleteDivisionMutation(company.Id);

  function onOpenEditor(division: Division | null) {
    setEditor((current) => ({ division, key: current.key + 1, isOpen: true }));
  }

  function onCloseEditor() {
    setEditor((current) => ({ ...current, isOpen: false }));
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('companyServices.divisions.title')}
        subtitle={t('companyServices.divisions.subtitle', { company: company.Name })}
      >
        {canEdit && (
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => onOpenEditor(null)}
            data-testid="division-add"
          >
            {t('companyServices.divisions.add')}
          </Button>
        )}
      </PageHeader>

      <Card withBorder radius="lg" padding={0}>
        <QueryGate
          query={divisions}
          errorTitle={t('companyServices.divisions.loadFailed')}
          forbiddenTo="/unauthorized"
          isInset
          isEmpty={(data) => data.length === 0}
          empty={<EmptyDivisions canEdit={canEdit} />}
        >
          {(data) => (
            <Table.ScrollContainer minWidth={760}>
              <Table
                verticalSpacing="sm"
                horizontalSpacing="lg"
                aria-label={t('companyServices.divisions.tableLabel')}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('companyServices.divisions.fields.name')}</Table.Th>
                    <Table.Th>{t('companyServices.divisions.fields.organisationNumber')}</Table.Th>
                    <Table.Th>{t('companyServices.divisions.fields.accounts')}</Table.Th>
                    {canEdit && (
                      <Table.Th>
                        <VisuallyHidden>{t('companyServices.divisions.actions')}</VisuallyHidden>
                      </Table.Th>
                    )}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((division) => (
                    <Table.Tr key={division.id} data-testid={`division-row-${division.id}`}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {division.name}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                        {formatOrganisationNumber(division.organisationNumber)}
                      </Table.Td>
                      <Table.Td>
                        {division.accounts.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            {t('companyServices.divisions.noAccountChosen')}
                          </Text>
                        ) : (
                          <Group gap={6}>
                            {division.accounts.map((account) => (
                              <Badge
                                key={account.companyBankId}
                                variant="light"
                                color="gray"
                                tt="none"
                                radius="sm"
                                style={{ fontVariantNumeric: 'tabular-nums' }}
                              >
                                {account.name
                                  ? `${account.name} (${formatAccountNumber(account.accountNumber)})`
                                  : formatAccountNumber(account.accountNumber)}
                              </Badge>
                            ))}
                          </Group>
                        )}
                      </Table.Td>
                      {canEdit && (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap" justify="flex-end">
                            <Tooltip label={t('companyServices.divisions.edit')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('companyServices.divisions.editNamed', { name: division.name })}
                                onClick={() => onOpenEditor(division)}
                              >
                                <IconPencil size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('companyServices.divisions.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="red"
                                aria-label={t('companyServices.divisions.deleteNamed', {
                                  name: division.name,
                                })}
                                onClick={() => setToDelete(division)}
                              >
                                <IconTrash size={18} aria-hidden />
                              </ActionIcon>
                            </Tooltip>
                          </Group>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryGate>
      </Card>

      <AppModal
        opened={editor.isOpen}
        onClose={onCloseEditor}
        size={560}
        fullScreenBelow="36em"
        title={
          editor.division ? t('companyServices.divisions.editTitle') : t('companyServices.divisions.addTitle')
        }
      >
        <DivisionForm
          key={editor.key}
          companyId={company.Id}
          division={editor.division}
          divisions={divisions.data ?? []}
          onDone={onCloseEditor}
        />
      </AppModal>

      <ConfirmModal
        opened={toDelete !== null}
        title={t('companyServices.divisions.deleteTitle')}
        text={t('companyServices.divisions.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('companyServices.divisions.delete')}
        cancelLabel={t('companyServices.cancel')}
        isPending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete, { onSettled: () => setToDelete(null) });
        }}
        data-testid="division-delete-confirm"
      />
    </Stack>
  );
}
