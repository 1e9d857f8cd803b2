import type { Certification } from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';

/**
 * The list and the catalogue entries its certifications follow, fetched
 * together (in parallel, each once a session): the cards then show every
 * figure the first time they appear, and nothing moves when an entry arrives.
 * An entry that cannot be loaded is left out; its card shows what the
 * certification itself knows.
 */
export async function withEntries(
  certs: Certification[],
  getEntry: (id: string) => Promise<CatalogueEntry>,
): Promise<{ certs: Certification[]; entries: ReadonlyMap<string, CatalogueEntry> }> {
  const ids = [...new Set(certs.flatMap((c) => (c.catalogue_id === null ? [] : [c.catalogue_id])))];
  const found = await Promise.all(
    ids.map((id) =>
      getEntry(id).then(
        (entry) => [id, entry] as const,
        (error: unknown) => {
          console.warn('Could not load the catalogue entry', id, error);
          return null;
        },
      ),
    ),
  );
  return { certs, entries: new Map(found.filter((f) => f !== null)) };
}
