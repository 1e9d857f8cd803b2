/**
 * Request and response shapes, shared by the handlers (validation), the web
 * client (typed fetch helpers) and the generated API document. One module per
 * area under schemas/: a Lambda bundle builds the schemas of the modules it
 * imports, not all of them (zod schemas cost time to build at a cold start).
 */
export * from './schemas/limits';
export * from './schemas/common';
export * from './schemas/fields';
export * from './schemas/standing';
export * from './schemas/certifications';
export * from './schemas/activities';
export * from './schemas/users';
export * from './schemas/catalogue';
export * from './schemas/files';
export * from './schemas/badges';
export * from './schemas/proposals';
export * from './schemas/imports';
