/** What the API answers about an entry. */
import type { CatalogueEntry } from './types';

/**
 * Everything a user needs to know an entry's rules; `recommendable` is the
 * recommender's own business and stays out.
 */
export type PublicCatalogueEntry = Omit<CatalogueEntry, 'recommendable'>;

export function publicCatalogueEntry(entry: CatalogueEntry): PublicCatalogueEntry {
  return {
    id: entry.id,
    body: entry.body,
    name: entry.name,
    fullName: entry.fullName,
    aliases: entry.aliases,
    domains: entry.domains,
    level: entry.level,
    nextSteps: entry.nextSteps,
    renewal: entry.renewal,
    notes: entry.notes,
    source: entry.source,
    checked: entry.checked,
    uncertain: entry.uncertain,
    uncertainNote: entry.uncertainNote,
  };
}
