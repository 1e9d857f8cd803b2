/**
 * The api package's configuration: every setting a handler may read, as the
 * CDK stack gives it to each Lambda (environment variables) and the local
 * runtime builds it. Parsed from a plain record, never from process.env here:
 * src/env.ts is the Lambda's reader, the local runtime passes its own values.
 */
import path from 'node:path';
import * as z from 'zod/mini';
import { DEPENDENCY_TIMING } from './aws/setup';

const text = (fallback: string) => z._default(z.string().check(z.minLength(1)), fallback);
const arn = (prefix: string, what: string) =>
  z.string().check(z.startsWith(prefix, `must be ${what} ARN`));
const positiveInt = (fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  z._default(z.coerce.number().check(z.int(), z.positive(), z.maximum(max)), fallback);
const email = (fallback: string) => z._default(z.email(), fallback);

/** The default model: among OpenAI's structured-output models, the cheapest. */
export const DEFAULT_OPENAI_MODEL = 'gpt-4o-mini';

export const apiConfigSchema = z.object({
  AWS_REGION: text('ap-southeast-2'),
  DB_CLUSTER_ARN: arn('arn:aws:rds:', 'an RDS cluster'),
  DB_SECRET_ARN: arn('arn:aws:secretsmanager:', 'a Secrets Manager'),
  DB_NAME: text('cpe'),
  /** Total time a request may spend waiting for a paused Aurora cluster to resume (under API Gateway's 29 s). */
  DB_RESUME_BUDGET_MS: positiveInt(25_000, 28_000),
  MIGRATIONS_DIR: text(path.resolve(__dirname, '../migrations')),
  /** Secret holding `{"apiKey": "..."}` for the AI recommender; absent: the built-in catalogue answers. */
  OPENAI_SECRET_ARN: z.optional(z.string()),
  /**
   * A chat model that supports structured outputs (`json_schema`, strict),
   * which the certificate proposal asks for: recommendations use it too.
   * Each stage may name another (infra/stages.json `openAiModel`).
   */
  OPENAI_MODEL: text(DEFAULT_OPENAI_MODEL),
  OPENAI_BASE_URL: z.optional(z.url()),
  /** Per attempt (two at most); past the recommender's 25 s deadline the catalogue answers anyway. */
  OPENAI_TIMEOUT_MS: positiveInt(20_000, 25_000),
  /** Where contact messages are sent, and who sends them. */
  CONTACT_TO_ADDRESS: email('owner@cpetracker.local'),
  MAIL_FROM_ADDRESS: email('no-reply@cpetracker.local'),
  /** Contact messages accepted per sender mailbox per hour (case, +tags and Gmail dots ignored). */
  CONTACT_HOURLY_LIMIT: positiveInt(5),
  /** Contact messages accepted per client network per hour (an IPv4 address, an IPv6 /64). */
  CONTACT_CLIENT_HOURLY_LIMIT: positiveInt(20),
  /**
   * A header a trusted proxy sets to the viewer's address, e.g.
   * `CloudFront-Viewer-Address` (`ip:port`). Behind CloudFront, API Gateway's
   * sourceIp is CloudFront's own address, shared by every visitor of an edge;
   * set this only when the API is reachable through that proxy alone, or a
   * caller could name any address. Unset: sourceIp.
   */
  CONTACT_CLIENT_ADDRESS_HEADER: z.optional(z.string().check(z.regex(/^[A-Za-z0-9-]+$/))),
  /** Notification emails to CONTACT_TO_ADDRESS per hour; past it, messages are held for a summary. */
  CONTACT_NOTIFY_HOURLY_CAP: positiveInt(30),
  /** The SDK clients' limits for Cognito, Secrets Manager, S3 and SES (aws/setup.ts). */
  AWS_CONNECT_TIMEOUT_MS: positiveInt(DEPENDENCY_TIMING.connectionTimeoutMs, 10_000),
  AWS_IDLE_TIMEOUT_MS: positiveInt(DEPENDENCY_TIMING.idleTimeoutMs, 20_000),
  AWS_MAX_ATTEMPTS: positiveInt(DEPENDENCY_TIMING.maxAttempts, 5),
  /** Secret holding `{"signingKey": "..."}`: signs the reminder emails' unsubscribe links. */
  REMINDER_SECRET_ARN: z.optional(arn('arn:aws:secretsmanager:', 'a Secrets Manager')),
  /** The site's public origin, for links in emails (unsubscribe, the account page). */
  SITE_URL: z._default(z.url(), 'http://localhost:3000'),
  /** Reminder digests sent at once by the daily job. */
  REMINDER_SEND_CONCURRENCY: positiveInt(8, 64),
  /** Users per page of the reminder job: one Data API call each. */
  REMINDER_PAGE_SIZE: positiveInt(1000, 5000),
  /** Proof files and large reports (locally the S3 emulator's bucket). */
  EVIDENCE_BUCKET: text('cpe-local-evidence'),
  /**
   * A badge read fetches what the badge names (a hosted assertion, its badge
   * class and issuer, the issuer's key; docs/decisions/121) over https from
   * public addresses only. `true` lets it also fetch over http from a
   * loopback address (127.0.0.0/8, ::1), where the local runtime's tests
   * serve badges; never in a stack.
   */
  BADGE_FETCH_ALLOW_LOOPBACK: z._default(z.stringbool(), false),
  /**
   * The domain users forward certificates to (`in.<site domain>`, where SES
   * receives it); unset: the site receives no mail and shows no forwarding address.
   */
  INBOUND_MAIL_DOMAIN: z.optional(
    z.string().check(z.regex(/^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/)),
  ),
});

export type ApiConfig = z.infer<typeof apiConfigSchema>;

/** Validates settings; a problem names the variable, so a misconfigured function fails at cold start. */
export function parseApiConfig(vars: Readonly<Record<string, string | undefined>>): ApiConfig {
  const parsed = apiConfigSchema.safeParse(vars);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid api configuration:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}
