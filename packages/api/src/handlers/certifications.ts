import { certificationsRoutes } from '@cpe/shared/routes';
import { API_MESSAGES } from '@cpe/shared';
import { DATE_RANGE, todayIn } from '@cpe/shared/dates';
import { creditsOfCycle, cyclesOf, readinessOf } from '@cpe/shared/readiness';
import { archivedBy, planRenewal } from '@cpe/shared/rules';
import * as certifications from '../data/certifications';
import { SQLSTATE, hasSqlState } from '../db';
import { ConflictError, NotFoundError, ValidationError, orNotFound } from '../errors';
import { accountGuard } from '../data/users';
import { createHandlerWith } from '../http/handler';
import type { HandlerDeps } from './deps';

const NO_DEFAULTS: certifications.RuleDefaults = {
  unit: null,
  cycle_months: null,
  annual_minimum: null,
};

/**
 * The catalogue entry's figures for `catalogueId`, or a 400 naming the field
 * when the catalogue has no such entry. The catalogue is loaded on the first
 * request that names one.
 */
async function catalogueDefaults(
  catalogueId: string | null | undefined,
): Promise<certifications.RuleDefaults> {
  if (catalogueId === undefined || catalogueId === null) return NO_DEFAULTS;
  const { catalogueRuleDefaults } = await import('../catalogue/rules');
  const defaults = catalogueRuleDefaults(catalogueId);
  if (!defaults) {
    throw new ValidationError(`Invalid request: catalogue_id ${API_MESSAGES.unknownCatalogueId}`, {
      catalogue_id: API_MESSAGES.unknownCatalogueId,
    });
  }
  return defaults;
}

