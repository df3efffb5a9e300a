import { describe, expect, it } from 'vitest';
import { checkAttachments, formatFileSize } from './task-file';

const fileOf = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

describe('files picked to attach to a task', () => {
  it('takes images and PDFs', () => {
    expect(checkAttachments([fileOf('a.pdf', 'application/pdf'), fileOf('b.png', 'image/png')])).toBeNull();
  });

  it('refuses more than ten at once, one over 20 MB, or another kind of file', () => {
    const many = Array.from({ length: 11 }, (_, index) => fileOf(`${index}.pdf`, 'application/pdf'));
    expect(checkAttachments(many)).toEqual({ key: 'tasks.files.tooMany', values: { max: 10 } });
    expect(checkAttachments([fileOf('big.pdf', 'application/pdf', 20 * 1024 * 1024 + 1)])).toEqual({
      key: 'tasks.files.tooLarge',
      values: { name: 'big.pdf', max: '20 MB' },
    });
    expect(checkAttachments([fileOf('notes.docx', 'application/msword')])).toEqual({
      key: 'tasks.files.wrongType',
      values: { name: 'notes.docx' },
    });
  });

  it('writes sizes the way each language does', () => {
    expect(formatFileSize(12_800, 'no')).toBe('12,5 kB');
    expect(formatFileSize(12_800, 'en')).toBe('12.5 kB');
    expect(formatFileSize(512, 'en')).toBe('512 B');
  });
});
