import type { InboxItem } from '@bilag/contracts';
import { Alert, Button, Checkbox, Group, Stack, Textarea } from '@mantine/core';
import { IconCheck, IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastType, toast } from '../../ui/toast';
import { useAcceptMailMutation, useRefuseMailMutation } from './mail.mutations';

const NOTE_MAX = 500;

export type MailReviewActionsProps = {
  companyId: number;
  /** The arrival by e-mail; the actions show only while it waits for review. */
  item: Pick<InboxItem, 'id' | 'status' | 'senderAddress'>;
  onReviewed?: (item: InboxItem) => void;
};

/**
 * Accepting or refusing a mail from a sender the company does not know. Accepting makes its vouchers
 * (and, unless unticked, takes later mail from the sender without asking); refusing keeps a note why.
 */
export function MailReviewActions({ companyId, item, onReviewed }: MailReviewActionsProps) {
  const { t } = useTranslation();
  const accept = useAcceptMailMutation(companyId, item.id);
  const refuse = useRefuseMailMutation(companyId, item.id);
  const [rememberSender, setRememberSender] = useState(true);
  const [isRefusing, setIsRefusing] = useState(false);
  const [note, setNote] = useState('');
  if (item.status !== 'needs-review') return null;
  const isBusy = accept.isPending || refuse.isPending;

  function onAccept() {
    accept.mutate(rememberSender, {
      onSuccess: (reviewed) => {
        toast(ToastType.success, t('mail.review.accepted'));
        onReviewed?.(reviewed);
      },
    });
  }

  function onRefuse(event: React.FormEvent) {
    event.preventDefault();
    refuse.mutate(note.trim(), {
      onSuccess: (reviewed) => {
        toast(ToastType.success, t('mail.review.refused'));
        onReviewed?.(reviewed);
      },
    });
  }

  return (
    <Alert
      color="orange"
      variant="light"
      title={t('mail.review.title')}
      // The orange title on its light ground is too faint to read; the text colour is not.
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="mail-review"
    >
      <Stack gap="sm">
        {!isRefusing ? (
          <>
            <Checkbox
              label={t('mail.review.rememberSender', { sender: item.senderAddress ?? '' })}
              checked={rememberSender}
              onChange={(event) => setRememberSender(event.currentTarget.checked)}
              disabled={isBusy}
            />
            <Group gap="sm">
              <Button
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={onAccept}
                loading={accept.isPending}
                disabled={isBusy}
              >
                {t('mail.review.accept')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconMailOff size={16} aria-hidden />}
                onClick={() => setIsRefusing(true)}
                disabled={isBusy}
              >
                {t('mail.review.refuse')}
              </Button>
            </Group>
          </>
        ) : (
          <form onSubmit={onRefuse}>
            <Stack gap="sm">
              <Textarea
                label={t('mail.review.note')}
                description={t('mail.review.noteHint')}
                value={note}
                onChange={(event) => setNote(event.currentTarget.value)}
                maxLength={NOTE_MAX}
                autosize
                minRows={2}
                data-autofocus
                autoFocus
              />
              <Group gap="sm">
                <Button type="submit" color="red" loading={refuse.isPending}>
                  {t('mail.review.confirmRefuse')}
                </Button>
                <Button variant="subtle" onClick={() => setIsRefusing(false)} disabled={refuse.isPending}>
                  {t('mail.review.cancel')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Alert>
  );
}
