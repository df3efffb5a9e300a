import { Anchor, Badge, Card, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { IconCalculator } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { companyPath } from '../../app/company/company-path';
import { LoadingSpinner } from '../../ui/LoadingSpinner';
import { ListEmpty } from '../../ui/PagedList';
import { QueryGate } from '../../ui/QueryGate';
import { companyUserKeys } from './company-user.queries';
import { roleName } from './company-user.roles';

const RESPONSIBLE_PARAM = 'responsible';

/**
 * The bureau's accountants and the companies each works in, among the companies of the person looking,
 * with the companies they are responsible for marked; or only those responsible for some company.
 */
export function AccountantsPanel() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const isResponsibleOnly = searchParams.get(RESPONSIBLE_PARAM) === '1';
  const accountants = useQuery(companyUserKeys.accountants(isResponsibleOnly));

  function onSwitchResponsibleOnly(isChecked: boolean) {
    const next = new URLSearchParams(searchParams);
    if (isChecked) next.set(RESPONSIBLE_PARAM, '1');
    else next.delete(RESPONSIBLE_PARAM);
    setSearchParams(next, { replace: true });
  }

  return (
    <Card withBorder radius="lg" padding={0}>
      <Stack gap="sm" p="md">
        <Switch
          label={t('companyUsers.accountants.responsibleOnly')}
          description={t('companyUsers.accountants.responsibleOnlyHint')}
          checked={isResponsibleOnly}
          onChange={(event) => onSwitchResponsibleOnly(event.currentTarget.checked)}
          data-testid="responsible-only"
        />
        <Group justify="space-between" mih={24}>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="accountant-count">
            {accountants.data ? t('companyUsers.accountants.count', { count: accountants.data.total }) : ' '}
          </Text>
          {accountants.isFetching && <LoadingSpinner size="xs" />}
        </Group>
      </Stack>
      <QueryGate
        query={accountants}
        errorTitle={t('companyUsers.accountants.loadFailed')}
        isEmpty={(data) => data.rows.length === 0}
        empty={
          <ListEmpty
            icon={<IconCalculator size={28} aria-hidden />}
            title={t('companyUsers.accountants.emptyTitle')}
            description={t(
              isResponsibleOnly
                ? 'companyUsers.accountants.emptyResponsible'
                : 'companyUsers.accountants.emptyText',
            )}
            data-testid="accountants-empty"
          />
        }
        isInset
      >
        {(data) => (
          <Table.ScrollContainer minWidth={760}>
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label={t('companyUsers.accountants.title')}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('companyUsers.columns.name')}</Table.Th>
                  <Table.Th>{t('companyUsers.columns.role')}</Table.Th>
                  <Table.Th>{t('companyUsers.accountants.companies')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((accountant) => (
                  <Table.Tr key={accountant.Id} data-testid={`accountant-${accountant.Id}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {accountant.FullName}
                      </Text>
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {accountant.Email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{roleName(accountant.RoleId, t)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="wrap">
                        {accountant.Companies.map((company) => (
                          <Group key={company.CompanyId} gap={4} wrap="nowrap">
                            <Anchor component={Link} to={companyPath(company)} size="sm">
                              {company.Name}
                            </Anchor>
                            {company.IsResponsible && (
                              <Badge
                                size="sm"
                                radius="sm"
                                variant="dot"
                                color="teal"
                                tt="none"
                                data-testid="badge-responsible"
                              >
                                {t('companyUsers.accountants.responsible')}
                              </Badge>
                            )}
                          </Group>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryGate>
    </Card>
  );
}
