import { TASK_LIMITS, type TaskDetail, type TaskStatus } from '@bilag/contracts';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconCheck, IconPlayerPlay, IconRotateClockwise } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { submitOnCtrlEnter } from '../../ui/form-keys';
import { useChangeTaskStatusMutation } from './task.mutations';

type StatusStep = { status: TaskStatus; labelKey: StepLabelKey; icon: typeof IconCheck; isPrimary: boolean };

type StepLabelKey =
  | 'tasks.actions.start'
  | 'tasks.actions.finish'
  | 'tasks.actions.backToTodo'
  | 'tasks.actions.reopen';

const start: StatusStep = {
  status: 'in-progress',
  labelKey: 'tasks.actions.start',
  icon: IconPlayerPlay,
  isPrimary: false,
};
const finish: StatusStep = {
  status: 'done',
  labelKey: 'tasks.actions.finish',
  icon: IconCheck,
  isPrimary: true,
};

/** The steps a task can take from where it stands. */
const STEPS: Record<TaskStatus, StatusStep[]> = {
  todo: [start, finish],
  'in-progress': [
    finish,
    { status: 'todo', labelKey: 'tasks.actions.backToTodo', icon: IconArrowBackUp, isPrimary: false },
  ],
  done: [{ status: 'todo', labelKey: 'tasks.actions.reopen', icon: IconRotateClockwise, isPrimary: false }],
};

type FinishNoteModalProps = {
  opened: boolean;
  initialNote: string;
  isPending: boolean;
  onCancel: () => void;
  onFinish: (note: string) => void;
};

/** A task that requires a note is finished with one: the person writes what was done. */
function FinishNoteModal({ opened, initialNote, isPending, onCancel, onFinish }: FinishNoteModalProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState(initialNote);
  const [isMissing, setIsMissing] = useState(false);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (note.trim() === '') {
      setIsMissing(true);
      return;
    }
    onFinish(note.trim());
  }

  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t('tasks.finishNote.title')}
      centered
      radius="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('tasks.finishNote.text')}</Text>
          <Textarea
            label={t('tasks.fields.note')}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setIsMissing(false);
            }}
            onKeyDown={submitOnCtrlEnter}
            error={isMissing ? t('tasks.finishNote.missing') : undefined}
            maxLength={TASK_LIMITS.noteMax}
            autosize
            minRows={3}
            maxRows={10}
            required
            data-autofocus
            data-testid="task-finish-note"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isPending}>
              {t('tasks.form.cancel')}
            </Button>
            <Button
              type="submit"
              loading={isPending}
              leftSection={<IconCheck size={16} aria-hidden />}
              data-testid="task-finish-confirm"
            >
              {t('tasks.actions.finish')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Start, finish or reopen the task. Finishing a task that requires a note asks for it first; what the
 * server still refuses (the voucher it requires is missing) comes back as its message in a toast.
 */
export function TaskStatusActions({ companyId, task }: { companyId: number; task: TaskDetail }) {
  const { t } = useTranslation();
  const change = useChangeTaskStatusMutation(companyId, task.id);
  const [isAskingNote, setIsAskingNote] = useState(false);
  const [noteVersion, setNoteVersion] = useState(0);

  function onStep(step: StatusStep) {
    if (change.isPending) return;
    if (step.status === 'done' && task.isRequireNote) {
      setNoteVersion((version) => version + 1);
      setIsAskingNote(true);
      return;
    }
    change.mutate({ status: step.status });
  }

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {STEPS[task.status].map((step) => {
          const StepIcon = step.icon;
          return (
            <Button
              key={step.labelKey}
              size="xs"
              variant={step.isPrimary ? 'filled' : 'default'}
              leftSection={<StepIcon size={14} aria-hidden />}
              loading={change.isPending && change.variables?.status === step.status}
              disabled={change.isPending}
              onClick={() => onStep(step)}
              data-testid={`task-status-${step.status}`}
            >
              {t(step.labelKey)}
            </Button>
          );
        })}
      </Group>
      <FinishNoteModal
        key={noteVersion}
        opened={isAskingNote}
        initialNote={task.content}
        isPending={change.isPending}
        onCancel={() => setIsAskingNote(false)}
        onFinish={(content) =>
          change.mutate({ status: 'done', content }, { onSuccess: () => setIsAskingNote(false) })
        }
      />
    </>
  );
}
