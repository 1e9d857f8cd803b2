/**
 * The inbox (issue 28 item 1): proposed activities from a forwarded email, a
 * certificate upload or an import, listed for their owner, accepted or
 * dismissed. Accepting is one step, all or nothing: the proof's bytes are
 * copied to a key no upload form writes (data/files.ts fileKey), then one
 * transaction creates the activity with its credits (the same statement and
 * checks as POST /api/activities), files the proof and removes the
 * proposal; when any of it fails the copy is deleted and nothing is stored.
 */
import { proposalsRoutes } from '@cpe/shared/routes';
import { randomUUID } from 'node:crypto';
import { API_MESSAGES, type Activity, idSchema } from '@cpe/shared';
import * as activities from '../data/activities';
import { fileKey } from '../data/files';
import * as proposals from '../data/proposals';
import { accountGuard, userExists } from '../data/users';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { createHandlerWith } from '../http/handler';
import { logger } from '../log';
import { answerOf, categoryRule, creditWrites } from './activity-writes';
import type { HandlerDeps } from './deps';

/** How long the link to a proposal's proof works (as a proof file's). */
export const PROOF_LINK_SECONDS = 5 * 60;

const warnNotRemoved = (what: string, key: string) => (error: unknown) => {
  logger.warn(what, { key, error: error instanceof Error ? error.name : String(error) });
};

const notYourCertification = () =>
  new ValidationError(`Invalid request: certification_id ${API_MESSAGES.creditNotYours}`, {
    certification_id: API_MESSAGES.creditNotYours,
  });

export function createProposalsHandler(deps: Pick<HandlerDeps, 'db' | 'storage'>) {
  const { db, storage } = deps;
  return createHandlerWith(accountGuard(db))(proposalsRoutes, {
    async listProposals({ caller }) {
      const list = await proposals.listProposals(db, caller.sub);
      // An empty inbox may be an account that is gone: the guard answers that with 401.
      if (list.length === 0 && !(await userExists(db, caller.sub))) throw new NotFoundError();
      return list;
    },

    async acceptProposal({ id, body, caller }) {
      const found = await proposals.getProposal(db, caller.sub, id);
      if (!found) throw new NotFoundError();
      const { certification_id, credits, ...input } = body;
      if (!idSchema.safeParse(certification_id).success) throw notYourCertification();

      let copy: string | null = null;
      if (found.proof_key !== null && found.proof) {
        const bytes = await storage.get(found.proof_key);
        if (!bytes) throw new ConflictError(API_MESSAGES.proposalProofMissing);
        copy = fileKey(caller.sub, found.proposal_id, randomUUID());
        await storage.put(copy, bytes, found.proof.content_type);
      }
      const rule = await categoryRule(input.category, credits);
      let created: Activity;
      try {
        created = await db.transaction(async (tx) => {
          const outcome = await activities.createActivity(
            tx,
            caller.sub,
            certification_id,
            input,
            creditWrites(credits, input.cpe_units),
            rule,
          );
          // The primary certification is the body's: not the caller's is a 400 on it, not a 404.
          if (outcome.kind === 'not-found') throw notYourCertification();
          const activity = answerOf(outcome);
          // Accepted or dismissed meanwhile (another window): nothing of this one stays.
          if (!(await proposals.settleProposal(tx, caller.sub, id, activity.activity_id, copy)))
            throw new NotFoundError();
          return activity;
        });
      } catch (error) {
        if (copy !== null)
          await storage
            .delete([copy])
            .catch(warnNotRemoved('the copy of a proof not accepted was not removed', copy));
        throw error;
      }
      // The proposal is gone; its object is no one's now (it goes with the account's prefix if this fails).
      if (found.proof_key !== null)
        await storage
          .delete([found.proof_key])
          .catch(warnNotRemoved('an accepted proposal proof was not removed', found.proof_key));
      const stored = await activities.getActivity(db, caller.sub, created.activity_id);
      if (!stored) return created;
      const { user_id: _, ...activity } = stored;
      return activity;
    },

    async getProposalProof({ id, caller }) {
      const found = await proposals.getProposal(db, caller.sub, id);
      if (!found?.proof_key || !found.proof) throw new NotFoundError();
      const url = await storage.presignedGet(found.proof_key, {
        expiresSeconds: PROOF_LINK_SECONDS,
        filename: found.proof.file_name,
      });
      return { url };
    },

    async dismissProposal({ id, caller }) {
      const removed = await proposals.deleteProposal(db, caller.sub, id);
      if (!removed) throw new NotFoundError();
      // The row is gone; an object a failed delete leaves goes with the account's prefix.
      if (removed.proof_key !== null)
        await storage
          .delete([removed.proof_key])
          .catch(warnNotRemoved('a dismissed proposal proof was not removed', removed.proof_key));
      return undefined;
    },
  });
}
