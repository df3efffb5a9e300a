import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';
import type { RichTextViewProps } from './RichTextView';

// The editor (tiptap and ProseMirror) is large and only screens with rich text need it: it loads with
// the first of them rather than with the app.
const LazyEditor = lazy(() => import('./RichTextEditor'));
const LazyView = lazy(() => import('./RichTextView'));

export type { RichTextChange } from './RichTextEditor';

export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense fallback={<Skeleton height={(props.minHeight ?? 120) + 44} radius="sm" />}>
      <LazyEditor {...props} />
    </Suspense>
  );
}

export function RichTextView(props: RichTextViewProps) {
  return (
    <Suspense fallback={<Skeleton height={20} radius="sm" />}>
      <LazyView {...props} />
    </Suspense>
  );
}
