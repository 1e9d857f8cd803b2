/**
 * The reminder job over 10,000 users with 3 certifications each, on the local
 * runtime (PGlite, or DATABASE_URL's PostgreSQL when given): the whole run,
 * claiming and sending every digest, through POST /_dev/schedules, timed, and
 * its Data API calls counted at the emulator (docs/performance.md).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ExecuteStatementCommand, RDSDataClient } from '@aws-sdk/client-rds-data';
import { LOCAL_REGION, startLocalRuntime } from '@cpe/local';
import { BUDGETS } from './budgets';
import { type Figure, report } from './report';

const USERS = 10_000;
const TODAY = '2026-09-15';
const CLUSTER = 'arn:aws:rds:ap-southeast-2:000000000000:cluster:cpe-local';
const SECRET = 'arn:aws:secretsmanager:ap-southeast-2:000000000000:secret:cpe-local-db';

/**
 * Per user: a custom certification expiring 0 to 119 days from TODAY (most
 * are due an expiry reminder, some behind pace too), a CISSP that expired 0
 * to 99 days ago (expired, grace period ends) and an ISACA CISA whose
 * calendar-year minimum is unmet two months before the year ends; one
 * activity each, its credit not yet submitted.
 */
const SEED = [
  `insert into users (cognito_sub, email)
   select 'bench-' || i, 'bench' || i || '@example.com' from generate_series(1, ${USERS}) i`,
  `insert into certifications (user_id, certification_name, earned_date, expiry_date, cpe_needed,
          catalogue_id, cycle_months)
   select u.user_id, c.name, c.earned, c.expiry, c.target, c.catalogue,
          cpe_cycle_months(c.earned, c.expiry)
     from (select user_id, row_number() over (order by user_id) as n from users
            where cognito_sub like 'bench-%') u
    cross join lateral (values
      ('Custom', cast(date '${TODAY}' + cast(u.n % 120 as integer) - 1095 as date),
       cast(date '${TODAY}' + cast(u.n % 120 as integer) as date), cast(60 as numeric), cast(null as text)),
      ('CISSP', cast(date '${TODAY}' - cast(u.n % 100 as integer) - 1095 as date),
       cast(date '${TODAY}' - cast(u.n % 100 as integer) as date), 120, 'isc2-cissp'),
      ('CISA', date '2025-01-10', date '2028-01-10', 120, 'isaca-cisa')
    ) as c(name, earned, expiry, target, catalogue)`,
  `with a as (
     insert into activities (certification_id, activity_name, cpe_units, activity_date)
     select certification_id, 'Webinar', 5, earned_date + 30 from certifications
     returning activity_id, certification_id, cpe_units, activity_date)
   insert into activity_credits (activity_id, certification_id, cpe_units, activity_date)
   select activity_id, certification_id, cpe_units, activity_date from a`,
];

export async function benchReminders(databaseUrl?: string): Promise<boolean> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cpe-bench-'));
  const runtime = await startLocalRuntime({
    port: 0,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    webDistDir: path.resolve(__dirname, '../../packages/web/dist'),
    schedules: false,
    log: () => undefined,
  });
  try {
    const client = new RDSDataClient({
      region: LOCAL_REGION,
      endpoint: `${runtime.url}/_aws/rds-data`,
      credentials: runtime.credentials,
    });
    for (const sql of SEED) {
      await client.send(
        new ExecuteStatementCommand({
          resourceArn: CLUSTER,
          secretArn: SECRET,
          database: 'cpe',
          sql,
        }),
      );
    }

    runtime.rdsData.calls.reset();
    const started = performance.now();
    const answer = await fetch(`${runtime.url}/_dev/schedules/reminder-digest`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: `${TODAY}T08:00:00Z` }),
    });
    const seconds = (performance.now() - started) / 1000;
    if (answer.status !== 200) throw new Error(`the job answered ${answer.status}`);
    const run = (await answer.json()) as {
      users: number;
      digests: number;
      reminders: number;
      failed: number;
    };
    const calls = runtime.rdsData.calls.total;
    if (run.users !== USERS) throw new Error(`the job saw ${run.users} users, not ${USERS}`);
    if (run.digests === 0 || run.failed > 0) {
      throw new Error(`the job sent ${run.digests} digests, ${run.failed} failed`);
    }

    // A second run the same day finds everything claimed: nothing is sent twice.
    const again = (await (
      await fetch(`${runtime.url}/_dev/schedules/reminder-digest`, {
        method: 'POST',
        body: JSON.stringify({ now: `${TODAY}T09:00:00Z` }),
      })
    ).json()) as { digests: number };
    if (again.digests !== 0) throw new Error(`a second run sent ${again.digests} digests again`);

    const figures: Figure[] = [
      {
        what: `reminder job, ${USERS} users x 3 certifications (${databaseUrl ? 'postgres' : 'pglite'})`,
        value: seconds,
        unit: 's',
        budget: BUDGETS.reminders.seconds,
        kind: 'max',
      },
      {
        what: 'users per Data API call',
        value: Math.floor(USERS / calls),
        unit: 'users',
        budget: BUDGETS.reminders.usersPerDataApiCall,
        kind: 'min',
      },
      { what: 'Data API calls', value: calls, unit: 'calls', kind: 'max' },
      { what: 'digests sent', value: run.digests, unit: 'emails', kind: 'max' },
      { what: 'reminders in them', value: run.reminders, unit: 'reminders', kind: 'max' },
      { what: 'digests per second', value: run.digests / seconds, unit: '/s', kind: 'min' },
    ];
    return report('Reminder job (local runtime)', figures);
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
