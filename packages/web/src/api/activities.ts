import type { Activity } from '@cpe/shared/schemas';
import type { BodyOf, Requester, ResponseOf } from './client';

export type ActivityWithOwner = ResponseOf<'getActivity'>;

export function activitiesApi(request: Requester) {
  return {
    listActivities: (certificationId: string): Promise<Activity[]> =>
      request('listActivities', { params: { id: certificationId } }),
    createActivity: (body: BodyOf<'createActivity'>): Promise<Activity> =>
      request('createActivity', { body }),
    getActivity: (id: string): Promise<ActivityWithOwner> =>
      request('getActivity', { params: { id } }),
    updateActivity: (id: string, body: BodyOf<'updateActivity'>): Promise<Activity> =>
      request('updateActivity', { params: { id }, body }),
    deleteActivity: (id: string): Promise<void> => request('deleteActivity', { params: { id } }),
  };
}
