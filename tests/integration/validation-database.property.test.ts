/**
 * Issue 9 item 1, as a property on each backend: every value a request
 * schema accepts, the database's CHECK constraints accept too (after the
 * schema's own trimming and conversion), so no accepted request can end in a
 * refused statement and a 500. Each value is written into a real row inside
 * a transaction that is rolled back.
 */
import {
  BeginTransactionCommand,
  ExecuteStatementCommand,
  RollbackTransactionCommand,
  type SqlParameter,
} from '@aws-sdk/client-rds-data';
import {
  CREDIT_UNITS,
  type Upload,
  catalogueEntries,
  certificationInput,
  contactBody,
  createUploadBody,
  submissionBody,
  updateActivityBody,
} from '@cpe/shared';
import { updateAccountSettingsBody } from '@cpe/shared/account';
import fc from 'fast-check';
import { createActivity, createCertification } from '../support/api';
import { LOCAL_CLUSTER_ARN, LOCAL_SECRET_ARN, dataApiClient } from '../support/data-api';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { api, createUser } from '../support/users';

const target = { resourceArn: LOCAL_CLUSTER_ARN, secretArn: LOCAL_SECRET_ARN, database: 'cpe' };

/** Characters that break rules: controls, separators, spaces, quotes, a backslash, astral ones. */
const tricky = fc.constantFrom(
  '\r',
  '\n',
  '\t',
  '\u0000',
  '\u0007',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u00a0',
  '\u200b',
  ' ',
  '\\',
  '"',
  "'",
  '%',
  ':',
  '/',
  '.',
  '-',
  'a',
  'Z',
  'é',
  '😀',
  '用',
);
const text = fc.oneof(
  fc.string({ unit: fc.oneof(tricky, fc.string({ minLength: 1, maxLength: 1 })), maxLength: 14 }),
  fc.integer({ min: 195, max: 205 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 4995, max: 5005 }).map((n) => 'y'.repeat(n)),
  fc.integer({ min: 98, max: 103 }).map((n) => '😀'.repeat(n)),
);
/** Text, or an optional field typed as nothing visible: spaces, direction controls. */
const optionalText = fc.oneof(
  text,
  fc.constantFrom(' ', '   ', '\u00a0', '\u202e', ' \u200f ', '\u2066\u2069'),
);
const link = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(
        'http',
        'https',
        'HTTPS',
        'Http',
        'hTtPs',
        'ftp',
        'javascript',
        'h\ttps',
        'ht tp',
        '',
      ),
      fc.constantFrom('://', ':/', ':', ':\\\\', '://\\', ':///', ' ://'),
      fc.string({
        unit: fc.oneof(tricky, fc.constantFrom('x', 'example.com', '/p', '?q=1', '#f')),
        maxLength: 8,
      }),
    )
    .map(([scheme, sep, rest]) => `${scheme}${sep}${rest}`),
  fc.integer({ min: 2040, max: 2056 }).map((n) => `https://x.y/${'a'.repeat(n - 12)}`),
  text,
);
const amount = fc.oneof(
  fc.double({ noNaN: true }),
  fc.integer({ min: -10, max: 200_000 }),
  fc.constantFrom(
    '1e5',
    '100000',
    '100000.01',
    '99999.99',
    '-0',
    '0.001',
    '12.345',
    ' 7 ',
    '',
    '0x10',
  ),
);
const months = fc.oneof(
  fc.integer({ min: -2, max: 14_000 }),
  fc.constantFrom('36', ' 12 ', '1.5', '13200', '13201', '', '1e2'),
);
const date = fc
  .tuple(
    fc.integer({ min: 1800, max: 3100 }),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
  )
  .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
const catalogueId = fc.oneof(
  fc.constantFrom(...catalogueEntries().map((e) => e.id)),
  fc.string({ unit: fc.constantFrom('a', 'z', '0', '-', 'A', '_', ' '), maxLength: 70 }),
);
const unit = fc.constantFrom(...CREDIT_UNITS, 'cpe', 'CPE ', 'PDUs', 'credits', '');

