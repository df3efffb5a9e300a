import { XMLParser } from 'fast-xml-parser';
import { DomainError } from '../errors';
import { decodeNamedEncoding, notInEncoding } from '../text/decode';

/**
 * The one XML reader of the domain package. Bank files and e-invoices come from outside, so:
 * - any DTD is refused before parsing (no external entities, no entity expansion bombs);
 * - only the five predefined entities and numeric character references are decoded, by a decoder that
 *   cannot expand recursively;
 * - the input size is bounded;
 * - well-formedness is checked, because the parser alone is lenient about unclosed tags.
 */

export const DEFAULT_MAX_XML_BYTES = 100 * 1024 * 1024;

export interface SafeXmlOptions {
  /** Largest accepted document in bytes (UTF-8). Default 100 MB. */
  maxBytes?: number;
}

/** An element as read: text, or an object of children (arrays when repeated), `@_attr` and `#text`. */
export type XmlNode = string | XmlElement;
export interface XmlElement {
  [name: string]: XmlNode | XmlNode[] | undefined;
}

export interface XmlDocument {
  /** Local name of the root element, without namespace prefix. */
  rootName: string;
  root: XmlNode;
  /** The default namespace declared on the root element, if any. */
  namespace: string | undefined;
  /** The text encoding the bytes were read in ("utf-8", "windows-1252", …); undefined for text given as a string. */
  encoding: string | undefined;
}

const ATTRIBUTE_PREFIX = '@_';
const TEXT_KEY = '#text';

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

const ENTITY_REFERENCE = /&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));/g;

function decodeCodePoint(code: number, reference: string): string {
  const isXmlChar =
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff);
  if (!isXmlChar) {
    throw new DomainError('INVALID_XML', `Invalid character reference ${reference}`, { reference });
  }
  return String.fromCodePoint(code);
}

/** Decodes predefined entities and character references in one pass; anything else is left as written. */
export function decodeXmlEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(ENTITY_REFERENCE, (reference, hex?: string, decimal?: string, name?: string) => {
    if (hex !== undefined) return decodeCodePoint(Number.parseInt(hex, 16), reference);
    if (decimal !== undefined) return decodeCodePoint(Number.parseInt(decimal, 10), reference);
    return PREDEFINED_ENTITIES[name ?? ''] ?? reference;
  });
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes text for element content and attribute values, and drops characters XML 1.0 cannot carry. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

function decodeTagValue(_name: string, value: string): string {
  return value.includes('&') ? decodeXmlEntities(value) : value;
}

/** Options shared by the reader and by benchmarks that compare against the bare parser. */
export const SAFE_XML_PARSER_OPTIONS = {
  processEntities: false,
  htmlEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: ATTRIBUTE_PREFIX,
  textNodeName: TEXT_KEY,
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Callbacks get the parser's path matcher instead of a path string built for every value.
  jPath: false,
  tagValueProcessor: decodeTagValue,
  attributeValueProcessor: decodeTagValue,
} as const;

const parser = new XMLParser(SAFE_XML_PARSER_OPTIONS);

const UTF8_BOM = '\uFEFF';

/** `<?xml version="1.0" encoding="ISO-8859-1"?>`: the encoding a document names for itself. */
const DECLARED_ENCODING = /^<\?xml\s[^?>]*?\bencoding\s*=\s*(?:"([A-Za-z][\w.:-]*)"|'([A-Za-z][\w.:-]*)')/;

const asciiHead = new TextDecoder('latin1');

