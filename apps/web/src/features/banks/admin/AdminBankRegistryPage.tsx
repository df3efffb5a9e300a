import { AUTO_IMPORT_TEMPLATES, AutoImportTemplate, type Bank, BankStatus } from '@bilag/contracts';
import {
  Badge,
  Button,
  Group,
  Menu,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconBuildingBank, IconCircleCheck, IconCircleOff, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AppModal } from '../../../ui/AppModal';
import { PageHeader } from '../../../ui/PageHeader';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { SearchListCard } from '../../../ui/SearchListCard';
import { bankKeys } from '../bank.queries';
import { BankForm } from './BankForm';
import { summarisePrefixes } from './bank-admin.form';
import { bankGroupLabelKey, templateLabelKey } from './bank-admin.labels';
import { useSaveAutoImportMutation, useUpdateBankStatusMutation } from './bank-admin.mutations';
import { searchBanks } from './bank-admin.search';

const SEARCH_PARAM = 'q';
/** Most banks have one or two runs of registration numbers; the rest are shown on hover. */
const RANGES_SHOWN = 2;

type Editor = { bank: Bank | null; key: number };

function Prefixes({ prefixes }: { prefixes: string[] }) {
  const { t } = useTranslation();
  const ranges = summarisePrefixes(prefixes);
  if (ranges.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('bankAdmin.registry.noPrefixes')}
      </Text>
    );
  const hidden = ranges.length - RANGES_SHOWN;
  return (
    <Group gap={6} preventGrowOverflow={false}>
      <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {ranges.slice(0, RANGES_SHOWN).join(', ')}
      </Text>
      {hidden > 0 && (
        <Tooltip label={ranges.join(', ')} multiline w={320} withArrow>
          <Badge
            variant="light"
            color="gray"
            radius="sm"
            size="sm"
            tt="none"
            style={{ flexShrink: 0 }}
            tabIndex={0}
          >
            {t('bankAdmin.registry.morePrefixes', { count: hidden })}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** The registry of banks for administrators: who the banks are and which import statements on their own. */
export default function AdminBankRegistryPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const banks = useQuery(bankKeys.list());
  const saveAutoImport = useSaveAutoImportMutation();
  const updateStatus = useUpdateBankStatusMutation();
  const [editor, setEditor] = useState<Editor>({ bank: null, key: 0 });
  const [isEditorOpen, setIsEditorOpen] = useState(false);
  useDocumentTitle(`${t('nav.adminAutoImport')} – Bilag`);

  const query = searchParams.get(SEARCH_PARAM) ?? '';
  const rows = banks.data ? searchBanks(banks.data, query) : [];
  const busyBankId = saveAutoImport.isPending
    ? saveAutoImport.variables.bank.Id
    : updateStatus.isPending
      ? updateStatus.variables.bank.Id
      : undefined;

  function onSearch(text: string) {
    const next = new URLSearchParams(searchParams);
    if (text === '') next.delete(SEARCH_PARAM);
    else next.set(SEARCH_PARAM, text);
    setSearchParams(next, { replace: true });
  }

  function onOpenEditor(bank: Bank | null) {
    setEditor((current) => ({ bank, key: current.key + 1 }));
    setIsEditorOpen(true);
  }

  function onChooseTemplate(bank: Bank, value: string | null) {
    const template = AutoImportTemplate.safeParse(value);
    if (!template.success || template.data === bank.AutoImportTemplate) return;
    // Choosing a bank's first template is choosing to import its statements automatically.
    const isAutoImport = bank.AutoImportTemplate === null ? true : bank.IsAutoImport;
    saveAutoImport.mutate({ bank, template: template.data, isAutoImport });
  }

  function onSwitchAutoImport(bank: Bank, isAutoImport: boolean) {
    if (bank.AutoImportTemplate === null) return;
    saveAutoImport.mutate({ bank, template: bank.AutoImportTemplate, isAutoImport });
  }

  return (
    <Stack gap="lg" maw={1400}>
      <PageHeader title={t('bankAdmin.registry.title')} subtitle={t('bankAdmin.registry.subtitle')}>
        <Button
          leftSection={<IconPlus size={18} aria-hidden />}
          onClick={() => onOpenEditor(null)}
          data-testid="add-bank"
        >
          {t('bankAdmin.registry.add')}
        </Button>
      </PageHeader>

      <SearchListCard
        search={{
          label: t('bankAdmin.registry.search'),
          placeholder: t('bankAdmin.registry.searchPlaceholder'),
          value: query,
          onChange: onSearch,
          count: banks.data ? t('bankAdmin.registry.count', { count: rows.length }) : undefined,
          isFetching: banks.isFetching,
          searchTestId: 'bank-search',
          countTestId: 'bank-count',
        }}
        query={banks}
        forbiddenTo="/unauthorized"
        isEmpty={() => rows.length === 0}
        empty={{
          icon: <IconBuildingBank size={28} aria-hidden />,
          title: t('bankAdmin.registry.emptyTitle'),
          description: t('bankAdmin.registry.emptyText'),
        }}
        table={{ label: t('bankAdmin.registry.tableLabel'), minWidth: 920 }}
        head={
          <Table.Tr>
            <Table.Th>{t('bankAdmin.fields.name')}</Table.Th>
            <Table.Th w={100}>{t('bankAdmin.fields.bic')}</Table.Th>
            <Table.Th w={180}>{t('bankAdmin.fields.prefixes')}</Table.Th>
            <Table.Th w={200}>{t('bankAdmin.fields.template')}</Table.Th>
            <Table.Th w={96}>{t('bankAdmin.fields.autoImport')}</Table.Th>
            <Table.Th w={90}>{t('bankAdmin.fields.status')}</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>{t('bankAdmin.registry.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        }
      >
        {() =>
          rows.map((bank) => {
            const isActive = bank.Status === BankStatus.ACTIVE;
            const isBusy = busyBankId === bank.Id;
            const groupLabel = t(bankGroupLabelKey(bank.BankGroup));
            return (
              <Table.Tr key={bank.Id} data-testid={`bank-row-${bank.Id}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {bank.Name}
                  </Text>
                  {groupLabel !== bank.Name && (
                    <Text size="xs" c="dimmed">
                      {groupLabel}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {bank.Bic}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Prefixes prefixes={bank.Prefixes} />
                </Table.Td>
                <Table.Td>
                  <Select
                    size="xs"
                    aria-label={t('bankAdmin.registry.templateFor', { bank: bank.Name })}
                    placeholder={t('bankAdmin.registry.chooseTemplate')}
                    data={AUTO_IMPORT_TEMPLATES.map((template) => ({
                      value: template,
                      label: t(templateLabelKey(template)),
                    }))}
                    value={bank.AutoImportTemplate}
                    onChange={(value) => onChooseTemplate(bank, value)}
                    allowDeselect={false}
                    disabled={isBusy}
                    miw={180}
                    data-testid={`template-${bank.Id}`}
                  />
                </Table.Td>
                <Table.Td>
                  <Tooltip
                    label={t('bankAdmin.registry.needsTemplate')}
                    disabled={bank.AutoImportTemplate !== null}
                    withArrow
                  >
                    <Switch
                      aria-label={t('bankAdmin.registry.autoImportFor', { bank: bank.Name })}
                      checked={bank.IsAutoImport}
                      onChange={(event) => onSwitchAutoImport(bank, event.currentTarget.checked)}
                      disabled={bank.AutoImportTemplate === null || isBusy}
                      data-testid={`auto-import-${bank.Id}`}
                    />
                  </Tooltip>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant={isActive ? 'light' : 'outline'}
                    color={isActive ? 'brand' : 'gray'}
                    radius="sm"
                    size="sm"
                    tt="none"
                    data-testid="bank-status"
                  >
                    {isActive ? t('bankAdmin.registry.active') : t('bankAdmin.registry.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <RowActionsMenu
                    label={t('bankAdmin.registry.actionsFor', { bank: bank.Name })}
                    editLabel={t('bankAdmin.registry.edit')}
                    onEdit={() => onOpenEditor(bank)}
                    data-testid={`bank-actions-${bank.Id}`}
                  >
                    <Menu.Item
                      leftSection={
                        isActive ? (
                          <IconCircleOff size={16} aria-hidden />
                        ) : (
                          <IconCircleCheck size={16} aria-hidden />
                        )
                      }
                      onClick={() =>
                        updateStatus.mutate({
                          bank,
                          status: isActive ? BankStatus.INACTIVE : BankStatus.ACTIVE,
                        })
                      }
                    >
                      {isActive ? t('bankAdmin.registry.deactivate') : t('bankAdmin.registry.activate')}
                    </Menu.Item>
                  </RowActionsMenu>
                </Table.Td>
              </Table.Tr>
            );
          })
        }
      </SearchListCard>

      <AppModal
        opened={isEditorOpen}
        onClose={() => setIsEditorOpen(false)}
        title={editor.bank ? t('bankAdmin.form.editTitle') : t('bankAdmin.form.addTitle')}
        size={560}
        fullScreenBelow="36em"
      >
        <BankForm key={editor.key} bank={editor.bank} onDone={() => setIsEditorOpen(false)} />
      </AppModal>
    </Stack>
  );
}
