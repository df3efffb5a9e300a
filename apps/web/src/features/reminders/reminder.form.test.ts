import { describe, expect, it } from 'vitest';
import {
  parseReminderForm,
  parseVoucherAlertForm,
  toReminderFormValues,
  toVoucherAlertFormValues,
} from './reminder.form';

describe('the reminder form', () => {
  it('starts a new reminder on Monday mornings for transactions a week old, to nobody yet', () => {
    const values = toReminderFormValues(null);
    expect(values).toMatchObject({ isActive: true, frequency: 'weekly', weekday: '1', hour: '8' });
    expect(parseReminderForm(values)).toEqual({
      isValid: false,
      errors: { recipientUserIds: 'reminders.errors.noRecipients' },
    });
    expect(parseReminderForm({ ...values, isActive: false })).toMatchObject({ isValid: true });
  });

  it('reads the choices into the fields of the call, each person once', () => {
    const parsed = parseReminderForm({
      ...toReminderFormValues(null),
      frequency: 'monthly',
      dayOfMonth: '31',
      hour: '6',
      minDaysWithoutVoucher: 14,
      recipientUserIds: ['7', '3', '7'],
    });
    expect(parsed).toEqual({
      isValid: true,
      fields: {
        isActive: true,
        frequency: 'monthly',
        weekday: 1,
        dayOfMonth: 31,
        hour: 6,
        minDaysWithoutVoucher: 14,
        recipientUserIds: [7, 3],
      },
    });
  });

  it('refuses days a transaction may wait that are not a whole number in range', () => {
    for (const minDaysWithoutVoucher of ['', 1.5, -1, 366]) {
      const parsed = parseReminderForm({
        ...toReminderFormValues(null),
        minDaysWithoutVoucher,
        recipientUserIds: ['1'],
      });
      expect(parsed.isValid ? {} : parsed.errors, String(minDaysWithoutVoucher)).toEqual({
        minDaysWithoutVoucher: { key: 'reminders.errors.minDays', max: '365' },
      });
    }
  });
});

describe('the voucher alert form', () => {
  it('keeps only the members told of something, and wants one while the alert is on', () => {
    const values = {
      ...toVoucherAlertFormValues(null),
      choices: {
        '4': { onVoucherArrived: true, onTransactionMissing: false },
        '5': { onVoucherArrived: false, onTransactionMissing: false },
      },
    };
    expect(parseVoucherAlertForm(values)).toEqual({
      isValid: true,
      fields: {
        isActive: true,
        hour: 7,
        recipients: [{ userId: 4, onVoucherArrived: true, onTransactionMissing: false }],
      },
    });
    expect(parseVoucherAlertForm({ ...values, choices: {} })).toEqual({
      isValid: false,
      errors: { recipients: 'reminders.errors.noAlertRecipients' },
    });
  });
});
