import { activity, certification, entry } from '../test/builders';
import {
  activitiesInCycle,
  categoryLabel,
  categoryState,
  cycleText,
  problemsByActivity,
  requirementState,
} from './readiness';

describe('readiness wording', () => {
  it('groups problems by activity, in the order first listed', () => {
    const problem = (id: string, kind: 'no_proof' | 'no_provider') => ({
      activity_id: id,
      activity_name: `Activity ${id}`,
      kind,
      message: kind,
    });

    const groups = problemsByActivity([
      problem('b', 'no_proof'),
      problem('a', 'no_proof'),
      problem('b', 'no_provider'),
    ]);

    expect(groups.map((g) => [g.activityId, g.problems.map((p) => p.kind)])).toEqual([
      ['b', ['no_proof', 'no_provider']],
      ['a', ['no_proof']],
    ]);
  });

  it('names categories and activity kinds by the rules, and says how each stands', () => {
    const cissp = entry('isc2-cissp');
    expect(categoryLabel('group-a', cissp)).toMatch(/^Group A/);
    expect(categoryLabel('unknown', cissp)).toBe('unknown');
    expect(categoryLabel('group-a', null)).toBe('group-a');

    const rule = { category: 'x', label: 'X', minimum: 10, maximum: 20 };
    expect(categoryState({ ...rule, earned: 5 })).toBe('short');
    expect(categoryState({ ...rule, earned: 10 })).toBe('met');
    expect(categoryState({ ...rule, earned: 21 })).toBe('over');
    expect(categoryState({ ...rule, minimum: null, maximum: null, earned: 0 })).toBe('met');
  });

  it('says how each requirement stands: met, short, credited, exempt, or over its cap', () => {
    const base = certification({ cpe_needed: 40, total_cpes_earned: 10 }).standing.requirements[0];
    if (!base) throw new Error('no requirement');

    expect(requirementState(base)).toBe('short');
    expect(requirementState({ ...base, met: true, remaining: 0 })).toBe('met');
    expect(requirementState({ ...base, met: true, basis: 'credited' })).toBe('credited');
    expect(requirementState({ ...base, met: true, basis: 'exempt' })).toBe('exempt');
    expect(requirementState({ ...base, kind: 'cap', met: true, over: 5 })).toBe('over');
    expect(requirementState({ ...base, kind: 'cap', met: true, over: 0 })).toBe('met');
  });

  it("keeps the cycle's activities that count for the certification, oldest first", () => {
    const cert = 'c0000000-0000-4000-8000-00000000000a';
    const inside = activity({ certification_id: cert, activity_date: '2025-02-01' });
    const first = activity({ certification_id: cert, activity_date: '2024-01-01' });
    const before = activity({ certification_id: cert, activity_date: '2023-12-31' });
    const other = activity({ activity_date: '2025-02-01' });
    const cycle = { start: '2024-01-01', end: '2027-01-01' };

    expect(activitiesInCycle([inside, before, other, first], cert, cycle)).toEqual([first, inside]);
    // Earned in a grace window after the end: the current cycle's still, not a past one's.
    const late = activity({ certification_id: cert, activity_date: '2027-02-01' });
    expect(activitiesInCycle([late, inside], cert, cycle, true)).toEqual([inside, late]);
    expect(activitiesInCycle([late, inside], cert, cycle, false)).toEqual([inside]);
    // Kept by the renewal for the cycle it completed: listed there, not in the current one.
    const kept = activity({ certification_id: cert, activity_date: '2027-01-20' });
    kept.credits = kept.credits.map((c) => ({
      ...c,
      is_archived: true,
      late_for_cycle: '2024-01-01',
    }));
    const next = { start: '2027-01-02', end: '2030-01-01' };
    expect(activitiesInCycle([kept], cert, next, true)).toEqual([]);
    expect(activitiesInCycle([kept, inside], cert, cycle, false)).toEqual([inside, kept]);
    expect(cycleText({ start: '2024-01-01', end: null })).toMatch(/^from /);
  });
});
