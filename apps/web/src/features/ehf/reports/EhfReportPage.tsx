import { EHF_REPORT_KINDS, type EhfReport, type EhfReportKind } from '@bilag/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../../ui/AppModal';
import { DateFormat, formatDate } from '../../../ui/dates';
import { formatPeriod } from '../../../ui/format';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryGate } from '../../../ui/QueryGate';
import { ListPager } from '../spam/ListPager';
import {
  useDownloadReportMutation,
  useGenerateReportMutation,
  useSendReportMutation,
} from './report.mutations';
import { REPORT_PAGE_SIZE, reportKeys } from './report.queries';

const STATE_COLOURS = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

/** The first and last day of the month before this one, in Oslo, as the period most reports are for. */
function lastMonth(): { from: string; to: string } {
  const today = formatDate(new Date(), DateFormat.isoDate);
  const [year = 2000, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

function GenerateForm() {
  const { t } = useTranslation();
  const generate = useGenerateReportMutation();
  const [kind, setKind] = useState<EhfReportKind>('transaction');
  const [period, setPeriod] = useState(lastMonth);
  const isBackwards = period.from !== '' && period.to !== '' && period.from > period.to;
  const isIncomplete = period.from === '' || period.to === '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isBackwards || isIncomplete) return;
    generate.mutate({ kind, ...period });
  }

  return (
    <Card
      withBorder
      radius="lg"
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="ehf-report-new"
    >
      <Stack gap="md">
        <Title order={2} size="h4" id="ehf-report-new">
          {t('ehfReports.newTitle')}
        </Title>
        <SegmentedControl
          aria-label={t('ehfReports.kind')}
          value={kind}
          onChange={(value) => setKind(value as EhfReportKind)}
          data={EHF_REPORT_KINDS.map((value) => ({ value, label: t(`ehfReports.kinds.${value}`) }))}
          w="fit-content"
        />
        <Text size="sm" c="dimmed">
          {t(`ehfReports.kindHelp.${kind}`)}
        </Text>
        <Group align="flex-start">
          <TextInput
            type="date"
            label={t('ehfReports.from')}
            value={period.from}
            onChange={(event) => setPeriod({ ...period, from: event.currentTarget.value })}
            required
          />
          <TextInput
            type="date"
            label={t('ehfReports.to')}
            value={period.to}
            onChange={(event) => setPeriod({ ...period, to: event.currentTarget.value })}
            error={isBackwards ? t('ehfReports.periodBackwards') : undefined}
            required
          />
        </Group>
        {generate.error && (
          <Alert color="red" role="alert">
            {generate.error.message}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={generate.isPending}
            disabled={isIncomplete}
          >
            {t('ehfReports.generate')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

function SendDialog({ report, onClose }: { report: EhfReport; onClose: () => void }) {
  const { t } = useTranslation();
  const send = useSendReportMutation();
  const [email, setEmail] = useState('');
  const [isMissing, setIsMissing] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (email.trim() === '') {
      setIsMissing(true);
      return;
    }
    setIsMissing(false);
    send.mutate({ report, email: email.trim() }, { onSuccess: onClose });
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">{t('ehfReports.sendText', { file: report.fileName ?? '' })}</Text>
        <TextInput
          type="email"
          label={t('ehfReports.email')}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={isMissing ? t('ehfReports.emailMissing') : send.error?.message}
          maxLength={254}
          required
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ehfReports.cancel')}
          </Button>
          <Button type="submit" leftSection={<IconMail size={18} aria-hidden />} loading={send.isPending}>
            {t('ehfReports.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StateBadge({ report }: { report: EhfReport }) {
  const { t } = useTranslation();
  const isWorking = report.state === 'queued' || report.state === 'running';
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="dot" tt="none" color={STATE_COLOURS[report.state]}>
        {t(`ehfReports.states.${report.state}`)}
      </Badge>
      {isWorking && <Loader size={14} aria-hidden />}
    </Group>
  );
}

/** /admin-ehf-report: the EHF end-user and transaction reports, made in the background, downloaded or mailed. */
export default function EhfReportPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.adminEhfReport')} – Bilag`);
  const [page, setPage] = useState(1);
  const reports = useQuery(reportKeys.list(page));
  const download = useDownloadReportMutation();
  const [sending, setSending] = useState<EhfReport | null>(null);

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('ehfReports.title')} subtitle={t('ehfReports.subtitle')} />
      <GenerateForm />
      <Card withBorder radius="lg" padding={0}>
        <Title order={2} size="h4" p="md">
          {t('ehfReports.listTitle')}
        </Title>
        <QueryGate
          query={reports}
          forbiddenTo="/unauthorized"
          isInset
          isEmpty={(data) => data.rows.length === 0}
          empty={
            <Text c="dimmed" ta="center" py="xl" data-testid="ehf-reports-empty">
              {t('ehfReports.empty')}
            </Text>
          }
        >
          {(data) => (
            <>
              <Table.ScrollContainer minWidth={980}>
                <Table verticalSpacing="xs" highlightOnHover aria-label={t('ehfReports.listTitle')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('ehfReports.kind')}</Table.Th>
                      <Table.Th>{t('ehfReports.period')}</Table.Th>
                      <Table.Th>{t('ehfReports.state')}</Table.Th>
                      <Table.Th ta="right">{t('ehfReports.rows')}</Table.Th>
                      <Table.Th>{t('ehfReports.createdAt')}</Table.Th>
                      <Table.Th>{t('ehfReports.sentTo')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.rows.map((report) => (
                      <Table.Tr key={report.id} data-testid={`ehf-report-${report.id}`}>
                        <Table.Td>{t(`ehfReports.kinds.${report.kind}`)}</Table.Td>
                        <Table.Td>{formatPeriod(report.from, report.to)}</Table.Td>
                        <Table.Td>
                          <StateBadge report={report} />
                          {report.error && (
                            <Text size="xs" c="red" mt={4}>
                              {report.error}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{report.rowCount ?? '—'}</Table.Td>
                        <Table.Td>
                          <Text size="sm">{formatDate(report.createdAt, DateFormat.dateTime)}</Text>
                          {report.createdByName && (
                            <Text size="xs" c="dimmed">
                              {report.createdByName}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{report.sentTo.join(', ') || '—'}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" justify="flex-end" wrap="nowrap">
                            <Button
                              size="xs"
                              variant="default"
                              leftSection={<IconDownload size={16} aria-hidden />}
                              disabled={report.state !== 'done'}
                              loading={download.isPending && download.variables.id === report.id}
                              onClick={() => download.mutate(report)}
                              aria-label={t('ehfReports.downloadNamed', {
                                file: report.fileName ?? report.id,
                              })}
                            >
                              {t('ehfReports.download')}
                            </Button>
                            <Button
                              size="xs"
                              variant="default"
                              leftSection={<IconMail size={16} aria-hidden />}
                              disabled={report.state !== 'done'}
                              onClick={() => setSending(report)}
                              aria-label={t('ehfReports.sendNamed', { file: report.fileName ?? report.id })}
                            >
                              {t('ehfReports.send')}
                            </Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <ListPager total={data.total} page={page} pageSize={REPORT_PAGE_SIZE} onChange={setPage} />
            </>
          )}
        </QueryGate>
      </Card>
      <AppModal
        opened={sending !== null}
        onClose={() => setSending(null)}
        title={t('ehfReports.sendTitle')}
        size={480}
      >
        {sending && <SendDialog report={sending} onClose={() => setSending(null)} />}
      </AppModal>
    </Stack>
  );
}
