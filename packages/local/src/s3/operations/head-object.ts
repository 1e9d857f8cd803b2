import { readObject } from '../read';
import type { S3Request, Services } from '../services';

/** GetObject's answer without the body; the router sends errors to HEAD without a body too, as S3 does. */
export function headObject(services: Pick<Services, 'store'>, request: S3Request) {
  return Promise.resolve(readObject(services, request, false));
}
