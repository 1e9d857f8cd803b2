/** How names are compared: the same rules for lookup by name and for search. */

/**
 * Lower-case ASCII words: accents drop off and compatibility forms fold
 * ("(ISC)²" gives "isc 2", "Qualité" gives "qualite"); "+" is part of a
 * name (A+ is not A), so it becomes the word "plus".
 */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/** Spacing and punctuation do not matter: "PMI-ACP", "pmi acp" and "PMIACP" are one key. */
export function exactKey(text: string): string {
  return nameWords(text).join('');
}

/**
 * Words people add around a certification's name ("ISC2 CISSP
 * certification") that do not change which one they mean. Only tried after
 * an exact match failed, so names that contain them (e.g. "PMI-ACP") still
 * match first.
 */
const NOISE_WORDS = new Set([
  'isc2',
  'isc',
  'isaca',
  'comptia',
  'pmi',
  'giac',
  'ec',
  'council',
  'eccouncil',
  'cisco',
  'aws',
  'amazon',
  'microsoft',
  'iapp',
  'peoplecert',
  'axelos',
  'iia',
  'acfe',
  'shrm',
  'hrci',
  'certification',
  'certificate',
  'cert',
  'certified',
  'credential',
  // CompTIA's "ce" suffix marks the continuing-education edition of the same certification.
  'ce',
  'the',
]);

export function looseKey(text: string): string {
  return withoutNoise(nameWords(text)).join('');
}

/** The words that say which certification is meant: NOISE_WORDS left out. */
export function withoutNoise(words: readonly string[]): string[] {
  return words.filter((w) => !NOISE_WORDS.has(w));
}
