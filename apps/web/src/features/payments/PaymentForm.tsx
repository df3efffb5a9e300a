import { type Payment, PaymentType } from '@bilag/contracts';
import { formatDate, todayIsoDate } from '@bilag/domain/dates/norwegian-dates';
import { validateAccountNumber } from '@bilag/domain/validators/account-number';
import { formatIban, validateIban } from '@bilag/domain/validators/iban';
import {
  Alert,
  Button,
  Chip,
  Group,
  Input,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentCompany } from '../../app/company/CurrentCompany';
import { useLanguage } from '../../i18n/useLanguage';
import { displayTimeZone } from '../../ui/dates';
import { FormFooter } from '../../ui/FormFooter';
import { formatCalendarDate, formatMoney } from '../../ui/format';
import { useParsedForm } from '../../ui/useParsedForm';
import { companyBankKeys } from '../banks';
import { accountLabel } from '../transactions';
import { DueDateField } from './DueDateField';
import { AmountField, focusFirstError, MessageField } from './PaymentFields';
import { duplicatesOf, fieldProblemsOf } from './payment.errors';
import {
  emptyPaymentForm,
  MESSAGE_MAX_LENGTH,
  movedDueDate,
  type PaymentFormField,
  type PaymentFormType,
  type PaymentFormValues,
  parsePaymentForm,
  serverProblemTexts,
  toFormValues,
} from './payment.form';
import { paymentStatusLabelKeys } from './payment.format';
import { type PaymentSave, useSavePaymentMutation } from './payment.mutations';
import { paymentReferenceKeys } from './payment.queries';

type PaymentFormProps = {
  type: PaymentFormType;
  /** The payment to change; a new one without. */
  payment?: Payment | undefined;
  onDone: () => void;
  onCancel: () => void;
};

const CHARGE_BEARERS = ['SHA', 'OUR', 'BEN'] as const;
/** How many of the bank's next due dates are offered as one-click choices. */
const OFFERED_DUE_DATES = 5;

/**
 * A payment typed by hand or changed before approval. Every field is checked as the bank would check it
 * as soon as the person leaves it; Enter saves, and the first field at fault gets the focus.
 */