function startsWithBytes(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

/**
 * The document's text in the encoding its bytes are in (XML 1.0, appendix F): a byte order mark decides
 * (UTF-8, UTF-16), then UTF-16 told by its zero bytes around "<?", then the declaration's `encoding`,
 * and UTF-8 when none is declared. A declaration read as ASCII that does not decode to itself named an
 * encoding the bytes are not in.
 */
function decodeXmlBytes(bytes: Uint8Array): { text: string; encoding: string } {
  if (startsWithBytes(bytes, [0xef, 0xbb, 0xbf])) return decodeNamedEncoding(bytes.subarray(3), 'utf-8');
  if (startsWithBytes(bytes, [0xff, 0xfe])) return decodeNamedEncoding(bytes.subarray(2), 'utf-16le');
  if (startsWithBytes(bytes, [0xfe, 0xff])) return decodeNamedEncoding(bytes.subarray(2), 'utf-16be');
  if (startsWithBytes(bytes, [0x3c, 0x00, 0x3f, 0x00])) return decodeNamedEncoding(bytes, 'utf-16le');
  if (startsWithBytes(bytes, [0x00, 0x3c, 0x00, 0x3f])) return decodeNamedEncoding(bytes, 'utf-16be');
  const match = DECLARED_ENCODING.exec(asciiHead.decode(bytes.subarray(0, 256)));
  const declared = match?.[1] ?? match?.[2];
  if (declared === undefined) return decodeNamedEncoding(bytes, 'utf-8');
  const decoded = decodeNamedEncoding(bytes, declared);
  if (!decoded.text.startsWith(match?.[0] ?? '')) throw notInEncoding(declared);
  return decoded;
}

function toText(
  input: string | Uint8Array,
  maxBytes: number,
): { text: string; encoding: string | undefined } {
  if (typeof input === 'string') {
    // UTF-8 needs at most three bytes per UTF-16 unit, so the exact count is only needed near the limit.
    if (input.length > maxBytes || (input.length * 3 > maxBytes && Buffer.byteLength(input) > maxBytes)) {
      throw tooLarge(maxBytes);
    }
    return { text: input.startsWith(UTF8_BOM) ? input.slice(1) : input, encoding: undefined };
  }
  if (input.byteLength > maxBytes) throw tooLarge(maxBytes);
  return decodeXmlBytes(input);
}

function tooLarge(maxBytes: number): DomainError {
  return new DomainError('XML_TOO_LARGE', `XML document is larger than ${maxBytes} bytes`, { maxBytes });
}

/**
 * Refuses any markup declaration (`<!DOCTYPE`, `<!ENTITY`, `<!ELEMENT`, `<!ATTLIST`): none of the formats
 * we read uses a DTD, and refusing them up front closes XXE and entity-expansion attacks whatever the
 * parser would have done with them. Comments (`<!--`) and CDATA (`<![`) are allowed.
 */
function refuseDeclarations(text: string): void {
  let index = text.indexOf('<!');
  while (index !== -1) {
    let resumeAt: number;
    if (text.startsWith('<!--', index)) {
      resumeAt = text.indexOf('-->', index + 4);
    } else if (text.startsWith('<![CDATA[', index)) {
      resumeAt = text.indexOf(']]>', index + 9);
    } else {
      const declaration = text.slice(index, index + 10).split(/\s/)[0] ?? '<!';
      throw new DomainError(
        'XML_DTD_FORBIDDEN',
        `XML with a document type declaration or entity definitions is not accepted (found ${declaration})`,
        { offset: index },
      );
    }
    // An unterminated comment or CDATA section is left for the well-formedness check to report.
    if (resumeAt === -1) return;
    index = text.indexOf('<!', resumeAt);
  }
}

function invalidXml(message: string, details?: unknown): DomainError {
  return new DomainError('INVALID_XML', `Invalid XML: ${message}`, details);
}

function malformedAt(text: string, offset: number, message: string): DomainError {
  let line = 1;
  let lineStart = 0;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < offset;
    index = text.indexOf('\n', index + 1)
  ) {
    line++;
    lineStart = index + 1;
  }
  const column = offset - lineStart + 1;
  return invalidXml(`${message} (line ${line}, column ${column})`, { line, column });
}

function isWhitespaceOnly(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    const code = text.charCodeAt(index);
    if (code !== 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) return false;
  }
  return true;
}

function isNameEnd(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x2f || code === 0x3e;
}

/**
 * The parser tolerates unclosed and mismatched tags, so tag balance is checked first: one pass over the
 * markup with a stack of open element names, far cheaper than a full validating parse.
 */
function checkWellFormed(text: string): void {
  const length = text.length;
  const openElements: string[] = [];
  let rootSeen = false;
  let index = text.indexOf('<');
  if (index === -1) throw invalidXml('no root element');
  if (!isWhitespaceOnly(text, 0, index)) throw malformedAt(text, 0, 'text before the root element');
  while (index !== -1) {
    const next = text.charCodeAt(index + 1);
    if (next === 0x3f) {
      const end = text.indexOf('?>', index + 2);
      if (end === -1) throw malformedAt(text, index, 'unclosed processing instruction');
      index = end + 2;
    } else if (next === 0x21) {
      if (text.startsWith('<!--', index)) {
        const end = text.indexOf('-->', index + 4);
        if (end === -1) throw malformedAt(text, index, 'unclosed comment');
        index = end + 3;
      } else if (text.startsWith('<![CDATA[', index) && openElements.length > 0) {
        const end = text.indexOf(']]>', index + 9);
        if (end === -1) throw malformedAt(text, index, 'unclosed CDATA section');
        index = end + 3;
      } else {
        throw malformedAt(text, index, 'unexpected markup declaration');
      }
    } else if (next === 0x2f) {
      const end = text.indexOf('>', index + 2);
      if (end === -1) throw malformedAt(text, index, 'unclosed end tag');
      const name = text.slice(index + 2, end).trimEnd();
      const open = openElements.pop();
      if (open !== name) {
        throw malformedAt(
          text,
          index,
          open === undefined ? `end tag </${name}> without a start tag` : `</${name}> closes <${open}>`,
        );
      }
      index = end + 1;
    } else {
      let nameEnd = index + 1;
      while (nameEnd < length && !isNameEnd(text.charCodeAt(nameEnd))) nameEnd++;
      if (nameEnd === index + 1) throw malformedAt(text, index, "'<' not followed by a tag name");
      if (openElements.length === 0 && rootSeen) throw malformedAt(text, index, 'more than one root element');
      let position = nameEnd;
      let quote = 0;
      for (; position < length; position++) {
        const code = text.charCodeAt(position);
        if (quote !== 0) {
          if (code === quote) quote = 0;
          else if (code === 0x3c) throw malformedAt(text, position, "'<' in an attribute value");
        } else if (code === 0x22 || code === 0x27) {
          quote = code;
        } else if (code === 0x3e) {
          break;
        } else if (code === 0x3c) {
          throw malformedAt(text, position, 'unclosed start tag');
        }
      }
      if (position >= length) throw malformedAt(text, index, 'unclosed start tag');
      if (text.charCodeAt(position - 1) !== 0x2f) openElements.push(text.slice(index + 1, nameEnd));
      rootSeen = true;
      index = position + 1;
    }
    const nextTag = text.indexOf('<', index);
    if (openElements.length === 0 && !isWhitespaceOnly(text, index, nextTag === -1 ? length : nextTag)) {
      throw malformedAt(text, index, 'text outside the root element');
    }
    index = nextTag;
  }
  const unclosed = openElements.at(-1);
  if (unclosed !== undefined) throw invalidXml(`<${unclosed}> is never closed`);
  if (!rootSeen) throw invalidXml('no root element');
}

