import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors';
import {
  decodeXmlEntities,
  escapeXml,
  parseXml,
  xmlAttribute,
  xmlChildren,
  xmlPath,
  xmlText,
  xmlTextAt,
} from './safe-xml';

const XXE = `<?xml version="1.0"?>
<!DOCTYPE foo [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
<Document><Stmt><Id>&xxe;</Id></Stmt></Document>`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol9 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
]>
<lolz>&lol9;</lolz>`;

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'NOT_A_DOMAIN_ERROR';
  }
}

describe('parseXml security', () => {
  it('refuses an XXE document before anything is resolved', () => {
    expect(() => parseXml(XXE)).toThrow(expect.objectContaining({ code: 'XML_DTD_FORBIDDEN' }));
    expect(() => parseXml(XXE)).toThrow(/document type declaration or entity definitions is not accepted/);
  });

  it('refuses a billion laughs document instead of expanding it', () => {
    const started = performance.now();
    expect(codeOf(() => parseXml(BILLION_LAUGHS))).toBe('XML_DTD_FORBIDDEN');
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a bare entity declaration and a lower-case doctype', () => {
    expect(codeOf(() => parseXml('<!ENTITY x "y"><a/>'))).toBe('XML_DTD_FORBIDDEN');
    expect(codeOf(() => parseXml('<!doctype a><a/>'))).toBe('XML_DTD_FORBIDDEN');
  });

  it('allows comments and CDATA that merely mention declarations', () => {
    expect(xmlText(parseXml('<a><!-- no <!DOCTYPE here --><![CDATA[<!ENTITY x>]]></a>').root)).toBe(
      '<!ENTITY x>',
    );
  });

  it('leaves undeclared entity references as written', () => {
    expect(xmlText(parseXml('<a>&xxe;</a>').root)).toBe('&xxe;');
  });

  it('bounds the size, counting UTF-8 bytes', () => {
    expect(codeOf(() => parseXml('<a>0123456789</a>', { maxBytes: 10 }))).toBe('XML_TOO_LARGE');
    expect(codeOf(() => parseXml(new Uint8Array(20), { maxBytes: 10 }))).toBe('XML_TOO_LARGE');
    expect(codeOf(() => parseXml('<a>øøøø</a>', { maxBytes: 12 }))).toBe('XML_TOO_LARGE');
    expect(xmlText(parseXml('<a>øøøø</a>', { maxBytes: 15 }).root)).toBe('øøøø');
  });
});

describe('parseXml well-formedness', () => {
  it.each([
    ['', 'empty'],
    ['hello', 'no markup'],
    ['<a><b>1</a>', 'mismatched end tag'],
    ['<a><b>1</b>', 'unclosed root'],
    ['<a>1</a><b/>', 'two roots'],
    ['<a x="1>2</a>', 'unclosed attribute'],
    ['<a><b>1</c></a>', 'wrong end tag'],
    ['<<<>>>', 'garbage'],
    ['<a>1</a>trailing', 'text after the root'],
    ['text<a/>', 'text before the root'],
    ['<a><!-- open</a>', 'unclosed comment'],
    ['</a>', 'end tag first'],
  ])('refuses %j (%s) with INVALID_XML', (xml) => {
    expect(codeOf(() => parseXml(xml))).toBe('INVALID_XML');
  });

  it('says where the problem is', () => {
    expect(() => parseXml('<a>\n  <b>1</c>\n</a>')).toThrow(/line 2, column 7/);
  });
});

describe('parseXml reading', () => {
  it('removes namespace prefixes, keeps attributes and leaves numbers as text', () => {
    const document = parseXml(
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- note -->\n<ubl:Invoice xmlns:ubl="urn:inv" xmlns:cbc="urn:cbc"><cbc:ID>007</cbc:ID><cbc:Amount currencyID="NOK">1.50</cbc:Amount><cbc:Line>1</cbc:Line><cbc:Line>2</cbc:Line></ubl:Invoice>',
    );
    expect(document.rootName).toBe('Invoice');
    expect(document.namespace).toBe('urn:inv');
    expect(xmlTextAt(document.root, 'ID')).toBe('007');
    expect(xmlText(xmlPath(document.root, 'Amount'))).toBe('1.50');
    expect(xmlAttribute(xmlPath(document.root, 'Amount'), 'currencyID')).toBe('NOK');
    expect(xmlChildren(document.root, 'Line').map((line) => xmlText(line))).toEqual(['1', '2']);
  });

  it('reads the default namespace of the root', () => {
    expect(parseXml('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"/>').namespace).toBe(
      'urn:iso:std:iso:20022:tech:xsd:camt.053.001.08',
    );
    expect(parseXml('<Document/>').namespace).toBeUndefined();
  });

  it('decodes the predefined entities and character references once', () => {
    const document = parseXml('<a t="&quot;x&quot;">Smith &amp; S&#248;nn &lt;AS&gt; &#x2603; &amp;lt;</a>');
    expect(xmlText(document.root)).toBe('Smith & Sønn <AS> ☃ &lt;');
    expect(xmlAttribute(document.root, 't')).toBe('"x"');
  });

  it('keeps CDATA text as written', () => {
    expect(xmlText(parseXml('<a><![CDATA[A & B <c>]]></a>').root)).toBe('A & B <c>');
  });

  it('reads bytes with a byte order mark', () => {
    const bytes = new TextEncoder().encode('\uFEFF<a>æøå</a>');
    expect(xmlText(parseXml(bytes).root)).toBe('æøå');
  });

  it('refuses character references to characters XML cannot hold', () => {
    expect(codeOf(() => decodeXmlEntities('&#0;'))).toBe('INVALID_XML');
    expect(codeOf(() => decodeXmlEntities('&#xD800;'))).toBe('INVALID_XML');
  });
});

describe('escapeXml', () => {
  it('escapes markup characters and drops control characters', () => {
    expect(escapeXml(`Tom & "Jerry" <'AS'>\u0001`)).toBe(
      'Tom &amp; &quot;Jerry&quot; &lt;&apos;AS&apos;&gt;',
    );
  });

  it('round-trips any text through an element', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        const cleaned = escapeXml(text);
        const read = xmlText(parseXml(`<a>${cleaned}</a>`).root) ?? '';
        expect(read).toBe(decodeXmlEntities(cleaned).trim());
      }),
    );
  });
});

describe('parseXml on arbitrary input', () => {
  it('throws nothing but DomainError on random strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        expect(codeOf(() => parseXml(text))).not.toBe('NOT_A_DOMAIN_ERROR');
      }),
      { numRuns: 500 },
    );
  });

  it('throws nothing but DomainError on random markup-like strings', () => {
    const piece = fc.constantFrom(
      '<',
      '>',
      '/',
      'a',
      'b',
      '="',
      '"',
      ' ',
      '&',
      ';',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<?',
      '?>',
      '&#',
      'x',
      '1',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        expect(codeOf(() => parseXml(`<a>${pieces.join('')}</a>`))).not.toBe('NOT_A_DOMAIN_ERROR');
        expect(codeOf(() => parseXml(pieces.join('')))).not.toBe('NOT_A_DOMAIN_ERROR');
      }),
      { numRuns: 1000 },
    );
  });

  it('throws nothing but DomainError on random bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(codeOf(() => parseXml(bytes))).not.toBe('NOT_A_DOMAIN_ERROR');
      }),
      { numRuns: 500 },
    );
  });
});
