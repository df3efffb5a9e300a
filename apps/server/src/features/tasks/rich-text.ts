import sanitizeHtml from 'sanitize-html';

/** Where an image of a rich text may come from: the product's own editor images, or inline. */
const EDITOR_IMAGE_SOURCE = /^\/api\/task\/editor-images\/[1-9]\d{0,9}-[0-9a-f]{32}\.(jpg|png)$/;
const INLINE_IMAGE_SOURCE = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+$/;

/**
 * What the editors make (tiptap's starter kit, links, images and mentions) and nothing else: no
 * script, style, event handler or form, and links only to http, https and mailto.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'a',
    'img',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    span: ['data-type', 'data-id', 'data-label', 'class'],
    ol: ['start'],
  },
  allowedClasses: { span: ['mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
  },
  exclusiveFilter: (frame) =>
    frame.tag === 'img' &&
    !EDITOR_IMAGE_SOURCE.test(frame.attribs.src ?? '') &&
    !INLINE_IMAGE_SOURCE.test(frame.attribs.src ?? ''),
};

/** Rich text as it is kept and shown: the editor's markup, with everything that could run removed. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Whether a rich text says anything: text, or at least an image. */
export function hasRichContent(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}

/** The users a rich text mentions, in the order first mentioned (tiptap's mention spans carry data-id). */
export function mentionedUserIds(html: string): number[] {
  const ids: number[] = [];
  for (const match of html.matchAll(/<span\b[^>]*\bdata-type="mention"[^>]*>/g)) {
    const id = /\bdata-id="(\d{1,10})"/.exec(match[0])?.[1];
    const userId = Number(id);
    if (id && Number.isSafeInteger(userId) && userId > 0 && !ids.includes(userId)) ids.push(userId);
  }
  return ids;
}
