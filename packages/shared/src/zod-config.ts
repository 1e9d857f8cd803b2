/**
 * Imported first by every shared module that builds schemas. zod otherwise
 * compiles parsers with `new Function`, and even its probe for that is a
 * violation under the SPA's CSP (no 'unsafe-eval').
 *
 * Schema modules import zod as `import * as z from 'zod'` (not `{ z }`), so the
 * web bundler keeps only what they use (~25 KB gzip instead of ~90 KB).
 */
import { config } from 'zod';

config({ jitless: true });
