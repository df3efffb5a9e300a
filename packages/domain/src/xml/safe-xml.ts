import { DomainError } from '../errors';
import { decodeNamedEncoding, notInEncoding } from '../text/decode';

/**
 * The one XML reader of the domain package. Bank files and e-invoices come from outside, so:
 * - any DTD is refused before parsing (no external entities, no entity expansion bombs);
 * - only the five predefined entities and numeric character references are decoded, by a decoder that
 *   cannot expand recursively;
 * - the input size and the nesting depth are bounded;
 * - well-formedness is checked while reading;
 * - reading takes time linear in the input (one forward pass), so a large text node cannot block for long.
 */

export const DEFAULT_MAX_XML_BYTES = 100 * 1024 * 1024;

/** The formats we read nest a few dozen levels at most. */
export const DEFAULT_MAX_XML_DEPTH = 256;

export interface SafeXmlOptions {
  /** Largest accepted document in bytes (UTF-8). Default 100 MB. */
  maxBytes?: number;
  /** Deepest accepted element nesting. Default 256. */
  maxDepth?: number;
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

/** Longest reference decoded: `&#x10FFFF;` and `&#1114111;` are ten characters. */
const LONGEST_REFERENCE = 10;

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

/** The text of `&name;` or `&#…;`, or undefined for anything that is not a predefined or character reference. */
function decodeReference(reference: string): string | undefined {
  const name = reference.slice(1, -1);
  if (name.startsWith('#x')) {
    return /^#x[0-9a-fA-F]{1,6}$/.test(name)
      ? decodeCodePoint(Number.parseInt(name.slice(2), 16), reference)
      : undefined;
  }
  if (name.startsWith('#')) {
    return /^#\d{1,7}$/.test(name)
      ? decodeCodePoint(Number.parseInt(name.slice(1), 10), reference)
      : undefined;
  }
  return Object.hasOwn(PREDEFINED_ENTITIES, name) ? PREDEFINED_ENTITIES[name] : undefined;
}

/**
 * Decodes predefined entities and character references in one forward pass (time linear in the text, also
 * with millions of references); anything else is left as written.
 */
export function decodeXmlEntities(value: string): string {
  let ampersand = value.indexOf('&');
  if (ampersand === -1) return value;
  const parts: string[] = [];
  let copiedTo = 0;
  while (ampersand !== -1) {
    let semicolon = ampersand + 1;
    const limit = Math.min(value.length, ampersand + LONGEST_REFERENCE);
    while (
      semicolon < limit &&
      value.charCodeAt(semicolon) !== 0x3b &&
      value.charCodeAt(semicolon) !== 0x26
    ) {
      semicolon++;
    }
    const decoded =
      value.charCodeAt(semicolon) === 0x3b
        ? decodeReference(value.slice(ampersand, semicolon + 1))
        : undefined;
    if (decoded === undefined) {
      ampersand = value.indexOf('&', ampersand + 1);
      continue;
    }
    parts.push(value.slice(copiedTo, ampersand), decoded);
    copiedTo = semicolon + 1;
    ampersand = value.indexOf('&', copiedTo);
  }
  parts.push(value.slice(copiedTo));
  return parts.join('');
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

/** fast-xml-parser options that read a document into the same shape as parseXml, for benchmarks comparing the two. */
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

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

function isNameEnd(code: number): boolean {
  return isWhitespace(code) || code === 0x2f || code === 0x3e || code === 0x3d;
}

/** `cbc:ID` → `ID`; namespace prefixes carry no meaning for the formats we read. */
function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** An element being read: its children so far, its attributes, and its text pieces (trimmed, decoded). */
interface OpenElement {
  rawName: string;
  name: string;
  children: XmlElement | undefined;
  attributes: [string, string][] | undefined;
  text: string;
}

function addChild(parent: OpenElement, name: string, value: XmlNode): void {
  // Assigning __proto__ on a plain object would replace its prototype instead of adding a child.
  if (name === '__proto__') throw invalidXml('an element named __proto__ is not accepted');
  parent.children ??= {};
  const children = parent.children;
  if (!Object.hasOwn(children, name)) {
    children[name] = value;
    return;
  }
  const existing = children[name];
  if (Array.isArray(existing)) existing.push(value);
  else if (existing !== undefined) children[name] = [existing, value];
}

/** Text only, no attributes and no children reads as a string; anything else as an element object. */
function closedValue(element: OpenElement): XmlNode {
  if (element.children === undefined && element.attributes === undefined) return element.text;
  const value: XmlElement = element.children ?? {};
  if (element.text !== '') value[TEXT_KEY] = element.text;
  for (const [name, attributeValue] of element.attributes ?? []) value[name] = attributeValue;
  return value;
}

/**
 * Reads the attributes of a start tag between the element name and `>` (or `/>`). Namespace declarations
 * are dropped with the prefixes; values are trimmed and their references decoded.
 */
function readAttributes(
  text: string,
  from: number,
  to: number,
  elementName: string,
): [string, string][] | undefined {
  let attributes: [string, string][] | undefined;
  let index = from;
  while (index < to) {
    const code = text.charCodeAt(index);
    if (isWhitespace(code)) {
      index++;
      continue;
    }
    let nameEnd = index;
    while (nameEnd < to && !isNameEnd(text.charCodeAt(nameEnd))) nameEnd++;
    if (nameEnd === index) throw malformedAt(text, index, `malformed attribute in <${elementName}>`);
    const name = text.slice(index, nameEnd);
    let equals = nameEnd;
    while (equals < to && isWhitespace(text.charCodeAt(equals))) equals++;
    if (text.charCodeAt(equals) !== 0x3d) {
      throw malformedAt(text, index, `attribute ${name} in <${elementName}> has no value`);
    }
    let quoteAt = equals + 1;
    while (quoteAt < to && isWhitespace(text.charCodeAt(quoteAt))) quoteAt++;
    const quote = text.charCodeAt(quoteAt);
    if (quote !== 0x22 && quote !== 0x27) {
      throw malformedAt(text, quoteAt, `attribute ${name} in <${elementName}> is not quoted`);
    }
    const valueEnd = text.indexOf(quote === 0x22 ? '"' : "'", quoteAt + 1);
    if (valueEnd === -1 || valueEnd >= to) throw malformedAt(text, quoteAt, 'unclosed attribute value');
    if (name !== 'xmlns' && !name.startsWith('xmlns:')) {
      const value = text.slice(quoteAt + 1, valueEnd).trim();
      attributes ??= [];
      attributes.push([`${ATTRIBUTE_PREFIX}${localName(name)}`, decodeXmlEntities(value)]);
    }
    index = valueEnd + 1;
  }
  return attributes;
}

/** Where a start tag ends: its `>` outside quoted attribute values; a `<` before it means it never ends. */
function startTagEnd(text: string, from: number, tagStart: number): number {
  const length = text.length;
  let index = from;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (code === 0x3e) return index;
    if (code === 0x3c) throw malformedAt(text, index, 'unclosed start tag');
    if (code === 0x22 || code === 0x27) {
      const close = text.indexOf(code === 0x22 ? '"' : "'", index + 1);
      if (close === -1) throw malformedAt(text, tagStart, 'unclosed start tag');
      const lessThan = text.indexOf('<', index + 1);
      if (lessThan !== -1 && lessThan < close) throw malformedAt(text, lessThan, "'<' in an attribute value");
      index = close + 1;
    } else {
      index++;
    }
  }
  throw malformedAt(text, tagStart, 'unclosed start tag');
}

/**
 * Reads the document into nested objects in one pass over the text, checking well-formedness (balanced and
 * matching tags, one root, nothing but whitespace, comments and processing instructions outside it) as it
 * goes. Every scan moves forward with indexOf, so time grows linearly with the input, and nesting is bounded.
 */
function readDocument(text: string, maxDepth: number): { rootName: string; root: XmlNode } {
  const length = text.length;
  const open: OpenElement[] = [];
  let root: { rootName: string; root: XmlNode } | undefined;
  let pendingText = '';

  const keepPendingText = (element: OpenElement) => {
    const trimmed = pendingText.trim();
    pendingText = '';
    if (trimmed !== '') element.text += decodeXmlEntities(trimmed);
  };

  let index = text.indexOf('<');
  if (index === -1) throw invalidXml('no root element');
  if (!isWhitespaceOnly(text, 0, index)) throw malformedAt(text, 0, 'text before the root element');
  while (index !== -1) {
    const current = open.at(-1);
    const next = text.charCodeAt(index + 1);
    if (next === 0x3f) {
      const end = text.indexOf('?>', index + 2);
      if (end === -1) throw malformedAt(text, index, 'unclosed processing instruction');
      if (current !== undefined) keepPendingText(current);
      index = end + 2;
    } else if (next === 0x21) {
      if (text.startsWith('<!--', index)) {
        const end = text.indexOf('-->', index + 4);
        if (end === -1) throw malformedAt(text, index, 'unclosed comment');
        index = end + 3;
      } else if (text.startsWith('<![CDATA[', index) && current !== undefined) {
        const end = text.indexOf(']]>', index + 9);
        if (end === -1) throw malformedAt(text, index, 'unclosed CDATA section');
        keepPendingText(current);
        current.text += text.slice(index + 9, end);
        index = end + 3;
      } else {
        throw malformedAt(text, index, 'unexpected markup declaration');
      }
    } else if (next === 0x2f) {
      const end = text.indexOf('>', index + 2);
      if (end === -1) throw malformedAt(text, index, 'unclosed end tag');
      const name = text.slice(index + 2, end).trimEnd();
      const element = open.pop();
      if (element === undefined || element.rawName !== name) {
        throw malformedAt(
          text,
          index,
          element === undefined
            ? `end tag </${name}> without a start tag`
            : `</${name}> closes <${element.rawName}>`,
        );
      }
      keepPendingText(element);
      const parent = open.at(-1);
      if (parent === undefined) root = { rootName: element.name, root: closedValue(element) };
      else addChild(parent, element.name, closedValue(element));
      index = end + 1;
    } else {
      let nameEnd = index + 1;
      while (nameEnd < length && !isNameEnd(text.charCodeAt(nameEnd))) nameEnd++;
      if (nameEnd === index + 1) throw malformedAt(text, index, "'<' not followed by a tag name");
      if (current === undefined && root !== undefined) {
        throw malformedAt(text, index, 'more than one root element');
      }
      if (open.length >= maxDepth) {
        throw malformedAt(text, index, `elements nested deeper than ${maxDepth} levels`);
      }
      const end = startTagEnd(text, nameEnd, index);
      const selfClosing = text.charCodeAt(end - 1) === 0x2f;
      const rawName = text.slice(index + 1, nameEnd);
      const element: OpenElement = {
        rawName,
        name: localName(rawName),
        children: undefined,
        attributes: readAttributes(text, nameEnd, selfClosing ? end - 1 : end, rawName),
        text: '',
      };
      if (current !== undefined) keepPendingText(current);
      if (selfClosing) {
        if (current === undefined) root = { rootName: element.name, root: closedValue(element) };
        else addChild(current, element.name, closedValue(element));
      } else {
        open.push(element);
      }
      index = end + 1;
    }
    const nextTag = text.indexOf('<', index);
    const textEnd = nextTag === -1 ? length : nextTag;
    if (open.length === 0) {
      if (!isWhitespaceOnly(text, index, textEnd))
        throw malformedAt(text, index, 'text outside the root element');
    } else if (textEnd > index) {
      pendingText += text.slice(index, textEnd);
    }
    index = nextTag;
  }
  const unclosed = open.at(-1);
  if (unclosed !== undefined) throw invalidXml(`<${unclosed.rawName}> is never closed`);
  if (root === undefined) throw invalidXml('no root element');
  return root;
}

/**
 * Parses an XML document safely. Throws DomainError XML_TOO_LARGE, XML_DTD_FORBIDDEN, INVALID_XML, or
 * for bytes UNSUPPORTED_ENCODING (an encoding that cannot be read) and INVALID_ENCODING (bytes that are
 * not in the encoding the document names).
 */
export function parseXml(input: string | Uint8Array, options: SafeXmlOptions = {}): XmlDocument {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_XML_BYTES;
  const decoded = toText(input, maxBytes);
  // XML 1.0 §2.11: every line break reads as a single line feed.
  const text = decoded.text.includes('\r') ? decoded.text.replace(/\r\n?/g, '\n') : decoded.text;
  refuseDeclarations(text);
  const { rootName, root } = readDocument(text, options.maxDepth ?? DEFAULT_MAX_XML_DEPTH);
  return { rootName, root, namespace: rootNamespace(text), encoding: decoded.encoding };
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
