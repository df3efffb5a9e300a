import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { QueryGate } from '../../ui/QueryGate';
import { ArrivalTable } from './ArrivalTable';
import { mailKeys } from './mail.queries';

const MEGABYTE = 1024 * 1024;

function Fact({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/** /admin-email/forwarding: the forwarding provider's view of the product's SMTP listener. */
export default function MailForwardingPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('nav.adminEmailForwarding')} – Bilag`);
  const forwarding = useQuery({ ...mailKeys.forwarding(), refetchInterval: 30_000 });
  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('mail.forwarding.title')} subtitle={t('mail.forwarding.subtitle')} />
      <QueryGate query={forwarding} forbiddenTo="/unauthorized">
        {(data) => (
          <>
            <Card withBorder radius="lg" component="section" aria-label={t('mail.forwarding.listenerTitle')}>
              <Group justify="space-between" mb="md">
                <Title order={2} size="h4">
                  {t('mail.forwarding.listenerTitle')}
                </Title>
                <Badge
                  color={data.listener.state === 'listening' ? 'green' : 'red'}
                  variant="dot"
                  radius="sm"
                  tt="none"
                  data-testid="listener-state"
                >
                  {t(`mail.forwarding.states.${data.listener.state}`)}
                </Badge>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
                <Fact label={t('mail.forwarding.domain')} value={`@${data.domain}`} testId="mail-domain" />
                <Fact
                  label={t('mail.forwarding.endpoint')}
                  value={`${data.listener.host}:${data.listener.port}`}
                />
                <Fact
                  label={t('mail.forwarding.limits')}
                  value={t('mail.forwarding.limitsValue', {
                    message: data.limits.maxMessageBytes / MEGABYTE,
                    attachments: data.limits.maxAttachments,
                    attachment: data.limits.maxAttachmentBytes / MEGABYTE,
                  })}
                />
                <Fact label={t('mail.forwarding.greeting')} value={data.listener.greeting ?? '—'} />
              </SimpleGrid>
            </Card>
            <Card
              withBorder
              radius="lg"
              padding={0}
              component="section"
              aria-label={t('mail.forwarding.daysTitle')}
            >
              <Title order={2} size="h4" p="md">
                {t('mail.forwarding.daysTitle')}
              </Title>
              <Table.ScrollContainer minWidth={500}>
                <Table verticalSpacing="xs" aria-label={t('mail.forwarding.daysTitle')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('mail.forwarding.day')}</Table.Th>
                      <Table.Th ta="right">{t('mail.forwarding.received')}</Table.Th>
                      <Table.Th ta="right">{t('mail.forwarding.vouchers')}</Table.Th>
                      <Table.Th ta="right">{t('mail.forwarding.refused')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.days.map((day) => (
                      <Table.Tr key={day.date} data-testid="forwarding-day">
                        <Table.Td>{day.date}</Table.Td>
                        <Table.Td ta="right">{day.received}</Table.Td>
                        <Table.Td ta="right">{day.vouchers}</Table.Td>
                        <Table.Td ta="right">{day.refused}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
            <Card
              withBorder
              radius="lg"
              padding={0}
              component="section"
              aria-label={t('mail.forwarding.lastTitle')}
            >
              <Title order={2} size="h4" p="md">
                {t('mail.forwarding.lastTitle')}
              </Title>
              <ArrivalTable rows={data.lastArrivals} label={t('mail.forwarding.lastTitle')} />
            </Card>
          </>
        )}
      </QueryGate>
    </Stack>
  );
}
