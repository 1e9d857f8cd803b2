import type { Requester, ResponseOf } from './client';

/** A catalogue entry as the API answers it: renewal rules, source, checked month. */
export type CatalogueEntry = ResponseOf<'getCatalogueEntry'>;

/** How many suggestions the name field asks for. */
export const SUGGESTION_LIMIT = 8;

export function catalogueApi(request: Requester) {
  // Entries change only with a deploy (the API lets browsers keep them an hour): one
  // request per entry per session, however many cards, forms and dialogs show it.
  const entries = new Map<string, Promise<CatalogueEntry>>();
  return {
    /** Ranked search (an empty query answers the most held certifications). */
    searchCatalogue: (
      q: string,
      options: { limit?: number; signal?: AbortSignal } = {},
    ): Promise<CatalogueEntry[]> =>
      request('searchCatalogue', {
        query: { q, limit: String(options.limit ?? SUGGESTION_LIMIT) },
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    getCatalogueEntry(id: string): Promise<CatalogueEntry> {
      let entry = entries.get(id);
      if (!entry) {
        entry = request('getCatalogueEntry', { params: { id } });
        // A failed lookup is not remembered: the next one asks again.
        entry.catch(() => entries.delete(id));
        entries.set(id, entry);
      }
      return entry;
    },
  };
}
