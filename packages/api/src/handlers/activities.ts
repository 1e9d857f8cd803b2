import { idSchema } from '@cpe/shared';
import { getDb } from '../db';
import * as activities from '../data/activities';
import { env } from '../env';
import { NotFoundError, orNotFound } from '../errors';
import { createHandler } from '../http/handler';

env();

export const handler = createHandler('activities', {
  async listActivities({ id, caller }) {
    return orNotFound(await activities.listActivities(getDb(), caller.sub, id));
  },

  async createActivity({ body, caller }) {
    const { certification_id, ...input } = body;
    // A malformed certification id answers like someone else's: 404.
    if (!idSchema.safeParse(certification_id).success) throw new NotFoundError();
    return orNotFound(
      await activities.createActivity(getDb(), caller.sub, certification_id, input),
    );
  },

  async getActivity({ id, caller }) {
    return orNotFound(await activities.getActivity(getDb(), caller.sub, id));
  },

  async updateActivity({ id, body, caller }) {
    return orNotFound(await activities.updateActivity(getDb(), caller.sub, id, body));
  },

  async deleteActivity({ id, caller }) {
    if (!(await activities.deleteActivity(getDb(), caller.sub, id))) throw new NotFoundError();
    return undefined;
  },
});
