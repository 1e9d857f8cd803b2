export { createDb } from './client';
export type { Db, Queryable } from './client';
export type { Params } from './params';
export { DatabaseError, SQLSTATE, hasSqlState, validationErrorFromDatabase } from './errors';
export { CHECK_CONSTRAINTS } from './constraints';
