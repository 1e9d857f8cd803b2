/**
 * Every catalogue entry against the schema docs/certification-rules.md
 * describes: shapes, figures consistent with the renewal kind, references
 * that resolve, and the catalogue's promised breadth.
 */
import * as z from 'zod';
import { catalogueEntries, catalogueEntryById } from '.';
import { BODIES } from './data';
import {
  CATALOGUE_DOMAINS,
  CERTIFICATION_BODIES,
  CREDIT_UNITS,
  RENEWAL_KINDS,
  type CatalogueEntry,
  type RenewalRule,
} from './types';

const KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const positive = z.number().int().positive();

const period = z.enum(['cycle', 'year']);
const category = z
  .object({
    id: z.string().regex(KEY),
    label: z.string().min(1),
    min: positive.optional(),
    max: z.number().int().nonnegative().optional(),
    per: period,
  })
  .strict()
  .refine((c) => c.min !== undefined || c.max !== undefined, 'a category sets a min or a max')
  .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, 'min <= max');

const renewal = z
  .object({
    kind: z.enum(RENEWAL_KINDS),
    unit: z.enum(CREDIT_UNITS).nullable(),
    total: positive.nullable(),
    cycleMonths: positive.nullable(),
    annualMinimum: positive.nullable(),
    annualYear: z.enum(['cycle', 'calendar']).nullable(),
    categories: z.array(category),
    activityCaps: z.array(
      z
        .object({
          kind: z.string().regex(KEY),
          label: z.string().min(1),
          max: positive,
          per: period,
        })
        .strict(),
    ),
    rollover: z.object({ max: positive, earnedInLastMonths: positive }).strict().nullable(),
    graceDays: positive.nullable(),
    fee: z
      .object({
        amount: z.number().nonnegative(),
        currency: z.string().regex(/^[A-Z]{3}$/),
        due: z.enum(['annual', 'renewal']),
        dueMonth: z.enum(['anniversary', 'calendar-year-start']).nullable(),
        note: z.string().min(1),
      })
      .strict()
      .nullable(),
  })
  .strict();

const entry = z
  .object({
    id: z.string().regex(KEY),
    body: z.enum(CERTIFICATION_BODIES),
    name: z.string().min(1).max(60),
    fullName: z.string().min(1).max(200),
    aliases: z.array(z.string().min(1)),
    domains: z.array(z.enum(CATALOGUE_DOMAINS)).min(1),
    level: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    nextSteps: z.array(z.string().regex(KEY)),
    recommendable: z.boolean(),
    renewal,
    notes: z.string(),
    source: z.url({ protocol: /^https$/ }),
    checked: z.string().regex(MONTH),
    uncertain: z.boolean(),
    uncertainNote: z.string().min(1).nullable(),
  })
  .strict();

/** What is wrong with a renewal rule's figures, one line per problem. */
function inconsistencies(r: RenewalRule): string[] {
  const problems: string[] = [];
  const credits = r.kind === 'credits';
  const yearRules = [...r.categories, ...r.activityCaps].some((c) => c.per === 'year');
  if (credits) {
    if (r.unit === null || r.total === null || r.cycleMonths === null) {
      problems.push('credits need a unit, a total and a cycle');
    }
  } else {
    if (r.unit !== null || r.total !== null) problems.push(`${r.kind}: no unit or total`);
    if (r.annualMinimum !== null || r.annualYear !== null) problems.push(`${r.kind}: no years`);
    if (r.categories.length > 0 || r.activityCaps.length > 0 || r.rollover !== null) {
      problems.push(`${r.kind}: no categories, caps or rollover`);
    }
  }
  if (r.kind === 'none' && (r.cycleMonths !== null || r.graceDays !== null || r.fee !== null)) {
    problems.push('none: no cycle, grace or fee');
  }
  if ((r.kind === 'exam' || r.kind === 'assessment') && r.cycleMonths === null) {
    problems.push(`${r.kind}: a cycle`);
  }
  if ((r.annualMinimum !== null || yearRules) && r.annualYear === null) {
    problems.push('a yearly figure needs annualYear');
  }
  const total = r.total ?? 0;
  const years = (r.cycleMonths ?? 0) / 12;
  if (r.annualMinimum !== null) {
    if (r.cycleMonths === null || r.cycleMonths <= 12)
      problems.push('annual minimum needs a cycle over a year');
    if (r.annualMinimum > total) problems.push('annual minimum above the total');
    if (r.annualMinimum * years > total) problems.push('annual minimums add up beyond the total');
  }
  const cycleMins = r.categories
    .filter((c) => c.per === 'cycle')
    .reduce((sum, c) => sum + (c.min ?? 0), 0);
  if (cycleMins > total) problems.push(`category minimums (${cycleMins}) above the total`);
  const yearMins = r.categories
    .filter((c) => c.per === 'year')
    .reduce((sum, c) => sum + (c.min ?? 0), 0);
  if (yearMins > (r.annualMinimum ?? total / Math.max(1, years))) {
    problems.push('yearly category minimums above the yearly requirement');
  }
  for (const c of r.categories) {
    if (c.max !== undefined && c.max > total)
      problems.push(`category ${c.id} capped above the total`);
  }
  for (const c of r.activityCaps) {
    if (c.max > total) problems.push(`cap ${c.kind} above the total`);
  }
  if (r.rollover && r.cycleMonths !== null && r.rollover.earnedInLastMonths > r.cycleMonths) {
    problems.push('rollover window longer than the cycle');
  }
  const ids = r.categories.map((c) => c.id);
  if (new Set(ids).size !== ids.length) problems.push('duplicate category ids');
  return problems;
}

