import type { Voucher } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { stripLetters } from '@bilag/domain/money/norwegian';
import { formatAccountNumber, validateAccountNumber } from '@bilag/domain/validators/account-number';
import { Kbd, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CurrencySelect } from '../../ui/CurrencySelect';
import { DateTextInput } from '../../ui/DateTextInput';
import { displayTimeZone } from '../../ui/dates';
import { FormFooter } from '../../ui/FormFooter';
import { submitOnCtrlEnter } from '../../ui/form-keys';
import { formatOre } from '../../ui/format';
import { useParsedForm } from '../../ui/useParsedForm';
import {
  MAX_LABEL_LENGTH,
  MAX_LABELS,
  parseVoucherForm,
  toFormValues,
  type VoucherFormValues,
} from './voucher.form';
import { useUpdateVoucherMutation } from './voucher.mutations';

type VoucherEditFormProps = {
  companyId: number;
  voucher: Voucher;
  labelSuggestions: string[];
};

/**
 * The voucher's fields as a form that works from the keyboard: Enter in any field saves (Ctrl+Enter in
 * the description), dates and amounts are typed the Norwegian way and checked before anything is sent.
 */
export function VoucherEditForm({ companyId, voucher, labelSuggestions }: VoucherEditFormProps) {
  const { t } = useTranslation();
  const { values, setValue, setValues, errorText, checkField, submit, reset } = useParsedForm(
    () => toFormValues(voucher),
    (typed) => parseVoucherForm(typed, todayIsoDate(displayTimeZone())),
  );
  const updateVoucher = useUpdateVoucherMutation(companyId, voucher.Id);

  /** Checks one field when the person leaves it, so a wrong KID or account number shows at once. */
  function onCheckField(field: keyof VoucherFormValues) {
    const parsed = checkField(field);
    // Once it reads, an amount or account number is shown the way it will be saved.
    if (field === 'amount' && parsed.isValid && parsed.changes.amountOre !== null) {
      const amountOre = parsed.changes.amountOre;
      setValues((current) => ({ ...current, amount: formatOre(amountOre).replaceAll('\u00A0', ' ') }));
    }
    if (field === 'accountNumber' && validateAccountNumber(values.accountNumber).valid) {
      setValues((current) => ({ ...current, accountNumber: formatAccountNumber(current.accountNumber) }));
    }
  }

  return (
    <form
      onSubmit={submit(({ changes }) => updateVoucher.mutate(changes))}
      noValidate
      aria-label={t('vouchers.form.label')}
      data-testid="voucher-form"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <DateTextInput
            label={t('vouchers.fields.date')}
            value={values.date}
            onChange={(text) => setValue('date', text)}
            onBlur={() => onCheckField('date')}
            error={errorText('date')}
            data-testid="field-date"
          />
          <DateTextInput
            label={t('vouchers.fields.dueDate')}
            value={values.dueDate}
            onChange={(text) => setValue('dueDate', text)}
            onBlur={() => onCheckField('dueDate')}
            error={errorText('dueDate')}
            data-testid="field-due-date"
          />
        </SimpleGrid>
        <TextInput
          label={t('vouchers.fields.supplier')}
          value={values.supplierName}
          onChange={(event) => setValue('supplierName', event.currentTarget.value)}
          maxLength={200}
          data-testid="field-supplier"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('vouchers.fields.amount')}
            placeholder="1 234,50"
            inputMode="decimal"
            value={values.amount}
            onChange={(event) => setValue('amount', stripLetters(event.currentTarget.value))}
            onBlur={() => onCheckField('amount')}
            error={errorText('amount')}
            styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
            data-testid="field-amount"
          />
          <CurrencySelect
            label={t('vouchers.fields.currency')}
            value={values.currency}
            onChange={(currency) => setValue('currency', currency)}
            error={errorText('currency')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('vouchers.fields.kid')}
            inputMode="numeric"
            value={values.kid}
            onChange={(event) => setValue('kid', event.currentTarget.value)}
            onBlur={() => onCheckField('kid')}
            error={errorText('kid')}
            maxLength={30}
            data-testid="field-kid"
          />
          <TextInput
            label={t('vouchers.fields.accountNumber')}
            placeholder="1234.56.78903"
            inputMode="numeric"
            value={values.accountNumber}
            onChange={(event) => setValue('accountNumber', event.currentTarget.value)}
            onBlur={() => onCheckField('accountNumber')}
            error={errorText('accountNumber')}
            maxLength={20}
            data-testid="field-account-number"
          />
        </SimpleGrid>
        <Textarea
          label={t('vouchers.fields.description')}
          value={values.description}
          onChange={(event) => setValue('description', event.currentTarget.value)}
          onKeyDown={submitOnCtrlEnter}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={2000}
          data-testid="field-description"
        />
        <TagsInput
          label={t('vouchers.fields.labels')}
          description={t('vouchers.form.labelsHint')}
          data={labelSuggestions}
          value={values.labels}
          onChange={(labels) => setValue('labels', labels)}
          maxTags={MAX_LABELS}
          maxLength={MAX_LABEL_LENGTH}
          splitChars={[',']}
          clearable
          data-testid="field-labels"
        />
        <Switch
          label={values.isPaid ? t('vouchers.paid') : t('vouchers.unpaid')}
          description={t('vouchers.form.paidHint')}
          checked={values.isPaid}
          onChange={(event) => setValue('isPaid', event.currentTarget.checked)}
          data-testid="field-paid"
        />
        <FormFooter
          start={
            <Text size="xs" c="dimmed">
              {t('vouchers.form.enterSaves')} <Kbd size="xs">Enter</Kbd>
            </Text>
          }
          cancelLabel={t('vouchers.form.undo')}
          onCancel={() => reset(toFormValues(voucher))}
          saveLabel={t('vouchers.form.save')}
          isSaving={updateVoucher.isPending}
          saveTestId="save-voucher"
        />
      </Stack>
    </form>
  );
}
