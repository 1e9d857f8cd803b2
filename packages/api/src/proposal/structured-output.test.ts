/**
 * The certificate proposal asks OpenAI for a strict JSON-schema answer. The
 * request the app builds must be one the configured model accepts, by the
 * constraints OpenAI documents for Structured Outputs
 * (platform.openai.com/docs/guides/structured-outputs, "Supported schemas"):
 *
 * - only models from gpt-4o-mini and gpt-4o-2024-08-06 on support
 *   `json_schema` (gpt-3.5-turbo and gpt-4-turbo refuse it with a 400);
 * - the root is an object, not `anyOf`;
 * - every object sets `additionalProperties: false` and lists every
 *   property in `required` (optional fields are a union with "null");
 * - types are string, number, integer, boolean, object, array, null;
 * - at most 5,000 properties and 10 levels of nesting;
 * - the format's name matches ^[a-zA-Z0-9_-]{1,64}$.
 */
import type { ChatRequest } from '../recommend/openai-sdk';
import { DEFAULT_OPENAI_MODEL, parseApiConfig } from '../config';
import { PROPOSAL_FORMAT, createProposer } from './proposer';

/** Models documented as supporting Structured Outputs with `json_schema`. */
const STRUCTURED_OUTPUT_MODELS = [
  /^gpt-4o-mini(-\d{4}-\d{2}-\d{2})?$/,
  /^gpt-4o(-2024-(08-06|11-20))?$/,
  /^gpt-4\.1(-mini|-nano)?(-\d{4}-\d{2}-\d{2})?$/,
  /^gpt-5(-mini|-nano)?(-\d{4}-\d{2}-\d{2})?$/,
  /^o[134](-mini)?(-\d{4}-\d{2}-\d{2})?$/,
];
const supportsStructuredOutputs = (model: string) =>
  STRUCTURED_OUTPUT_MODELS.some((pattern) => pattern.test(model));

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** Every way `schema` breaks the documented constraints, as readable lines. */
function violations(schema: unknown, where = 'schema', depth = 1): string[] {
  if (typeof schema !== 'object' || schema === null) return [`${where} is not an object`];
  const node = schema as Record<string, unknown>;
  const problems: string[] = [];
  if (depth > 10) problems.push(`${where} nests deeper than 10 levels`);
  const types = Array.isArray(node.type) ? node.type : [node.type];
  for (const type of types) {
    if (typeof type !== 'string' || !TYPES.has(type))
      problems.push(`${where} has type ${String(type)}`);
  }
  if (types.includes('object')) {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    if (node.additionalProperties !== false) problems.push(`${where} allows additional properties`);
    const required = new Set(node.required as string[] | undefined);
    for (const [name, property] of Object.entries(properties)) {
      if (!required.has(name)) problems.push(`${where}.${name} is not required`);
      problems.push(...violations(property, `${where}.${name}`, depth + 1));
    }
  }
  if (types.includes('array')) problems.push(...violations(node.items, `${where}[]`, depth + 1));
  return problems;
}

function propertyCount(schema: unknown): number {
  if (typeof schema !== 'object' || schema === null) return 0;
  const node = schema as { properties?: Record<string, unknown>; items?: unknown };
  const own = Object.values(node.properties ?? {});
  return own.length + own.reduce<number>((n, p) => n + propertyCount(p), propertyCount(node.items));
}

describe('the structured-output request', () => {
  it('goes by default to a model that supports structured outputs', () => {
    expect(supportsStructuredOutputs(DEFAULT_OPENAI_MODEL)).toBe(true);
    const config = parseApiConfig({
      DB_CLUSTER_ARN: 'arn:aws:rds:ap-southeast-2:000000000000:cluster:c',
      DB_SECRET_ARN: 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:s',
    });
    expect(config.OPENAI_MODEL).toBe(DEFAULT_OPENAI_MODEL);
  });

  it('is told apart from the models that refuse it', () => {
    for (const model of ['gpt-3.5-turbo', 'gpt-4-turbo', 'gpt-4', 'gpt-4o-2024-05-13']) {
      expect(supportsStructuredOutputs(model)).toBe(false);
    }
  });

  it('holds a strict schema within the documented constraints', () => {
    expect(PROPOSAL_FORMAT.json_schema.strict).toBe(true);
    expect(PROPOSAL_FORMAT.json_schema.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    const schema = PROPOSAL_FORMAT.json_schema.schema;
    expect(schema.type).toBe('object');
    expect(schema).not.toHaveProperty('anyOf');
    expect(violations(schema)).toEqual([]);
    expect(propertyCount(schema)).toBeLessThanOrEqual(5000);
  });

  it('finds a schema that breaks them', () => {
    expect(
      violations({
        type: 'object',
        required: ['a'],
        properties: { a: { type: 'string' }, b: { type: 'date' } },
      }),
    ).toEqual([
      'schema allows additional properties',
      'schema.b is not required',
      'schema.b has type date',
    ]);
  });

  it('is what the proposer sends, with the configured model', async () => {
    const sent: ChatRequest[] = [];
    const proposer = createProposer({
      apiKey: () => Promise.resolve('sk-test'),
      model: DEFAULT_OPENAI_MODEL,
      createClient: () => ({
        complete(request) {
          sent.push(request);
          const content = JSON.stringify({
            activity_name: 'Cloud Security Summit',
            provider: 'ISC2',
            activity_date: '2026-10-02',
            cpe_units: 6,
            description: null,
          });
          return Promise.resolve({ choices: [{ message: { content } }] });
        },
      }),
    });

    const proposal = await proposer.propose('Certificate of attendance', '2026-11-26', 'r1');

    expect(sent).toHaveLength(1);
    expect(sent[0]?.model).toBe(DEFAULT_OPENAI_MODEL);
    expect(sent[0]?.response_format).toEqual(PROPOSAL_FORMAT);
    expect(proposal).toEqual({
      activity_name: 'Cloud Security Summit',
      provider: 'ISC2',
      activity_date: '2026-10-02',
      cpe_units: 6,
    });
  });
});