export function PaymentForm({ type, payment, onDone, onCancel }: PaymentFormProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const language = useLanguage();
  const formRef = useRef<HTMLFormElement>(null);
  const today = todayIsoDate(displayTimeZone());
  const isInternational = type === PaymentType.INTERNATIONAL;

  const accounts = useQuery(companyBankKeys.list(company.Id));
  const countries = useQuery({ ...paymentReferenceKeys.countries(language), enabled: isInternational });
  const currencies = useQuery({ ...paymentReferenceKeys.currencies(language), enabled: isInternational });
  const reasonCodes = useQuery({ ...paymentReferenceKeys.reasonCodes(language), enabled: isInternational });

  const defaultAccount = accounts.data?.find((account) => account.IsDefault) ?? accounts.data?.[0];
  const form = useParsedForm<PaymentFormValues, ReturnType<typeof parsePaymentForm>>(
    () => (payment ? toFormValues(payment) : emptyPaymentForm(type, defaultAccount?.Id)),
    (values) => parsePaymentForm(values, today),
  );
  const { values } = form;
  const [serverTexts, setServerTexts] = useState<Partial<Record<PaymentFormField, string>>>({});
  const [duplicates, setDuplicates] = useState<Payment[]>();
  const save = useSavePaymentMutation(company.Id, payment?.Id);

  const dueDates = useQuery({
    ...paymentReferenceKeys.dueDates(values.creditorCountry ?? '', values.currency),
    enabled: isInternational && values.creditorCountry !== null,
  });

  const { setValues } = form;
  const defaultAccountId = defaultAccount?.Id;
  useEffect(() => {
    if (defaultAccountId === undefined) return;
    setValues((current) =>
      current.debtorCompanyBankId === null
        ? { ...current, debtorCompanyBankId: String(defaultAccountId) }
        : current,
    );
  }, [defaultAccountId, setValues]);

  function setField<Field extends PaymentFormField>(field: Field, value: PaymentFormValues[Field]) {
    form.setValue(field, value);
    setServerTexts((current) => (field in current ? { ...current, [field]: undefined } : current));
    setDuplicates(undefined);
  }

  /** A field is checked when the person leaves it having typed something, not merely passing through. */
  function onLeave(field: PaymentFormField) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() !== '') form.checkField(field);
  }

  function errorOf(field: PaymentFormField): string | undefined {
    return form.errorText(field) ?? serverTexts[field];
  }

  function send(request: PaymentSave) {
    save.mutate(request, {
      onSuccess: onDone,
      onError: (error) => {
        const found = duplicatesOf(error);
        if (found) {
          setDuplicates(found);
          return;
        }
        const problems = fieldProblemsOf(error);
        if (problems) {
          setServerTexts(serverProblemTexts(problems));
          focusFirstError(formRef.current);
        }
      },
    });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = form.validate();
    if (!parsed) {
      focusFirstError(formRef.current);
      return;
    }
    send({ draft: parsed.draft, confirmDuplicate: false });
  }

  function onPayAnyway() {
    const parsed = form.validate();
    if (parsed) send({ draft: parsed.draft, confirmDuplicate: true });
  }

  function onChangeCountry(code: string | null) {
    setField('creditorCountry', code);
    const currency = countries.data?.find((country) => country.Code === code)?.Currency;
    const isOffered =
      currencies.data === undefined || currencies.data.some((known) => known.Code === currency);
    if (currency && isOffered) setField('currency', currency);
  }

  /** A valid account number or IBAN is shown grouped once the person leaves the field. */
  function onLeaveAccount() {
    const typed = values.creditorAccount;
    if (isInternational) {
      if (validateIban(typed).valid)
        form.setValues((current) => ({ ...current, creditorAccount: formatIban(typed) }));
    } else {
      const result = validateAccountNumber(typed);
      if (result.valid && result.formatted)
        form.setValues((current) => ({ ...current, creditorAccount: result.formatted ?? typed }));
    }
    onLeave('creditorAccount');
  }

  const movedTo = movedDueDate(values, today);
  const accountOptions = (accounts.data ?? []).map((account) => ({
    value: String(account.Id),
    label: accountLabel(account),
  }));
  const hasKid = values.kid.trim() !== '';

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      noValidate
      aria-label={t(payment ? 'payments.form.editLabel' : 'payments.form.newLabel')}
      data-testid="payment-form"
    >
      <Stack gap="md">
        <Select
          label={t('payments.form.debtorAccount')}
          data={accountOptions}
          value={values.debtorCompanyBankId}
          onChange={(value) => setField('debtorCompanyBankId', value)}
          error={errorOf('debtorCompanyBankId')}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: false }}
          data-testid="field-debtor-account"
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
          <TextInput
            label={t('payments.form.creditorName')}
            value={values.creditorName}
            onChange={(event) => setField('creditorName', event.currentTarget.value)}
            onBlur={() => onLeave('creditorName')}
            error={errorOf('creditorName')}
            maxLength={70}
            required
            data-autofocus
            data-testid="field-creditor-name"
          />
          {isInternational && (
            <Select
              label={t('payments.form.country')}
              data={(countries.data ?? []).map((country) => ({
                value: country.Code,
                label: `${country.Name} (${country.Code})`,
              }))}
              value={values.creditorCountry}
              onChange={onChangeCountry}
              error={errorOf('creditorCountry')}
              searchable
              required
              nothingFoundMessage={t('payments.form.noCountry')}
              comboboxProps={{ withinPortal: false }}
              data-testid="field-country"
            />
          )}
          <TextInput
            label={t(isInternational ? 'payments.form.iban' : 'payments.form.creditorAccount')}
            placeholder={isInternational ? 'DE89 3704 0044 0532 0130 00' : '1234.56.78903'}
            value={values.creditorAccount}
            onChange={(event) => setField('creditorAccount', event.currentTarget.value)}
            onBlur={onLeaveAccount}
            error={errorOf('creditorAccount')}
            inputMode={isInternational ? 'text' : 'numeric'}
            autoComplete="off"
            required
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="field-creditor-account"
          />
          {isInternational && (
            <TextInput
              label={t('payments.form.bic')}
              value={values.creditorBic}
              onChange={(event) => setField('creditorBic', event.currentTarget.value.toUpperCase())}
              onBlur={() => onLeave('creditorBic')}
              error={errorOf('creditorBic')}
              maxLength={11}
              autoComplete="off"
              required
              data-testid="field-bic"
            />
          )}
        </SimpleGrid>

        {isInternational && (
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('payments.form.address')}
              value={values.creditorAddress}
              onChange={(event) => setField('creditorAddress', event.currentTarget.value)}
              error={errorOf('creditorAddress')}
              maxLength={70}
              data-testid="field-address"
            />
            <TextInput
              label={t('payments.form.postCode')}
              value={values.creditorPostCode}
              onChange={(event) => setField('creditorPostCode', event.currentTarget.value)}
              error={errorOf('creditorPostCode')}
              maxLength={16}
              data-testid="field-post-code"
            />
            <TextInput
              label={t('payments.form.town')}
              value={values.creditorTown}
              onChange={(event) => setField('creditorTown', event.currentTarget.value)}
              error={errorOf('creditorTown')}
              maxLength={35}
              data-testid="field-town"
            />
          </SimpleGrid>
        )}

        {!isInternational && (
          <TextInput
            label={t('payments.form.kid')}
            description={t('payments.form.kidHint')}
            value={values.kid}
            onChange={(event) => setField('kid', event.currentTarget.value)}
            onBlur={() => onLeave('kid')}
            error={errorOf('kid')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={30}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            data-testid="field-kid"
          />
        )}
        <MessageField
          value={values.message}
          onChange={(text) => setField('message', text)}
          onBlur={() => onLeave('message')}
          error={errorOf('message')}
          description={
            hasKid && !isInternational
              ? t('payments.form.messageWithKid')
              : t('payments.form.messageCount', { count: values.message.length, max: MESSAGE_MAX_LENGTH })
          }
        />

        <SimpleGrid cols={{ base: 1, xs: isInternational ? 3 : 2 }} spacing="md" verticalSpacing="sm">
          <AmountField
            value={values.amount}
            onChange={(text) => setField('amount', text)}
            onBlur={() => onLeave('amount')}
            error={errorOf('amount')}
            currency={isInternational ? values.currency : 'NOK'}
          />
          {isInternational && (
            <Select
              label={t('payments.form.currency')}
              data={(currencies.data ?? [{ Code: values.currency, Name: values.currency, Decimals: 2 }]).map(
                (currency) => ({ value: currency.Code, label: `${currency.Code} – ${currency.Name}` }),
              )}
              value={values.currency}
              onChange={(value) => setField('currency', value ?? values.currency)}
              error={errorOf('currency')}
              searchable
              allowDeselect={false}
              comboboxProps={{ withinPortal: false }}
              data-testid="field-currency"
            />
          )}
          <DueDateField
            value={values.dueDate}
            onChange={(text) => setField('dueDate', text)}
            onCommit={() => onLeave('dueDate')}
            error={movedTo ? undefined : errorOf('dueDate')}
            movedTo={movedTo}
            warning={errorOf('dueDate')}
          />
        </SimpleGrid>

        {isInternational && dueDates.data && (
          <Input.Wrapper label={t('payments.form.availableDueDates')} labelElement="div">
            <Chip.Group
              value={values.dueDate}
              onChange={(value) => typeof value === 'string' && setField('dueDate', value)}
            >
              <Group gap={6} mt={4} data-testid="available-due-dates">
                {dueDates.data.dates.slice(0, OFFERED_DUE_DATES).map((date) => (
                  <Chip key={date} value={formatDate(date)} size="xs" variant="outline">
                    {formatCalendarDate(date)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Input.Wrapper>
        )}

        {isInternational && (
          <Stack gap="md">
            <Input.Wrapper
              label={t('payments.form.chargeBearer')}
              labelElement="div"
              id="field-charge-bearer"
              error={errorOf('chargeBearer')}
              description={t('payments.form.chargeBearerHint')}
            >
              <SegmentedControl
                aria-labelledby="field-charge-bearer-label"
                data={CHARGE_BEARERS.map((code) => ({
                  value: code,
                  label: t(`payments.form.charges.${code}`),
                }))}
                value={values.chargeBearer ?? ''}
                onChange={(value) => {
                  const code = CHARGE_BEARERS.find((known) => known === value);
                  if (code) setField('chargeBearer', code);
                }}
                fullWidth
                mt={4}
                data-testid="field-charge-bearer"
              />
            </Input.Wrapper>
            <Select
              label={t('payments.form.reasonCode')}
              data={(reasonCodes.data ?? []).map((reason) => ({
                value: reason.Code,
                label: `${reason.Code} – ${reason.Text}`,
              }))}
              value={values.reasonCode}
              onChange={(value) => setField('reasonCode', value)}
              error={errorOf('reasonCode')}
              searchable
              required
              comboboxProps={{ withinPortal: false }}
              data-testid="field-reason-code"
            />
          </Stack>
        )}

        {duplicates && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('payments.duplicate.title')}
            role="alert"
            data-testid="duplicate-warning"
          >
            <Stack gap="xs">
              <Text size="sm">{t('payments.duplicate.text', { count: duplicates.length })}</Text>
              <Stack gap={2} component="ul" m={0} pl="md">
                {duplicates.map((duplicate) => (
                  <Text component="li" size="sm" key={duplicate.Id} data-testid="duplicate-match">
                    {t('payments.duplicate.match', {
                      name: duplicate.CreditorName,
                      amount: formatMoney(duplicate.AmountOre, duplicate.Currency),
                      date: formatCalendarDate(duplicate.DueDate),
                      status: t(paymentStatusLabelKeys[duplicate.Status]),
                    })}
                  </Text>
                ))}
              </Stack>
              <Group gap="sm">
                <Button
                  color="orange"
                  size="xs"
                  onClick={onPayAnyway}
                  loading={save.isPending}
                  data-testid="pay-anyway"
                >
                  {t('payments.duplicate.payAnyway')}
                </Button>
                <Button variant="default" size="xs" onClick={onCancel} disabled={save.isPending}>
                  {t('payments.duplicate.dontPay')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        <FormFooter
          cancelLabel={t('payments.form.cancel')}
          onCancel={onCancel}
          saveLabel={t(payment ? 'payments.form.save' : 'payments.form.add')}
          isSaving={save.isPending}
          saveTestId="save-payment"
        />
      </Stack>
    </form>
  );
}
