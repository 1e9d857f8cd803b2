/**
 * Renewal (issue 9 items 2 and 3) on each backend: a renewal names the cycle
 * it renews, so retries and double clicks renew once; the next cycle starts
 * the day after the old one ends and keeps its length in months however
 * often it is renewed; a renewal that would leave the dates the app stores
 * is refused; and the bare call of the product spec still renews.
 */
import { ManualClock } from '@cpe/local';
import {
  API_MESSAGES,
  type Certification,
  DATE_RANGE,
  addDaysIso,
  addMonthsEndOfMonthIso,
  certificationInput,
  cycleMonthsBetween,
  nextCycle,
} from '@cpe/shared';
import fc from 'fast-check';
import { sql } from '../support/data-api';
import { expected } from '../support/expected';
import { type TestRuntime, backendNames, startTestRuntime } from '../support/runtime';
import { type TestUser, api, createUser } from '../support/users';

const TODAY = '2026-03-01';

describe.each(backendNames())('renewal on %s', (backend) => {
  const clock = new ManualClock(`${TODAY}T12:00:00Z`);
  let runtime: TestRuntime;
  let ada: TestUser;

  beforeAll(async () => {
    runtime = await startTestRuntime(backend, { clock });
    ada = await createUser(runtime);
  });
  afterAll(async () => {
    await runtime.destroy();
  });

  const as = () => api(runtime, ada.accessToken);

  async function create(body: Record<string, unknown>): Promise<Certification> {
    const answer = await as().post('/api/certifications', {
      certification_name: 'Renewable',
      earned_date: '2023-01-01',
      expiry_date: '2026-01-01',
      cpe_needed: null,
      verification_link: null,
      ...body,
    });
    expect(answer.status).toBe(201);
    return answer.body as Certification;
  }

  async function current(id: string): Promise<Certification> {
    const answer = await as().get(`/api/certification/${id}`);
    expect(answer.status).toBe(200);
    return (answer.body as Certification[])[0]!;
  }

  const renew = (id: string, body?: unknown) => as().put(`/api/renewCertification/${id}`, body);

  it("keeps the day first certified of a row written before it was stored: the old cycle's start", async () => {
    const cert = await create({ cpe_needed: 0 });
    await sql(
      runtime,
      'update certifications set certified_on = null where certification_id = cast(:id as uuid)',
      { id: cert.certification_id },
    );
    expect((await renew(cert.certification_id, { expiry_date: cert.expiry_date })).status).toBe(
      200,
    );
    expect(await current(cert.certification_id)).toMatchObject({
      earned_date: '2026-01-02',
      certified_on: '2023-01-01',
    });
  });

  describe('idempotency (issue 9 item 2)', () => {
    it.each([
      ['without a CPE target', { cpe_needed: null }, '2026-01-02', '2029-01-01'],
      ['with a target of 0', { cpe_needed: 0 }, '2026-01-02', '2029-01-01'],
      // Without expiry the cycle closes today and the next starts tomorrow.
      ['without expiry', { expiry_date: null, cpe_needed: 0 }, addDaysIso(TODAY, 1), null],
    ])(
      'renews once when 20 concurrent calls name the same cycle, %s (each other call: 409 already renewed)',
      async (_label, body, earned, expiry) => {
        const cert = await create(body);
        const answers = await Promise.all(
          Array.from({ length: 20 }, () =>
            renew(cert.certification_id, { expiry_date: cert.expiry_date }),
          ),
        );
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
        for (const refused of answers.filter((a) => a.status === 409)) {
          expect(refused.body).toEqual({ message: API_MESSAGES.alreadyRenewed });
        }
        expect(await current(cert.certification_id)).toMatchObject({
          earned_date: earned,
          expiry_date: expiry,
        });
      },
    );

    it('renews once when the target is met and 20 calls race, archiving the cycle once', async () => {
      const cert = await create({ cpe_needed: 10 });
      await as().post('/api/activities', {
        certification_id: cert.certification_id,
        activity_name: 'Course',
        cpe_units: 10,
        activity_date: '2025-06-01',
      });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          renew(cert.certification_id, { expiry_date: '2026-01-01' }),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(await current(cert.certification_id)).toMatchObject({
        earned_date: '2026-01-02',
        expiry_date: '2029-01-01',
        total_cpes_earned: 0,
      });
    });

    it('answers a retry naming a renewed cycle 409 already renewed, not the CPE message', async () => {
      const cert = await create({ cpe_needed: 10 });
      await as().post('/api/activities', {
        certification_id: cert.certification_id,
        activity_name: 'Course',
        cpe_units: 10,
        activity_date: '2025-06-01',
      });
      expect((await renew(cert.certification_id, { expiry_date: '2026-01-01' })).status).toBe(200);
      const retry = await renew(cert.certification_id, { expiry_date: '2026-01-01' });
      expect(retry).toMatchObject({ status: 409, body: { message: API_MESSAGES.alreadyRenewed } });
      // Naming the new cycle, the target rule speaks again.
      const next = await renew(cert.certification_id, { expiry_date: '2029-01-01' });
      expect(next).toMatchObject({ status: 409, body: { message: API_MESSAGES.insufficientCpes } });
    });

    it('still renews on a bare call, as the product spec does', async () => {
      const cert = await create({});
      expect((await renew(cert.certification_id)).status).toBe(200);
      expect((await renew(cert.certification_id)).status).toBe(200);
      expect(await current(cert.certification_id)).toMatchObject({
        earned_date: '2029-01-02',
        expiry_date: '2032-01-01',
      });
    });

    it('answers a malformed cycle 400 naming expiry_date, and another user 404', async () => {
      const cert = await create({});
      const bad = await renew(cert.certification_id, { expiry_date: '2026-02-30' });
      expect(bad).toMatchObject({
        status: 400,
        body: { errors: { expiry_date: expected.any(String) } },
      });
      const eve = await createUser(runtime);
      const foreign = await api(runtime, eve.accessToken).put(
        `/api/renewCertification/${cert.certification_id}`,
        { expiry_date: '2026-01-01' },
      );
      expect(foreign.status).toBe(404);
    });
  });

  describe('cycle length and range (issue 9 item 3)', () => {
    it('keeps 36 months for a cycle from 2024-02-29 renewed three times: no drift', async () => {
      const cert = await create({ earned_date: '2024-02-29', expiry_date: '2027-02-28' });
      expect(cert.cycle_months).toBe(36);
      const expiries: (string | null)[] = [];
      let expiry = cert.expiry_date;
      for (let i = 0; i < 3; i++) {
        const answer = await renew(cert.certification_id, { expiry_date: expiry });
        expect(answer.status).toBe(200);
        expiry = (answer.body as Certification).expiry_date;
        expiries.push(expiry);
        expect(answer.body).toMatchObject({ cycle_months: 36 });
      }
      expect(expiries).toEqual(['2030-02-28', '2033-02-28', '2036-02-29']);
    });

    it('refuses a renewal whose cycle would end after 2999-12-31, changing nothing', async () => {
      const cert = await create({ earned_date: '1900-01-01', expiry_date: '2999-12-31' });
      const answer = await renew(cert.certification_id, { expiry_date: '2999-12-31' });
      expect(answer).toMatchObject({
        status: 409,
        body: { message: API_MESSAGES.renewalOutOfRange },
      });
      expect((await renew(cert.certification_id)).status).toBe(409);
      expect(await current(cert.certification_id)).toMatchObject({
        earned_date: '1900-01-01',
        expiry_date: '2999-12-31',
      });
    });

    it('random certifications renewed many times keep their cycle, and every stored record passes the PUT schema (property)', async () => {
      const date = fc
        .date({
          min: new Date('1900-01-01T00:00:00Z'),
          max: new Date('2990-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((d) => d.toISOString().slice(0, 10));
      await fc.assert(
        fc.asyncProperty(
          date,
          fc.integer({ min: 1, max: 240 }),
          fc.integer({ min: -20, max: 20 }),
          fc.integer({ min: 1, max: 6 }),
          async (earned, months, skewDays, renewals) => {
            // An expiry near a whole number of months, as people type them.
            const exact = addMonthsEndOfMonthIso(earned, months);
            const expiry = new Date(Date.parse(`${exact}T00:00:00Z`) + skewDays * 86_400_000)
              .toISOString()
              .slice(0, 10);
            if (expiry < earned || expiry > DATE_RANGE.max) return;
            const cert = await create({ earned_date: earned, expiry_date: expiry });
            const cycle = cycleMonthsBetween(earned, expiry);
            expect(cert.cycle_months).toBe(cycle);
            let record = cert;
            for (let i = 0; i < renewals; i++) {
              const next = nextCycle(
                { start: record.earned_date, end: record.expiry_date! },
                cycle,
              ).end;
              const answer = await renew(record.certification_id, {
                expiry_date: record.expiry_date,
              });
              if (next > DATE_RANGE.max) {
                expect(answer).toMatchObject({
                  status: 409,
                  body: { message: API_MESSAGES.renewalOutOfRange },
                });
                break;
              }
              expect(answer.status).toBe(200);
              const renewed = await current(record.certification_id);
              expect(renewed).toMatchObject({
                earned_date: addDaysIso(record.expiry_date!, 1),
                expiry_date: next,
                cycle_months: cycle,
              });
              expect(
                cycleMonthsBetween(renewed.earned_date, addDaysIso(renewed.expiry_date!, 1)),
              ).toBe(cycle);
              const put = certificationInput.safeParse(renewed);
              expect({ id: renewed.certification_id, valid: put.success }).toEqual({
                id: renewed.certification_id,
                valid: true,
              });
              record = renewed;
            }
          },
        ),
        { numRuns: 15 },
      );
    });
  });
});