interface FieldCase {
  field: string;
  table:
    | 'certifications'
    | 'activities'
    | 'contact_messages'
    | 'uploads'
    | 'activity_credits'
    | 'user_settings';
  column: string;
  sqlType: 'text' | 'numeric' | 'integer' | 'date';
  schema:
    | typeof certificationInput
    | typeof updateActivityBody
    | typeof contactBody
    | typeof createUploadBody
    | typeof submissionBody
    | typeof updateAccountSettingsBody;
  /** The body's key the values go to, when not `field`. */
  key?: string;
  /** Where the stored value is in the parsed body, when not at `field`. */
  read?: (parsed: Record<string, unknown>) => unknown;
  base: Record<string, unknown>;
  values: fc.Arbitrary<unknown>;
  /** The API writes something else than null for this field (so null is not a value it stores). */
  apiReplacesNull?: boolean;
}

const cert = {
  certification_name: 'Base',
  earned_date: '2024-01-01',
  expiry_date: '2027-01-01',
  cpe_needed: 10,
  verification_link: null,
};
const activity = {
  activity_name: 'Base',
  description: '',
  cpe_units: 1,
  activity_date: '2024-06-01',
  version: 1,
};
const contact = { name: 'Base', email: 'base@example.com', message: 'Hello' };
const upload = { file_name: 'Base.pdf', content_type: 'application/pdf', size: 1 };

