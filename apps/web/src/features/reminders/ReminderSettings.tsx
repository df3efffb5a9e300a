import { REMINDER_LIMITS, type ReminderSettings as Settings } from '@bilag/contracts';
import {
  Button,
  Fieldset,
  Group,
  Input,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { ReminderSection } from './ReminderSection';
import {
  DAYS_OF_MONTH,
  HOURS,
  type ParsedReminderForm,
  parseReminderForm,
  type ReminderFormValues,
  toReminderFormValues,
  WEEKDAYS,
} from './reminder.form';
import { formatHour, formatNextSending, formatSentAt, weekdayName } from './reminder.format';
import { useSaveReminderMutation, useSendReminderNowMutation } from './reminder.mutations';
import { reminderKeys } from './reminder.queries';

const HEADING_ID = 'reminder-settings-title';
/** How long a sending asked for is waited on before the last sending time stops being polled. */
const SEND_WAIT_MS = 60_000;
const SEND_POLL_MS = 2_000;

type ReminderSettingsProps = { companyId: number };

/**
 * The company's reminder about bank transactions without a voucher: when it goes out, to whom, and how
 * long a transaction may wait before it counts. Those who may only see the company's people see it
 * without changing it.
 */
export function ReminderSettings({ companyId }: ReminderSettingsProps) {
  const { t } = useTranslation();
  return (
    <ReminderSection
      companyId={companyId}
      headingId={HEADING_ID}
      testId="reminder-settings"
      title={t('reminders.reminder.title')}
      description={t('reminders.reminder.description')}
    >
      {(data, canEdit) => (
        <ReminderForm
          key={data.reminder?.updatedAt ?? 'new'}
          companyId={companyId}
          settings={data}
          canEdit={canEdit}
        />
      )}
    </ReminderSection>
  );
}

type ReminderFormProps = { companyId: number; settings: Settings; canEdit: boolean };

function ReminderForm({ companyId, settings, canEdit }: ReminderFormProps) {
  const { t } = useTranslation();
  const save = useSaveReminderMutation(companyId);
  const initial = toReminderFormValues(settings.reminder);
  const form = useParsedForm<ReminderFormValues, ParsedReminderForm>(initial, parseReminderForm);
  const { values, setValue, errorText } = form;
  const isChanged = JSON.stringify(values) !== JSON.stringify(initial);
  const memberOptions = settings.members.map((member) => ({
    value: String(member.userId),
    label: `${member.fullName} (${member.email})`,
  }));

  return (
    <form
      onSubmit={form.submit(({ fields }) => save.mutate({ id: settings.reminder?.id, fields }))}
      noValidate
      aria-labelledby={HEADING_ID}
      data-testid="reminder-form"
    >
      <Stack gap="md">
        <Fieldset variant="unstyled" disabled={!canEdit || save.isPending}>
          <Stack gap="md">
            <Switch
              label={t('reminders.reminder.isActive')}
              description={t('reminders.reminder.isActiveHint')}
              checked={values.isActive}
              onChange={(event) => setValue('isActive', event.currentTarget.checked)}
              data-testid="reminder-active"
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <Input.Wrapper
                label={t('reminders.reminder.frequency')}
                labelElement="div"
                id="reminder-frequency"
              >
                <SegmentedControl
                  aria-labelledby="reminder-frequency-label"
                  data={[
                    { value: 'weekly', label: t('reminders.reminder.weekly') },
                    { value: 'monthly', label: t('reminders.reminder.monthly') },
                  ]}
                  value={values.frequency}
                  onChange={(value) => setValue('frequency', value === 'monthly' ? 'monthly' : 'weekly')}
                  disabled={!canEdit}
                  fullWidth
                  data-testid="reminder-frequency"
                />
              </Input.Wrapper>
              {values.frequency === 'weekly' ? (
                <Select
                  label={t('reminders.reminder.weekday')}
                  data={WEEKDAYS.map((weekday) => ({
                    value: String(weekday),
                    label: weekdayName(weekday, t),
                  }))}
                  value={values.weekday}
                  onChange={(value) => value && setValue('weekday', value)}
                  error={errorText('weekday')}
                  allowDeselect={false}
                  data-testid="reminder-weekday"
                />
              ) : (
                <Select
                  label={t('reminders.reminder.dayOfMonth')}
                  description={t('reminders.reminder.dayOfMonthHint')}
                  data={DAYS_OF_MONTH.map((day) => ({ value: String(day), label: `${day}.` }))}
                  value={values.dayOfMonth}
                  onChange={(value) => value && setValue('dayOfMonth', value)}
                  error={errorText('dayOfMonth')}
                  allowDeselect={false}
                  data-testid="reminder-day-of-month"
                />
              )}
              <Select
                label={t('reminders.hour')}
                data={HOURS.map((hour) => ({ value: String(hour), label: formatHour(hour) }))}
                value={values.hour}
                onChange={(value) => value && setValue('hour', value)}
                error={errorText('hour')}
                allowDeselect={false}
                data-testid="reminder-hour"
              />
            </SimpleGrid>
            <NumberInput
              label={t('reminders.reminder.minDays')}
              description={t('reminders.reminder.minDaysHint')}
              value={values.minDaysWithoutVoucher}
              onChange={(value) => setValue('minDaysWithoutVoucher', value)}
              error={errorText('minDaysWithoutVoucher')}
              min={0}
              max={REMINDER_LIMITS.minDaysMax}
              allowDecimal={false}
              allowNegative={false}
              maw={320}
              data-testid="reminder-min-days"
            />
            <MultiSelect
              label={t('reminders.reminder.recipients')}
              description={
                memberOptions.length === 0 ? t('reminders.noMembers') : t('reminders.reminder.recipientsHint')
              }
              placeholder={values.recipientUserIds.length === 0 ? t('reminders.choosePeople') : undefined}
              data={memberOptions}
              value={values.recipientUserIds}
              onChange={(value) => setValue('recipientUserIds', value)}
              error={errorText('recipientUserIds')}
              searchable
              clearable
              nothingFoundMessage={t('reminders.noMemberFound')}
              data-testid="reminder-recipients"
            />
          </Stack>
        </Fieldset>
        <SendingStatus companyId={companyId} settings={settings} />
        {canEdit ? (
          <FormFooter
            error={save.error}
            errorTestId="reminder-save-failed"
            start={
              <SendNowButton
                companyId={companyId}
                isReady={settings.reminder !== null && settings.reminder.recipientUserIds.length > 0}
                isChanged={isChanged}
              />
            }
            cancelLabel={t('reminders.undo')}
            onCancel={() => {
              form.reset(initial);
              save.reset();
            }}
            saveLabel={t('reminders.save')}
            isSaving={save.isPending}
            saveTestId="reminder-save"
          />
        ) : (
          <Text size="sm" c="dimmed" data-testid="reminder-read-only">
            {t('reminders.readOnly')}
          </Text>
        )}
      </Stack>
    </form>
  );
}

/** When the reminder goes out next, and when it last went out (followed while a sending is on its way). */
function SendingStatus({ companyId, settings }: { companyId: number; settings: Settings }) {
  const { t } = useTranslation();
  const lastSent = useQuery(reminderKeys.lastSent(companyId));
  const lastSentAt = lastSent.data === undefined ? settings.lastTimeSendReminder : lastSent.data;
  const next = settings.reminder?.nextSendingAt ?? null;
  return (
    <Stack gap={2} aria-live="polite" data-testid="reminder-status">
      <Text size="sm">
        {next === null
          ? t(settings.reminder ? 'reminders.reminder.off' : 'reminders.reminder.notSet')
          : t('reminders.reminder.next', { when: formatNextSending(next, t) })}
      </Text>
      <Text size="sm" c="dimmed" data-testid="reminder-last-sent">
        {lastSentAt
          ? t('reminders.reminder.lastSent', { when: formatSentAt(lastSentAt) })
          : t('reminders.reminder.neverSent')}
      </Text>
    </Stack>
  );
}

type SendNowButtonProps = { companyId: number; isReady: boolean; isChanged: boolean };

/**
 * Sends the saved reminder now. The last sending time is then followed until the sending shows, since
 * it goes out from the job runner a moment later.
 */
function SendNowButton({ companyId, isReady, isChanged }: SendNowButtonProps) {
  const { t } = useTranslation();
  const sendNow = useSendReminderNowMutation(companyId);
  const [waiting, setWaiting] = useState<{ since: number; previous: string | null } | null>(null);
  const lastSent = useQuery({
    ...reminderKeys.lastSent(companyId),
    refetchInterval: (query) =>
      waiting !== null && query.state.data === waiting.previous && Date.now() - waiting.since < SEND_WAIT_MS
        ? SEND_POLL_MS
        : false,
  });

  function onSend() {
    sendNow.mutate(undefined, {
      onSuccess: () => setWaiting({ since: Date.now(), previous: lastSent.data ?? null }),
    });
  }

  const hint = !isReady
    ? t('reminders.reminder.sendNeedsSaved')
    : isChanged
      ? t('reminders.reminder.sendNeedsSaving')
      : null;
  return (
    <Group gap="sm" wrap="nowrap">
      <Button
        variant="light"
        leftSection={<IconSend size={16} aria-hidden />}
        onClick={onSend}
        loading={sendNow.isPending}
        disabled={hint !== null}
        aria-describedby={hint ? 'reminder-send-hint' : undefined}
        data-testid="reminder-send-now"
      >
        {t('reminders.reminder.sendNow')}
      </Button>
      {hint && (
        <Text size="xs" c="dimmed" id="reminder-send-hint">
          {hint}
        </Text>
      )}
    </Group>
  );
}
