import '@mantine/tiptap/styles.css';
import type { TaskUser } from '@bilag/contracts';
import {
  getUploadImageExtension,
  RichTextEditor as MantineRichTextEditor,
  type RichTextEditorLabels,
} from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import Placeholder from '@tiptap/extension-placeholder';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { ReactRenderer, useEditor } from '@tiptap/react';
import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastType, toast } from '../../../ui/toast';
import { ImageTooLargeToInlineError, uploadOrInline } from './editor-image';
import { MentionList, type MentionListHandle } from './MentionList';
import { matchMentionUsers } from './mention.match';
import classes from './RichText.module.css';
import { richTextExtensions } from './rich-text.extensions';

/** The image types the server keeps for rich texts. */
const ACCEPTED_IMAGES = 'image/png,image/jpeg';

export type RichTextChange = {
  /** The text as HTML; empty when nothing is written. */
  html: string;
  isEmpty: boolean;
  /** An image is still on its way to the server; its address is not known yet. */
  isUploading: boolean;
};

export type RichTextEditorProps = {
  initialHtml: string;
  onChange: (change: RichTextChange) => void;
  /** Names the text field for screen readers, as a visible label would. */
  label: string;
  placeholder?: string;
  /** Who an @ offers; without them the editor offers no mentions. */
  mentionUsers?: readonly TaskUser[];
  /** Uploads an image and answers the address it is shown at. */
  onUploadImage: (file: File) => Promise<string>;
  /** Ctrl+Enter (⌘+Enter), such as sending a comment. */
  onSubmitShortcut?: () => void;
  minHeight?: number;
  isDisabled?: boolean;
  'data-testid'?: string;
};

function editorLabels(t: TFunction): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t('tasks.editor.bold'),
    italicControlLabel: t('tasks.editor.italic'),
    underlineControlLabel: t('tasks.editor.underline'),
    strikeControlLabel: t('tasks.editor.strike'),
    clearFormattingControlLabel: t('tasks.editor.clearFormatting'),
    bulletListControlLabel: t('tasks.editor.bulletList'),
    orderedListControlLabel: t('tasks.editor.orderedList'),
    linkControlLabel: t('tasks.editor.link'),
    unlinkControlLabel: t('tasks.editor.unlink'),
    linkEditorInputLabel: t('tasks.editor.linkAddress'),
    linkEditorInputPlaceholder: t('tasks.editor.linkPlaceholder'),
    linkEditorExternalLink: t('tasks.editor.linkExternal'),
    linkEditorInternalLink: t('tasks.editor.linkInternal'),
    linkEditorSave: t('tasks.editor.linkSave'),
    imageUploadControlLabel: t('tasks.editor.image'),
    undoControlLabel: t('tasks.editor.undo'),
    redoControlLabel: t('tasks.editor.redo'),
  };
}

function hasUploadingImage(doc: ProseMirrorNode): boolean {
  let isUploading = false;
  doc.descendants((node) => {
    if (node.type.name === 'image' && node.attrs.uploading === true) isUploading = true;
    return !isUploading;
  });
  return isUploading;
}

/**
 * The rich-text editor of tasks (tiptap through Mantine): marks, lists, links, images and @mentions of
 * the company's people. An image pasted, dropped or picked is uploaded and shown from the server; when
 * the upload fails a small image goes inline instead, a large one is refused with the server's reason.
 */
export default function RichTextEditor({
  initialHtml,
  onChange,
  label,
  placeholder,
  mentionUsers = [],
  onUploadImage,
  onSubmitShortcut,
  minHeight = 120,
  isDisabled = false,
  'data-testid': testId,
}: RichTextEditorProps) {
  const { t } = useTranslation();
  // The editor is made once; what it calls back reads the latest props through these.
  const latest = useRef({ onChange, onUploadImage, onSubmitShortcut, mentionUsers, t });
  latest.current = { onChange, onUploadImage, onSubmitShortcut, mentionUsers, t };

  const editor = useEditor({
    extensions: [
      ...richTextExtensions({
        imageAlt: t('tasks.editor.imageAlt'),
        image: getUploadImageExtension(Image, {
          onImageUpload: (file: File) =>
            uploadOrInline(file, (picked) => latest.current.onUploadImage(picked)),
          onImageUploadError: (_file: File, error: unknown) => {
            const reason =
              error instanceof ImageTooLargeToInlineError || error instanceof Error
                ? error.message
                : latest.current.t('errors.unexpected');
            toast(ToastType.error, latest.current.t('tasks.editor.imageFailed', { reason }));
          },
        }),
        mentionSuggestion: {
          items: ({ query }) => matchMentionUsers(latest.current.mentionUsers, query),
          render: () => {
            let renderer: ReactRenderer<MentionListHandle> | null = null;
            let unmount: (() => void) | null = null;
            return {
              onStart: (props) => {
                renderer = new ReactRenderer(MentionList, { props, editor: props.editor });
                unmount = props.mount(renderer.element);
              },
              onUpdate: (props) => renderer?.updateProps(props),
              onKeyDown: (props) => {
                if (props.event.key === 'Escape') {
                  unmount?.();
                  return true;
                }
                return renderer?.ref?.onKeyDown(props) ?? false;
              },
              onExit: () => {
                unmount?.();
                renderer?.destroy();
                renderer = null;
                unmount = null;
              },
            };
          },
        },
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: initialHtml,
    editable: !isDisabled,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(testId ? { 'data-testid': testId } : {}),
      },
      handleKeyDown: (_view, event) => {
        const submit = latest.current.onSubmitShortcut;
        if (!submit || event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return false;
        submit();
        return true;
      },
    },
    onUpdate: ({ editor: changed }) => {
      const isEmpty = changed.isEmpty;
      latest.current.onChange({
        html: isEmpty ? '' : changed.getHTML(),
        isEmpty,
        isUploading: hasUploadingImage(changed.state.doc),
      });
    },
  });

  useEffect(() => {
    if (!editor.isDestroyed) editor.setEditable(!isDisabled);
  }, [editor, isDisabled]);

  return (
    <MantineRichTextEditor editor={editor} labels={editorLabels(t)} className={classes.content}>
      <MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Bold />
          <MantineRichTextEditor.Italic />
          <MantineRichTextEditor.Underline />
          <MantineRichTextEditor.Strikethrough />
          <MantineRichTextEditor.ClearFormatting />
        </MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.BulletList />
          <MantineRichTextEditor.OrderedList />
        </MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Link />
          <MantineRichTextEditor.Unlink />
          <MantineRichTextEditor.ImageUpload accept={ACCEPTED_IMAGES} />
        </MantineRichTextEditor.ControlsGroup>
        <MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.Undo />
          <MantineRichTextEditor.Redo />
        </MantineRichTextEditor.ControlsGroup>
      </MantineRichTextEditor.Toolbar>
      <MantineRichTextEditor.Content mih={minHeight} />
    </MantineRichTextEditor>
  );
}
