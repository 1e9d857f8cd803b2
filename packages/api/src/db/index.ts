export { createDb } from './client';
export type { Db, Queryable } from './client';
export type { Params } from './params';
