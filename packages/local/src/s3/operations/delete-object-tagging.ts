import { messages, s3Error } from '../errors';
import { emptyResponse } from '../response';
import type { S3Request, Services } from '../services';

/** Removes every tag of the object; 204. The bytes and the rest of the metadata stay. */
export function deleteObjectTagging(services: Pick<Services, 'store'>, request: S3Request) {
  const stored = services.store.get(request.bucket, request.key);
  if (!stored) throw s3Error('NoSuchKey', messages.noSuchKey(), [['Key', request.key]]);
  const { tags: _tags, ...meta } = stored.meta;
  services.store.put(request.bucket, meta, stored.body);
  return Promise.resolve(emptyResponse(204));
}
