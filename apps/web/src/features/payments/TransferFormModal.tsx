import type { Payment } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { formatAccountNumber } from '@bilag/domain/validators/account-number';
import { Select, SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { AppModal } from '../../ui/AppModal';
import { displayTimeZone } from '../../ui/dates';
import { FormFooter } from '../../ui/FormFooter';
import { useParsedForm } from '../../ui/useParsedForm';
import { DueDateField } from './DueDateField';
import { AmountField, focusFirstError, MessageField } from './PaymentFields';
import { MESSAGE_MAX_LENGTH } from './payment.form';
import { useSaveTransferMutation } from './payment.mutations';
import { paymentKeys } from './payment.queries';
import {
  emptyTransferForm,
  movedTransferDate,
  parseTransferForm,
  type TransferFormField,
  type TransferFormValues,
  toTransferFormValues,
} from './transfer.form';

type TransferFormProps = {
  transfer: Payment | undefined;
  onClose: () => void;
};

function TransferForm({ transfer, onClose }: TransferFormProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const formRef = useRef<HTMLFormElement>(null);
  const today = todayIsoDate(displayTimeZone());
  const accounts = useQuery(paymentKeys.transferAccounts(company.Id));
  const form = useParsedForm(
    () => (transfer ? toTransferFormValues(transfer) : emptyTransferForm()),
    (values: TransferFormValues) => parseTransferForm(values, today),
  );
  const { values } = form;
  const save = useSaveTransferMutation(company.Id, transfer?.Id);
  const accountOptions = (accounts.data ?? []).map((account) => ({
    value: String(account.CompanyBankId),
    label: `${account.Name ? `${account.Name} · ` : ''}${formatAccountNumber(account.AccountNumber)} (${account.Currency})`,
  }));
  const currency =
    accounts.data?.find((account) => String(account.CompanyBankId) === values.fromCompanyBankId)?.Currency ??
    'NOK';
  const movedTo = movedTransferDate(values, today);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = form.validate();
    if (!parsed) {
      focusFirstError(formRef.current);
      return;
    }
    save.mutate(parsed.draft, { onSuccess: onClose });
  }

  function selectField(field: TransferFormField & ('fromCompanyBankId' | 'toCompanyBankId'), testId: string) {
    return (
      <Select
        label={t(field === 'fromCompanyBankId' ? 'payments.transfers.from' : 'payments.transfers.to')}
        data={accountOptions}
        value={values[field]}
        onChange={(value) => form.setValue(field, value)}
        error={form.errorText(field)}
        allowDeselect={false}
        required
        comboboxProps={{ withinPortal: false }}
        data-testid={testId}
      />
    );
  }

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={t(transfer ? 'payments.transfers.editTitle' : 'payments.transfers.newTitle')}
      data-testid="transfer-form"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          {selectField('fromCompanyBankId', 'field-transfer-from')}
          {selectField('toCompanyBankId', 'field-transfer-to')}
          <AmountField
            value={values.amount}
            onChange={(text) => form.setValue('amount', text)}
            onBlur={() => form.checkField('amount')}
            error={form.errorText('amount')}
            currency={currency}
          />
          <DueDateField
            value={values.dueDate}
            onChange={(text) => form.setValue('dueDate', text)}
            onCommit={() => form.checkField('dueDate')}
            error={form.errorText('dueDate')}
            movedTo={movedTo}
          />
        </SimpleGrid>
        <MessageField
          value={values.message}
          onChange={(text) => form.setValue('message', text)}
          error={form.errorText('message')}
          description={t('payments.form.messageCount', {
            count: values.message.length,
            max: MESSAGE_MAX_LENGTH,
          })}
        />
        <FormFooter
          cancelLabel={t('payments.form.cancel')}
          onCancel={onClose}
          saveLabel={t(transfer ? 'payments.form.save' : 'payments.transfers.add')}
          isSaving={save.isPending}
          saveTestId="save-transfer"
        />
      </Stack>
    </form>
  );
}

type TransferFormModalProps = {
  /** The transfer to change, 'new' for a new one, undefined while closed. */
  target: Payment | 'new' | undefined;
  onClose: () => void;
};

export function TransferFormModal({ target, onClose }: TransferFormModalProps) {
  const { t } = useTranslation();
  const transfer = target === 'new' ? undefined : target;
  return (
    <AppModal
      opened={target !== undefined}
      onClose={onClose}
      title={t(transfer ? 'payments.transfers.editTitle' : 'payments.transfers.newTitle')}
      size="lg"
      fullScreenBelow="36em"
    >
      {target !== undefined && (
        <TransferForm key={transfer?.Id ?? 'new'} transfer={transfer} onClose={onClose} />
      )}
    </AppModal>
  );
}
