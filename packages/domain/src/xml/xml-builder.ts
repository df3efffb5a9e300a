/** Writes XML documents whose element order is fixed by a schema, as element trees rendered to text. */

import { escapeXml } from './safe-xml';

/** A small element tree rendered with two-space indentation; children keep the order given. */
export interface XmlTree {
  open: string;
  close: string;
  text?: string;
  children?: XmlContent[];
}
export type XmlContent = XmlTree | XmlContent[] | undefined;

export function element(
  name: string,
  content: string | XmlContent[],
  attributes?: Record<string, string>,
): XmlTree {
  const attributeText = attributes
    ? Object.entries(attributes)
        .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
        .join('')
    : '';
  const open = `<${name}${attributeText}>`;
  const close = `</${name}>`;
  return typeof content === 'string'
    ? { open, close, text: escapeXml(content) }
    : { open, close, children: content };
}

function render(content: XmlContent, depth: number, lines: string[]): void {
  if (content === undefined) return;
  if (Array.isArray(content)) {
    for (const child of content) render(child, depth, lines);
    return;
  }
  const indent = '  '.repeat(depth);
  if (content.text !== undefined) {
    lines.push(`${indent}${content.open}${content.text}${content.close}`);
    return;
  }
  lines.push(`${indent}${content.open}`);
  for (const child of content.children ?? []) render(child, depth + 1, lines);
  lines.push(`${indent}${content.close}`);
}

/** An element only for a value that is there and not blank, as an empty element would not be valid. */
export function optional(value: string | undefined, write: (value: string) => XmlTree): XmlTree | undefined {
  return value === undefined || value.trim() === '' ? undefined : write(value.trim());
}

/** The document with its XML declaration, one element per line, ending in a newline. */
export function xmlDocument(root: XmlTree): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>'];
  render(root, 0, lines);
  return `${lines.join('\n')}\n`;
}
