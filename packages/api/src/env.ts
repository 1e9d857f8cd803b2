/**
 * The api package's configuration: the only module that reads process.env.
 * Parsed once, on first use; Lambda entry points call it at module scope so
 * a misconfigured function fails at cold start with a message naming the
 * variable, not deep inside a request.
 */
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  AWS_REGION: z.string().min(1).default('ap-southeast-2'),
  DB_CLUSTER_ARN: z.string().startsWith('arn:aws:rds:', { message: 'must be an RDS cluster ARN' }),
  DB_SECRET_ARN: z
    .string()
    .startsWith('arn:aws:secretsmanager:', { message: 'must be a Secrets Manager ARN' }),
  DB_NAME: z.string().min(1).default('cpe'),
  /** Total time a request may spend waiting for a paused Aurora cluster to resume (under API Gateway's 29 s). */
  DB_RESUME_BUDGET_MS: z.coerce.number().int().positive().max(28_000).default(25_000),
  MIGRATIONS_DIR: z.string().min(1).default(path.resolve(__dirname, '../migrations')),
  /** Secret holding `{"apiKey": "..."}` for the AI recommender; absent: the built-in catalogue answers. */
  OPENAI_SECRET_ARN: z.string().optional(),
  OPENAI_MODEL: z.string().min(1).default('gpt-3.5-turbo'),
  OPENAI_BASE_URL: z.string().url().optional(),
  /** Where contact messages are sent, and who sends them. */
  CONTACT_TO_ADDRESS: z.string().email().default('owner@cpetracker.local'),
  MAIL_FROM_ADDRESS: z.string().email().default('no-reply@cpetracker.local'),
  /** Contact messages accepted per sender address per hour. */
  CONTACT_HOURLY_LIMIT: z.coerce.number().int().positive().default(5),
});

export type ApiEnv = z.infer<typeof schema>;

let cached: ApiEnv | undefined;

export function env(): ApiEnv {
  if (!cached) {
    const parsed = schema.safeParse(process.env);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
      throw new Error(`Invalid api configuration:\n  ${problems.join('\n  ')}`);
    }
    cached = parsed.data;
  }
  return cached;
}
