/**
 * The badge a baked SVG carries: Open Badges 2.0 puts the assertion in an
 * `<openbadges:assertion>` element (its JSON as the element's text, or a
 * signed assertion's JWS in the `verify` attribute), Open Badges 3.0 the
 * credential in `<openbadges:credential>` the same way. Read with an XML
 * parser, not by pattern.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { BadgeError } from './errors';

export const SVG_ELEMENTS = ['openbadges:assertion', 'openbadges:credential'] as const;
export type SvgElement = (typeof SVG_ELEMENTS)[number];

type Node = Record<string, unknown>;

/** Does the text start as XML does (an SVG badge; the parser says whether it is one)? */
export function looksLikeXml(text: string): boolean {
  return text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
}

/** Depth-first search for the first badge element, to a bounded depth. */
function findElement(
  node: unknown,
  depth: number,
): { name: SvgElement; node: unknown } | undefined {
  if (depth > 64 || node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findElement(item, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  for (const [key, value] of Object.entries(node as Node)) {
    if ((SVG_ELEMENTS as readonly string[]).includes(key)) {
      return { name: key as SvgElement, node: Array.isArray(value) ? value[0] : value };
    }
    if (key.startsWith('@_') || key === '#text') continue;
    const found = findElement(value, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** The badge text baked into an SVG: a signed badge's `verify` JWS, else the element's JSON. */
export function readSvgBadge(text: string): { element: SvgElement; text: string } {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new BadgeError(
      `the SVG is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`,
    );
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    textNodeName: '#text',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
  });
  const found = findElement(parser.parse(text), 0);
  if (!found) {
    throw new BadgeError(
      'the SVG carries no Open Badge (no openbadges:assertion or openbadges:credential element): it is an image, not a baked badge',
    );
  }
  const { node } = found;
  if (typeof node === 'string' && node.trim() !== '') return { element: found.name, text: node };
  if (node !== null && typeof node === 'object') {
    const body = (node as Node)['#text'];
    if (typeof body === 'string' && body.trim() !== '') return { element: found.name, text: body };
    const verify = (node as Node)['@_verify'];
    if (typeof verify === 'string' && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(verify.trim())) {
      return { element: found.name, text: verify.trim() };
    }
    if (typeof verify === 'string' && verify.trim() !== '') {
      throw new BadgeError(
        `the SVG's ${found.name} only points to a hosted assertion (${verify.trim().slice(0, 200)}), which is not fetched here: download the assertion's JSON and add that`,
      );
    }
  }
  throw new BadgeError(`the SVG's ${found.name} element is empty`);
}
