/**
 * The pipeline's guard against losing data (docs/deploy.md): it reads the
 * output of `cdk diff` for a stage and names every stateful resource (a user
 * pool, a database cluster, a bucket, a table, a secret) that the deploy
 * would replace or remove. The deploy job fails on any, before prod's
 * approval is even asked for: a replaced user pool orphans every account, a
 * replaced cluster starts empty.
 *
 * The diff is read as the CDK CLI prints it: one line per resource,
 * `[~] <type> <path> <logical id> <impact>`, the impact computed by the CLI
 * from CloudFormation's resource specification (which property changes
 * replace a resource) and the resource's deletion policy.
 */

/** The resource types whose replacement or removal loses data or identities. */
export const STATEFUL_TYPES = [
  'AWS::Cognito::UserPool',
  'AWS::RDS::DBCluster',
  'AWS::S3::Bucket',
  'AWS::DynamoDB::Table',
  'AWS::DynamoDB::GlobalTable',
  'AWS::SecretsManager::Secret',
] as const;

export type Impact = 'replace' | 'may be replaced' | 'destroy' | 'orphan';

export interface DangerousChange {
  stack: string;
  type: string;
  /** The construct path and logical id as the diff prints them. */
  resource: string;
  impact: Impact;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;]*m/g;
const STACK = /^Stack (\S+)/;
const RESOURCE =
  /^\[([-+~])\] (AWS::[A-Za-z0-9]+::[A-Za-z0-9]+) (.+?)(?: (replace|may be replaced|destroy|orphan))?$/;

/** The text without terminal colours (the CLI colours its output on a terminal). */
export function plain(text: string): string {
  return text.replace(ANSI, '');
}

/** Whether the text is the output of `cdk diff` at all (it names each stack it compared). */
export function isDiffOutput(text: string): boolean {
  return /^Stack \S+/m.test(plain(text));
}

/** Every change of `cdk diff` output that would replace or remove a stateful resource. */
export function dangerousChanges(diffOutput: string): DangerousChange[] {
  const found: DangerousChange[] = [];
  let stack = '(unknown stack)';
  for (const raw of diffOutput.split(/\r?\n/)) {
    const line = raw.replace(ANSI, '').trimEnd();
    const stackMatch = STACK.exec(line);
    if (stackMatch) {
      stack = stackMatch[1]!;
      continue;
    }
    const m = RESOURCE.exec(line);
    if (!m) continue;
    const [, sign, type, resource, impact] = m;
    if (!(STATEFUL_TYPES as readonly string[]).includes(type!)) continue;
    // A removed resource is destroyed or, when retained, orphaned (the stack forgets it).
    const effective = (impact ?? (sign === '-' ? 'destroy' : undefined)) as Impact | undefined;
    if (!effective) continue;
    found.push({ stack, type: type!, resource: resource!, impact: effective });
  }
  return found;
}

/** What the guard prints for one change. */
export function describeChange(change: DangerousChange): string {
  const what: Record<Impact, string> = {
    replace: 'would be replaced (a new, empty one)',
    'may be replaced': 'may be replaced (a new, empty one), depending on deploy-time values',
    destroy: 'would be deleted',
    orphan: 'would leave the stack (retained, but no longer managed or wired to the app)',
  };
  return `${change.stack}: ${change.type} ${change.resource} ${what[change.impact]}`;
}
