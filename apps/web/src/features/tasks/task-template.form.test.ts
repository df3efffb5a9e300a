import { describe, expect, it } from 'vitest';
import { parseTemplateForm, toTemplateFormValues } from './task-template.form';

const today = '2026-01-20';

describe('the template form', () => {
  it('reads a template made once, without a recurrence', () => {
    const parsed = parseTemplateForm(
      { ...toTemplateFormValues(null), title: ' Year-end ', isRequireNote: true },
      today,
    );
    expect(parsed).toEqual({
      isValid: true,
      fields: {
        title: 'Year-end',
        description: '',
        isRequireNote: true,
        isRequireVoucher: false,
        recurrence: null,
      },
    });
  });

  it('reads a recurrence of every second month from a date typed the short way', () => {
    const parsed = parseTemplateForm(
      {
        ...toTemplateFormValues(null),
        title: 'VAT return',
        isRecurring: true,
        everyMonths: '2',
        firstDueDate: '1004',
        leadDays: 14,
      },
      today,
    );
    expect(parsed.isValid && parsed.fields.recurrence).toEqual({
      everyMonths: 2,
      firstDueDate: '2026-04-10',
      leadDays: 14,
    });
  });

  it('says what is wrong with a recurrence: a period not offered, no first date, too many lead days', () => {
    const parsed = parseTemplateForm(
      {
        ...toTemplateFormValues(null),
        title: 'VAT return',
        isRecurring: true,
        everyMonths: '5',
        firstDueDate: '',
        leadDays: 91,
      },
      today,
    );
    expect(parsed).toEqual({
      isValid: false,
      errors: {
        everyMonths: 'tasks.templates.errors.everyMonths',
        firstDueDate: 'tasks.templates.errors.firstDueDate',
        leadDays: { key: 'tasks.templates.errors.leadDays', max: '90' },
      },
    });
  });

  it('fills the form from a template that recurs, and back to the same fields', () => {
    const template = {
      id: 3,
      companyId: 1,
      title: 'Payroll',
      description: '<p>Run the payroll</p>',
      isRequireNote: false,
      isRequireVoucher: true,
      recurrence: { everyMonths: 1 as const, firstDueDate: '2026-01-31', leadDays: 5 },
      updatedAt: '2026-01-01T00:00:00Z',
    };
    const values = toTemplateFormValues(template);
    expect(values).toMatchObject({
      isRecurring: true,
      everyMonths: '1',
      firstDueDate: '31.01.2026',
      leadDays: 5,
    });
    const parsed = parseTemplateForm(values, today);
    expect(parsed.isValid && parsed.fields).toEqual({
      title: 'Payroll',
      description: '<p>Run the payroll</p>',
      isRequireNote: false,
      isRequireVoucher: true,
      recurrence: template.recurrence,
    });
  });
});
