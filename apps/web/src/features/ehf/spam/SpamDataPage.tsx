import type { InboxChannel } from '@bilag/contracts';
import { Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateFormat, formatDate } from '../../../ui/dates';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryGate } from '../../../ui/QueryGate';
import { ListPager } from './ListPager';
import { SPAM_PAGE_SIZE, spamKeys } from './spam.queries';

function ChannelBadge({ channel }: { channel: InboxChannel }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={channel === 'ehf' ? 'blue' : 'grape'}>
      {t(channel === 'ehf' ? 'ehfSpam.channelEhf' : 'ehfSpam.channelEmail')}
    </Badge>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack gap={2} p="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      </Stack>
      {children}
    </Card>
  );
}

function EmptyRow({ columns, text }: { columns: number; text: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed" ta="center" py="md">
          {text}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** /admin-ehf/spam-data: what each entry blocked, the latest blocked arrivals, and senders to consider. */
export default function SpamDataPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.adminEhfSpamData')} – Bilag`);
  const [activityPage, setActivityPage] = useState(1);
  const [arrivalsPage, setArrivalsPage] = useState(1);
  const [entryFilter, setEntryFilter] = useState<{ id: number; name: string } | null>(null);
  const activity = useQuery(spamKeys.activity(activityPage));
  const arrivals = useQuery(spamKeys.arrivals(arrivalsPage, entryFilter?.id));
  const candidates = useQuery(spamKeys.candidates());

  function onShowArrivalsOf(entry: { id: number; name: string } | null) {
    setEntryFilter(entry);
    setArrivalsPage(1);
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('ehfSpam.data.title')} subtitle={t('ehfSpam.data.subtitle')} />

      <Section title={t('ehfSpam.data.entriesTitle')} description={t('ehfSpam.data.entriesText')}>
        <QueryGate query={activity} forbiddenTo="/unauthorized" isInset>
          {(data) => (
            <>
              <Table.ScrollContainer minWidth={800}>
                <Table verticalSpacing="xs" highlightOnHover aria-label={t('ehfSpam.data.entriesTitle')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ehfSpam.fields.name')}</Table.Th>
                      <Table.Th>{t('ehfSpam.data.sender')}</Table.Th>
                      <Table.Th ta="right">{t('ehfSpam.data.blockedEhf')}</Table.Th>
                      <Table.Th ta="right">{t('ehfSpam.data.blockedEmail')}</Table.Th>
                      <Table.Th>{t('ehfSpam.data.lastBlocked')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.length === 0 && <EmptyRow columns={6} text={t('ehfSpam.data.noEntries')} />}
                    {data.rows.map((entry) => (
                      <Table.Tr key={entry.id} data-testid={`spam-activity-${entry.id}`}>
                        <Table.Td fw={600}>{entry.name}</Table.Td>
                        <Table.Td>
                          {[entry.organisationNumber, entry.emailPattern].filter(Boolean).join(' · ')}
                        </Table.Td>
                        <Table.Td ta="right">{entry.blockedEhf}</Table.Td>
                        <Table.Td ta="right">{entry.blockedEmail}</Table.Td>
                        <Table.Td>
                          {entry.lastBlockedAt ? formatDate(entry.lastBlockedAt, DateFormat.dateTime) : '—'}
                        </Table.Td>
                        <Table.Td ta="right">
                          <Button
                            size="xs"
                            variant="subtle"
                            disabled={entry.blockedEhf + entry.blockedEmail === 0}
                            onClick={() => onShowArrivalsOf({ id: entry.id, name: entry.name })}
                          >
                            {t('ehfSpam.data.showArrivals')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListPager
                total={data.total}
                page={activityPage}
                pageSize={SPAM_PAGE_SIZE}
                onChange={setActivityPage}
              />
            </>
          )}
        </QueryGate>
      </Section>

      <Section
        title={
          entryFilter
            ? t('ehfSpam.data.arrivalsOfTitle', { name: entryFilter.name })
            : t('ehfSpam.data.arrivalsTitle')
        }
        description={t('ehfSpam.data.arrivalsText')}
      >
        {entryFilter && (
          <Button variant="subtle" size="xs" mx="md" mb="xs" onClick={() => onShowArrivalsOf(null)}>
            {t('ehfSpam.data.showAllArrivals')}
          </Button>
        )}
        <QueryGate query={arrivals} forbiddenTo="/unauthorized" isInset>
          {(data) => (
            <>
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="xs" highlightOnHover aria-label={t('ehfSpam.data.arrivalsTitle')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ehfSpam.data.receivedAt')}</Table.Th>
                      <Table.Th>{t('ehfSpam.data.channel')}</Table.Th>
                      <Table.Th>{t('ehfSpam.data.company')}</Table.Th>
                      <Table.Th>{t('ehfSpam.data.sender')}</Table.Th>
                      <Table.Th>{t('ehfSpam.data.subject')}</Table.Th>
                      <Table.Th>{t('ehfSpam.data.entry')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.length === 0 && <EmptyRow columns={6} text={t('ehfSpam.data.noArrivals')} />}
                    {data.rows.map((arrival) => (
                      <Table.Tr key={`${arrival.companyId}-${arrival.id}`} data-testid="blocked-arrival">
                        <Table.Td>{formatDate(arrival.receivedAt, DateFormat.dateTime)}</Table.Td>
                        <Table.Td>
                          <ChannelBadge channel={arrival.channel} />
                        </Table.Td>
                        <Table.Td>{arrival.companyName}</Table.Td>
                        <Table.Td>{arrival.senderName ?? arrival.senderAddress ?? '—'}</Table.Td>
                        <Table.Td>{arrival.subject ?? ''}</Table.Td>
                        <Table.Td>{arrival.spamSupplierName ?? '—'}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListPager
                total={data.total}
                page={arrivalsPage}
                pageSize={SPAM_PAGE_SIZE}
                onChange={setArrivalsPage}
              />
            </>
          )}
        </QueryGate>
      </Section>

      <Section title={t('ehfSpam.data.candidatesTitle')} description={t('ehfSpam.data.candidatesText')}>
        <QueryGate query={candidates} forbiddenTo="/unauthorized" isInset>
          {(rows) => (
            <Table.ScrollContainer minWidth={800}>
              <Table verticalSpacing="xs" highlightOnHover aria-label={t('ehfSpam.data.candidatesTitle')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('ehfSpam.data.sender')}</Table.Th>
                    <Table.Th>{t('ehfSpam.data.channel')}</Table.Th>
                    <Table.Th ta="right">{t('ehfSpam.data.refused')}</Table.Th>
                    <Table.Th ta="right">{t('ehfSpam.data.review')}</Table.Th>
                    <Table.Th ta="right">{t('ehfSpam.data.companies')}</Table.Th>
                    <Table.Th>{t('ehfSpam.data.lastReceived')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.length === 0 && <EmptyRow columns={6} text={t('ehfSpam.data.noCandidates')} />}
                  {rows.map((candidate) => (
                    <Table.Tr
                      key={`${candidate.channel}-${candidate.senderAddress}`}
                      data-testid="spam-candidate"
                    >
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {candidate.senderName ?? candidate.senderAddress}
                        </Text>
                        {candidate.senderName && (
                          <Text size="xs" c="dimmed">
                            {candidate.senderAddress}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <ChannelBadge channel={candidate.channel} />
                      </Table.Td>
                      <Table.Td ta="right">{candidate.refusedCount}</Table.Td>
                      <Table.Td ta="right">{candidate.reviewCount}</Table.Td>
                      <Table.Td ta="right">{candidate.companyCount}</Table.Td>
                      <Table.Td>{formatDate(candidate.lastReceivedAt, DateFormat.dateTime)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryGate>
      </Section>
    </Stack>
  );
}
