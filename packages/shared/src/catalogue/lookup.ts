/** Finding one entry: by id, or by a name a user typed. */
import { catalogueEntries } from './entries';
import { exactKey, looseKey } from './text';
import type { CatalogueEntry } from './types';

let byId: Map<string, CatalogueEntry> | undefined;

export function catalogueEntryById(id: string): CatalogueEntry | undefined {
  byId ??= new Map(catalogueEntries().map((e) => [e.id, e]));
  return byId.get(id);
}

/** key -> entry; a key two entries share is ambiguous and maps to null. */
function buildIndex(key: (text: string) => string): Map<string, CatalogueEntry | null> {
  const index = new Map<string, CatalogueEntry | null>();
  for (const e of catalogueEntries()) {
    const keys = new Set([e.id, e.name, e.fullName, ...e.aliases].map(key));
    for (const k of keys) {
      if (k === '') continue;
      const existing = index.get(k);
      index.set(k, existing === undefined || existing === e ? e : null);
    }
  }
  return index;
}

let exactIndex: Map<string, CatalogueEntry | null> | undefined;
let looseIndex: Map<string, CatalogueEntry | null> | undefined;

/**
 * The entry a user-typed certification name refers to: its id, name, full
 * name or an alias, ignoring case, accents, punctuation and spacing, then
 * ignoring surrounding words such as the body's name or "certification".
 * Undefined when unknown or ambiguous, so that stored certifications are
 * only ever matched to the entry they surely mean.
 */
export function findCatalogueEntry(name: string): CatalogueEntry | undefined {
  exactIndex ??= buildIndex(exactKey);
  const exact = exactIndex.get(exactKey(name));
  if (exact !== undefined) return exact ?? undefined;
  looseIndex ??= buildIndex(looseKey);
  return looseIndex.get(looseKey(name)) ?? undefined;
}
