/**
 * Fails a pipeline run whose diff would replace or remove a stateful resource
 * (infra/lib/diff-guard.ts):
 *
 *   tsx infra/bin/guard-diff.ts <file holding the output of cdk diff>
 *
 * Prints one GitHub error annotation per such change and exits 1; exits 0,
 * saying so, when there is none. A deliberate replacement is not something
 * the pipeline does: see docs/deploy.md.
 */
import { readFileSync } from 'node:fs';
import { dangerousChanges, describeChange, isDiffOutput } from '../lib/diff-guard';

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: guard-diff.ts <cdk diff output file>');
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
if (!isDiffOutput(text)) {
  // An empty or failed diff proves nothing: refuse rather than pass.
  console.error(`::error::${file} holds no cdk diff output (no "Stack <name>" line)`);
  process.exit(1);
}
const changes = dangerousChanges(text);
for (const change of changes) console.error(`::error::${describeChange(change)}`);
if (changes.length > 0) {
  console.error(
    `${changes.length} stateful resource(s) would be replaced or removed: the deploy stops here (docs/deploy.md, "A change that replaces data").`,
  );
  process.exit(1);
}
console.log('No user pool, database cluster, bucket, table or secret is replaced or removed.');
