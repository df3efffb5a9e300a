import type { KeyboardEvent } from 'react';

/** Enter makes a new line in a text area, so Ctrl+Enter (Cmd+Enter on a Mac) saves its form there. */
export function submitOnCtrlEnter(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  }
}
