import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderApiDoc } from '@cpe/shared/api-doc';

const target = path.resolve(__dirname, '../docs/api.md');
writeFileSync(target, renderApiDoc());
console.log(`wrote ${path.relative(process.cwd(), target)}`);
