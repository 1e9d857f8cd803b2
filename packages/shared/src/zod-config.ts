/**
 * Imported first by every shared module that builds schemas.
 *
 * Schemas are written with `zod/mini`, whose functions tree-shake: a Lambda
 * bundle or the SPA keeps only the validators it uses (about 25 KB minified
 * instead of about 95 KB for classic zod, whose every schema carries every method).
 *
 * jitless: zod otherwise compiles parsers with `new Function`, and even its
 * probe for that is a violation under the SPA's CSP (no 'unsafe-eval').
 * English messages: zod/mini loads no locale by itself, and the API's 400
 * answers and the forms show zod's message where a schema names none.
 */
import { config } from 'zod/mini';
import { en } from 'zod/locales';

config({ jitless: true, ...en() });
