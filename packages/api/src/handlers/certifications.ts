import { API_MESSAGES, todayIso } from '@cpe/shared';
import * as certifications from '../data/certifications';
import { SQLSTATE, hasSqlState } from '../data/rows';
import { ConflictError, NotFoundError, orNotFound } from '../errors';
import { createHandler } from '../http/handler';
import type { HandlerDeps } from './deps';

export function createCertificationsHandler(deps: Pick<HandlerDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return createHandler('certifications', {
    async listCertifications({ id, caller }) {
      return orNotFound(await certifications.listCertifications(db, caller.sub, id));
    },

    async createCertification({ body, caller }) {
      const { user_id, ...input } = body;
      return orNotFound(
        await certifications.createCertification(db, caller.sub, user_id ?? null, input),
      );
    },

    async updateCertification({ id, body, caller }) {
      return orNotFound(await certifications.updateCertification(db, caller.sub, id, body));
    },

    async deleteCertification({ id, caller }) {
      let outcome: certifications.DeleteOutcome;
      try {
        outcome = await certifications.deleteCertification(db, caller.sub, id);
      } catch (error) {
        // An activity added between the check and the delete: the foreign key refuses it.
        if (hasSqlState(error, SQLSTATE.foreignKeyViolation))
          throw new ConflictError(API_MESSAGES.hasActivities);
        throw error;
      }
      if (outcome === 'not-found') throw new NotFoundError();
      if (outcome === 'has-activities') throw new ConflictError(API_MESSAGES.hasActivities);
      return undefined;
    },

    async getCertification({ id, caller }) {
      return [orNotFound(await certifications.getCertification(db, caller.sub, id))];
    },

    async renewCertification({ id, caller }) {
      const outcome = await certifications.renewCertification(
        db,
        caller.sub,
        id,
        todayIso(clock.now()),
      );
      if (outcome.kind === 'not-found') throw new NotFoundError();
      if (outcome.kind === 'insufficient') throw new ConflictError(API_MESSAGES.insufficientCpes);
      return outcome.certification;
    },
  });
}
