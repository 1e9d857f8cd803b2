import { readObject } from '../read';
import type { S3Request, Services } from '../services';

export async function getObject(services: Pick<Services, 'store'>, request: S3Request) {
  return readObject(services, request, true);
}
