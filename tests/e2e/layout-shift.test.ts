/**
 * Layout shift zero: every page reserves its space before its code and data
 * arrive, so nothing the reader sees moves. Measured as Chromium reports it
 * (the layout-shift entries Lighthouse's CLS is made of), from the first
 * paint until the page has settled, at desktop and phone sizes.
 */
import type { Page } from 'playwright-core';
import { createCertification } from '../support/api';
import { api, createUser } from '../support/users';
import {
  type BrowserSuite,
  VIEWPORTS,
  type ViewportName,
  browserSuite,
  startSignedIn,
} from '../support/web-e2e';

/** Sums every layout shift not caused by input, from the start of the page's life. */
async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: { value: number; sources: string[] }[] };
    w.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        sources: { node?: Node }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        w.shifts.push({
          value: entry.value,
          sources: entry.sources.map((s) =>
            s.node instanceof Element
              ? `${s.node.tagName}.${s.node.className}`
              : (s.node?.nodeName ?? '?'),
          ),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsAfterLoading(page: Page, url: string, ready: () => Promise<unknown>) {
  await page.goto(url);
  await ready();
  // Two frames and a pause: anything still arriving (config, session, the list) has landed.
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(
    () => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts,
  );
}

describe.each(Object.keys(VIEWPORTS) as ViewportName[])('layout shift (%s)', (size) => {
  const suite: BrowserSuite = browserSuite({ viewport: VIEWPORTS[size] });

  it.each([
    ['/', 'Track your CPEs with ease'],
    ['/login', 'Welcome'],
    ['/signup', 'Create Account'],
  ])('%s moves nothing while it loads, for a new visitor', async (route, heading) => {
    const { page } = suite;
    await recordShifts(page);

    const shifts = await shiftsAfterLoading(page, suite.url(route), () =>
      page.getByRole('heading', { level: 1, name: heading }).waitFor(),
    );

    expect(shifts).toEqual([]);
    expect(suite.problems).toEqual([]);
  });

  it('/mycertifications moves nothing while the session, the list and its rules load', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    for (const [name, id, needed] of [
      ['CISSP', 'isc2-cissp', 120],
      ['PMP', 'pmi-pmp', 60],
      ['CISA', 'isaca-cisa', 120],
      ['My own badge', null, null],
    ] as const) {
      await client.post('/api/certifications', {
        certification_name: name,
        catalogue_id: id,
        earned_date: '2024-01-01',
        expiry_date: '2027-01-01',
        cpe_needed: needed,
        verification_link: null,
      });
    }
    await startSignedIn(suite, user);
    await recordShifts(page);

    const shifts = await shiftsAfterLoading(page, suite.url('/mycertifications'), () =>
      page.getByRole('article').nth(3).waitFor(),
    );

    expect(shifts).toEqual([]);
    expect(suite.problems).toEqual([]);
  });

  it('/account moves nothing while the session and the settings load', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    await api(runtime, user.accessToken).put('/api/account/settings', {
      reminder_lead_days: [30, 7],
      marketing_opt: true,
    });
    await api(runtime, user.accessToken).post('/api/account/calendar');
    await startSignedIn(suite, user);
    await recordShifts(page);

    const shifts = await shiftsAfterLoading(page, suite.url('/account'), () =>
      page.getByText(/Your feed is on/).waitFor(),
    );

    expect(shifts).toEqual([]);
    expect(suite.problems).toEqual([]);
  });

  it('/readiness/{id} moves nothing while the certification, its cycle and its problems load', async () => {
    const { page, runtime } = suite;
    const user = await createUser(runtime);
    const client = api(runtime, user.accessToken);
    const created = await createCertification(client, {
      certification_name: 'CISSP',
      catalogue_id: 'isc2-cissp',
      earned_date: '2024-01-01',
      expiry_date: '2027-01-01',
      cpe_needed: 120,
      verification_link: null,
    });
    const certId = created.certification_id;
    for (const name of ['Summit', 'Workshop', 'Webinar']) {
      await client.post('/api/activities', {
        certification_id: certId,
        activity_name: name,
        description: '',
        cpe_units: 2,
        activity_date: '2025-03-01',
        category: 'group-a',
      });
    }
    await startSignedIn(suite, user);
    await recordShifts(page);

    const shifts = await shiftsAfterLoading(page, suite.url(`/readiness/${certId}`), () =>
      page.getByRole('list', { name: 'Submissions' }).waitFor(),
    );

    expect(shifts).toEqual([]);
    expect(suite.problems).toEqual([]);
  });
});
