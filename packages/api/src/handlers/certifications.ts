import { todayIso } from '@cpe/shared';
import { getDb } from '../db';
import * as certifications from '../data/certifications';
import { SQLSTATE, hasSqlState } from '../data/rows';
import { env } from '../env';
import { ConflictError, NotFoundError, orNotFound } from '../errors';
import { createHandler } from '../http/handler';

env();

/** The product spec's alerts, answered as the 409 messages. */
export const MESSAGES = {
  hasActivities:
    'There are currently activities in this certification. Please delete all activities before deleting this certification.',
  insufficientCpes:
    'Insufficient CPEs to renew; please earn or input more before renewing this certification.',
} as const;

export function createCertificationsHandler(deps: { now: () => Date }) {
  return createHandler('certifications', {
    async listCertifications({ id, caller }) {
      return orNotFound(await certifications.listCertifications(getDb(), caller.sub, id));
    },

    async createCertification({ body, caller }) {
      const { user_id, ...input } = body;
      return orNotFound(
        await certifications.createCertification(getDb(), caller.sub, user_id ?? null, input),
      );
    },

    async updateCertification({ id, body, caller }) {
      return orNotFound(await certifications.updateCertification(getDb(), caller.sub, id, body));
    },

    async deleteCertification({ id, caller }) {
      let outcome: certifications.DeleteOutcome;
      try {
        outcome = await certifications.deleteCertification(getDb(), caller.sub, id);
      } catch (error) {
        // An activity added between the check and the delete: the foreign key refuses it.
        if (hasSqlState(error, SQLSTATE.foreignKeyViolation))
          throw new ConflictError(MESSAGES.hasActivities);
        throw error;
      }
      if (outcome === 'not-found') throw new NotFoundError();
      if (outcome === 'has-activities') throw new ConflictError(MESSAGES.hasActivities);
      return undefined;
    },

    async getCertification({ id, caller }) {
      return [orNotFound(await certifications.getCertification(getDb(), caller.sub, id))];
    },

    async renewCertification({ id, caller }) {
      const outcome = await certifications.renewCertification(
        getDb(),
        caller.sub,
        id,
        todayIso(deps.now()),
      );
      if (outcome.kind === 'not-found') throw new NotFoundError();
      if (outcome.kind === 'insufficient') throw new ConflictError(MESSAGES.insufficientCpes);
      return outcome.certification;
    },
  });
}

export const handler = createCertificationsHandler({ now: () => new Date() });
