/**
 * An embedded attachment (AdditionalDocumentReference/Attachment/EmbeddedDocumentBinaryObject).
 * The base64 text is kept as the parser produced it and only decoded when `bytes()` is called, so a large
 * PDF is not held twice; `size` is computed from the base64 length. JSON output shows id, description,
 * filename, mimeType and size, never the content.
 */
export class EhfAttachment {
  readonly id: string | undefined;
  readonly description: string | undefined;
  readonly filename: string | undefined;
  readonly mimeType: string | undefined;
  readonly size: number;
  readonly #base64: string;

  constructor(fields: {
    id: string | undefined;
    description: string | undefined;
    filename: string | undefined;
    mimeType: string | undefined;
    base64: string;
  }) {
    this.id = fields.id;
    this.description = fields.description;
    this.filename = fields.filename;
    this.mimeType = fields.mimeType;
    this.#base64 = fields.base64;
    this.size = decodedBase64Length(fields.base64);
  }

  /** The decoded content. */
  bytes(): Uint8Array {
    return new Uint8Array(Buffer.from(this.#base64, 'base64'));
  }

  toJSON(): { id?: string; description?: string; filename?: string; mimeType?: string; size: number } {
    return {
      id: this.id,
      description: this.description,
      filename: this.filename,
      mimeType: this.mimeType,
      size: this.size,
    };
  }
}

const PADDING = 0x3d;

function isBase64Whitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** Number of bytes the base64 text decodes to, counted without building the decoded buffer. */
export function decodedBase64Length(base64: string): number {
  let significant = 0;
  let padding = 0;
  for (let index = 0; index < base64.length; index++) {
    const code = base64.charCodeAt(index);
    if (isBase64Whitespace(code)) continue;
    if (code === PADDING) padding++;
    else significant++;
  }
  const total = significant + padding;
  const fullBytes = Math.floor((total * 3) / 4) - padding;
  return Math.max(0, Math.min(fullBytes, Math.floor((significant * 6) / 8)));
}
