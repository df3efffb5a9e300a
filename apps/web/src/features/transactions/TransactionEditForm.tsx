import { type BankTransaction, VOUCHER_UPLOAD_LIMITS } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { Group, Kbd, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/api/errors';
import { AttachFilesButton } from '../../ui/AttachFilesButton';
import { displayTimeZone } from '../../ui/dates';
import { FormFooter } from '../../ui/FormFooter';
import { submitOnCtrlEnter } from '../../ui/form-keys';
import { UploadItemRow, type UploadState } from '../../ui/UploadItemRow';
import { useParsedForm } from '../../ui/useParsedForm';
import { PaymentFields } from './PaymentFields';
import { PrivateSwitch } from './PrivateSwitch';
import { MAX_NOTE_LENGTH, parseTransactionForm, toFormValues } from './transaction.form';
import { attachTransactionFiles, useUpdateTransactionMutation } from './transaction.mutations';
import { transactionKeys } from './transaction.queries';

type TransactionEditFormProps = {
  companyId: number;
  transaction: BankTransaction;
};

type Attachment = { fileNames: string; size: number; percent: number; state: UploadState; message?: string };

/**
 * What the company does about a transaction: its payment status and date, whether it is private, a
 * note, and files. Enter in a field saves (Ctrl+Enter in the note); files are attached as soon as
 * they are picked.
 */
export function TransactionEditForm({ companyId, transaction }: TransactionEditFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { values, setValue, errorText, submit, reset } = useParsedForm(
    () => toFormValues(transaction),
    (typed) => parseTransactionForm(typed, transaction, todayIsoDate(displayTimeZone())),
  );
  const [attachment, setAttachment] = useState<Attachment>();
  const updateTransaction = useUpdateTransactionMutation(companyId, transaction.Id);

  const onSubmit = submit(({ changes }) => {
    if (Object.keys(changes).length > 0) updateTransaction.mutate(changes);
  });

  async function onAttach(files: File[]) {
    if (files.length === 0) return;
    const tooLarge = files.find((file) => file.size > VOUCHER_UPLOAD_LIMITS.maxFileBytes);
    const fileNames = files.map((file) => file.name).join(', ');
    const size = files.reduce((sum, file) => sum + file.size, 0);
    if (tooLarge) {
      setAttachment({
        fileNames,
        size,
        percent: 0,
        state: 'failed',
        message: t('bankTransactions.form.tooLarge', { name: tooLarge.name, max: '20 MB' }),
      });
      return;
    }
    setAttachment({ fileNames, size, percent: 0, state: 'uploading' });
    try {
      await attachTransactionFiles(companyId, transaction.Id, files, ({ percent }) =>
        setAttachment((current) => current && { ...current, percent: Math.min(percent, 99) }),
      );
      setAttachment((current) => current && { ...current, percent: 100, state: 'done' });
      await queryClient.invalidateQueries({ queryKey: transactionKeys.company(companyId) });
    } catch (error) {
      setAttachment(
        (current) =>
          current && { ...current, state: 'failed', message: errorMessage(error, t('errors.unexpected')) },
      );
    }
  }

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('bankTransactions.form.label')}
      data-testid="transaction-form"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <PaymentFields
            testIdPrefix="field"
            paymentStatus={values.paymentStatus}
            paymentDate={values.paymentDate}
            dateError={errorText('paymentDate')}
            onChangeStatus={(value) => setValue('paymentStatus', value)}
            onChangeDate={(text) => setValue('paymentDate', text)}
          />
        </SimpleGrid>
        <PrivateSwitch
          label={t('bankTransactions.fields.private')}
          checked={values.isPrivate}
          onChange={(isPrivate) => setValue('isPrivate', isPrivate)}
          data-testid="field-private"
        />
        <Textarea
          label={t('bankTransactions.fields.note')}
          placeholder={t('bankTransactions.form.notePlaceholder')}
          value={values.note}
          onChange={(event) => setValue('note', event.currentTarget.value)}
          onKeyDown={submitOnCtrlEnter}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_NOTE_LENGTH}
          data-testid="field-note"
        />
        <Stack gap={6}>
          <Group gap="sm">
            <AttachFilesButton
              label={t('bankTransactions.form.attach')}
              onPick={(files) => void onAttach(files)}
              isLoading={attachment?.state === 'uploading'}
              data-testid="attach-files"
            />
            <Text size="xs" c="dimmed">
              {t('bankTransactions.form.attachHint')}
            </Text>
          </Group>
          {attachment && (
            <UploadItemRow
              fileName={attachment.fileNames}
              size={attachment.size}
              percent={attachment.percent}
              state={attachment.state}
              message={attachment.message}
              progressLabel={t('bankTransactions.form.attaching', { percent: attachment.percent })}
            >
              <Text size="xs" c="green.8">
                {t('bankTransactions.form.attached')}
              </Text>
            </UploadItemRow>
          )}
        </Stack>
        <FormFooter
          start={
            <Text size="xs" c="dimmed" visibleFrom="xs">
              {t('bankTransactions.form.enterSaves')} <Kbd size="xs">Enter</Kbd>
            </Text>
          }
          cancelLabel={t('bankTransactions.form.undo')}
          onCancel={() => reset(toFormValues(transaction))}
          saveLabel={t('bankTransactions.form.save')}
          isSaving={updateTransaction.isPending}
          saveTestId="save-transaction"
        />
      </Stack>
    </form>
  );
}
