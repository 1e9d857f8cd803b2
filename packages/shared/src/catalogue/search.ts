/**
 * Ranked search over the catalogue, for the certification name field and
 * GET /api/catalogue. Pure and in memory: no database call.
 */
import { LIMITS } from '../schemas/limits';
import { MOST_HELD } from './data';
import { catalogueEntries } from './entries';
import { SEARCH_LIMITS } from './limits';
import { nameWords, withoutNoise } from './text';
import type { CatalogueEntry } from './types';

export { SEARCH_LIMITS };

/** How well an entry matches; lower is better. */
const Tier = { ExactName: 0, ExactAlias: 1, Prefix: 2, WordStarts: 3, Substring: 4 } as const;
type Tier = (typeof Tier)[keyof typeof Tier];

interface Indexed {
  entry: CatalogueEntry;
  /** Position in MOST_HELD; entries not listed share the last place. */
  popularity: number;
  name: string;
  aliases: string[];
  /** Every word of the name, full name, aliases and body, for word-start matches. */
  words: string[];
  /** Name, full name and aliases, spaced and unspaced, for substring matches. */
  texts: string[];
}

const spaced = (text: string) => nameWords(text).join(' ');

let index: Indexed[] | undefined;

function indexed(): Indexed[] {
  if (index) return index;
  const rank = new Map(MOST_HELD.map((id, i) => [id, i]));
  index = catalogueEntries().map((entry) => {
    const name = spaced(entry.name);
    const aliases = entry.aliases.map(spaced);
    const fullName = spaced(entry.fullName);
    return {
      entry,
      popularity: rank.get(entry.id) ?? MOST_HELD.length,
      name,
      aliases,
      words: [
        ...new Set(
          [entry.name, entry.fullName, entry.body, ...entry.aliases].flatMap((t) => nameWords(t)),
        ),
      ],
      texts: [name, fullName, ...aliases].flatMap((t) => [t, t.replace(/ /g, '')]),
    };
  });
  return index;
}

function tier(item: Indexed, query: string, queryWords: string[]): Tier | undefined {
  if (item.name === query) return Tier.ExactName;
  if (item.aliases.includes(query)) return Tier.ExactAlias;
  if (item.name.startsWith(query) || item.aliases.some((a) => a.startsWith(query))) {
    return Tier.Prefix;
  }
  if (queryWords.every((q) => item.words.some((w) => w.startsWith(q)))) return Tier.WordStarts;
  const compact = query.replace(/ /g, '');
  if (item.texts.some((t) => t.includes(query) || t.includes(compact))) return Tier.Substring;
  return undefined;
}

/** Code-unit order: names are ASCII, and a locale collator costs tens of milliseconds to create. */
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Most held first, then entry-level before expert (more people hold them), then by name. */
function byPopularity(a: Indexed, b: Indexed): number {
  return (
    a.popularity - b.popularity ||
    a.entry.level - b.entry.level ||
    compareText(a.entry.name, b.entry.name) ||
    compareText(a.entry.id, b.entry.id)
  );
}

function clampLimit(limit: number): number {
  if (!Number.isFinite(limit)) return SEARCH_LIMITS.defaultLimit;
  return Math.min(SEARCH_LIMITS.maxLimit, Math.max(0, Math.floor(limit)));
}

/**
 * Entries matching `query`, best first: the exact abbreviation, then an exact
 * alias, then names or aliases starting with the query, then entries whose
 * full name, aliases or body contain every query word at a word start, then
 * any substring. Case, accents, spacing and punctuation do not matter. Ties
 * go to the more commonly held entry. An empty query answers the most
 * commonly held entries. Only the query's first LIMITS.searchQueryLength
 * characters count (the API refuses longer ones): the work per entry stays
 * bounded whatever the caller passes.
 */
export function searchCatalogue(
  query: string,
  limit: number = SEARCH_LIMITS.defaultLimit,
): CatalogueEntry[] {
  const max = clampLimit(limit);
  const queryWords = nameWords(query.slice(0, LIMITS.searchQueryLength));
  const q = queryWords.join(' ');
  const items = indexed();
  if (q === '')
    return [...items]
      .sort(byPopularity)
      .slice(0, max)
      .map((i) => i.entry);

  const matchesOf = (words: string[]) => {
    const found: { item: Indexed; tier: Tier }[] = [];
    const text = words.join(' ');
    for (const item of items) {
      const t = tier(item, text, words);
      if (t !== undefined) found.push({ item, tier: t });
    }
    return found;
  };
  let matches = matchesOf(queryWords);
  // "CISSP certification", "CompTIA Security+ ce": the words around a name, as the lookup drops them.
  const meaningful = withoutNoise(queryWords);
  if (matches.length === 0 && meaningful.length > 0 && meaningful.length < queryWords.length) {
    matches = matchesOf(meaningful);
  }
  return matches
    .sort((a, b) => a.tier - b.tier || byPopularity(a.item, b.item))
    .slice(0, max)
    .map((m) => m.item.entry);
}
