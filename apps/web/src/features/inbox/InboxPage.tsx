import { INBOX_PAGE_SIZE, type InboxItem } from '@bilag/contracts';
import {
  Anchor,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconChecks, IconInbox, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { companyPath } from '../../app/company/company-path';
import { useLanguage } from '../../i18n/useLanguage';
import { DateFormat, formatDate } from '../../ui/dates';
import { useKeywordText } from '../../ui/FilterBar';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { InboxChannelMark, InboxStatusBadge } from './InboxBadges';
import { INBOX_READ_FILTERS, type InboxReadFilter, useInboxFilter } from './inbox.filter';
import { useMarkInboxReadMutation } from './inbox.mutations';
import { inboxKeys } from './inbox.queries';

/** What the detail page's way back returns to: the list as the person left it (search, filter, page). */
export type InboxListState = { listSearch: string };

type InboxRowProps = { item: InboxItem; href: string; state: InboxListState; onOpen: (href: string) => void };

function InboxRow({ item, href, state, onOpen }: InboxRowProps) {
  const { t } = useTranslation();
  const weight = item.isRead ? 400 : 700;
  const sender = item.senderName ?? item.senderAddress ?? t('inbox.unknownSender');
  return (
    <Table.Tr
      onClick={() => onOpen(href)}
      style={{ cursor: 'pointer' }}
      data-unread={!item.isRead || undefined}
      data-testid={`inbox-row-${item.uuid}`}
    >
      <Table.Td w={48}>
        <InboxChannelMark channel={item.channel} />
      </Table.Td>
      <Table.Td>
        <Anchor
          component={Link}
          to={href}
          state={state}
          size="sm"
          fw={weight}
          c="inherit"
          onClick={(event) => event.stopPropagation()}
        >
          {sender}
          {!item.isRead && <VisuallyHidden> ({t('inbox.unread')})</VisuallyHidden>}
        </Anchor>
        {item.senderName && item.senderAddress && (
          <Text size="xs" c="dimmed">
            {item.senderAddress}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={weight} lineClamp={1}>
          {item.subject ?? '–'}
        </Text>
        {item.reason && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {item.reason}
          </Text>
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <InboxStatusBadge status={item.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
        <Text size="sm" fw={weight}>
          <time dateTime={item.receivedAt}>{formatDate(item.receivedAt, DateFormat.dateTime)}</time>
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

export default function InboxPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const language = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const listState: InboxListState = { listSearch: location.search };
  useDocumentTitle(`${t('nav.inbox')} – ${company.Name} – Bilag`);
  const { filter, onChangeFilter } = useInboxFilter();
  const list = useQuery(inboxKeys.list(company.Id, filter, language));
  const markAll = useMarkInboxReadMutation(company.Id);
  const keyword = useKeywordText(filter.keyword, (submitted) => onChangeFilter({ keyword: submitted }));
  const { rows, summary, pagination } = usePagedList(list.data, {
    filter: { ...filter, pageSize: INBOX_PAGE_SIZE },
    onChangeFilter,
  });
  const isFiltered = filter.keyword !== undefined || filter.read !== 'all';
  const unread = list.data?.countUnRead ?? 0;

  return (
    <Stack gap="lg" maw={1200}>
      <PageHeader title={t('inbox.title')} subtitle={t('inbox.subtitle', { company: company.Name })}>
        <Button
          variant="light"
          leftSection={<IconChecks size={16} aria-hidden />}
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="inbox-mark-all"
        >
          {t('inbox.markAllRead')}
        </Button>
      </PageHeader>

      <ListCard
        filters={
          <Group gap="md" align="flex-end" wrap="wrap">
            <TextInput
              label={t('inbox.search.label')}
              placeholder={t('inbox.search.placeholder')}
              leftSection={<IconSearch size={16} aria-hidden />}
              type="search"
              value={keyword.text}
              onChange={(event) => keyword.onChange(event.currentTarget.value)}
              w={{ base: '100%', sm: 320 }}
              maxLength={200}
              data-testid="inbox-search"
            />
            <SegmentedControl
              aria-label={t('inbox.readFilter.label')}
              value={filter.read}
              onChange={(value) => onChangeFilter({ read: value as InboxReadFilter })}
              data={INBOX_READ_FILTERS.map((value) => ({ value, label: t(`inbox.readFilter.${value}`) }))}
              data-testid="inbox-read-filter"
            />
          </Group>
        }
        countRow={{
          summary: summary && `${summary} · ${t('inbox.unreadCount', { count: unread })}`,
          'data-testid': 'inbox-count',
        }}
        query={list}
        empty={{
          icon: <IconInbox size={28} aria-hidden />,
          title: isFiltered ? t('inbox.emptyFilteredTitle') : t('inbox.emptyTitle'),
          description: isFiltered ? t('inbox.emptyFilteredText') : t('inbox.emptyText'),
          'data-testid': 'inbox-empty',
        }}
        pagination={pagination}
      >
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label={t('inbox.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <VisuallyHidden>{t('inbox.columns.channel')}</VisuallyHidden>
                </Table.Th>
                <Table.Th>{t('inbox.columns.sender')}</Table.Th>
                <Table.Th>{t('inbox.columns.subject')}</Table.Th>
                <Table.Th>{t('inbox.columns.status')}</Table.Th>
                <Table.Th>{t('inbox.columns.received')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => (
                <InboxRow
                  key={item.id}
                  item={item}
                  href={companyPath(company, `inbox/${item.uuid}`)}
                  state={listState}
                  onOpen={(href) => navigate(href, { state: listState })}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListCard>
    </Stack>
  );
}
