/**
 * An image kept inline in the rich text (a data: URL) when its upload fails: the text is saved with it
 * all the same. Rich text is bounded on the server, so only small images may go inline.
 */
export const INLINE_IMAGE_MAX_BYTES = 300 * 1024;

export class ImageTooLargeToInlineError extends Error {
  constructor(readonly uploadError: unknown) {
    super(uploadError instanceof Error ? uploadError.message : 'The image could not be uploaded');
    this.name = 'ImageTooLargeToInlineError';
  }
}

/** A file as a data: URL, read in the browser. */
export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.addEventListener('load', () => resolve(String(reader.result)));
    reader.addEventListener('error', () => reject(reader.error));
    reader.readAsDataURL(file);
  });
}

/**
 * The address an image of the editor is shown at: where its upload put it, or, when the upload fails,
 * the image itself inline if it is small enough. A larger one fails with the upload's error.
 */
export async function uploadOrInline(
  file: File,
  upload: (file: File) => Promise<string>,
  toDataUrl: (file: File) => Promise<string> = readAsDataUrl,
): Promise<string> {
  try {
    return await upload(file);
  } catch (error) {
    if (file.size > INLINE_IMAGE_MAX_BYTES) throw new ImageTooLargeToInlineError(error);
    return toDataUrl(file);
  }
}
