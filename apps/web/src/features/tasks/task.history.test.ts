import { describe, expect, it } from 'vitest';
import { describeTaskHistoryEntry } from './task.history';

const snapshot = {
  title: 'VAT return',
  status: 'todo',
  dueDate: '2026-04-10',
  assigneeUserIds: [2],
  labelIds: [],
  templateId: 0,
  isRequireNote: false,
  isRequireVoucher: false,
  link: null,
  content: '',
};

function entry(Action: string, Before: unknown, After: unknown) {
  return { Id: 1, Action, UserName: 'Kari Regnskap', Before, After, CreatedAt: '2026-03-15T10:00:00Z' };
}

describe('a task’s history in words', () => {
  it('tells a change of status as the step taken, with what else changed in the same step', () => {
    expect(
      describeTaskHistoryEntry(entry('update', snapshot, { ...snapshot, status: 'in-progress' })),
    ).toEqual({
      kind: 'statusChanged',
      status: 'in-progress',
      changes: [],
    });
    expect(
      describeTaskHistoryEntry(
        entry('update', snapshot, { ...snapshot, status: 'done', content: 'Sent in Altinn' }),
      ),
    ).toEqual({
      kind: 'statusChanged',
      status: 'done',
      changes: [{ field: 'content', before: '', after: 'Sent in Altinn' }],
    });
  });

  it('lists the fields an edit changed, and a link by what it points at', () => {
    const event = describeTaskHistoryEntry(
      entry(
        'update',
        { ...snapshot, link: { kind: 'voucher', id: 4 } },
        {
          ...snapshot,
          title: 'VAT return, term 2',
          assigneeUserIds: [2, 3],
          link: { kind: 'voucher', id: 4 },
        },
      ),
    );
    expect(event).toEqual({
      kind: 'updated',
      changes: [
        { field: 'title', before: 'VAT return', after: 'VAT return, term 2' },
        { field: 'assigneeUserIds', before: [2], after: [2, 3] },
      ],
    });
  });

  it('names the files attached and removed', () => {
    expect(describeTaskHistoryEntry(entry('attach', null, { files: ['receipt.pdf', 'photo.png'] }))).toEqual({
      kind: 'filesAttached',
      fileNames: ['receipt.pdf', 'photo.png'],
    });
    expect(describeTaskHistoryEntry(entry('detach', { file: 'receipt.pdf' }, null))).toEqual({
      kind: 'fileRemoved',
      fileName: 'receipt.pdf',
    });
  });

  it('keeps an action it does not know by its name', () => {
    expect(describeTaskHistoryEntry(entry('create', null, snapshot))).toEqual({ kind: 'created' });
    expect(describeTaskHistoryEntry(entry('archive', null, null))).toEqual({
      kind: 'other',
      action: 'archive',
    });
  });
});
