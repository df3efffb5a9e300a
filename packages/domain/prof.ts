import { XMLParser } from 'fast-xml-parser';
import { norwegianInvoice } from './src/ehf/__fixtures__/norwegian-invoice';
import { parseEhf } from './src/ehf/ehf';
import { parseXml, SAFE_XML_PARSER_OPTIONS } from './src/xml/safe-xml';
const invoices = Array.from({ length: 10000 }, (_, i) => norwegianInvoice({ id: `F-${i}` }));
const p = new XMLParser(SAFE_XML_PARSER_OPTIONS);
const { tagValueProcessor, attributeValueProcessor, ...rest } = SAFE_XML_PARSER_OPTIONS; const p2 = new XMLParser(rest);
const time = (name: string, f: () => void) => { for (let r = 0; r < 2; r++) { const t = performance.now(); f(); if (r) console.log(name, (performance.now() - t).toFixed(0)); } };
time('bare', () => { for (const x of invoices) p.parse(x); });
time('bare-noproc', () => { for (const x of invoices) p2.parse(x); });

time('parseXml', () => { for (const x of invoices) parseXml(x); });
time('parseEhf', () => { for (const x of invoices) parseEhf(x); });
