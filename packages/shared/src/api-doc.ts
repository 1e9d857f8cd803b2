/**
 * Renders docs/api.md from the route table and its zod schemas, so the API is
 * described once. `pnpm docs:api` writes it; a unit test fails when it is stale.
 */
import './zod-config';
import * as z from 'zod/mini';
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
    '## Routes',
    '',
    ...(routes as readonly RouteDef[]).map(routeSection).flatMap((s) => [s, '']),
  ].join('\n');
}
