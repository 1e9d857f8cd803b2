import { certificationsRoutes } from '@cpe/shared/routes';
import { API_MESSAGES, todayIso } from '@cpe/shared';
import { creditsOfCycle, cyclesOf, readinessOf } from '@cpe/shared/readiness';
import * as certifications from '../data/certifications';
import { SQLSTATE, hasSqlState } from '../db';
import { ConflictError, NotFoundError, ValidationError, orNotFound } from '../errors';
import { createHandler } from '../http/handler';
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

export function createCertificationsHandler(deps: Pick<HandlerDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const today = () => todayIso(clock.now());
  return createHandler(certificationsRoutes, {
    async listCertifications({ id, caller }) {
      return orNotFound(await certifications.listCertifications(db, caller.sub, id, today()));
    },

    async createCertification({ body, caller }) {
      const { user_id, ...input } = body;
      const defaults = await catalogueDefaults(input.catalogue_id);
      return orNotFound(
        await certifications.createCertification(db, caller.sub, user_id ?? null, input, defaults),
      );
    },

    async updateCertification({ id, body, caller }) {
      await catalogueDefaults(body.catalogue_id);
      return orNotFound(
        await certifications.updateCertification(db, caller.sub, id, body, today()),
      );
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
      return [orNotFound(await certifications.getCertification(db, caller.sub, id, today()))];
    },

    async renewCertification({ id, body, caller }) {
      // The body names the cycle (its current expiry); without one, the spec's bare renewal.
      const target = body.expiry_date === undefined ? null : { expiry: body.expiry_date };
      const outcome = await certifications.renewCertification(db, caller.sub, id, today(), target);
      switch (outcome.kind) {
        case 'renewed':
          return outcome.certification;
        case 'not-found':
          throw new NotFoundError();
        case 'insufficient':
          throw new ConflictError(API_MESSAGES.insufficientCpes);
        case 'already-renewed':
          throw new ConflictError(API_MESSAGES.alreadyRenewed);
        case 'out-of-range':
          throw new ConflictError(API_MESSAGES.renewalOutOfRange);
      }
    },

    async listCycles({ id, caller }) {
      const data = await certifications.auditData(db, caller.sub, id);
      if (!data) throw new NotFoundError();
      return cyclesOf(data.certification, data.credits[0]?.activity_date ?? null).map((c, i) => ({
        ...c,
        current: i === 0,
      }));
    },

    async getReadiness({ id, query, caller }) {
      const data = await certifications.auditData(db, caller.sub, id);
      if (!data) throw new NotFoundError();
      const chosen = creditsOfCycle(data.certification, data.credits, query.cycle);
      if (!chosen) {
        throw new ValidationError(`Invalid request: cycle ${API_MESSAGES.noSuchCycle}`, {
          cycle: API_MESSAGES.noSuchCycle,
        });
      }
      const { cycle, credits } = chosen;
      const catalogueId = data.certification.catalogue_id;
      const rules =
        catalogueId === null
          ? undefined
          : (await import('../catalogue/rules')).catalogueAuditRules(catalogueId);
      return readinessOf(data.certification, rules, cycle, credits);
    },
  });
}
