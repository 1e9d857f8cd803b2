/**
 * Work a migration needs that plain SQL cannot do, run right after the
 * migration's statements in the same transaction (so it is applied, and
 * recorded, once). Keyed by migration version; each step loads what it needs
 * lazily.
 */
import type { Queryable } from './client';

export type DataStep = (tx: Queryable) => Promise<void>;

export const DATA_STEPS: ReadonlyMap<string, DataStep> = new Map([
  [
    '002_certification_rules',
    async (tx) => {
      const { matchCatalogueEntries } = await import('../catalogue/match');
      await matchCatalogueEntries(tx);
    },
  ],
]);
