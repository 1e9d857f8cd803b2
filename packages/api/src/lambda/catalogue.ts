import { createCatalogueHandler } from '../handlers/catalogue';

// No configuration and no AWS client: the catalogue is data in the bundle.
export const handler = createCatalogueHandler();
