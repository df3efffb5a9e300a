import type { ParseKeys } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A field's error: its message's key, or the key with the values the message names. */
export type FieldError = ParseKeys | { key: ParseKeys; [name: string]: string | undefined };

/** Errors by field name, or by path where a form has rows ("conditions.0.amount"). */
export type FormErrors = Partial<Record<string, FieldError>>;

/** What a pure `parseXForm` function answers: the values read for the API, or every error at once. */
export type ParsedForm = { isValid: true } | { isValid: false; errors: FormErrors };

type ValidOf<Parsed extends ParsedForm> = Extract<Parsed, { isValid: true }>;
type FieldOf<Parsed extends ParsedForm> = keyof Extract<Parsed, { isValid: false }>['errors'] & string;

function isValid<Parsed extends ParsedForm>(parsed: Parsed): parsed is ValidOf<Parsed> {
  return parsed.isValid;
}

function errorsOf(parsed: ParsedForm): FormErrors {
  return parsed.isValid ? {} : parsed.errors;
}

/**
 * A form's state over its pure parse function, which stays the one place that validates: the values as
 * typed, the errors of the last check, and a submit that sends only what parsed. A field's error goes as
 * soon as the field is changed, so nobody is scolded for what they are fixing.
 */
export function useParsedForm<Values extends object, Parsed extends ParsedForm>(
  initial: Values | (() => Values),
  parse: (values: Values) => Parsed,
) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors>({});

  function clearErrors(isCleared: (field: string) => boolean = () => true) {
    setErrors((current) => {
      const kept = Object.entries(current).filter(([field]) => !isCleared(field));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }

  function setValue<Field extends keyof Values & string>(field: Field, value: Values[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearErrors((errorField) => errorField === field);
  }

  /** Checks every field, shows what is wrong, and answers the parsed values when nothing is. */
  function validate(): ValidOf<Parsed> | undefined {
    const parsed = parse(values);
    setErrors(errorsOf(parsed));
    return isValid(parsed) ? parsed : undefined;
  }

  /** Checks one field when the person leaves it, without scolding them for fields not reached yet. */
  function checkField(field: FieldOf<Parsed>): Parsed {
    const parsed = parse(values);
    const error = errorsOf(parsed)[field];
    setErrors((current) => ({ ...current, [field]: error }));
    return parsed;
  }

  /** The form's onSubmit: the page does not reload, and only values that parsed are handed on. */
  function submit(onValid: (parsed: ValidOf<Parsed>) => void) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const parsed = validate();
      if (parsed) onValid(parsed);
    };
  }

  function reset(nextValues: Values) {
    setValues(nextValues);
    setErrors({});
  }

  function errorText(field: FieldOf<Parsed>): string | undefined {
    const error = errors[field];
    if (error === undefined) return undefined;
    if (typeof error === 'string') return t(error);
    const { key, ...messageValues } = error;
    return t(key, messageValues);
  }

  return {
    values,
    errors,
    setValue,
    /** For changes that are not one field's new value, such as a row added; errors stay as they are. */
    setValues,
    clearErrors,
    errorText,
    checkField,
    validate,
    submit,
    reset,
  };
}
