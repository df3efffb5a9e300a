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

describe('parseXml bounds', () => {
  it('refuses nesting deeper than the bound, quickly', () => {
    const nested = (depth: number) => `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
    expect(codeOf(() => parseXml(nested(256)))).toBeUndefined();
    expect(codeOf(() => parseXml(nested(257)))).toBe('INVALID_XML');
    expect(() => parseXml(nested(257))).toThrow(/nested deeper than 256/);
    expect(codeOf(() => parseXml(nested(3), { maxDepth: 2 }))).toBe('INVALID_XML');
    const started = performance.now();
    expect(codeOf(() => parseXml(nested(1_000_000)))).toBe('INVALID_XML');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('cannot be made to replace an object prototype', () => {
    expect(codeOf(() => parseXml('<a><__proto__><polluted>1</polluted></__proto__></a>'))).toBe(
      'INVALID_XML',
    );
    const root = parseXml(
      '<a><constructor>1</constructor><toString>2</toString><toString>3</toString></a>',
    ).root;
    expect(xmlTextAt(root, 'constructor')).toBe('1');
    expect(xmlChildren(root, 'toString').map((node) => xmlText(node))).toEqual(['2', '3']);
  });

  // parseXml used to take seconds on such documents (each character of a text node was appended on its own):
  // the bounds sit far above linear time on a busy machine (tens of milliseconds when idle) and far below
  // the old behaviour.
  it.each([
    ['one 10 MB text node', `<a><b>${'x'.repeat(10_000_000)}</b></a>`],
    [
      'a 10 MB base64 attachment in lines',
      `<a><b mimeCode="application/pdf">${`${'QUJD'.repeat(19)}\n`.repeat(130_000)}</b></a>`,
    ],
    ['one 10 MB attribute', `<a><b c="${'x'.repeat(10_000_000)}"/></a>`],
    [
      'a 10 MB comment and CDATA',
      `<a><!--${'x'.repeat(5_000_000)}--><![CDATA[${'y'.repeat(5_000_000)}]]></a>`,
    ],
  ])('reads %s in linear time', (_label, xml) => {
    const started = performance.now();
    const root = parseXml(xml).root;
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(root).toBeDefined();
  });

  it('refuses a 10 MB document without a root end quickly', () => {
    const started = performance.now();
    expect(codeOf(() => parseXml(`<a><b>${'x'.repeat(10_000_000)}`))).toBe('INVALID_XML');
    expect(codeOf(() => parseXml(`<a b="${'x'.repeat(10_000_000)}`))).toBe('INVALID_XML');
    expect(performance.now() - started).toBeLessThan(4_000);
  });

  it('decodes many references in linear time', () => {
    const references = '&amp;'.repeat(20_000);
    const started = performance.now();
    expect(xmlText(parseXml(`<a>${references}</a>`).root)).toBe('&'.repeat(20_000));
    expect(decodeXmlEntities(`${'&'.repeat(100_000)};`)).toBe(`${'&'.repeat(100_000)};`);
    expect(performance.now() - started).toBeLessThan(4_000);
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
    expect(xmlText(parseXml('<a> x <![CDATA[ &amp; ]]> y </a>').root)).toBe('x &amp; y');
  });

  it('leaves what is not a predefined or character reference as written', () => {
    expect(decodeXmlEntities('&constructor; &toString; &#xZZ; &#12345678; &amp &; &&amp;')).toBe(
      '&constructor; &toString; &#xZZ; &#12345678; &amp &; &&',
    );
    expect(decodeXmlEntities('&#x10FFFF;&#1114111;&#65;')).toBe('\u{10FFFF}\u{10FFFF}A');
  });

  it('reads the same shape as before: strings for plain text, objects with @_ attributes and #text', () => {
    const root = parseXml(
      '<r xmlns="urn:r" xmlns:x="urn:x" x:lang=" no "><e/><e></e><t a="1">v</t><m> a <c>1</c> b </m><x:n>\r\n 2 \r\n</x:n></r>',
    ).root;
    expect(root).toEqual({
      e: ['', ''],
      t: { '#text': 'v', '@_a': '1' },
      m: { c: '1', '#text': 'ab' },
      n: '2',
      '@_lang': 'no',
    });
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
