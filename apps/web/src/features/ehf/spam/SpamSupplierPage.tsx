import type { SpamSupplier } from '@bilag/contracts';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { IconBan, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../ui/AppModal';
import { ConfirmModal } from '../../../ui/ConfirmModal';
import { formatDate } from '../../../ui/dates';
import { PageHeader } from '../../../ui/PageHeader';
import { SearchListCard } from '../../../ui/SearchListCard';
import { ListPager } from './ListPager';
import { SpamSupplierForm } from './SpamSupplierForm';
import { useDeleteSpamSupplierMutation } from './spam.mutations';
import { SPAM_PAGE_SIZE, spamKeys } from './spam.queries';

type Editor = { entry: SpamSupplier | null; key: number; isOpen: boolean };

const SEARCH_DELAY_MS = 300;

/** /admin-ehf/spam: the senders whose EHF and e-mail are blocked, kept by administrators. */
export default function SpamSupplierPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.adminEhfSpam')} – Bilag`);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const list = useQuery(spamKeys.list(debouncedSearch, page));
  const [editor, setEditor] = useState<Editor>({ entry: null, key: 0, isOpen: false });
  const [toDelete, setToDelete] = useState<SpamSupplier | null>(null);
  const remove = useDeleteSpamSupplierMutation();

  function onSearch(text: string) {
    setSearch(text);
    setPage(1);
  }

  function onOpenEditor(entry: SpamSupplier | null) {
    setEditor((current) => ({ entry, key: current.key + 1, isOpen: true }));
  }

  function onCloseEditor() {
    setEditor((current) => ({ ...current, isOpen: false }));
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('ehfSpam.title')} subtitle={t('ehfSpam.subtitle')}>
        <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => onOpenEditor(null)}>
          {t('ehfSpam.add')}
        </Button>
      </PageHeader>

      <SearchListCard
        search={{
          label: t('ehfSpam.search'),
          placeholder: t('ehfSpam.searchPlaceholder'),
          value: search,
          onChange: onSearch,
          count: list.data ? t('ehfSpam.count', { count: list.data.total }) : undefined,
          isFetching: list.isFetching,
          searchTestId: 'spam-search',
          countTestId: 'spam-count',
        }}
        query={list}
        forbiddenTo="/unauthorized"
        isEmpty={(data) => data.rows.length === 0}
        empty={{
          icon: <IconBan size={28} aria-hidden />,
          title: debouncedSearch ? t('ehfSpam.noMatchTitle') : t('ehfSpam.emptyTitle'),
          description: debouncedSearch ? t('ehfSpam.noMatchText') : t('ehfSpam.emptyText'),
        }}
        table={{ label: t('ehfSpam.tableLabel'), minWidth: 960 }}
        head={
          <Table.Tr>
            <Table.Th>{t('ehfSpam.fields.name')}</Table.Th>
            <Table.Th>{t('ehfSpam.fields.organisationNumber')}</Table.Th>
            <Table.Th>{t('ehfSpam.fields.emailPattern')}</Table.Th>
            <Table.Th>{t('ehfSpam.fields.scope')}</Table.Th>
            <Table.Th>{t('ehfSpam.fields.reason')}</Table.Th>
            <Table.Th>{t('ehfSpam.fields.createdAt')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('ehfSpam.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        }
      >
        {(data) => (
          <>
            {data.rows.map((entry) => (
              <Table.Tr key={entry.id} data-testid={`spam-row-${entry.id}`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {entry.name}
                  </Text>
                </Table.Td>
                <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {entry.organisationNumber ?? '—'}
                </Table.Td>
                <Table.Td>{entry.emailPattern ?? '—'}</Table.Td>
                <Table.Td>
                  {entry.companyId === null ? (
                    <Badge variant="light" color="gray">
                      {t('ehfSpam.allCompanies')}
                    </Badge>
                  ) : (
                    <Text size="sm">{entry.companyName ?? entry.companyId}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2}>
                    {entry.reason ?? ''}
                  </Text>
                </Table.Td>
                <Table.Td>{formatDate(entry.createdAt)}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="flex-end">
                    <Tooltip label={t('ehfSpam.edit')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('ehfSpam.editNamed', { name: entry.name })}
                        onClick={() => onOpenEditor(entry)}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('ehfSpam.delete')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('ehfSpam.deleteNamed', { name: entry.name })}
                        onClick={() => setToDelete(entry)}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </>
        )}
      </SearchListCard>
      {list.data && (
        <ListPager total={list.data.total} page={page} pageSize={SPAM_PAGE_SIZE} onChange={setPage} />
      )}

      <AppModal
        opened={editor.isOpen}
        onClose={onCloseEditor}
        size={520}
        title={editor.entry ? t('ehfSpam.editTitle') : t('ehfSpam.addTitle')}
      >
        <SpamSupplierForm key={editor.key} entry={editor.entry} onDone={onCloseEditor} />
      </AppModal>

      <ConfirmModal
        opened={toDelete !== null}
        title={t('ehfSpam.deleteTitle')}
        text={t('ehfSpam.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('ehfSpam.delete')}
        cancelLabel={t('ehfSpam.cancel')}
        isPending={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete, { onSettled: () => setToDelete(null) });
        }}
        data-testid="spam-delete-confirm"
      />
    </Stack>
  );
}
