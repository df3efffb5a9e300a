import { describe, expect, it } from 'vitest';
import { canSend, EMPTY_RICH_TEXT, richTextOf } from './task-comment';

describe('sending a comment', () => {
  it('sends a comment that says something', () => {
    expect(canSend(richTextOf('<p>Done, see the voucher</p>'), false)).toBe(true);
  });

  it('ignores Send while the comment is empty, an image is uploading, or the last send is on its way', () => {
    expect(canSend(EMPTY_RICH_TEXT, false)).toBe(false);
    expect(canSend(richTextOf(''), false)).toBe(false);
    expect(canSend({ html: '<p><img src="blob:x"></p>', isEmpty: false, isUploading: true }, false)).toBe(
      false,
    );
    expect(canSend(richTextOf('<p>Twice?</p>'), true)).toBe(false);
  });
});
