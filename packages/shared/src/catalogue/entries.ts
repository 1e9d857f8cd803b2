/**
 * The catalogue's entries, built from the bodies' data files on first use:
 * each entry takes its body's figures unless it names its own. Built lazily
 * so that loading the module costs nothing until the catalogue is read.
 */
import { BODY_GROUPS } from './data';
import type { BodyData, CatalogueEntry, EntryData } from './types';

function joined(...parts: (string | null | undefined)[]): string {
  return parts.filter((p): p is string => p !== null && p !== undefined && p !== '').join(' ');
}

function expand(body: BodyData, entry: EntryData): CatalogueEntry {
  const uncertain = body.uncertain || entry.uncertain === true;
  return {
    id: entry.id,
    body: body.body,
    name: entry.name,
    fullName: entry.fullName,
    aliases: entry.aliases,
    domains: entry.domains,
    level: entry.level,
    nextSteps: entry.nextSteps,
    recommendable: entry.recommendable ?? body.recommendable,
    renewal: entry.renewal ?? body.renewal,
    // The entry's own remarks first: they are the more specific.
    notes: joined(entry.notes, body.notes),
    source: entry.source ?? body.source,
    checked: entry.checked ?? body.checked,
    uncertain,
    uncertainNote: uncertain ? joined(entry.uncertainNote, body.uncertainNote) : null,
  };
}

let entries: readonly CatalogueEntry[] | undefined;

/** Every catalogue entry, bodies in the data files' order. */
export function catalogueEntries(): readonly CatalogueEntry[] {
  entries ??= BODY_GROUPS.flat().flatMap((body) =>
    body.entries.map((entry) => expand(body, entry)),
  );
  return entries;
}
