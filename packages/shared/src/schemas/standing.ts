/**
 * The rules engine's answer as the API sends it (rules/types.ts's Standing,
 * without the per-credit allocation): every certification answer carries
 * one, and readiness carries the one of the cycle it is about.
 */
import '../zod-config';
import * as z from 'zod/mini';
import { creditUnit } from './fields';

const basis = z.nullable(z.enum(['credited', 'exempt', 'prorated']));

export const requirement = z.object({
  id: z.string(),
  kind: z.enum(['total', 'rolling', 'annual-minimum', 'category-minimum', 'cap']),
  category: z.nullable(z.string()),
  label: z.string(),
  from: z.string(),
  to: z.nullable(z.string()),
  required: z.number(),
  earned: z.number(),
  raw: z.number(),
  met: z.boolean(),
  remaining: z.number(),
  over: z.number(),
  closed: z.boolean(),
  basis,
  message: z.string(),
});

const afterExpiryWindow = z.object({
  kind: z.enum(['grace', 'suspension']),
  from: z.string(),
  to: z.string(),
  creditsCount: z.boolean(),
  note: z.string(),
});

export const standing = z.object({
  state: z.enum([
    'expired',
    'grace',
    'suspended',
    'ready',
    'expires-soon',
    'behind',
    'on-pace',
    'no-target',
  ]),
  unit: z.nullable(creditUnit),
  cycle: z.object({ start: z.string(), end: z.nullable(z.string()), countsFrom: z.string() }),
  daysToExpiry: z.nullable(z.number()),
  target: z.nullable(z.number()),
  earned: z.number(),
  carriedIn: z.number(),
  percent: z.nullable(z.number()),
  expectedSoFar: z.nullable(z.number()),
  monthlyPaceNeeded: z.nullable(z.number()),
  stillToEarn: z.number(),
  requirements: z.array(requirement),
  ready: z.boolean(),
  years: z.array(
    z.object({
      from: z.string(),
      to: z.string(),
      label: z.string(),
      required: z.nullable(z.number()),
      basis,
      earned: z.number(),
    }),
  ),
  window: z.nullable(afterExpiryWindow),
  windows: z.array(afterExpiryWindow),
  deadlines: z.array(
    z.object({
      kind: z.enum([
        'expiry',
        'grace-end',
        'suspension-end',
        'year-end',
        'category-minimum',
        'annual-fee',
        'renewal-fee',
        'late-fee',
      ]),
      date: z.string(),
      label: z.string(),
      key: z.string(),
    }),
  ),
  fees: z.array(
    z.object({
      kind: z.enum(['annual', 'renewal']),
      date: z.string(),
      amount: z.number(),
      memberAmount: z.nullable(z.number()),
      currency: z.string(),
      late: z.nullable(
        z.object({ date: z.string(), amount: z.number(), memberAmount: z.nullable(z.number()) }),
      ),
      note: z.string(),
      label: z.string(),
    }),
  ),
  ruleNote: z.nullable(z.string()),
});
export type StandingAnswer = z.infer<typeof standing>;
