/**
 * The certification catalogue: the renewal rules of the certifications
 * professionals hold, one data file per body (data/), and the pure functions
 * that read them. docs/certification-rules.md describes every field.
 */
export * from './types';
export { catalogueEntries } from './entries';
export { catalogueEntryById, findCatalogueEntry } from './lookup';
export { SEARCH_LIMITS, searchCatalogue } from './search';
export { type PublicCatalogueEntry, publicCatalogueEntry } from './public';
export { creditUnitLabel } from './units';
export {
  type CatalogueRecommendation,
  type HeldCertification,
  heldEntry,
  heldName,
  recommendFromCatalogue,
} from './recommend';