/**
 * Parses an XML document safely. Throws DomainError XML_TOO_LARGE, XML_DTD_FORBIDDEN, INVALID_XML, or
 * for bytes UNSUPPORTED_ENCODING (an encoding that cannot be read) and INVALID_ENCODING (bytes that are
 * not in the encoding the document names).
 */
export function parseXml(input: string | Uint8Array, options: SafeXmlOptions = {}): XmlDocument {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_XML_BYTES;
  const { text, encoding } = toText(input, maxBytes);
  refuseDeclarations(text);
  checkWellFormed(text);
  let parsed: unknown;
  try {
    parsed = parser.parse(text);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw invalidXml(error instanceof Error ? error.message : String(error));
  }
  if (!isElement(parsed)) throw invalidXml('no root element');
  const names = Object.keys(parsed);
  const rootName = names[0];
  if (names.length !== 1 || rootName === undefined) {
    throw invalidXml(names.length === 0 ? 'no root element' : 'more than one root element');
  }
  const root = parsed[rootName];
  if (root === undefined || Array.isArray(root)) throw invalidXml('more than one root element');
  return { rootName, root, namespace: rootNamespace(text), encoding };
}

/**
 * The parser drops namespace declarations together with the prefixes, so the root element's namespace
 * (which carries the message version, e.g. camt.053.001.08) is read from its start tag directly.
 */
function rootNamespace(text: string): string | undefined {
  let start = text.indexOf('<');
  while (start !== -1) {
    const next = text.charAt(start + 1);
    if (next === '?') {
      start = text.indexOf('<', text.indexOf('?>', start) + 2);
    } else if (next === '!') {
      const end = text.startsWith('<!--', start)
        ? text.indexOf('-->', start) + 3
        : text.indexOf('>', start) + 1;
      start = end <= 0 ? -1 : text.indexOf('<', end);
    } else {
      break;
    }
  }
  if (start === -1) return undefined;
  const end = text.indexOf('>', start);
  const startTag = text.slice(start + 1, end === -1 ? undefined : end);
  const qualifiedName = /^[^\s/>]+/.exec(startTag)?.[0] ?? '';
  const colon = qualifiedName.indexOf(':');
  const declaration = colon === -1 ? 'xmlns' : `xmlns:${qualifiedName.slice(0, colon)}`;
  const pattern = new RegExp(`\\s${declaration}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);
  const match = pattern.exec(startTag);
  const value = match?.[1] ?? match?.[2];
  return value === undefined ? undefined : decodeXmlEntities(value.trim());
}

function isElement(value: unknown): value is XmlElement {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first child element with that local name. */
export function xmlChild(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

/** All child elements with that local name, in document order. */
export function xmlChildren(node: XmlNode | undefined, name: string): XmlNode[] {
  if (node === undefined || typeof node === 'string') return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The element reached by following child names, each step taking the first match. */
export function xmlPath(node: XmlNode | undefined, ...names: string[]): XmlNode | undefined {
  let current = node;
  for (const name of names) {
    if (current === undefined) return undefined;
    current = xmlChild(current, name);
  }
  return current;
}

/** Text content of an element, undefined when absent or empty. */
export function xmlText(node: XmlNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (typeof node === 'string') return node === '' ? undefined : node;
  const text = node[TEXT_KEY];
  return typeof text === 'string' && text !== '' ? text : undefined;
}

/** Text content at a child path, undefined when absent or empty. */
export function xmlTextAt(node: XmlNode | undefined, ...names: string[]): string | undefined {
  return xmlText(xmlPath(node, ...names));
}

/** An attribute value by local name (namespace prefixes are removed). */
export function xmlAttribute(node: XmlNode | undefined, name: string): string | undefined {
  if (node === undefined || typeof node === 'string') return undefined;
  const value = node[`${ATTRIBUTE_PREFIX}${name}`];
  return typeof value === 'string' ? value : undefined;
}
