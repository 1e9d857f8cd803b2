/**
 * Which column holds which field, guessed from the header row: a header that
 * is one of a field's names wins; then one that contains a field's word. Each
 * column serves one field at most.
 */
import {
  IMPORT_FIELDS,
  IMPORT_RULES,
  type ImportField,
  type ImportMapping,
} from '@cpe/shared/schemas';

/** Each field's names, normalised (lower case, letters and digits separated by one space). */
const NAMES: Record<ImportField, readonly string[]> = {
  date: [
    'date',
    'activity date',
    'date completed',
    'completion date',
    'completed',
    'completed on',
    'event date',
    'session date',
    'day',
    'when',
  ],
  title: [
    'title',
    'activity',
    'activity name',
    'activity title',
    'name',
    'course',
    'course name',
    'course title',
    'event',
    'event name',
    'session',
    'training',
    'subject',
  ],
  provider: [
    'provider',
    'training provider',
    'organiser',
    'organizer',
    'organisation',
    'organization',
    'sponsor',
    'vendor',
    'host',
    'institution',
    'issuer',
  ],
  units: [
    'units',
    'cpe',
    'cpes',
    'cpe units',
    'cpe credits',
    'cpe hours',
    'credits',
    'credit',
    'hours',
    'pdu',
    'pdus',
    'ceu',
    'ceus',
    'points',
    'amount',
  ],
  category: ['category', 'group', 'domain', 'type', 'activity type', 'kind', 'cpe category'],
  certification: [
    'certification',
    'certification name',
    'certificate',
    'cert',
    'credential',
    'qualification',
    'designation',
  ],
  description: ['description', 'notes', 'note', 'details', 'comments', 'comment', 'summary'],
};

/** Words that, inside a longer header, point to a field; in the order fields are tried. */
const WORDS: readonly [ImportField, RegExp][] = [
  ['date', /\bdate\b/],
  ['units', /\b(units?|cpes?|credits?|hours|pdus?|ceus?)\b/],
  ['certification', /\b(certification|certificate|credential)\b/],
  ['provider', /\b(provider|organi[sz]er|sponsor|vendor)\b/],
  ['category', /\b(category|domain|group)\b/],
  ['description', /\b(description|notes?|details|comments?)\b/],
  ['title', /\b(title|activity|course|event|session|name)\b/],
];

export function normaliseHeader(header: string): string {
  return header
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export const emptyMapping = (): ImportMapping =>
  Object.fromEntries(IMPORT_FIELDS.map((f) => [f, null])) as ImportMapping;

export function guessMapping(headers: readonly string[]): ImportMapping {
  const mapping = emptyMapping();
  // Only columns a mapping may name: a guess the user could not send back would be useless.
  const normal = headers.slice(0, IMPORT_RULES.maxColumns).map(normaliseHeader);
  const taken = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const i = normal.findIndex((h, at) => !taken.has(at) && NAMES[field].includes(h));
    if (i >= 0) {
      mapping[field] = i;
      taken.add(i);
    }
  }
  for (const [field, word] of WORDS) {
    if (mapping[field] !== null) continue;
    const i = normal.findIndex((h, at) => !taken.has(at) && word.test(h));
    if (i >= 0) {
      mapping[field] = i;
      taken.add(i);
    }
  }
  return mapping;
}