export function createCertificationsHandler(deps: Pick<HandlerDeps, 'db' | 'clock' | 'config'>) {
  const { db, clock, config } = deps;
  // A deadline is a day in the holder's calendar: their date, in the time zone of their settings.
  const today: certifications.Today = (timeZone) => todayIn(timeZone, clock.now());
  return createHandlerWith(accountGuard(db))(certificationsRoutes, {
    async listCertifications({ id, caller }) {
      return orNotFound(await certifications.listCertifications(db, caller.sub, id, today));
    },

    async createCertification({ body, caller }) {
      const { user_id, ...input } = body;
      const defaults = await catalogueDefaults(input.catalogue_id);
      return orNotFound(
        await certifications.createCertification(
          db,
          caller.sub,
          user_id ?? null,
          input,
          defaults,
          today,
        ),
      );
    },

    async updateCertification({ id, body, caller }) {
      const defaults = await catalogueDefaults(body.catalogue_id);
      const updated = await certifications.updateCertification(
        db,
        caller.sub,
        id,
        body,
        today,
        defaults,
      );
      if (updated) return updated;
      // Not the caller's, or changed since the client read it: the record as it is now says which.
      const current = orNotFound(await certifications.getCertification(db, caller.sub, id, today));
      // The version it read, so the statement's one other guard refused it: a renewed start moved.
      if (current.version === body.version && current.earned_date !== body.earned_date) {
        const message = API_MESSAGES.renewedStartFixed(current.earned_date);
        throw new ValidationError(`Invalid request: earned_date ${message}`, {
          earned_date: message,
        });
      }
      throw new ConflictError(API_MESSAGES.staleVersion, { current });
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
      return [orNotFound(await certifications.getCertification(db, caller.sub, id, today))];
    },

    /**
     * Renews as the body does: the rules engine decides whether the cycle
     * is complete and plans the next one (planRenewal); one guarded
     * statement applies the plan (one read and one write).
     */
    async renewCertification({ id, body, caller }) {
      const read = await certifications.readCertification(db, caller.sub, id);
      if (!read) throw new NotFoundError();
      const day = today(read.timeZone);
      const { stored } = read;
      // The body names the cycle (its current expiry); without one, the spec's bare renewal.
      if (body.expiry_date !== undefined && body.expiry_date !== stored.expiry_date) {
        throw new ConflictError(API_MESSAGES.alreadyRenewed);
      }
      // A cycle without an end renewed today starts after today: a retry naming it hears that,
      // not that the new cycle, empty yet, falls short (decision 010).
      if (body.expiry_date === null && stored.expiry_date === null && stored.earned_date > day) {
        throw new ConflictError(API_MESSAGES.alreadyRenewed);
      }
      const entry = (await certifications.entriesOf([stored]))(stored.catalogue_id);
      const plan = planRenewal(entry, stored, read.credits, day);
      if (!plan.ok) {
        if (plan.reason === 'nothing-to-renew') {
          throw new ConflictError(API_MESSAGES.nothingToRenew, { unmet: [] });
        }
        const unmet = plan.unmet.map((r) => ({ id: r.id, message: r.message }));
        // The product spec's alert when the total is short; each unmet rule otherwise.
        const message = plan.unmet.some((r) => r.id === 'total')
          ? API_MESSAGES.insufficientCpes
          : `${API_MESSAGES.rulesUnmet} ${unmet.map((u) => u.message).join('; ')}.`;
        throw new ConflictError(message, { unmet });
      }
      if (plan.end !== null && plan.end > DATE_RANGE.max) {
        throw new ConflictError(API_MESSAGES.renewalOutOfRange);
      }
      // A certification without end renewed twice the same day would not move.
      if (stored.expiry_date === null && plan.start <= stored.earned_date) {
        throw new ConflictError(API_MESSAGES.alreadyRenewed);
      }
      const applied = await certifications.applyRenewal(db, caller.sub, id, {
        current: { earned_date: stored.earned_date, expiry_date: stored.expiry_date },
        credits: read.unarchived,
        next: {
          earned_date: plan.start,
          expiry_date: plan.end,
          cycle_months: stored.cycle_months ?? entry?.renewal.cycleMonths ?? null,
        },
        archiveThrough: plan.archiveThrough,
        lateKept: plan.lateKept,
        carried: plan.carried,
        carriedCategory: plan.carriedCategory,
        closed: {
          ...plan.closed,
          carriedIn: stored.carried_in,
          carriedCategory: stored.carried_category,
        },
      });
      if (!applied) {
        // Renewed by another request since the read, or its activities changed.
        const now = await certifications.readCertification(db, caller.sub, id);
        if (!now) throw new NotFoundError();
        const moved =
          now.stored.earned_date !== stored.earned_date ||
          now.stored.expiry_date !== stored.expiry_date;
        throw new ConflictError(moved ? API_MESSAGES.alreadyRenewed : API_MESSAGES.renewalRaced);
      }
      // The renewed certification as stored now: the plan applied to what was read.
      const renewed = {
        stored: {
          ...stored,
          version: stored.version + 1,
          earned_date: plan.start,
          expiry_date: plan.end,
          cycle_months: stored.cycle_months ?? entry?.renewal.cycleMonths ?? null,
          carried_in: plan.carried,
          carried_category: plan.carriedCategory,
        },
        credits: read.credits.map((c) =>
          c.archived || !archivedBy(plan, c) ? c : { ...c, archived: true },
        ),
      };
      return certifications.answerOf(renewed, entry, day);
    },

    async listCycles({ id, caller }) {
      const data = await certifications.auditData(db, caller.sub, id);
      if (!data) throw new NotFoundError();
      return cyclesOf(data.certification, data.credits[0]?.activity_date ?? null, data.history).map(
        (c, i) => ({ ...c, current: i === 0 }),
      );
    },

    async getReadiness({ id, query, caller }) {
      const data = await certifications.auditData(db, caller.sub, id);
      if (!data) throw new NotFoundError();
      const chosen = creditsOfCycle(data.certification, data.credits, query.cycle, data.history);
      if (!chosen) {
        throw new ValidationError(`Invalid request: cycle ${API_MESSAGES.noSuchCycle}`, {
          cycle: API_MESSAGES.noSuchCycle,
        });
      }
      const entry = (await certifications.entriesOf([data.certification]))(
        data.certification.catalogue_id,
      );
      return readinessOf(
        entry,
        data.certification,
        chosen,
        chosen.credits,
        today(data.timeZone),
        chosen.earlier,
      );
    },

    // Loaded on the first badge read, so the other routes' cold start does not carry jose or the XML parser.
    async readBadge({ body }) {
      const { readBadgeFile } = await import('./badges');
      const reading = await readBadgeFile(body, config);
      if ('refusal' in reading) {
        throw new ValidationError(reading.refusal.message, reading.refusal.fields);
      }
      return reading.prefill;
    },
  });
}
