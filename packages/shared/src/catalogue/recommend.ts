/**
 * The offline recommender: certifications to pursue next, chosen from the
 * catalogue without any outside service.
 */
import { catalogueEntries } from './entries';
import { catalogueEntryById, findCatalogueEntry } from './lookup';
import type { CatalogueEntry } from './types';

/**
 * A certification the user holds: its name, or its name and the catalogue
 * entry it is linked to (a badge's long name need not be one the lookup
 * knows; the link says which entry it is).
 */
export type HeldCertification = string | { name: string; catalogue_id: string | null };

/** The catalogue entry a held certification is: the one it is linked to, else the one its name names. */
export function heldEntry(held: HeldCertification): CatalogueEntry | undefined {
  if (typeof held === 'string') return findCatalogueEntry(held);
  return (
    (held.catalogue_id === null ? undefined : catalogueEntryById(held.catalogue_id)) ??
    findCatalogueEntry(held.name)
  );
}

/** The name the user gave it. */
export const heldName = (held: HeldCertification): string =>
  typeof held === 'string' ? held : held.name;

export interface CatalogueRecommendation {
  entry: CatalogueEntry;
  /** One line saying why this one. */
  reason: string;
}

/** For users who hold nothing the catalogue knows: broad, well-recognised starting points. */
const STARTING_POINTS = [
  'comptia-security-plus',
  'pmi-pmp',
  'isaca-cisa',
  'isc2-cissp',
  'comptia-network-plus',
  'isc2-ccsp',
  'aws-clf',
  'peoplecert-itil4-foundation',
] as const;

/** A lower-level entry in a field the user already holds a higher certification in would be a step back. */
function isStepBack(candidate: CatalogueEntry, held: readonly CatalogueEntry[]): boolean {
  const field = candidate.domains[0];
  return held.some(
    (h) => field !== undefined && h.domains.includes(field) && candidate.level < h.level,
  );
}

/**
 * Certifications to pursue next, deterministic for the same input: next steps
 * of what the user holds (taking turns between their certifications, so one
 * does not crowd out the others), then entries sharing a field with them (most
 * shared fields first), then well-known starting points. Never one the user
 * holds, nor a licence to practise in one place, nor a lower-level one in a
 * field where they hold a higher one.
 */
export function recommendFromCatalogue(
  holds: readonly HeldCertification[],
  limit = 3,
): CatalogueRecommendation[] {
  const max = Math.max(0, Math.floor(limit));
  const held: CatalogueEntry[] = [];
  for (const h of holds) {
    const found = heldEntry(h);
    if (found && !held.includes(found)) held.push(found);
  }

  const picked: CatalogueRecommendation[] = [];
  // A curated next step is never a step back from the entry that names it (CISM -> CRISC).
  const offer = (e: CatalogueEntry | undefined, reason: string, from?: CatalogueEntry): void => {
    if (!e || !e.recommendable || picked.length >= max || held.includes(e)) return;
    if (picked.some((p) => p.entry === e)) return;
    if (isStepBack(e, from ? held.filter((h) => h !== from) : held)) return;
    picked.push({ entry: e, reason });
  };

  const rounds = Math.max(0, ...held.map((h) => h.nextSteps.length));
  for (let i = 0; i < rounds; i++) {
    for (const h of held) {
      const id = h.nextSteps[i];
      if (id !== undefined) {
        offer(catalogueEntryById(id), `A natural next step after your ${h.name}.`, h);
      }
    }
  }

  const heldDomains = new Set(held.flatMap((h) => h.domains));
  const related = catalogueEntries()
    .map((e, order) => ({ e, order, shared: e.domains.filter((d) => heldDomains.has(d)) }))
    .filter((c) => c.shared.length > 0)
    .sort((a, b) => b.shared.length - a.shared.length || a.order - b.order);
  for (const { e, shared } of related) {
    const field = shared[0];
    const like = held.find((h) => field !== undefined && h.domains.includes(field));
    if (field && like) offer(e, `Also in ${field}, like your ${like.name}.`);
  }

  for (const id of STARTING_POINTS) {
    const e = catalogueEntryById(id);
    const field = e?.domains[0] ?? 'its field';
    offer(
      e,
      held.length === 0
        ? `A widely recognised starting point in ${field}.`
        : `Widely recognised in ${field}; it broadens your profile.`,
    );
  }
  return picked;
}
