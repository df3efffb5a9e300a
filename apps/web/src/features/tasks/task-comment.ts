import type { RichTextChange } from './editor/RichTextEditor';

/** A text not yet written. */
export const EMPTY_RICH_TEXT: RichTextChange = { html: '', isEmpty: true, isUploading: false };

/** A text the editor starts from, such as a comment being changed. */
export function richTextOf(html: string): RichTextChange {
  return { html, isEmpty: html === '', isUploading: false };
}

/**
 * Whether a comment may be sent now: it says something, its images have their addresses, and the last
 * send has come back, so a double click or Ctrl+Enter held down sends it once.
 */
export function canSend(text: RichTextChange, isSending: boolean): boolean {
  return !isSending && !text.isEmpty && !text.isUploading;
}
