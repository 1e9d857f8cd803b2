import { idSchema } from '@cpe/shared';
import * as activities from '../data/activities';
import { NotFoundError, orNotFound } from '../errors';
import { createHandler } from '../http/handler';
import type { HandlerDeps } from './deps';

export function createActivitiesHandler(deps: Pick<HandlerDeps, 'db'>) {
  const { db } = deps;
  return createHandler('activities', {
    async listActivities({ id, caller }) {
      return orNotFound(await activities.listActivities(db, caller.sub, id));
    },

    async createActivity({ body, caller }) {
      const { certification_id, ...input } = body;
      // A malformed certification id answers like someone else's: 404.
      if (!idSchema.safeParse(certification_id).success) throw new NotFoundError();
      return orNotFound(await activities.createActivity(db, caller.sub, certification_id, input));
    },

    async getActivity({ id, caller }) {
      return orNotFound(await activities.getActivity(db, caller.sub, id));
    },

    async updateActivity({ id, body, caller }) {
      return orNotFound(await activities.updateActivity(db, caller.sub, id, body));
    },

    async deleteActivity({ id, caller }) {
      if (!(await activities.deleteActivity(db, caller.sub, id))) throw new NotFoundError();
      return undefined;
    },
  });
}