const CASES: FieldCase[] = [
  {
    field: 'certification_name',
    table: 'certifications',
    column: 'certification_name',
    sqlType: 'text',
    schema: certificationInput,
    base: cert,
    values: text,
  },
  {
    field: 'verification_link',
    table: 'certifications',
    column: 'verification_link',
    sqlType: 'text',
    schema: certificationInput,
    base: cert,
    values: link,
  },
  {
    field: 'cpe_needed',
    table: 'certifications',
    column: 'cpe_needed',
    sqlType: 'numeric',
    schema: certificationInput,
    base: cert,
    values: amount,
  },
  {
    field: 'earned_date',
    table: 'certifications',
    column: 'earned_date',
    sqlType: 'date',
    schema: certificationInput,
    base: cert,
    values: date,
  },
  {
    field: 'expiry_date',
    table: 'certifications',
    column: 'expiry_date',
    sqlType: 'date',
    schema: certificationInput,
    base: cert,
    values: date,
  },
  {
    field: 'catalogue_id',
    table: 'certifications',
    column: 'catalogue_id',
    sqlType: 'text',
    schema: certificationInput,
    base: cert,
    values: catalogueId,
  },
  {
    field: 'unit',
    table: 'certifications',
    column: 'unit',
    sqlType: 'text',
    schema: certificationInput,
    base: cert,
    values: unit,
  },
  // null is never stored with an expiry: the API measures the cycle from the dates instead (certification-rules.test.ts).
  {
    field: 'cycle_months',
    table: 'certifications',
    column: 'cycle_months',
    sqlType: 'integer',
    schema: certificationInput,
    base: cert,
    values: months,
    apiReplacesNull: true,
  },
  {
    field: 'annual_minimum',
    table: 'certifications',
    column: 'annual_minimum',
    sqlType: 'numeric',
    schema: certificationInput,
    base: cert,
    values: amount,
  },
  // Not after the earned date (2024-01-01 here) in either; null stores the earned date.
  {
    field: 'certified_on',
    table: 'certifications',
    column: 'certified_on',
    sqlType: 'date',
    schema: certificationInput,
    base: cert,
    values: date,
    apiReplacesNull: true,
  },
  {
    field: 'member_id',
    table: 'certifications',
    column: 'member_id',
    sqlType: 'text',
    schema: certificationInput,
    base: cert,
    values: optionalText,
  },
  {
    field: 'activity_name',
    table: 'activities',
    column: 'activity_name',
    sqlType: 'text',
    schema: updateActivityBody,
    base: activity,
    values: text,
  },
  {
    field: 'description',
    table: 'activities',
    column: 'description',
    sqlType: 'text',
    schema: updateActivityBody,
    base: activity,
    values: text,
  },
  {
    field: 'cpe_units',
    table: 'activities',
    column: 'cpe_units',
    sqlType: 'numeric',
    schema: updateActivityBody,
    base: activity,
    values: amount,
  },
  {
    field: 'activity_date',
    table: 'activities',
    column: 'activity_date',
    sqlType: 'date',
    schema: updateActivityBody,
    base: activity,
    values: date,
  },
  {
    field: 'provider',
    table: 'activities',
    column: 'provider',
    sqlType: 'text',
    schema: updateActivityBody,
    base: activity,
    values: text,
  },
  {
    field: 'category',
    table: 'activities',
    column: 'category',
    sqlType: 'text',
    schema: updateActivityBody,
    base: activity,
    values: text,
  },
  {
    field: 'credits',
    table: 'activity_credits',
    column: 'cpe_units',
    sqlType: 'numeric',
    schema: updateActivityBody,
    base: activity,
    values: amount.map((cpe_units) => [
      { certification_id: '00000000-0000-4000-8000-000000000001', cpe_units },
    ]),
    read: (parsed) => (parsed.credits as Array<{ cpe_units: unknown }>)[0]?.cpe_units,
    // A credit without units takes the activity's (handlers/activities.ts).
    apiReplacesNull: true,
  },
  {
    field: 'credit category',
    key: 'credits',
    table: 'activity_credits',
    column: 'category',
    sqlType: 'text',
    schema: updateActivityBody,
    base: activity,
    values: text.map((category) => [
      { certification_id: '00000000-0000-4000-8000-000000000001', category },
    ]),
    read: (parsed) => (parsed.credits as Array<{ category: unknown }>)[0]?.category,
  },
  {
    field: 'submitted_on',
    table: 'activity_credits',
    column: 'submitted_on',
    sqlType: 'date',
    schema: submissionBody,
    base: { certification_id: '00000000-0000-4000-8000-000000000001', submitted_on: null },
    values: date,
  },
  {
    field: 'file_name',
    table: 'uploads',
    column: 'file_name',
    sqlType: 'text',
    schema: createUploadBody,
    base: upload,
    values: text,
  },
  {
    field: 'content_type',
    table: 'uploads',
    column: 'content_type',
    sqlType: 'text',
    schema: createUploadBody,
    base: upload,
    values: fc.constantFrom(
      'application/pdf',
      'image/png',
      'image/jpeg',
      'image/webp',
      'text/html',
      'image/svg+xml',
      'IMAGE/PNG',
      ' image/png',
      '',
    ),
  },
  {
    field: 'size',
    table: 'uploads',
    column: 'size_bytes',
    sqlType: 'integer',
    schema: createUploadBody,
    base: upload,
    values: fc.oneof(
      fc.integer({ min: -2, max: 10 * 1024 * 1024 + 2 }),
      fc.constantFrom(0, 1, 10 * 1024 * 1024, 10 * 1024 * 1024 + 1, 1.5, '10'),
    ),
  },
  {
    field: 'name',
    table: 'contact_messages',
    column: 'name',
    sqlType: 'text',
    schema: contactBody,
    base: contact,
    values: text,
  },
  {
    field: 'message',
    table: 'contact_messages',
    column: 'message',
    sqlType: 'text',
    schema: contactBody,
    base: contact,
    values: text,
  },
  {
    field: 'holder_name',
    table: 'user_settings',
    column: 'holder_name',
    sqlType: 'text',
    schema: updateAccountSettingsBody,
    base: {},
    values: optionalText,
  },
];

const KEY = {
  certifications: 'certification_id',
  activities: 'activity_id',
  contact_messages: 'id',
  uploads: 'upload_id',
  activity_credits: 'activity_id',
  user_settings: 'user_id',
} as const;

/** What a schema hands the data layer: text, a number, or nothing. */
function parameter(name: string, value: unknown): SqlParameter {
  if (value === null || value === undefined) return { name, value: { isNull: true } };
  if (typeof value === 'number' && Number.isInteger(value))
    return { name, value: { longValue: value } };
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new Error(`a schema produced ${typeof value}`);
  }
  return { name, value: { stringValue: String(value) } };
}

