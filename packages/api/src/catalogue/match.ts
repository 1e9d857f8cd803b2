/**
 * Migration 002's data step: certifications stored before the catalogue
 * existed are matched to an entry by name, where the name surely means one
 * (findCatalogueEntry answers nothing for unknown or ambiguous names), and
 * take the entry's unit and annual minimum unless they have their own.
 * Idempotent: only rows without a catalogue_id are touched. Loaded lazily,
 * so the migrate function carries the catalogue only when this runs.
 */
import * as z from 'zod/mini';
import { findCatalogueEntry } from '@cpe/shared/catalogue';
import type { Params, Queryable } from '../db';

/** Distinct names read per statement, and rows of the VALUES list per update. */
const PAGE = 250;

export async function matchCatalogueEntries(tx: Queryable): Promise<number> {
  let after: string | null = null;
  let matched = 0;
  for (;;) {
    const names: { name: string }[] = await tx.query(
      `select distinct certification_name as name from certifications
        where catalogue_id is null
          and (cast(:after as text) is null or certification_name > cast(:after as text))
        order by certification_name
        limit :page`,
      { after, page: PAGE },
      z.object({ name: z.string() }),
    );
    const last = names.at(-1);
    if (!last) return matched;
    const params: Params = {};
    const rows: string[] = [];
    for (const { name } of names) {
      const entry = findCatalogueEntry(name);
      if (!entry) continue;
      const i = rows.length;
      params[`name${i}`] = name;
      params[`id${i}`] = entry.id;
      params[`unit${i}`] = entry.renewal.unit;
      params[`min${i}`] =
        entry.renewal.annualMinimum === null ? null : String(entry.renewal.annualMinimum);
      rows.push(
        `(cast(:name${i} as text), cast(:id${i} as text), cast(:unit${i} as text), cast(:min${i} as numeric))`,
      );
    }
    if (rows.length > 0) {
      matched += await tx.execute(
        `update certifications c
            set catalogue_id = v.id,
                unit = coalesce(c.unit, v.unit),
                annual_minimum = coalesce(c.annual_minimum, v.annual_minimum)
           from (values ${rows.join(', ')}) as v(name, id, unit, annual_minimum)
          where c.certification_name = v.name and c.catalogue_id is null`,
        params,
      );
    }
    after = last.name;
  }
}
