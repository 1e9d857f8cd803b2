/**
 * Every golden case (the *.cases.ts files beside this one: worked examples
 * from the bodies' own handbooks and FAQs) through the rules engine. A row
 * names its source; its expectations are the body's answer, worked out by
 * hand from the body's text, never from this code.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { catalogueEntries, catalogueEntryById } from '../../catalogue';
import { MOST_HELD } from '../../catalogue/data';
import { evaluate, firstCycle, planRenewal } from '..';
import type { RuleCertification, RuleCredit } from '../types';
import type { GoldenCase } from './types';

function loadCases(): [string, GoldenCase][] {
  const files = readdirSync(__dirname).filter((f) => f.endsWith('.cases.ts'));
  return files.flatMap((file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are found at run time
    const module = require(join(__dirname, file)) as Record<string, readonly GoldenCase[]>;
    return Object.values(module).flatMap((cases) =>
      cases.map((c): [string, GoldenCase] => [`${file}: ${c.entry}, ${c.says}`, c]),
    );
  });
}

const cases = loadCases();

it('has a golden case for every body of the catalogue', () => {
  const bodies = new Set(cases.map(([, c]) => catalogueEntryById(c.entry)?.body));
  const missing = [...new Set(catalogueEntries().map((e) => e.body))].filter((b) => !bodies.has(b));

  expect(missing).toEqual([]);
});

it('has a golden case for each of the 30 most held certifications', () => {
  const covered = new Set(cases.map(([, c]) => c.entry));

  expect(MOST_HELD.slice(0, 30).filter((id) => !covered.has(id))).toEqual([]);
});

describe.each(cases)('%s', (_name, c) => {
  const entry = catalogueEntryById(c.entry);
  const credits: RuleCredit[] = (c.credits ?? []).map((credit, i) => ({
    id: `credit-${String(i).padStart(3, '0')}`,
    date: credit.date,
    units: credit.units,
    category: credit.category ?? null,
    archived: credit.archived ?? false,
  }));

  /** The case's certification: its cycle (the first, placed from the certification date, when none is given), and the figures stored. */
  function certOf(
    found: NonNullable<typeof entry>,
    stored: { cpe_needed: number | null; annual_minimum: number | null },
  ): RuleCertification {
    const first = firstCycle(found.renewal, c.certified);
    const cycle = c.cycle ?? (first ? { start: c.certified, end: first.end } : null);
    return {
      earned_date: cycle?.start ?? c.certified,
      expiry_date: cycle?.end ?? null,
      certified_on: c.certified,
      ...stored,
      cycle_months: found.renewal.cycleMonths,
      unit: found.renewal.unit,
      carried_in: c.carriedIn ?? null,
      carried_category: null,
    };
  }

  it('follows the body', () => {
    expect(entry).toBeDefined();
    if (!entry) return;
    expect(c.source).toMatch(/^https:\/\//);
    const first = firstCycle(entry.renewal, c.certified);
    const cert = certOf(entry, { cpe_needed: null, annual_minimum: null });

    const standing = evaluate(entry, cert, credits, c.today);
    const x = c.expect;

    if (x.firstCycle) expect(first).toEqual(x.firstCycle);
    if (x.state !== undefined) expect(standing.state).toBe(x.state);
    if (x.ready !== undefined) expect(standing.ready).toBe(x.ready);
    if (x.unmet) {
      expect(
        standing.requirements
          .filter((r) => !r.met)
          .map((r) => r.id)
          .sort(),
      ).toEqual([...x.unmet].sort());
    }
    for (const r of x.requirements ?? []) {
      expect(standing.requirements.find((s) => s.id === r.id)).toMatchObject(r);
    }
    if (x.years) {
      expect(standing.years.map((y) => ({ from: y.from, to: y.to, required: y.required }))).toEqual(
        x.years,
      );
    }
    if (x.deadlines) {
      expect(standing.deadlines).toEqual(
        expect.arrayContaining(x.deadlines.map((d): unknown => expect.objectContaining(d))),
      );
    }
    if (x.fees) {
      expect(standing.fees).toEqual(
        expect.arrayContaining(x.fees.map((f): unknown => expect.objectContaining(f))),
      );
    }
    if (x.nextCycle) {
      const plan = planRenewal(entry, cert, credits, c.today);
      expect(plan.ok).toBe(true);
      if (plan.ok) {
        expect({ start: plan.start, end: plan.end }).toEqual({
          start: x.nextCycle.start,
          end: x.nextCycle.end,
        });
        if (x.nextCycle.carried !== undefined) expect(plan.carried).toBe(x.nextCycle.carried);
      }
    }
  });

  // The form fills in the body's total and annual minimum when an entry is picked: stored, they are still the body's.
  it("answers the same with the body's total and annual minimum stored as the holder's", () => {
    if (!entry || entry.renewal.kind !== 'credits' || entry.renewal.total === null) return;
    const asTheForm = certOf(entry, {
      cpe_needed: entry.renewal.total,
      annual_minimum: entry.renewal.annualMinimum,
    });
    const bare = certOf(entry, { cpe_needed: null, annual_minimum: null });

    expect(evaluate(entry, asTheForm, credits, c.today)).toEqual(
      evaluate(entry, bare, credits, c.today),
    );
  });
});
