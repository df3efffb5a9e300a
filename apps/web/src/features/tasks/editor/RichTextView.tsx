import '@mantine/tiptap/styles.css';
import { RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './RichText.module.css';
import { richTextExtensions } from './rich-text.extensions';

export type RichTextViewProps = { html: string; 'data-testid'?: string };

/**
 * Stored rich text, shown through the editor's schema rather than put into the page as it is: whatever
 * the schema does not know (a script, an event handler, a style) is left out.
 */
export default function RichTextView({ html, 'data-testid': testId }: RichTextViewProps) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: richTextExtensions({ imageAlt: t('tasks.editor.imageAlt') }),
    content: html,
    editable: false,
    // Shown text, not a field to type in: tiptap names its element a text box unless told otherwise.
    editorProps: { attributes: { role: 'article', ...(testId ? { 'data-testid': testId } : {}) } },
  });

  // React's strict mode mounts twice, and the editor of the first mount is destroyed by then.
  useEffect(() => {
    if (!editor.isDestroyed && editor.getHTML() !== html)
      editor.commands.setContent(html, { emitUpdate: false });
  }, [editor, html]);

  return (
    <MantineRichTextEditor
      editor={editor}
      className={`${classes.content} ${classes.readOnly}`}
      withCodeHighlightStyles={false}
    >
      <MantineRichTextEditor.Content />
    </MantineRichTextEditor>
  );
}
