import { createCatalogueHandler } from '../handlers/catalogue';
import { withLambdaContext } from '../log';

// No configuration and no AWS client: the catalogue is data in the bundle.
export const handler = withLambdaContext(createCatalogueHandler());
