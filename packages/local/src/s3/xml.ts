/**
 * S3 speaks XML both ways: answers are written with a few string helpers
 * (S3's shapes are flat and small), requests are read with fast-xml-parser,
 * which also validates them.
 */
import { XMLParser } from 'fast-xml-parser';

export const S3_NAMESPACE = 'http://s3.amazonaws.com/doc/2006-03-01/';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\r': '&#13;',
  '\n': '&#10;',
  '\t': '&#9;',
};

/** Escapes text for an element body; CR, LF and TAB as references so a key survives a parser's line-ending rules. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r\n\t]/g, (c) => (Object.hasOwn(ESCAPES, c) ? ESCAPES[c] : c) ?? c);
}

/** `<name>text</name>`, escaped; undefined leaves the element out, as S3 omits absent members. */
export function element(name: string, text: string | number | boolean | undefined): string {
  if (text === undefined) return '';
  return `<${name}>${escapeXml(String(text))}</${name}>`;
}

/** A document with S3's declaration; `root` gets the S3 namespace unless `namespaced` is false. */
export function xmlDocument(root: string, children: string, namespaced = true): string {
  const open = namespaced ? `<${root} xmlns="${S3_NAMESPACE}">` : `<${root}>`;
  return `${DECLARATION}${open}${children}</${root}>`;
}

const PREDEFINED: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

/**
 * Resolves XML's five entities and character references in one pass, so
 * `&amp;#x0A;` stays the six characters `&#x0A;` while `&#x0A;` becomes a
 * line feed (the SDK writes control characters in keys that way). Anything
 * else after `&` is not XML.
 */
function decodeText(text: string): string {
  return text.replace(/&(?:#x([0-9a-fA-F]+)|#([0-9]+)|([a-z]+))?;?/g, (match, hex, dec, name) => {
    if (!match.endsWith(';')) throw new Error('unescaped & in XML text');
    if (hex !== undefined || dec !== undefined) {
      const code = Number.parseInt((hex ?? dec) as string, hex !== undefined ? 16 : 10);
      if (code > 0x10ffff) throw new Error('character reference out of range');
      return String.fromCodePoint(code);
    }
    const entity = Object.hasOwn(PREDEFINED, name as string)
      ? PREDEFINED[name as string]
      : undefined;
    if (entity === undefined) throw new Error(`undefined entity &${String(name)};`);
    return entity;
  });
}

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  removeNSPrefix: true,
  // Keys and values stay exactly as sent: no number coercion, no trimming,
  // entities resolved by decodeText alone.
  parseTagValue: false,
  trimValues: false,
  processEntities: false,
  // Kept apart (and so refused where text is expected) rather than entity-decoded by mistake.
  cdataPropName: '#cdata',
  tagValueProcessor: (_name, value) => decodeText(value),
});

/** Parses and validates an XML body; undefined when it is not well-formed. */
export function parseXml(body: Buffer): unknown {
  try {
    return parser.parse(body.toString('utf8'), true) as unknown;
  } catch {
    return undefined;
  }
}
