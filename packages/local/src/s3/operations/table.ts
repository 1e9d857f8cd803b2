import type { Operation } from '../services';
import { deleteObject } from './delete-object';
import { deleteObjectTagging } from './delete-object-tagging';
import { deleteObjects } from './delete-objects';
import { getObject } from './get-object';
import { getObjectTagging } from './get-object-tagging';
import { headObject } from './head-object';
import { listObjectsV2 } from './list-objects-v2';
import { postObject } from './post-object';
import { putObject } from './put-object';

export interface OperationEntry {
  handle: Operation;
  /**
   * `signature`: SigV4 in the Authorization header or a presigned query,
   * checked by the router. `form`: the signed policy in the body, checked by
   * the operation (a browser form cannot set headers).
   */
  authentication: 'signature' | 'form';
}

/** The only operations the emulator answers; routes.ts names every other one for its refusal. */
export const OPERATIONS: ReadonlyMap<string, OperationEntry> = new Map([
  ['PutObject', { handle: putObject, authentication: 'signature' }],
  ['GetObject', { handle: getObject, authentication: 'signature' }],
  ['HeadObject', { handle: headObject, authentication: 'signature' }],
  ['DeleteObject', { handle: deleteObject, authentication: 'signature' }],
  ['DeleteObjects', { handle: deleteObjects, authentication: 'signature' }],
  ['ListObjectsV2', { handle: listObjectsV2, authentication: 'signature' }],
  ['PostObject', { handle: postObject, authentication: 'form' }],
  ['GetObjectTagging', { handle: getObjectTagging, authentication: 'signature' }],
  ['DeleteObjectTagging', { handle: deleteObjectTagging, authentication: 'signature' }],
]);
