import type { Voucher } from '@bilag/contracts';
import { todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { stripLetters } from '@bilag/domain/money/norwegian';
import { formatAccountNumber, validateAccountNumber } from '@bilag/domain/validators/account-number';
import {
  Button,
  Group,
  Kbd,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayTimeZone } from '../../ui/dates';
import { DateTextInput } from './DateTextInput';
import {
  MAX_LABEL_LENGTH,
  MAX_LABELS,
  parseVoucherForm,
  toFormValues,
  type VoucherFormErrors,
  type VoucherFormValues,
} from './voucher.form';
import { formatOre } from './voucher.format';
import { useUpdateVoucherMutation } from './voucher.mutations';

const COMMON_CURRENCIES = ['NOK', 'EUR', 'USD', 'SEK', 'DKK', 'GBP', 'CHF', 'PLN'];

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
  const [values, setValues] = useState<VoucherFormValues>(() => toFormValues(voucher));
  const [errors, setErrors] = useState<VoucherFormErrors>({});
  const updateVoucher = useUpdateVoucherMutation(companyId, voucher.Id);
  const currencies = COMMON_CURRENCIES.includes(values.currency)
    ? COMMON_CURRENCIES
    : [values.currency, ...COMMON_CURRENCIES];

  function today() {
    return todayIsoDate(displayTimeZone());
  }

  function setValue<Field extends keyof VoucherFormValues>(field: Field, value: VoucherFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  }

  /** Checks one field when the person leaves it, so a wrong KID or account number shows at once. */
  function onCheckField(field: keyof VoucherFormValues) {
    const parsed = parseVoucherForm(values, today());
    const error = parsed.isValid ? undefined : parsed.errors[field];
    setErrors((current) => ({ ...current, [field]: error }));
    if (error) return;
    if (field === 'amount' && parsed.isValid && parsed.changes.amountOre !== null) {
      setValues((current) => ({
        ...current,
        amount: formatOre(parsed.changes.amountOre ?? 0).replaceAll('\u00A0', ' '),
      }));
    }
    if (field === 'accountNumber' && validateAccountNumber(values.accountNumber).valid) {
      setValues((current) => ({ ...current, accountNumber: formatAccountNumber(current.accountNumber) }));
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseVoucherForm(values, today());
    if (!parsed.isValid) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    updateVoucher.mutate(parsed.changes);
  }

  function onDescriptionKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  const errorText = (field: keyof VoucherFormValues) => {
    const key = errors[field];
    return key ? t(key) : undefined;
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('vouchers.form.label')} data-testid="voucher-form">
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
          <Select
            label={t('vouchers.fields.currency')}
            data={currencies}
            value={values.currency}
            onChange={(value) => setValue('currency', value ?? 'NOK')}
            searchable
            allowDeselect={false}
            error={errorText('currency')}
            data-testid="field-currency"
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
          onKeyDown={onDescriptionKeyDown}
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
        <Group justify="space-between" align="center" mt="xs">
          <Text size="xs" c="dimmed">
            {t('vouchers.form.enterSaves')} <Kbd size="xs">Enter</Kbd>
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              onClick={() => {
                setValues(toFormValues(voucher));
                setErrors({});
              }}
              disabled={updateVoucher.isPending}
            >
              {t('vouchers.form.undo')}
            </Button>
            <Button
              type="submit"
              loading={updateVoucher.isPending}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
              data-testid="save-voucher"
            >
              {t('vouchers.form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
