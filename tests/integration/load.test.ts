/**
 * Load: many users reading and writing at once for a bounded time
 * (LOAD_SECONDS, default 10 per backend), through autocannon, each user on
 * connections of their own. No answer may be a 5xx, and afterwards every
 * write the API acknowledged is in the database (counted by id).
 */
import autocannon from 'autocannon';
import { sql } from '../support/data-api';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, createUser } from '../support/users';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const USERS = 10;
const CONNECTIONS_PER_USER = 5;

interface Tally {
  statuses: Map<number, number>;
  certifications: Set<string>;
  activities: Set<string>;
}

/** What one connection remembers between the requests of its sequence (autocannon resets it each round). */
interface Context {
  certificationId?: string;
  activityId?: string;
}
const of = (context: object) => context as Context;
/** autocannon starts the sequence over when setupRequest answers nothing. */
const restart = undefined as unknown as autocannon.Request;

function count(tally: Tally, status: number) {
  tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
}

/** One user's mix: create a certification and an activity, read them back, list, update, search. */
function loadFor(runtime: TestRuntime, user: TestUser, tally: Tally, n: number) {
  const json = { 'content-type': 'application/json', authorization: `Bearer ${user.accessToken}` };
  const idOf = (body: string, key: string) => (JSON.parse(body) as Record<string, string>)[key];
  return autocannon({
    url: runtime.url,
    connections: CONNECTIONS_PER_USER,
    duration: SECONDS,
    headers: { authorization: `Bearer ${user.accessToken}` },
    requests: [
      {
        method: 'POST',
        path: '/api/certifications',
        headers: json,
        body: JSON.stringify({
          certification_name: `Load ${n}`,
          earned_date: '2025-01-15',
          expiry_date: '2028-01-15',
          cpe_needed: 120,
          verification_link: 'https://example.com/v',
        }),
        onResponse: (status, body, context) => {
          count(tally, status);
          if (status === 201) {
            const id = idOf(body, 'certification_id');
            if (id) {
              tally.certifications.add(id);
              of(context).certificationId = id;
            }
          }
        },
      },
      {
        method: 'POST',
        path: '/api/activities',
        headers: json,
        setupRequest: (request, context) =>
          of(context).certificationId
            ? {
                ...request,
                body: JSON.stringify({
                  certification_id: of(context).certificationId,
                  activity_name: 'Webinar',
                  description: 'Load',
                  cpe_units: 1.5,
                  activity_date: '2025-06-01',
                }),
              }
            : restart,
        onResponse: (status, body, context) => {
          count(tally, status);
          if (status === 201) {
            const id = idOf(body, 'activity_id');
            if (id) {
              tally.activities.add(id);
              of(context).activityId = id;
            }
          }
        },
      },
      {
        method: 'GET',
        path: `/api/certifications/${user.userId}`,
        onResponse: (status) => count(tally, status),
      },
      {
        method: 'GET',
        setupRequest: (request, context) => ({
          ...request,
          path: `/api/activities/${of(context).certificationId ?? ''}`,
        }),
        onResponse: (status) => count(tally, status),
      },
      {
        method: 'GET',
        path: '/api/catalogue?q=cis&limit=5',
        onResponse: (status) => count(tally, status),
      },
    ],
  });
}

describe.each(backendNames())('many users at once on %s', (backend) => {
  let runtime: TestRuntime;
  let users: TestUser[];

  beforeAll(async () => {
    runtime = await startTestRuntime(backend);
    users = await Promise.all(Array.from({ length: USERS }, () => createUser(runtime)));
  }, 60_000);
  afterAll(async () => {
    await runtime.destroy();
  });

  it(
    `serve ${SECONDS} s of mixed reads and writes without a 5xx, and keep every acknowledged write`,
    async () => {
      const tally: Tally = {
        statuses: new Map(),
        certifications: new Set(),
        activities: new Set(),
      };
      const results = await Promise.all(users.map((user, n) => loadFor(runtime, user, tally, n)));
      // Let requests cut off by the end of the run finish before counting.
      await new Promise((resolve) => setTimeout(resolve, 2000));

      const total = results.reduce((sum, r) => sum + r.requests.sent, 0);
      const serverErrors = [...tally.statuses].filter(([status]) => status >= 500);
      expect(serverErrors).toEqual([]);
      expect(results.map((r) => r.errors + r.timeouts)).toEqual(results.map(() => 0));
      expect(tally.certifications.size).toBeGreaterThan(USERS);
      expect(tally.activities.size).toBeGreaterThan(USERS);

      const stored = async (table: string, column: string, ids: Set<string>) => {
        const rows = await sql(
          runtime,
          `select count(*)::int as n from ${table} where ${column}::text = any(string_to_array(:ids, ','))`,
          { ids: [...ids].join(',') },
        );
        return rows[0]?.n;
      };
      expect(await stored('certifications', 'certification_id', tally.certifications)).toBe(
        tally.certifications.size,
      );
      expect(await stored('activities', 'activity_id', tally.activities)).toBe(
        tally.activities.size,
      );
      console.log(
        `${backend}: ${total} requests in ${SECONDS} s by ${USERS} users, ${tally.certifications.size} certifications and ${tally.activities.size} activities written, statuses ${JSON.stringify(Object.fromEntries(tally.statuses))}`,
      );
    },
    (SECONDS + 60) * 1000,
  );
});
