import { type BankTransaction, VOUCHER_UPLOAD_LIMITS } from '@bilag/contracts';
import { Button, FileButton, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconDeviceFloppy, IconPaperclip } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_NOTE_LENGTH } from '../bank/transaction.form';
import { formatCalendarDate, formatMoney } from '../vouchers/voucher.format';
import { useMarkMissingMutation } from './matching.mutations';

type VoucherMissingModalProps = {
  companyId: number;
  /** The transaction whose voucher is missing; undefined closes the dialog. */
  transaction: BankTransaction | undefined;
  onClose: () => void;
};

/** The spec's image types and PDF; the server judges each file by its bytes. */
const ACCEPTED_FILES = 'image/jpeg,image/png,application/pdf';

/**
 * Records that a transaction's voucher is missing (or that it is private), with a note saying why and
 * any files that stand in for the voucher, such as a bank receipt.
 */
export function VoucherMissingModal({ companyId, transaction, onClose }: VoucherMissingModalProps) {
  const { t } = useTranslation();
  const markMissing = useMarkMissingMutation(companyId);
  const [note, setNote] = useState('');
  const [isPrivate, setIsPrivate] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();

  function onPickFiles(picked: File[]) {
    const tooLarge = picked.find((file) => file.size > VOUCHER_UPLOAD_LIMITS.maxFileBytes);
    if (tooLarge) {
      setFileError(t('bankTransactions.form.tooLarge', { name: tooLarge.name, max: '20 MB' }));
      return;
    }
    setFileError(undefined);
    setFiles(picked);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!transaction) return;
    markMissing.mutate(
      { transactionId: transaction.Id, isPrivate, note: note.trim(), files },
      { onSuccess: onClose },
    );
  }

  return (
    <Modal
      opened={transaction !== undefined}
      onClose={onClose}
      title={t('matching.missing.title')}
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      centered
    >
      {transaction && (
        <form onSubmit={onSubmit} noValidate aria-label={t('matching.missing.title')}>
          <Stack gap="md">
            <Text size="sm">
              {t('matching.missing.about', {
                date: formatCalendarDate(transaction.Date),
                text: transaction.Text,
                amount: formatMoney(transaction.AmountOre, transaction.Currency),
              })}
            </Text>
            <Textarea
              label={t('bankTransactions.fields.note')}
              placeholder={t('matching.missing.notePlaceholder')}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={MAX_NOTE_LENGTH}
              data-autofocus
              data-testid="missing-note"
            />
            <Switch
              label={t('matching.missing.isPrivate')}
              description={t('bankTransactions.form.privateHint')}
              checked={isPrivate}
              onChange={(event) => setIsPrivate(event.currentTarget.checked)}
              data-testid="missing-private"
            />
            <Stack gap={4}>
              <Group gap="sm">
                <FileButton onChange={onPickFiles} accept={ACCEPTED_FILES} multiple>
                  {(props) => (
                    <Button
                      {...props}
                      variant="default"
                      size="xs"
                      leftSection={<IconPaperclip size={14} aria-hidden />}
                    >
                      {t('matching.missing.attach')}
                    </Button>
                  )}
                </FileButton>
                <Text size="xs" c="dimmed">
                  {files.length > 0
                    ? files.map((file) => file.name).join(', ')
                    : t('bankTransactions.form.attachHint')}
                </Text>
              </Group>
              {fileError && (
                <Text size="xs" c="red.8" role="alert">
                  {fileError}
                </Text>
              )}
            </Stack>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={markMissing.isPending}>
                {t('matching.missing.cancel')}
              </Button>
              <Button
                type="submit"
                loading={markMissing.isPending}
                leftSection={<IconDeviceFloppy size={16} aria-hidden />}
                data-testid="missing-save"
              >
                {t('matching.missing.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
