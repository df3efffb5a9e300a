import { describe, expect, it } from 'vitest';
import { applyTemplate, EMPTY_TASK_FORM, parseTaskForm } from './task.form';

const today = '2026-03-15';

describe('the task form', () => {
  it('reads what was typed into the fields of the call', () => {
    const parsed = parseTaskForm(
      {
        ...EMPTY_TASK_FORM,
        title: '  VAT return for January–February ',
        description: '<p>Send it through Altinn</p>',
        assigneeUserIds: ['2', '3'],
        labelIds: ['7'],
        dueDate: '10.04.2026',
        linkKind: 'voucher',
        linkId: ' 42 ',
        isRequireNote: true,
      },
      today,
    );
    expect(parsed).toEqual({
      isValid: true,
      fields: {
        title: 'VAT return for January–February',
        description: '<p>Send it through Altinn</p>',
        content: '',
        dueDate: '2026-04-10',
        assigneeUserIds: [2, 3],
        labelIds: [7],
        templateId: 0,
        isRequireNote: true,
        isRequireVoucher: false,
        link: { kind: 'voucher', id: 42 },
      },
    });
  });

  it('completes a due date typed the short way and leaves an empty one out', () => {
    const short = parseTaskForm({ ...EMPTY_TASK_FORM, title: 'Pay rent', dueDate: '20' }, today);
    expect(short.isValid && short.fields.dueDate).toBe('2026-03-20');
    const none = parseTaskForm({ ...EMPTY_TASK_FORM, title: 'Pay rent' }, today);
    expect(none.isValid && none.fields.dueDate).toBeNull();
  });

  it('says every field that is wrong at once', () => {
    const parsed = parseTaskForm(
      {
        ...EMPTY_TASK_FORM,
        title: ' ',
        dueDate: '31.02.2026',
        linkKind: 'payment',
        linkId: 'abc',
        isDescriptionUploading: true,
      },
      today,
    );
    expect(parsed).toEqual({
      isValid: false,
      errors: {
        title: 'tasks.form.errors.titleMissing',
        description: 'tasks.form.errors.imageUploading',
        dueDate: 'tasks.form.errors.dueDate',
        linkId: 'tasks.form.errors.linkId',
      },
    });
  });

  it('refuses a title longer than the server keeps', () => {
    const parsed = parseTaskForm({ ...EMPTY_TASK_FORM, title: 'x'.repeat(201) }, today);
    expect(parsed.isValid).toBe(false);
    expect(!parsed.isValid && parsed.errors.title).toEqual({
      key: 'tasks.form.errors.titleTooLong',
      max: '200',
    });
  });

  it('fills in the title, description and requirements of a picked template, keeping the rest', () => {
    const values = applyTemplate(
      { ...EMPTY_TASK_FORM, title: 'Old', assigneeUserIds: ['3'], dueDate: '01.04.2026' },
      {
        id: 5,
        companyId: null,
        title: 'Month-end close',
        description: '<p>Reconcile the bank</p>',
        isRequireNote: true,
        isRequireVoucher: true,
        recurrence: null,
        updatedAt: '2026-01-01T00:00:00Z',
      },
    );
    expect(values).toMatchObject({
      templateId: '5',
      title: 'Month-end close',
      description: '<p>Reconcile the bank</p>',
      isRequireNote: true,
      isRequireVoucher: true,
      assigneeUserIds: ['3'],
      dueDate: '01.04.2026',
    });
    const parsed = parseTaskForm(values, today);
    expect(parsed.isValid && parsed.fields.templateId).toBe(5);
  });
});
