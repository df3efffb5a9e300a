import { type BankTransaction, VOUCHER_UPLOAD_LIMITS } from '@bilag/contracts';
import { Group, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../ui/AppModal';
import { AttachFilesButton } from '../../ui/AttachFilesButton';
import { FormFooter } from '../../ui/FormFooter';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { useParsedForm } from '../../ui/useParsedForm';
import { MAX_NOTE_LENGTH, PrivateSwitch } from '../transactions';
import { useMarkMissingMutation } from './matching.mutations';

type VoucherMissingModalProps = {
  companyId: number;
  /** The transaction whose voucher is missing; undefined closes the dialog. */
  transaction: BankTransaction | undefined;
  onClose: () => void;
};

type MissingFormValues = { note: string; isPrivate: boolean; files: File[] };

/** Nothing here can be wrong: the note may be left empty, and files too large are refused when picked. */
function readMissingForm(values: MissingFormValues): { isValid: true } & MissingFormValues {
  return { isValid: true, ...values, note: values.note.trim() };
}

/**
 * Records that a transaction's voucher is missing (or that it is private), with a note saying why and
 * any files that stand in for the voucher, such as a bank receipt.
 */
export function VoucherMissingModal({ companyId, transaction, onClose }: VoucherMissingModalProps) {
  const { t } = useTranslation();
  const markMissing = useMarkMissingMutation(companyId);
  const { values, setValue, submit } = useParsedForm(
    (): MissingFormValues => ({ note: '', isPrivate: false, files: [] }),
    readMissingForm,
  );
  const [fileError, setFileError] = useState<string>();

  function onPickFiles(picked: File[]) {
    const tooLarge = picked.find((file) => file.size > VOUCHER_UPLOAD_LIMITS.maxFileBytes);
    if (tooLarge) {
      setFileError(t('bankTransactions.form.tooLarge', { name: tooLarge.name, max: '20 MB' }));
      return;
    }
    setFileError(undefined);
    setValue('files', picked);
  }

  return (
    <AppModal
      opened={transaction !== undefined}
      onClose={onClose}
      title={t('matching.missing.title')}
      size="lg"
    >
      {transaction && (
        <form
          onSubmit={submit(({ note, isPrivate, files }) =>
            markMissing.mutate(
              { transactionId: transaction.Id, isPrivate, note, files },
              { onSuccess: onClose },
            ),
          )}
          noValidate
          aria-label={t('matching.missing.title')}
        >
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
              value={values.note}
              onChange={(event) => setValue('note', event.currentTarget.value)}
              autosize
              minRows={3}
              maxLength={MAX_NOTE_LENGTH}
              data-autofocus
              data-testid="missing-note"
            />
            <PrivateSwitch
              label={t('matching.missing.isPrivate')}
              checked={values.isPrivate}
              onChange={(isPrivate) => setValue('isPrivate', isPrivate)}
              data-testid="missing-private"
            />
            <Stack gap={4}>
              <Group gap="sm">
                <AttachFilesButton label={t('matching.missing.attach')} onPick={onPickFiles} />
                <Text size="xs" c="dimmed">
                  {values.files.length > 0
                    ? values.files.map((file) => file.name).join(', ')
                    : t('bankTransactions.form.attachHint')}
                </Text>
              </Group>
              {fileError && (
                <Text size="xs" c="red.8" role="alert">
                  {fileError}
                </Text>
              )}
            </Stack>
            <FormFooter
              cancelLabel={t('matching.missing.cancel')}
              onCancel={onClose}
              saveLabel={t('matching.missing.save')}
              isSaving={markMissing.isPending}
              saveTestId="missing-save"
            />
          </Stack>
        </form>
      )}
    </AppModal>
  );
}
