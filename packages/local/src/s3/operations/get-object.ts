import { readObject } from '../read';
import type { S3Request, Services } from '../services';

export function getObject(services: Pick<Services, 'store'>, request: S3Request) {
  return Promise.resolve(readObject(services, request, true));
}
