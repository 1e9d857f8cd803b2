import type { Requester, ResponseOf } from './client';

export type Recommendation = ResponseOf<'recommendCertifications'>;

export function recommendationsApi(request: Requester) {
  return {
    recommendCertifications: (): Promise<Recommendation> => request('recommendCertifications'),
  };
}
