import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  CREDIT_UNITS,
  LINK_PATTERN,
  MULTI_LINE_FORBIDDEN,
  SINGLE_LINE_FORBIDDEN,
} from '@cpe/shared';
import { CATALOGUE_ID_PATTERN } from '@cpe/shared/text-rules';
import { CHECK_CONSTRAINTS } from './constraints';

const dir = path.resolve(__dirname, '../../migrations');
const migrations = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => readFileSync(path.join(dir, f), 'utf8'));
const all = migrations.join('\n');

describe('CHECK constraints and the shared rules (issue 9 item 1)', () => {
  it('every named constraint a migration creates maps to a field', () => {
    const named = migrations.flatMap((sql) =>
      [...sql.matchAll(/constraint\s+(\w+)\s+check/gi)].map((m) => m[1]),
    );
    expect(named.length).toBeGreaterThan(10);
    for (const name of named)
      expect({ name, mapped: name! in CHECK_CONSTRAINTS }).toEqual({ name, mapped: true });
  });

  it('the migrations quote the shared text patterns verbatim', () => {
    expect(all).toContain(`!~ '${SINGLE_LINE_FORBIDDEN}'`);
    expect(all).toContain(`!~ '${MULTI_LINE_FORBIDDEN}'`);
    expect(all).toContain(`~ '${LINK_PATTERN}'`);
    expect(all).toContain(`~ '${CATALOGUE_ID_PATTERN}'`);
  });

  it("the unit CHECK lists exactly the catalogue's units", () => {
    // The last migration that states the list is the one in force.
    const list = [...all.matchAll(/unit in \(([^)]*)\)/g)].at(-1)?.[1] ?? '';
    expect(list.split(',').map((u) => u.trim().replace(/^'|'$/g, ''))).toEqual([...CREDIT_UNITS]);
  });
});
