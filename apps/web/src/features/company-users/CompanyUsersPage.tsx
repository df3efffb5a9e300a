import type { CompanyUser } from '@bilag/contracts';
import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import {
  IconBellRinging,
  IconCalculator,
  IconCircleCheck,
  IconInfoCircle,
  IconMailForward,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { useSession } from '../../app/session/session.store';
import { AppModal } from '../../ui/AppModal';
import { ConfirmModal } from '../../ui/ConfirmModal';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { KeywordInput, useKeywordText } from '../../ui/FilterBar';
import { ListCard, usePagedList } from '../../ui/PagedList';
import { PageHeader } from '../../ui/PageHeader';
import { authKeys } from '../auth';
import { companyKeys } from '../companies';
import { ReminderSettings, VoucherAlertSettings } from '../reminders';
import { AccountantsPanel } from './AccountantsPanel';
import { ChangeRoleForm } from './ChangeRoleForm';
import { CompanyUserTable } from './CompanyUserTable';
import { useCompanyUsersFilter } from './company-user.filter';
import { useRemoveCompanyUserMutation, useSetResponsibleAccountantMutation } from './company-user.mutations';
import { companyUserKeys } from './company-user.queries';
import { roleName } from './company-user.roles';
import { type InviteOutcome, InviteUserForm } from './InviteUserForm';

const TAB_PARAM = 'tab';
const USERS_TAB = 'users';
/** The tabs besides the people of the company, each with its own address (?tab=…). */
const OTHER_TABS = ['accountants', 'alerts'] as const;
type Tab = typeof USERS_TAB | (typeof OTHER_TABS)[number];

function readTab(value: string | null): Tab {
  return OTHER_TABS.find((tab) => tab === value) ?? USERS_TAB;
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'invite' }
  | { kind: 'role'; user: CompanyUser }
  | { kind: 'remove'; user: CompanyUser };

/**
 * /{company}/admin-users: the company's people and their roles, the bureau's accountants, and the
 * company's reminders and voucher alerts.
 */
export default function CompanyUsersPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ownUserId = useSession()?.User.Id;
  const roleActions = useQuery(authKeys.roleActions());
  const { filter, searchParams, onChangeFilter, onChangeSearchParams } = useCompanyUsersFilter();
  const users = useQuery(companyUserKeys.list(company.Id, filter));
  const keyword = useKeywordText(filter.keyword, (submitted) =>
    onChangeFilter({ keyword: submitted }, { isReplacing: true }),
  );
  const { rows, summary, pagination } = usePagedList(users.data, { filter, onChangeFilter });
  const setResponsible = useSetResponsibleAccountantMutation(company.Id);
  const removeUser = useRemoveCompanyUserMutation(company.Id);
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  // A fresh form each time a dialog opens.
  const [formKey, setFormKey] = useState(0);
  const [outcome, setOutcome] = useState<InviteOutcome>();
  useDocumentTitle(`${t('nav.companyUsers')} – ${company.Name} – Bilag`);

  const actions = roleActions.data?.actions ?? [];
  const canEditUsers = actions.includes('users.edit');
  const canChangeRoles = actions.includes('roles.edit');
  const grantableRoleIds = users.data?.grantableRoleIds ?? [];
  const tab = readTab(searchParams.get(TAB_PARAM));

  function onOpen(next: Dialog) {
    setFormKey((key) => key + 1);
    setDialog(next);
  }

  function onClose() {
    setDialog({ kind: 'none' });
  }

  function onInvited(result: InviteOutcome) {
    setOutcome(result);
    onClose();
  }

  function onAskRemove(user: CompanyUser) {
    removeUser.reset();
    onOpen({ kind: 'remove', user });
  }

  function onConfirmRemove() {
    if (dialog.kind !== 'remove') return;
    const isLeaving = dialog.user.Id === ownUserId;
    removeUser.mutate(dialog.user, {
      onSuccess: () => {
        onClose();
        if (!isLeaving) return;
        // Whoever removes themselves no longer has this company: their companies are read afresh.
        void queryClient.resetQueries({ queryKey: companyKeys.all() });
        navigate('/');
      },
    });
  }

  function onChangeTab(next: string | null) {
    onChangeSearchParams(
      (params) => {
        const chosen = readTab(next);
        if (chosen === USERS_TAB) params.delete(TAB_PARAM);
        else params.set(TAB_PARAM, chosen);
      },
      { isKeepingPage: true },
    );
  }

  const removing = dialog.kind === 'remove' ? dialog.user : undefined;

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader
        title={t('companyUsers.title')}
        subtitle={t('companyUsers.subtitle', { company: company.Name })}
      >
        {canEditUsers && grantableRoleIds.length > 0 && (
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => onOpen({ kind: 'invite' })}
            data-testid="add-company-user"
          >
            {t('companyUsers.invite.open')}
          </Button>
        )}
      </PageHeader>

      {outcome && (
        <Alert
          color="teal"
          variant="light"
          icon={
            outcome.outcome === 'invited' ? <IconMailForward aria-hidden /> : <IconCircleCheck aria-hidden />
          }
          title={t(
            outcome.outcome === 'invited'
              ? 'companyUsers.invite.invitedTitle'
              : 'companyUsers.invite.addedTitle',
            {
              name: outcome.user.FullName,
            },
          )}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setOutcome(undefined)}
          data-testid="invite-outcome"
        >
          {outcome.outcome === 'invited'
            ? t('companyUsers.invite.invitedText', { email: outcome.user.Email, company: company.Name })
            : t('companyUsers.invite.addedText', {
                name: outcome.user.FullName,
                role: roleName(outcome.user.RoleId, t),
              })}
        </Alert>
      )}

      <Tabs value={tab} onChange={onChangeTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab
            value={USERS_TAB}
            leftSection={<IconUsers size={16} aria-hidden />}
            data-testid="tab-users"
          >
            {t('companyUsers.tabs.users')}
          </Tabs.Tab>
          <Tabs.Tab
            value="accountants"
            leftSection={<IconCalculator size={16} aria-hidden />}
            data-testid="tab-accountants"
          >
            {t('companyUsers.tabs.accountants')}
          </Tabs.Tab>
          <Tabs.Tab
            value="alerts"
            leftSection={<IconBellRinging size={16} aria-hidden />}
            data-testid="tab-alerts"
          >
            {t('companyUsers.tabs.alerts')}
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value={USERS_TAB} pt="lg">
          <Stack gap="lg">
            {roleActions.data && !canEditUsers && (
              <Alert
                variant="light"
                color="blue"
                icon={<IconInfoCircle aria-hidden />}
                data-testid="read-only-note"
              >
                {t('companyUsers.readOnly')}
              </Alert>
            )}
            <ListCard
              query={users}
              filters={
                <Group
                  gap="sm"
                  align="flex-end"
                  wrap="wrap"
                  role="search"
                  aria-label={t('companyUsers.search')}
                >
                  <KeywordInput
                    label={t('companyUsers.search')}
                    placeholder={t('companyUsers.searchPlaceholder')}
                    keyword={keyword}
                  />
                </Group>
              }
              countRow={{ summary, 'data-testid': 'company-user-count' }}
              pagination={pagination}
              empty={{
                icon: <IconUsers size={28} aria-hidden />,
                title: t('companyUsers.emptyTitle'),
                description: filter.keyword ? t('companyUsers.emptyFiltered') : t('companyUsers.emptyText'),
                'data-testid': 'company-users-empty',
              }}
            >
              <CompanyUserTable
                users={rows}
                ownUserId={ownUserId}
                label={t('companyUsers.tableLabel', { company: company.Name })}
                actions={{
                  canChangeRoles,
                  canEditUsers,
                  onChangeRole: (user) => onOpen({ kind: 'role', user }),
                  onSetResponsible: (user, isResponsible) => setResponsible.mutate({ user, isResponsible }),
                  onRemove: onAskRemove,
                }}
              />
            </ListCard>
          </Stack>
        </Tabs.Panel>

        <Tabs.Panel value="accountants" pt="lg">
          <AccountantsPanel />
        </Tabs.Panel>

        <Tabs.Panel value="alerts" pt="lg">
          <Stack gap="lg">
            <ReminderSettings companyId={company.Id} />
            <VoucherAlertSettings companyId={company.Id} />
          </Stack>
        </Tabs.Panel>
      </Tabs>

      <AppModal
        opened={dialog.kind === 'invite'}
        onClose={onClose}
        title={t('companyUsers.invite.title', { company: company.Name })}
        size={560}
        fullScreenBelow="36em"
      >
        <InviteUserForm
          key={formKey}
          companyId={company.Id}
          companyName={company.Name}
          grantableRoleIds={grantableRoleIds}
          onDone={onInvited}
          onCancel={onClose}
        />
      </AppModal>

      <AppModal
        opened={dialog.kind === 'role'}
        onClose={onClose}
        title={
          dialog.kind === 'role' ? t('companyUsers.changeRole.title', { name: dialog.user.FullName }) : ''
        }
        size={520}
        fullScreenBelow="36em"
      >
        {dialog.kind === 'role' && (
          <ChangeRoleForm
            key={formKey}
            companyId={company.Id}
            user={dialog.user}
            grantableRoleIds={grantableRoleIds}
            onDone={onClose}
          />
        )}
      </AppModal>

      <ConfirmModal
        opened={removing !== undefined}
        title={t('companyUsers.remove.title')}
        text={
          <Stack gap="sm">
            <Text size="sm">
              {removing?.Id === ownUserId
                ? t('companyUsers.remove.textSelf', { company: company.Name })
                : t('companyUsers.remove.text', { name: removing?.FullName ?? '', company: company.Name })}
            </Text>
            {removeUser.isError && <ErrorAlert error={removeUser.error} />}
          </Stack>
        }
        confirmLabel={t('companyUsers.remove.confirm')}
        cancelLabel={t('companyUsers.cancel')}
        isPending={removeUser.isPending}
        onCancel={onClose}
        onConfirm={onConfirmRemove}
        data-testid="confirm-remove-company-user"
      />
    </Stack>
  );
}
