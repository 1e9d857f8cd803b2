/**
 * A browser POST's policy document, checked as S3 checks it: the expiration,
 * then each condition in order (exact match, starts-with, content-length-range),
 * then that every form field is covered by some condition. The signature over
 * the policy is checked before this, by the caller.
 */
import { messages, s3Error } from './errors';

export interface PolicyCheck {
  /** The `policy` field as sent: base64 of the JSON document. */
  policy: string;
  /** The bucket the POST addresses. */
  bucket: string;
  /** Form fields by lower-case name (the file excluded), `key` after `${filename}` expansion. */
  fields: ReadonlyMap<string, string>;
  /** Form field names as sent, in order (the file excluded). */
  fieldNames: readonly string[];
  /** Bytes of the uploaded file. */
  size: number;
  now: Date;
}

/** Fields no condition needs to cover. */
const EXEMPT = new Set(['x-amz-signature', 'file', 'policy']);
/** Fields S3 lets a policy constrain with starts-with; every other field takes only exact matches. */
const STARTS_WITH_FIELDS = new Set([
  'key',
  'acl',
  'cache-control',
  'content-type',
  'content-disposition',
  'content-encoding',
  'expires',
  'success_action_redirect',
  'redirect',
]);
const EXPIRATION = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?Z$/;

const invalidPolicy = (message: string) => s3Error('InvalidPolicyDocument', message);

/** How S3 prints a condition in "Policy Condition failed: ...". */
const show = (parts: readonly unknown[]) =>
  `[${parts.map((part) => JSON.stringify(part)).join(', ')}]`;

const conditionFailed = (parts: readonly unknown[]) =>
  s3Error('AccessDenied', messages.policyConditionFailed(show(parts)));

function parseDocument(policy: string): { expiration: string; conditions: unknown[] } {
  let document: unknown;
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    throw invalidPolicy(messages.policyInvalidJson());
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    throw invalidPolicy(messages.policyInvalidJson());
  const { expiration, conditions } = document as { expiration?: unknown; conditions?: unknown };
  if (expiration === undefined) throw invalidPolicy(messages.policyMissing('expiration'));
  if (
    typeof expiration !== 'string' ||
    !EXPIRATION.test(expiration) ||
    Number.isNaN(Date.parse(expiration))
  )
    throw invalidPolicy(
      messages.policyInvalidExpiration(JSON.stringify(expiration) ?? 'undefined'),
    );
  if (!Array.isArray(conditions)) throw invalidPolicy(messages.policyMissing('conditions'));
  return { expiration, conditions };
}

/** A byte count as JSON number or digit string; undefined when it is neither. */
function byteCount(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value) && Number.isSafeInteger(Number(value)))
    return Number(value);
  return undefined;
}

interface Evaluation {
  /** Lower-case names of the fields the conditions constrain. */
  covered: Set<string>;
}

function checkCondition(condition: unknown, input: PolicyCheck, evaluation: Evaluation): void {
  const valueOf = (field: string) =>
    field === 'bucket' ? input.bucket : (input.fields.get(field) ?? '');

  if (typeof condition === 'object' && condition !== null && !Array.isArray(condition)) {
    const entries = Object.entries(condition);
    if (entries.length !== 1) throw invalidPolicy(messages.policySimpleCondition());
    const [[name, expected]] = entries as [[string, unknown]];
    const field = name.toLowerCase();
    evaluation.covered.add(field);
    if (typeof expected !== 'string' || valueOf(field) !== expected)
      throw conditionFailed(['eq', `$${name}`, expected]);
    return;
  }
  if (!Array.isArray(condition) || condition.length !== 3)
    throw conditionFailed(asParts(condition));
  const [operator, first, second] = condition as [unknown, unknown, unknown];

  if (operator === 'content-length-range') {
    const min = byteCount(first);
    const max = byteCount(second);
    if (min === undefined || max === undefined || min > max) throw conditionFailed(condition);
    if (input.size < min)
      throw s3Error('EntityTooSmall', messages.entityTooSmall(), [
        ['ProposedSize', String(input.size)],
        ['MinSizeAllowed', String(min)],
      ]);
    if (input.size > max)
      throw s3Error('EntityTooLarge', messages.entityTooLarge(), [
        ['ProposedSize', String(input.size)],
        ['MaxSizeAllowed', String(max)],
      ]);
    return;
  }
  if (typeof first !== 'string' || !first.startsWith('$') || typeof second !== 'string')
    throw conditionFailed(condition);
  const field = first.slice(1).toLowerCase();
  evaluation.covered.add(field);
  const actual = valueOf(field);
  if (operator === 'eq') {
    if (actual !== second) throw conditionFailed(condition);
    return;
  }
  if (operator === 'starts-with') {
    if (!STARTS_WITH_FIELDS.has(field) && !field.startsWith('x-amz-meta-'))
      throw conditionFailed(condition);
    // A Content-Type may list several types; each one must match.
    const values = field === 'content-type' ? actual.split(',').map((v) => v.trim()) : [actual];
    if (!values.every((value) => value.startsWith(second))) throw conditionFailed(condition);
    return;
  }
  throw conditionFailed(condition);
}

const asParts = (condition: unknown): unknown[] =>
  Array.isArray(condition) ? condition : [condition];

export function checkPolicy(input: PolicyCheck): void {
  const { expiration, conditions } = parseDocument(input.policy);
  if (input.now.getTime() > Date.parse(expiration))
    throw s3Error('AccessDenied', messages.policyExpired());
  const evaluation: Evaluation = { covered: new Set() };
  for (const condition of conditions) checkCondition(condition, input, evaluation);
  for (const name of input.fieldNames) {
    const field = name.toLowerCase();
    if (EXEMPT.has(field) || field.startsWith('x-ignore-')) continue;
    if (!evaluation.covered.has(field))
      throw s3Error('AccessDenied', messages.policyExtraFields(field));
  }
}