describe.each(backendNames())('schema and CHECK constraints agree on %s (property)', (backend) => {
  let runtime: TestRuntime;
  const rows: Record<FieldCase['table'], string> = {
    certifications: '',
    activities: '',
    contact_messages: '',
    uploads: '',
    activity_credits: '',
    user_settings: '',
  };

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    // First certified on the earliest day a date may be: every earned date the cases write is
    // on or after it (decision 125), as the schema, which sees no stored row, assumes.
    const created = await createCertification(client, { ...cert, certified_on: '1900-01-01' });
    rows.certifications = created.certification_id;
    const added = await createActivity(client, {
      ...activity,
      certification_id: rows.certifications,
    });
    rows.activities = added.activity_id;
    // The activity's primary credit is the credits row the cases write to.
    rows.activity_credits = rows.activities;
    const declared = await client.post('/api/uploads', upload);
    rows.uploads = (declared.body as Upload).upload_id;
    expect((await client.put('/api/account/settings', { holder_name: 'Base' })).status).toBe(200);
    rows.user_settings = user.userId;
    expect((await api(runtime).post('/beta/submit', contact)).status).toBe(200);
    const [message] = await dataApiClient(runtime)
      .send(
        new ExecuteStatementCommand({
          ...target,
          sql: 'select id from contact_messages',
          formatRecordsAs: 'JSON',
        }),
      )
      .then((out) => JSON.parse(out.formattedRecords ?? '[]') as { id: string }[]);
    rows.contact_messages = message!.id;
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  /** Whether the database stores `value` in the case's column (the change is rolled back). */
  async function databaseAccepts(c: FieldCase, value: unknown): Promise<boolean | string> {
    const client = dataApiClient(runtime);
    const { transactionId } = await client.send(new BeginTransactionCommand(target));
    try {
      await client.send(
        new ExecuteStatementCommand({
          ...target,
          transactionId,
          sql: `update ${c.table} set ${c.column} = cast(:value as ${c.sqlType}) where ${KEY[c.table]} = cast(:id as uuid)`,
          parameters: [parameter('value', value), parameter('id', rows[c.table])],
        }),
      );
      return true;
    } catch (error) {
      const message = (error as Error).message;
      // A CHECK or a type refusing the value; anything else is a broken test.
      if (/SQLState: (23514|23502|22\w{3})/.test(message)) return false;
      return message;
    } finally {
      // A failed statement ends the Data API's transaction; otherwise the change is undone here.
      await client
        .send(new RollbackTransactionCommand({ ...target, transactionId }))
        .catch((error: Error) => {
          if (error.name !== 'TransactionNotFoundException') throw error;
        });
    }
  }

  it.each(CASES.map((c) => [c.field, c] as const))(
    'every %s the schema accepts, the database stores',
    async (_field, c) => {
      await fc.assert(
        fc.asyncProperty(c.values, async (value) => {
          const parsed = c.schema.safeParse({ ...c.base, [c.key ?? c.field]: value });
          if (!parsed.success) return;
          const data = parsed.data as Record<string, unknown>;
          const stored = c.read ? c.read(data) : data[c.field];
          if (stored === null && c.apiReplacesNull) return;
          expect({ value, stored, database: await databaseAccepts(c, stored) }).toEqual({
            value,
            stored,
            database: true,
          });
        }),
        { numRuns: 60 },
      );
    },
  );

  it('refuses in the database what the schema refuses, for the values issue 9 and the property found', async () => {
    const linkCase = CASES.find((c) => c.field === 'verification_link')!;
    for (const value of [
      'http:evil.example',
      'https:/x.y',
      'h\ttps://x.y',
      'https:\\\\x.y',
      'https://a b',
      'http://x\u0000',
    ]) {
      expect({
        value,
        schema: linkCase.schema.safeParse({ ...cert, verification_link: value }).success,
      }).toEqual({
        value,
        schema: false,
      });
      expect({ value, database: await databaseAccepts(linkCase, value) }).toEqual({
        value,
        database: false,
      });
    }
    for (const value of ['HTTPS://EXAMPLE.COM', 'Http://x.y']) {
      expect(await databaseAccepts(linkCase, value)).toBe(true);
    }
  });
});
