import { messages, s3Error } from '../errors';
import { xmlResponse } from '../response';
import type { S3Request, Services } from '../services';
import { taggingDocument } from '../tagging';

/** The object's tags (an empty TagSet when it has none). */
export function getObjectTagging(services: Pick<Services, 'store'>, request: S3Request) {
  const meta = services.store.head(request.bucket, request.key);
  if (!meta) throw s3Error('NoSuchKey', messages.noSuchKey(), [['Key', request.key]]);
  return Promise.resolve(xmlResponse(200, taggingDocument(meta.tags ?? [])));
}
