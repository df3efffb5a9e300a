import { describe, expect, it } from 'vitest';
import { ImageTooLargeToInlineError, INLINE_IMAGE_MAX_BYTES, uploadOrInline } from './editor-image';

const pngOf = (bytes: number) => new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' });
const inline = async (file: File) => `data:${file.type};base64,${file.size}`;

describe('an image put into the rich text', () => {
  it('is shown from where its upload put it', async () => {
    const url = await uploadOrInline(pngOf(10), async () => '/api/task/editor-images/abc.png', inline);
    expect(url).toBe('/api/task/editor-images/abc.png');
  });

  it('goes inline as a data: URL when the upload fails and it is small', async () => {
    const failing = async () => {
      throw new Error('The server is away');
    };
    expect(await uploadOrInline(pngOf(INLINE_IMAGE_MAX_BYTES), failing, inline)).toBe(
      `data:image/png;base64,${INLINE_IMAGE_MAX_BYTES}`,
    );
  });

  it('fails with the upload’s message when the upload fails and it is too large to go inline', async () => {
    const failing = async () => {
      throw new Error('The image is too large');
    };
    const result = uploadOrInline(pngOf(INLINE_IMAGE_MAX_BYTES + 1), failing, inline);
    await expect(result).rejects.toBeInstanceOf(ImageTooLargeToInlineError);
    await expect(result).rejects.toThrow('The image is too large');
  });
});
