import type { Activity } from '@cpe/shared/schemas';
import type { BodyOf, Requester, ResponseOf } from './client';

export type ActivityWithOwner = ResponseOf<'getActivity'>;

export type ProofFilter = 'missing' | 'present';

export function activitiesApi(request: Requester) {
  return {
    /** The activities that count for the certification; `proof` keeps those without or with proof. */
    listActivities: (
      certificationId: string,
      options: { proof?: ProofFilter } = {},
    ): Promise<Activity[]> =>
      request('listActivities', {
        params: { id: certificationId },
        ...(options.proof ? { query: { proof: options.proof } } : {}),
      }),
    createActivity: (body: BodyOf<'createActivity'>): Promise<Activity> =>
      request('createActivity', { body }),
    getActivity: (id: string): Promise<ActivityWithOwner> =>
      request('getActivity', { params: { id } }),
    updateActivity: (id: string, body: BodyOf<'updateActivity'>): Promise<Activity> =>
      request('updateActivity', { params: { id }, body }),
    deleteActivity: (id: string): Promise<void> => request('deleteActivity', { params: { id } }),
    /** Marks the activity's credit for one certification as submitted to the body's portal (null: not). */
    setSubmission: (
      id: string,
      certificationId: string,
      submittedOn: string | null,
    ): Promise<Activity> =>
      request('setSubmission', {
        params: { id },
        body: { certification_id: certificationId, submitted_on: submittedOn },
      }),
    /** Reads a spreadsheet and answers every row as it would be imported; stores nothing. */
    previewImport: (body: BodyOf<'previewImport'>): Promise<ResponseOf<'previewImport'>> =>
      request('previewImport', { body }),
    /** Imports the rows the preview of the same body calls new. */
    importActivities: (body: BodyOf<'importActivities'>): Promise<ResponseOf<'importActivities'>> =>
      request('importActivities', { body }),
  };
}
