/** Object tags: PostObject's `tagging` field and the answers of the object tagging operations. */
import { messages, s3Error } from './errors';
import { element, parseXml, xmlDocument } from './xml';

/** S3's limits on object tags. */
const MAX_TAGS = 10;
const MAX_KEY = 128;
const MAX_VALUE = 256;

const list = (value: unknown): unknown[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** `<Tagging><TagSet><Tag><Key/><Value/></Tag>...</TagSet></Tagging>` -> pairs; MalformedXML or InvalidTag otherwise. */
export function parseTagging(xml: string): Array<[string, string]> {
  const document = parseXml(Buffer.from(xml, 'utf8')) as
    { Tagging?: { TagSet?: { Tag?: unknown } | '' } } | undefined;
  const tagSet = document?.Tagging?.TagSet;
  if (document?.Tagging === undefined || tagSet === undefined)
    throw s3Error('MalformedXML', messages.malformedXml());
  const tags: Array<[string, string]> = [];
  for (const tag of list(tagSet === '' ? undefined : tagSet.Tag)) {
    const { Key: key, Value: value } = (tag ?? {}) as { Key?: unknown; Value?: unknown };
    if (typeof key !== 'string' || (value !== undefined && typeof value !== 'string'))
      throw s3Error('MalformedXML', messages.malformedXml());
    const text = value ?? '';
    if (key.length === 0 || key.length > MAX_KEY || text.length > MAX_VALUE)
      throw s3Error('InvalidTag', 'The TagKey you have provided is invalid');
    if (tags.some(([seen]) => seen === key))
      throw s3Error('InvalidTag', 'Cannot provide multiple Tags with the same key');
    tags.push([key, text]);
  }
  if (tags.length > MAX_TAGS) throw s3Error('BadRequest', 'Object tags cannot be greater than 10');
  return tags;
}

export function taggingDocument(tags: ReadonlyArray<readonly [string, string]>): string {
  const body = tags.map(
    ([key, value]) => `<Tag>${element('Key', key)}${element('Value', value)}</Tag>`,
  );
  return xmlDocument('Tagging', `<TagSet>${body.join('')}</TagSet>`);
}
