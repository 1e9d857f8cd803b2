import type { Certification, Readiness } from '@cpe/shared/schemas';
import type { BodyOf, Requester, ResponseOf } from './client';
import { ApiError } from './errors';

export type Cycle = ResponseOf<'listCycles'>[number];

export function certificationsApi(request: Requester) {
  return {
    listCertifications: (userId: string): Promise<Certification[]> =>
      request('listCertifications', { params: { id: userId } }),
    createCertification: (body: BodyOf<'createCertification'>): Promise<Certification> =>
      request('createCertification', { body }),
    updateCertification: (
      id: string,
      body: BodyOf<'updateCertification'>,
    ): Promise<Certification> => request('updateCertification', { params: { id }, body }),
    deleteCertification: (id: string): Promise<void> =>
      request('deleteCertification', { params: { id } }),
    /** The API answers a list whose first item is the certification. */
    async getCertification(id: string): Promise<Certification> {
      const [first] = await request('getCertification', { params: { id } });
      if (!first) throw new ApiError(404, 'Not found');
      return first;
    },
    /**
     * Renews the cycle that ends on `expiryDate` (the certification's current
     * expiry, null for none). If another click or tab renewed it first, the
     * API answers 409 instead of renewing twice.
     */
    renewCertification: (id: string, expiryDate: string | null): Promise<Certification> =>
      request('renewCertification', { params: { id }, body: { expiry_date: expiryDate } }),
    /** What an auditor would reject today, for the current cycle or the one starting on `cycle`. */
    getReadiness: (id: string, cycle?: string): Promise<Readiness> =>
      request('getReadiness', { params: { id }, ...(cycle ? { query: { cycle } } : {}) }),
    /** The current cycle and the past ones, newest first. */
    listCycles: (id: string): Promise<Cycle[]> => request('listCycles', { params: { id } }),
    /** An Open Badge file read into a certification's prefill (nothing is stored). */
    readBadge: (body: BodyOf<'readBadge'>): Promise<ResponseOf<'readBadge'>> =>
      request('readBadge', { body }),
  };
}
