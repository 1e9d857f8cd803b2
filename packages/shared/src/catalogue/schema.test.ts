/**
 * Every catalogue entry against the schema docs/certification-rules.md
 * describes: shapes, figures consistent with the renewal kind, references
 * that resolve, and the catalogue's promised breadth.
 */
import * as z from 'zod';
import { catalogueEntries, catalogueEntryById } from '.';
import { BODY_GROUPS } from './data';
import {
  CATALOGUE_DOMAINS,
  CREDIT_UNITS,
  RENEWAL_KINDS,
  type CatalogueEntry,
  type RenewalRule,
} from './types';

const KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const positive = z.number().int().positive();

const period = z.enum(['cycle', 'year']);
const isoDay = z.iso.date();
const amount = z.number().nonnegative();
const category = z
  .object({
    id: z.string().regex(KEY),
    label: z.string().min(1),
    min: z.number().positive().optional(),
    max: z.number().nonnegative().optional(),
    per: period,
    parent: z.string().regex(KEY).optional(),
    aliases: z.array(z.string().regex(KEY)).optional(),
  })
  .strict()
  .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, 'min <= max');

const fee = z
  .object({
    kind: z.enum(['annual', 'renewal']),
    amount,
    memberAmount: amount.optional(),
    currency: z.string().regex(/^[A-Z]{3}$/),
    due: z.enum([
      'certification-anniversary',
      'month-after-anniversary',
      'cycle-anniversary',
      'fixed-date',
      'cycle-end',
    ]),
    dueDate: z
      .string()
      .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
      .optional(),
    late: z
      .object({
        amount,
        memberAmount: amount.optional(),
        afterDays: z.number().int().nonnegative(),
      })
      .strict()
      .optional(),
    note: z.string().min(1),
  })
  .strict()
  .refine((f) => (f.due === 'fixed-date') === (f.dueDate !== undefined), 'dueDate with fixed-date');

const ruleFields = {
  kind: z.enum(RENEWAL_KINDS),
  unit: z.enum(CREDIT_UNITS).nullable(),
  total: positive.nullable(),
  cycleMonths: positive.nullable(),
  cycleStart: z
    .enum(['earned-date', 'month-after', 'year-after', 'month-end', 'year-end', 'fixed'])
    .optional(),
  periodEnd: isoDay.optional(),
  firstCycle: z
    .union([
      z.enum(['full', 'prorated', 'exempt']),
      z
        .object({
          units: z.number().positive(),
          months: positive,
          count: z.enum(['whole', 'started']),
        })
        .strict(),
    ])
    .optional(),
  firstCycleMinMonths: positive.optional(),
  firstCycleExemptAfter: z
    .string()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/)
    .optional(),
  firstTotals: z.array(z.number().nonnegative()).optional(),
  yearCarryover: z.number().positive().optional(),
  annualMinimum: z.number().positive().nullable(),
  annualYear: z.enum(['cycle', 'calendar', 'fiscal']).nullable(),
  yearStartMonth: z.number().int().min(2).max(12).optional(),
  partialYear: z.enum(['full', 'prorated', 'exempt']).optional(),
  newlyCertifiedYears: positive.optional(),
  rolling: z
    .object({
      months: positive,
      total: positive,
      ramp: z.array(z.number().nonnegative()).optional(),
      rampMonths: z.array(z.number().int().nonnegative()).optional(),
      categories: z
        .array(z.object({ id: z.string(), min: positive, months: positive.optional() }).strict())
        .optional(),
    })
    .strict()
    .optional(),
  increment: z
    .union([z.literal(0.1), z.literal(0.2), z.literal(0.25), z.literal(0.5), z.literal(1)])
    .optional(),
  categories: z.array(category),
  activityCaps: z.array(
    z
      .object({
        kind: z.string().regex(KEY),
        label: z.string().min(1),
        max: z.number().positive(),
        per: period,
        parent: z.string().regex(KEY).optional(),
      })
      .strict(),
  ),
  rollover: z
    .object({
      max: positive,
      earnedInLastMonths: positive,
      category: z.string().regex(KEY).optional(),
      intoFirstYear: z.boolean().optional(),
    })
    .strict()
    .nullable(),
  afterExpiry: z.array(
    z
      .object({
        kind: z.enum(['grace', 'suspension']),
        days: positive.optional(),
        months: z.number().int().positive().optional(),
        creditsCount: z.boolean(),
        note: z.string().min(1),
      })
      .strict()
      .refine(
        (w) => w.days !== undefined || w.months !== undefined,
        'a window is counted in days, in months, or in months and days after',
      ),
  ),
  fees: z.array(fee),
  since: isoDay.optional(),
};

