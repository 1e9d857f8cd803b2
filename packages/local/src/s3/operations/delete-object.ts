import { emptyResponse } from '../response';
import type { S3Request, Services } from '../services';

/** 204 whether or not the key existed: an unversioned bucket cannot tell the caller. */
export function deleteObject(services: Pick<Services, 'store'>, request: S3Request) {
  services.store.delete(request.bucket, request.key);
  return Promise.resolve(emptyResponse(204));
}
