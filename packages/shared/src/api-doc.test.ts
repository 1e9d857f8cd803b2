import { readFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDoc } from './api-doc';
import { routes } from './routes';

describe('docs/api.md', () => {
  const doc = renderApiDoc();

  it('describes every route of the table', () => {
    for (const route of routes) expect(doc).toContain(`operation: \`${route.operation}\``);
  });

  it('is up to date with the route table (run `pnpm docs:api`)', () => {
    const committed = readFileSync(path.resolve(__dirname, '../../../docs/api.md'), 'utf8');
    expect(committed).toBe(doc);
  });
});
