import type { BodyOf, Requester, ResponseOf } from './client';

export function contactApi(request: Requester) {
  return {
    submitContact: (body: BodyOf<'submitContact'>): Promise<ResponseOf<'submitContact'>> =>
      request('submitContact', { body }),
  };
}
