/**
 * GET /api/catalogue and GET /api/catalogue/{id}: the certification
 * catalogue, searched in memory. Public and the same for everyone, so the
 * route table marks the answers cacheable; no database, no AWS client.
 */
import { catalogueRoutes } from '@cpe/shared/routes';
import {
  SEARCH_LIMITS,
  catalogueEntryById,
  publicCatalogueEntry,
  searchCatalogue,
} from '@cpe/shared/catalogue';
import { NotFoundError } from '../errors';
import { createHandler } from '../http/handler';

export function createCatalogueHandler() {
  return createHandler(catalogueRoutes, {
    searchCatalogue({ query }) {
      return Promise.resolve(
        searchCatalogue(query.q ?? '', query.limit ?? SEARCH_LIMITS.defaultLimit).map(
          publicCatalogueEntry,
        ),
      );
    },

    getCatalogueEntry({ id }) {
      const entry = catalogueEntryById(id);
      if (!entry) throw new NotFoundError();
      return Promise.resolve(publicCatalogueEntry(entry));
    },
  });
}
