/**
 * Renders docs/api.md from the route table and its zod schemas, so the API is
 * described once. `pnpm docs:api` writes it; a unit test fails when it is stale.
 */
import './zod-config';
import * as z from 'zod/mini';
import { API_MESSAGES } from './messages';
import { APIS, type RouteDef, routes } from './routes';

function schemaBlock(schema: z.ZodMiniType, io: 'input' | 'output'): string {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return ['```json', JSON.stringify(json, null, 2), '```'].join('\n');
}

function routeSection(route: RouteDef): string {
  const lines = [
    `### ${route.method} ${APIS[route.api].publicPrefix}${route.path}`,
    '',
    route.summary,
    '',
    `- operation: \`${route.operation}\` (Lambda group \`${route.group}\`)`,
    `- API Gateway: REST API \`${route.api}\`, stage \`${APIS[route.api].stage}\`, resource \`${route.path}\``,
    `- auth: ${route.auth ? 'Cognito access token (`Authorization` header), scope `aws.cognito.signin.user.admin`' : 'public'}`,
    `- success: ${route.status ?? 200}`,
  ];
  if (route.cacheControl) lines.push(`- \`Cache-Control\` of a success: \`${route.cacheControl}\``);
  if (route.idParam)
    lines.push(`- \`{${route.path.match(/\{(\w+)\}/)?.[1] ?? 'id'}}\`: ${route.idParam}`);
  if (route.query) lines.push('', 'Query parameters:', '', schemaBlock(route.query, 'input'));
  if (route.body) lines.push('', 'Request body:', '', schemaBlock(route.body, 'input'));
  if (route.response) lines.push('', 'Response body:', '', schemaBlock(route.response, 'output'));
  return lines.join('\n');
}

/** What any route answers when something it depends on fails (packages/api/src/http/respond.ts). */
const FAILURES: ReadonlyArray<{ when: string; answer: string }> = [
  {
    when: 'The database is still resuming (Aurora auto-pause) after the retry budget (25 s)',
    answer: `503, \`Retry-After\`, "${API_MESSAGES.databaseStarting}"`,
  },
  {
    when: 'The database connection was lost during the request (a terminated backend, a failover)',
    answer: `503, \`Retry-After\`, "${API_MESSAGES.databaseInterrupted}"`,
  },
  {
    when: 'Cognito, Secrets Manager, S3, SES or the Data API answered 5xx, throttled, refused or reset the connection, after the retry',
    answer: `503, \`Retry-After\`, "${API_MESSAGES.dependencyUnavailable}"`,
  },
  {
    when: 'Cognito, Secrets Manager, S3 or SES did not answer in time (2 s to connect, 5 s of silence, two attempts: within about 11 s)',
    answer: `504, \`Retry-After\`, "${API_MESSAGES.dependencyTimeout}"`,
  },
  {
    when: 'POST /api/recommendations: the OpenAI endpoint failed or hung (20 s per attempt, two attempts, 25 s in all), or its key could not be read',
    answer: '200 with the catalogue\'s picks (`"source": "catalogue"`)',
  },
  {
    when: 'POST /beta/submit: SES failed or hung',
    answer: `200, "${API_MESSAGES.contactSent}": the message is stored and the next notification carries it`,
  },
];

function failureSection(): string[] {
  return [
    '## When a dependency fails',
    '',
    "Every route answers within API Gateway's 29 s. Each request writes with one statement (or one",
    'transaction), so a failed request stores nothing of itself, and the same request succeeds once',
    'the dependency is back, without a restart.',
    '',
    '| what failed | answer |',
    '| --- | --- |',
    ...FAILURES.map((f) => `| ${f.when} | ${f.answer} |`),
    '',
  ];
}

export function renderApiDoc(): string {
  return [
    '# CPE Tracker API',
    '',
    '<!-- Generated from packages/shared/src/routes.ts by `pnpm docs:api`. Do not edit by hand. -->',
    '',
    'All paths are same-origin with the web app (CloudFront routes `/api/*` to the "api" REST API,',
    'stage prod, and `/beta/*` to the "contact" REST API, stage beta).',
    '',
    'Errors answer JSON `{"message": "..."}`; bad input answers 400 with `errors`, one message per field',
    '(a value the database refuses too: a constraint names its field). Single-line text fields refuse',
    'control characters (line breaks included); multi-line ones (description, message) keep line breaks and tabs.',
    'Answers are `Cache-Control: no-store` unless a route says otherwise.',
    "A record that is not the caller's answers 404, exactly like a missing or malformed id.",
    'Gateway answers: 401 `{"message":"Unauthorized"}` without a valid access token;',
    '403 `{"message":"Missing Authentication Token"}` for an unknown route;',
    '503 with `Retry-After` while the database is resuming past the retry budget.',
    '',
    ...failureSection(),
    '## Routes',
    '',
    ...(routes as readonly RouteDef[]).map(routeSection).flatMap((s) => [s, '']),
  ].join('\n');
}
