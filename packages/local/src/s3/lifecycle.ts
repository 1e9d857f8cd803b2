/**
 * The expiration actions of S3 lifecycle rules, as the stack sets them on the
 * real bucket: an object matching a rule's prefix and tags expires the
 * given number of days after its creation, counted as S3 counts them (the
 * creation time plus the days, rounded up to the next midnight UTC). S3
 * removes expired objects asynchronously, once a day; the local runtime
 * runs `expire` from its daily schedule.
 */
import type { ObjectMeta, ObjectStore } from './store';

export interface ExpirationRule {
  /** What the rule is for (the stack's rule id). */
  id: string;
  /** Keys the rule applies to; absent: every key. */
  prefix?: string;
  /** Tags an object must carry, each with this value; absent: any. */
  tags?: Readonly<Record<string, string>>;
  /** Days after creation. */
  days: number;
}

const DAY_MS = 86_400_000;

/** When S3 expires an object created at `created` under a rule of `days` days. */
export function expiresAt(created: Date, days: number): Date {
  const due = created.getTime() + days * DAY_MS;
  return new Date(Math.ceil(due / DAY_MS) * DAY_MS);
}

function matches(rule: ExpirationRule, meta: ObjectMeta): boolean {
  if (rule.prefix !== undefined && !meta.key.startsWith(rule.prefix)) return false;
  const tags = new Map(meta.tags ?? []);
  return Object.entries(rule.tags ?? {}).every(([key, value]) => tags.get(key) === value);
}

/** Deletes the bucket's objects whose time has come under any rule, as of `now`; answers their keys. */
export function expire(
  store: ObjectStore,
  bucket: string,
  rules: readonly ExpirationRule[],
  now: Date,
): string[] {
  const expired = store
    .list(bucket)
    .filter((meta) =>
      rules.some(
        (rule) => matches(rule, meta) && expiresAt(new Date(meta.lastModified), rule.days) <= now,
      ),
    )
    .map((meta) => meta.key);
  for (const key of expired) store.delete(bucket, key);
  return expired;
}