const renewal = z
  .object({
    ...ruleFields,
    earlier: z
      .array(
        z
          .object({
            before: isoDay,
            rule: z.object(ruleFields).partial().strict(),
            note: z.string().min(1),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

const entry = z
  .object({
    id: z.string().regex(KEY),
    body: z.string().min(2).max(100),
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
  if (
    r.kind === 'none' &&
    (r.cycleMonths !== null || r.afterExpiry.length > 0 || r.fees.some((f) => f.kind === 'renewal'))
  ) {
    problems.push('none: no cycle, window after expiry or renewal fee');
  }
  if ((r.cycleStart === 'fixed') !== (r.periodEnd !== undefined)) {
    problems.push('a fixed cycle names its periodEnd, and only a fixed cycle does');
  }
  if ((r.annualYear === 'fiscal') !== (r.yearStartMonth !== undefined)) {
    problems.push('a fiscal year names its yearStartMonth, and only a fiscal year does');
  }
  if (r.rolling && (r.cycleMonths === null || r.rolling.months < r.cycleMonths)) {
    problems.push('a rolling window at least as long as the cycle');
  }
  const keys = [...r.categories.map((c) => c.id), ...r.activityCaps.map((c) => c.kind)];
  for (const c of [...r.categories, ...r.activityCaps]) {
    if (c.parent !== undefined && !r.categories.some((p) => p.id === c.parent)) {
      problems.push(`parent ${c.parent} is not a category of the entry`);
    }
  }
  const rollingIds = (r.rolling?.categories ?? []).map((c) => c.id);
  for (const c of r.categories) {
    if (
      c.min === undefined &&
      c.max === undefined &&
      c.parent === undefined &&
      !rollingIds.includes(c.id)
    ) {
      problems.push(`category ${c.id} sets a min, a max or a parent, or a rolling minimum does`);
    }
  }
  for (const c of r.rolling?.categories ?? []) {
    if (!keys.includes(c.id))
      problems.push(`rolling category ${c.id} is not a category of the entry`);
  }
  if (
    r.rolling?.rampMonths !== undefined &&
    r.rolling.rampMonths.length !== r.rolling.ramp?.length
  ) {
    problems.push('rampMonths names a window for each ramped total');
  }
  if (r.rollover?.category !== undefined && !keys.includes(r.rollover.category)) {
    problems.push(`rollover category ${r.rollover.category} is not a category of the entry`);
  }
  if (r.earlier !== undefined && r.since === undefined) problems.push('earlier rules need since');
  for (const e of r.earlier ?? []) {
    if (r.since !== undefined && e.before > r.since)
      problems.push('an earlier rule ends after since');
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
  // A child's minimum is part of its parent's.
  const cycleMins = r.categories
    .filter((c) => c.per === 'cycle' && c.parent === undefined)
    .reduce((sum, c) => sum + (c.min ?? 0), 0);
  if (cycleMins > total) problems.push(`category minimums (${cycleMins}) above the total`);
  const yearMins = r.categories
    .filter((c) => c.per === 'year' && c.parent === undefined)
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
  if (new Set(keys).size !== keys.length) problems.push('duplicate category ids');
  return problems;
}

/** The current month, so a `checked` month can be told apart from one in the future. */
const NOW = new Date();
const THIS_MONTH = `${NOW.getUTCFullYear()}-${String(NOW.getUTCMonth() + 1).padStart(2, '0')}`;

describe('the catalogue data', () => {
  const entries = catalogueEntries();

  it('holds at least 320 entries from at least 75 bodies, every body with an entry', () => {
    const bodies = new Set(entries.map((e) => e.body));

    expect(entries.length).toBeGreaterThanOrEqual(320);
    expect(bodies.size).toBeGreaterThanOrEqual(75);
    expect(BODY_GROUPS.flat().filter((b) => b.entries.length === 0)).toEqual([]);
  });

  it('has one data file per body', () => {
    const bodies = BODY_GROUPS.flat().map((b) => b.body);

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
    expect(entry.safeParse({ ...cissp, body: '' }).success).toBe(false);
    expect(
      inconsistencies({
        ...cissp.renewal,
        cycleStart: 'fixed',
        rollover: { max: 5, earnedInLastMonths: 6, category: 'nope' },
      }),
    ).toEqual(
      expect.arrayContaining([
        'a fixed cycle names its periodEnd, and only a fixed cycle does',
        'rollover category nope is not a category of the entry',
      ]),
    );
  });
});
