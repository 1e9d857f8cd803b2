/** The local runtime's configuration: the only module here that reads process.env. */
import path from 'node:path';
import { z } from 'zod';

const repoRoot = path.resolve(__dirname, '../../..');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOCAL_DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  /** A PostgreSQL server instead of the embedded PGlite database. */
  DATABASE_URL: z.string().url().optional(),
  /** Enables the AI recommender through the local Secrets Manager. */
  OPENAI_API_KEY: z.string().min(1).optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  CONTACT_TO_ADDRESS: z.string().email().optional(),
  /** `true`: badge reads may fetch over http from this machine's loopback (docs/decisions/121). */
  BADGE_FETCH_ALLOW_LOOPBACK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'packages/web/dist')),
  /** Host names to answer besides localhost, 127.0.0.1 and [::1], comma-separated (e.g. a LAN name). */
  ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((h) => h.trim())
        .filter(Boolean),
    ),
});

export type LocalEnv = z.infer<typeof schema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): LocalEnv {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid local runtime configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

/** The environment a tool this package runs gets: this process's, with `extra` over it. */
export function toolEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
