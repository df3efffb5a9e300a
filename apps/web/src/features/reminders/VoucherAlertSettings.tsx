import type { ReminderSettings as Settings } from '@bilag/contracts';
import { Checkbox, Fieldset, Select, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { ReminderSection } from './ReminderSection';
import {
  type AlertChoices,
  HOURS,
  type ParsedVoucherAlertForm,
  parseVoucherAlertForm,
  toVoucherAlertFormValues,
  type VoucherAlertFormValues,
} from './reminder.form';
import { formatHour, formatNextSending, formatSentAt } from './reminder.format';
import { useSaveVoucherAlertMutation } from './reminder.mutations';

const HEADING_ID = 'voucher-alert-settings-title';
const NO_CHOICE = { onVoucherArrived: false, onTransactionMissing: false };

type VoucherAlertSettingsProps = { companyId: number };

/**
 * The company's daily voucher alert: which members are told of vouchers that arrived by e-mail or EHF,
 * and of bank transactions that came in without one, and at what hour.
 */
export function VoucherAlertSettings({ companyId }: VoucherAlertSettingsProps) {
  const { t } = useTranslation();
  return (
    <ReminderSection
      companyId={companyId}
      headingId={HEADING_ID}
      testId="voucher-alert-settings"
      title={t('reminders.alert.title')}
      description={t('reminders.alert.description')}
    >
      {(data, canEdit) => (
        <VoucherAlertForm
          key={data.voucherAlert?.updatedAt ?? 'new'}
          companyId={companyId}
          settings={data}
          canEdit={canEdit}
        />
      )}
    </ReminderSection>
  );
}

type VoucherAlertFormProps = { companyId: number; settings: Settings; canEdit: boolean };

function VoucherAlertForm({ companyId, settings, canEdit }: VoucherAlertFormProps) {
  const { t } = useTranslation();
  const save = useSaveVoucherAlertMutation(companyId);
  const initial = toVoucherAlertFormValues(settings.voucherAlert);
  const form = useParsedForm<VoucherAlertFormValues, ParsedVoucherAlertForm>(initial, parseVoucherAlertForm);
  const { values, setValue, errorText } = form;
  const alert = settings.voucherAlert;

  function onChoose(userId: number, change: Partial<AlertChoices[string]>) {
    const key = String(userId);
    setValue('choices', { ...values.choices, [key]: { ...(values.choices[key] ?? NO_CHOICE), ...change } });
  }

  return (
    <form
      onSubmit={form.submit(({ fields }) => save.mutate({ id: alert?.id, fields }))}
      noValidate
      aria-labelledby={HEADING_ID}
      data-testid="voucher-alert-form"
    >
      <Stack gap="md">
        <Fieldset variant="unstyled" disabled={!canEdit || save.isPending}>
          <Stack gap="md">
            <Switch
              label={t('reminders.alert.isActive')}
              checked={values.isActive}
              onChange={(event) => setValue('isActive', event.currentTarget.checked)}
              data-testid="voucher-alert-active"
            />
            <Select
              label={t('reminders.hour')}
              description={t('reminders.alert.hourHint')}
              data={HOURS.map((hour) => ({ value: String(hour), label: formatHour(hour) }))}
              value={values.hour}
              onChange={(value) => value && setValue('hour', value)}
              error={errorText('hour')}
              allowDeselect={false}
              maw={320}
              data-testid="voucher-alert-hour"
            />
            {settings.members.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="voucher-alert-no-members">
                {t('reminders.noMembers')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={520}>
                <Table
                  verticalSpacing="xs"
                  aria-label={t('reminders.alert.tableCaption')}
                  data-testid="voucher-alert-members"
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('reminders.alert.member')}</Table.Th>
                      <Table.Th scope="col">{t('reminders.alert.onVoucherArrived')}</Table.Th>
                      <Table.Th scope="col">{t('reminders.alert.onTransactionMissing')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {settings.members.map((member) => {
                      const choice = values.choices[String(member.userId)] ?? NO_CHOICE;
                      return (
                        <Table.Tr key={member.userId} data-testid="voucher-alert-member">
                          <Table.Th scope="row" fw="normal">
                            <Text size="sm" fw={500}>
                              {member.fullName}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {member.email}
                            </Text>
                          </Table.Th>
                          <Table.Td>
                            <Checkbox
                              aria-label={t('reminders.alert.onVoucherArrivedFor', { name: member.fullName })}
                              checked={choice.onVoucherArrived}
                              onChange={(event) =>
                                onChoose(member.userId, { onVoucherArrived: event.currentTarget.checked })
                              }
                              data-testid="voucher-alert-arrived"
                            />
                          </Table.Td>
                          <Table.Td>
                            <Checkbox
                              aria-label={t('reminders.alert.onTransactionMissingFor', {
                                name: member.fullName,
                              })}
                              checked={choice.onTransactionMissing}
                              onChange={(event) =>
                                onChoose(member.userId, { onTransactionMissing: event.currentTarget.checked })
                              }
                              data-testid="voucher-alert-missing"
                            />
                          </Table.Td>
                        </Table.Tr>
                      );
                    })}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {errorText('recipients') && (
              <Text size="sm" c="red" role="alert" data-testid="voucher-alert-recipients-error">
                {errorText('recipients')}
              </Text>
            )}
          </Stack>
        </Fieldset>
        <Stack gap={2} aria-live="polite" data-testid="voucher-alert-status">
          <Text size="sm">
            {alert?.nextSendingAt
              ? t('reminders.alert.next', { when: formatNextSending(alert.nextSendingAt, t) })
              : t(alert ? 'reminders.alert.off' : 'reminders.alert.notSet')}
          </Text>
          <Text size="sm" c="dimmed">
            {alert?.lastSentAt
              ? t('reminders.alert.lastSent', { when: formatSentAt(alert.lastSentAt) })
              : t('reminders.alert.neverSent')}
          </Text>
        </Stack>
        {canEdit ? (
          <FormFooter
            error={save.error}
            errorTestId="voucher-alert-save-failed"
            cancelLabel={t('reminders.undo')}
            onCancel={() => {
              form.reset(initial);
              save.reset();
            }}
            saveLabel={t('reminders.save')}
            isSaving={save.isPending}
            saveTestId="voucher-alert-save"
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('reminders.readOnly')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
