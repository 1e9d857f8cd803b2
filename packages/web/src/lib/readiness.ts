/**
 * What the readiness page says about an answer of getReadiness: problems
 * grouped by activity, how each requirement of the body stands, categories
 * against their rules, and which activities of a cycle have a credit to
 * submit. Pure, so the tests need no page.
 */
import { countsInCycle } from '@cpe/shared/readiness';
import { compareIsoDates } from '@cpe/shared/dates';
import type { Activity, Readiness } from '@cpe/shared/schemas';
import type { CatalogueEntry } from '../api/catalogue';
import { formatLocalDate } from './certifications';

export type Problem = Readiness['problems'][number];
export type Requirement = Readiness['standing']['requirements'][number];

/** How a requirement stands: met, short of it, credited or waived by the body, or (a cap) cutting credits. */
export type RequirementState = 'met' | 'short' | 'credited' | 'exempt' | 'over';

export const REQUIREMENT_LABELS: Record<RequirementState, string> = {
  met: 'Met',
  short: 'Short',
  credited: 'Credited',
  exempt: 'Exempt',
  over: 'Over the cap',
};

export function requirementState(r: Requirement): RequirementState {
  if (r.kind === 'cap') return r.over > 0 ? 'over' : 'met';
  if (r.basis === 'credited') return 'credited';
  if (r.basis === 'exempt') return 'exempt';
  return r.met ? 'met' : 'short';
}

/** What each kind of problem is called in the page's summary line. */
export const PROBLEM_LABELS: Record<Problem['kind'], string> = {
  no_proof: 'No proof',
  no_provider: 'No provider',
  over_cap: 'Over the cap',
  outside_cycle: 'Outside the cycle',
  not_submitted: 'Not submitted',
};

export interface ActivityProblems {
  activityId: string;
  activityName: string;
  problems: Problem[];
}

/** The problems per activity, in the order the API listed them first. */
export function problemsByActivity(problems: readonly Problem[]): ActivityProblems[] {
  const groups = new Map<string, ActivityProblems>();
  for (const problem of problems) {
    let group = groups.get(problem.activity_id);
    if (!group) {
      group = {
        activityId: problem.activity_id,
        activityName: problem.activity_name,
        problems: [],
      };
      groups.set(problem.activity_id, group);
    }
    group.problems.push(problem);
  }
  return [...groups.values()];
}

/** A category's name from the certification's rules (categories, then activity kinds), else its id. */
export function categoryLabel(id: string, entry: CatalogueEntry | null | undefined): string {
  const rules = entry?.renewal;
  return (
    rules?.categories.find((c) => c.id === id)?.label ??
    rules?.activityCaps.find((c) => c.kind === id)?.label ??
    id
  );
}

/** How far a category is from its rule: met, short of its minimum, or past its cap. */
export function categoryState(category: Readiness['categories'][number]): 'met' | 'short' | 'over' {
  if (category.maximum !== null && category.earned > category.maximum) return 'over';
  if (category.minimum !== null && category.earned < category.minimum) return 'short';
  return 'met';
}

/** "Jan 1, 2024 to Dec 31, 2026", or "from Jan 1, 2024" for a cycle without an end. */
export function cycleText(cycle: { start: string; end: string | null }, to = ' to '): string {
  return cycle.end === null
    ? `from ${formatLocalDate(cycle.start)}`
    : `${formatLocalDate(cycle.start)}${to}${formatLocalDate(cycle.end)}`;
}

/**
 * The activities of the cycle that count for the certification, oldest first,
 * as the API chooses them: for the current cycle, every credit not archived
 * from its start on (late ones a window after its end still counts
 * included); for a past one, those dated inside it and not kept for an
 * earlier cycle, and the late ones its renewal kept.
 */
export function activitiesInCycle(
  activities: readonly Activity[],
  certificationId: string,
  cycle: { start: string; end: string | null },
  current = false,
): Activity[] {
  return activities
    .filter((a) => {
      const credit = a.credits.find((c) => c.certification_id === certificationId);
      return (
        credit !== undefined &&
        countsInCycle({ ...credit, activity_date: a.activity_date }, cycle, current)
      );
    })
    .sort(
      (a, b) =>
        compareIsoDates(a.activity_date, b.activity_date) ||
        a.activity_name.localeCompare(b.activity_name),
    );
}
