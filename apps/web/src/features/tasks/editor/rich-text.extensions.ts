import type { TaskUser } from '@bilag/contracts';
import { Link } from '@mantine/tiptap';
import type { Extensions } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import Mention from '@tiptap/extension-mention';
import StarterKit from '@tiptap/starter-kit';
import type { SuggestionOptions } from '@tiptap/suggestion';

/**
 * What the rich texts of tasks are made of, matching what the server keeps: the starter kit's blocks
 * and marks, links, images and mentions. Reading stored HTML through this schema drops anything else,
 * so a script or an event handler that got into a text is never put into the page.
 */
export function richTextExtensions({
  image = Image,
  imageAlt,
  mentionSuggestion,
}: {
  image?: typeof Image;
  /** What an image without a description of its own is called for screen readers. */
  imageAlt: string;
  mentionSuggestion?: Omit<SuggestionOptions<TaskUser>, 'editor'>;
}): Extensions {
  return [
    // Mantine's link replaces the starter kit's, for its link editor in the toolbar.
    StarterKit.configure({ link: false }),
    Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
    image
      .extend({
        addAttributes() {
          return { ...this.parent?.(), alt: { default: imageAlt } };
        },
      })
      .configure({ allowBase64: true }),
    Mention.configure({
      HTMLAttributes: { class: 'mention' },
      ...(mentionSuggestion ? { suggestion: mentionSuggestion } : {}),
    }),
  ];
}
