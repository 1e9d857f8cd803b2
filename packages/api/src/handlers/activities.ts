import { activitiesRoutes } from '@cpe/shared/routes';
import { API_MESSAGES, idSchema } from '@cpe/shared';
import * as activities from '../data/activities';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { answerOf, categoryRule, creditWrites } from './activity-writes';
import { accountGuard } from '../data/users';
import { createHandlerWith } from '../http/handler';
import { logger } from '../log';
import { previewImport, runImport } from './activity-imports';
import type { HandlerDeps } from './deps';

export function createActivitiesHandler(deps: Pick<HandlerDeps, 'db' | 'storage'>) {
  const { db, storage } = deps;
  return createHandlerWith(accountGuard(db))(activitiesRoutes, {
    async listActivities({ id, query, caller }) {
      const found = await activities.listActivities(db, caller.sub, id, query.proof);
      if (!found) throw new NotFoundError();
      return found;
    },

    async createActivity({ body, caller }) {
      const { certification_id, credits, ...input } = body;
      // A malformed certification id answers like someone else's: 404.
      if (!idSchema.safeParse(certification_id).success) throw new NotFoundError();
      return answerOf(
        await activities.createActivity(
          db,
          caller.sub,
          certification_id,
          input,
          creditWrites(credits, input.cpe_units),
          await categoryRule(input.category, credits),
        ),
      );
    },

    async getActivity({ id, caller }) {
      const found = await activities.getActivity(db, caller.sub, id);
      if (!found) throw new NotFoundError();
      return found;
    },

    async updateActivity({ id, body, caller }) {
      const { credits, version, ...input } = body;
      const outcome = await activities.updateActivity(
        db,
        caller.sub,
        id,
        version,
        input,
        creditWrites(credits, input.cpe_units),
        await categoryRule(input.category, credits, { keepsStoredCategory: true }),
      );
      if (outcome.kind === 'not-found') {
        // Not the caller's, or changed since the client read it: the record as it is now says which.
        const current = await activities.getActivity(db, caller.sub, id);
        if (!current) throw new NotFoundError();
        const { user_id: _, ...record } = current;
        throw new ConflictError(API_MESSAGES.staleVersion, { current: record });
      }
      return answerOf(outcome);
    },

    async setSubmission({ id, body, caller }) {
      const outcome = await activities.setSubmission(
        db,
        caller.sub,
        id,
        body.certification_id,
        body.submitted_on,
      );
      if (outcome.kind === 'not-found') throw new NotFoundError();
      if (outcome.kind === 'no-credit') {
        throw new ValidationError(
          `Invalid request: certification_id ${API_MESSAGES.noSuchCredit}`,
          { certification_id: API_MESSAGES.noSuchCredit },
        );
      }
      return outcome.activity;
    },

    // The parsers load on the first import (activity-imports.ts).
    async previewImport({ body, caller }) {
      return previewImport(db, caller.sub, body);
    },

    async importActivities({ body, caller }) {
      return runImport(db, caller.sub, body);
    },

    async deleteActivity({ id, caller }) {
      const keys = await activities.deleteActivity(db, caller.sub, id);
      if (keys === undefined) throw new NotFoundError();
      // The rows are gone; objects a failed delete leaves behind are no one's
      // any more and go with the account's prefix.
      if (keys.length > 0) {
        await storage.delete(keys).catch((error: unknown) => {
          logger.error('proof files of a deleted activity were not deleted', {
            keys,
            error: error instanceof Error ? error.name : String(error),
          });
        });
      }
      return undefined;
    },
  });
}
