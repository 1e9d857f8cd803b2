/** The rules engine: every answer about where a certification stands comes from here. */
export * from './types';
export { EXPIRES_SOON_DAYS, type EvaluateOptions, type RuleEntry, evaluate } from './engine';
export { ruleForCycle } from './versions';
export { firstCycle, nextCycle } from './cycles';
export {
  type LateGroup,
  type RenewalPlan,
  type RenewalRefusal,
  archivedBy,
  planRenewal,
} from './renew';
export { formatUnits, unitsOf } from './words';