/** The current month, so a `checked` month can be told apart from one in the future. */
const NOW = new Date();
const THIS_MONTH = `${NOW.getUTCFullYear()}-${String(NOW.getUTCMonth() + 1).padStart(2, '0')}`;

describe('the catalogue data', () => {
  const entries = catalogueEntries();

  it('holds at least 150 entries from at least 15 bodies, every body with an entry', () => {
    const bodies = new Set(entries.map((e) => e.body));

    expect(entries.length).toBeGreaterThanOrEqual(150);
    expect(bodies.size).toBeGreaterThanOrEqual(15);
    expect([...bodies].sort()).toEqual([...CERTIFICATION_BODIES].sort());
  });

  it('has one data file per body', () => {
    const bodies = BODIES.map((b) => b.body);

    expect(new Set(bodies).size).toBe(bodies.length);
  });

  it.each(entries.map((e) => [e.id, e] as const))('%s matches the schema', (_id, e) => {
    const parsed = entry.safeParse(e);

    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it.each(entries.map((e) => [e.id, e] as const))(
    '%s has figures consistent with its renewal kind',
    (_id, e) => {
      expect(inconsistencies(e.renewal)).toEqual([]);
    },
  );

  it('has unique ids', () => {
    const ids = entries.map((e) => e.id);

    expect(ids.length - new Set(ids).size).toBe(0);
  });

  it('has next steps that name other entries', () => {
    const broken = entries.flatMap((e) =>
      e.nextSteps
        .filter((id) => id === e.id || catalogueEntryById(id) === undefined)
        .map((id) => `${e.id} -> ${id}`),
    );

    expect(broken).toEqual([]);
  });

  it('was checked in a real month that is not in the future', () => {
    const wrong = entries.filter((e) => {
      const [, year] = MONTH.exec(e.checked) ?? [];
      return year === undefined || Number(year) < 2020 || e.checked > THIS_MONTH;
    });

    expect(wrong.map((e) => `${e.id}: ${e.checked}`)).toEqual([]);
  });

  it('says which figure is doubtful exactly when an entry is uncertain', () => {
    const wrong = entries.filter((e) => e.uncertain !== (e.uncertainNote !== null));

    expect(wrong.map((e) => e.id)).toEqual([]);
  });

  it('recommends no licence to practise in one place', () => {
    const licences = entries.filter(
      (e) => e.domains[0] === 'accounting' && e.id.startsWith('cpa-'),
    );

    expect(licences.length).toBeGreaterThanOrEqual(16);
    expect(licences.filter((e) => e.recommendable)).toEqual([]);
  });

  it('rejects inconsistent figures (the checks above can fail)', () => {
    const cissp = catalogueEntryById('isc2-cissp') as CatalogueEntry;
    const broken: RenewalRule = {
      ...cissp.renewal,
      kind: 'exam',
      annualMinimum: 50,
      categories: [{ id: 'group-a', label: 'Group A', min: 200, per: 'cycle' }],
    };

    expect(inconsistencies(broken)).toEqual(
      expect.arrayContaining([
        'exam: no unit or total',
        'exam: no years',
        'exam: no categories, caps or rollover',
        'annual minimums add up beyond the total',
        'category minimums (200) above the total',
      ]),
    );
    expect(entry.safeParse({ ...cissp, source: 'http://www.isc2.org/' }).success).toBe(false);
    expect(entry.safeParse({ ...cissp, checked: '2026-13' }).success).toBe(false);
    expect(entry.safeParse({ ...cissp, body: 'Nobody' }).success).toBe(false);
  });
});
