/**
 * Issue 26 item 2 in Chromium, with two pages of one signed-in user: the
 * second window's save of a record the first one changed shows "This record
 * changed in another window" with Reload and Overwrite, and each does what
 * it says (checked in what the API stores); a record deleted elsewhere says
 * so on the form and keeps what was typed there.
 */
import type { Page } from 'playwright-core';
import type { Activity, Certification } from '@cpe/shared';
import { type TestUser, api, createUser } from '../support/users';
import { browserSuite, field, startSignedIn } from '../support/web-e2e';

const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const CHANGED = 'This record changed in another window';
const DELETED = 'This record was deleted in another window';

describe.each(Object.keys(SIZES) as (keyof typeof SIZES)[])(
  'conflicts between windows (%s)',
  (size) => {
    const suite = browserSuite({ viewport: SIZES[size] });

    async function twoWindows(user: TestUser): Promise<[Page, Page]> {
      await startSignedIn(suite, user);
      const second = await suite.page.context().newPage();
      second.on('pageerror', (error) => suite.problems.push(error.message));
      return [suite.page, second];
    }

    async function certification(user: TestUser, name: string) {
      const answer = await api(suite.runtime, user.accessToken).post('/api/certifications', {
        certification_name: name,
        cpe_needed: 40,
        earned_date: '2025-01-01',
        expiry_date: '2028-01-01',
      });
      return answer.body as Certification;
    }

    async function openCertification(page: Page, id: string, name: string) {
      await page.goto(suite.url(`/updatecertification/${id}`));
      await expectValue(page, 'Certification Name', name);
    }

    async function expectValue(page: Page, label: string, value: string) {
      await page.waitForFunction(
        ([wanted, text]) =>
          [...document.querySelectorAll<HTMLInputElement>('input, textarea')].some(
            (el) =>
              el.labels?.[0]?.textContent?.replace(/^\* /, '') === wanted && el.value === text,
          ),
        [label, value] as const,
      );
    }

    async function rename(page: Page, label: string, name: string) {
      await field(page, label).fill(name);
      await page.getByRole('button', { name: 'Update' }).click();
    }

    it('Overwrite saves the second window over the first one', async () => {
      const user = await createUser(suite.runtime);
      const { certification_id: id } = await certification(user, 'CISSP');
      const [first, second] = await twoWindows(user);
      await openCertification(first, id, 'CISSP');
      await openCertification(second, id, 'CISSP');

      await rename(first, 'Certification Name', 'CISSP (first window)');
      await first.waitForURL(/\/mycertifications$/);

      await rename(second, 'Certification Name', 'CISSP (second window)');
      const alert = second.getByRole('alert').filter({ hasText: CHANGED });
      await alert.waitFor();
      expect(await alert.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectValue(second, 'Certification Name', 'CISSP (second window)');
      await alert.getByRole('button', { name: 'Overwrite' }).click();
      await second.waitForURL(/\/mycertifications$/);

      const stored = await api(suite.runtime, user.accessToken).get(`/api/certification/${id}`);
      expect((stored.body as Certification[])[0]).toEqual(
        expect.objectContaining({ certification_name: 'CISSP (second window)', version: 3 }),
      );
      expect(suite.problems.filter((p) => !p.includes('409'))).toEqual([]);
    });

    it('Reload replaces the draft with what the first window saved', async () => {
      const user = await createUser(suite.runtime);
      const { certification_id: certId } = await certification(user, 'CISA');
      const created = await api(suite.runtime, user.accessToken).post('/api/activities', {
        certification_id: certId,
        activity_name: 'Seminar',
        cpe_units: 2,
        activity_date: '2025-03-01',
      });
      const { activity_id: id } = created.body as Activity;
      const [first, second] = await twoWindows(user);
      for (const page of [first, second]) {
        await page.goto(suite.url(`/updateactivity/${id}`));
        await expectValue(page, 'Activity Name', 'Seminar');
      }

      await rename(first, 'Activity Name', 'Seminar (first window)');
      await first.waitForURL(/\/mycertifications$/);
      await rename(second, 'Activity Name', 'Seminar (second window)');
      const alert = second.getByRole('alert').filter({ hasText: CHANGED });
      await alert.getByRole('button', { name: 'Reload' }).click();

      await expectValue(second, 'Activity Name', 'Seminar (first window)');
      await alert.waitFor({ state: 'detached' });
      await second.getByRole('button', { name: 'Update' }).click();
      await second.waitForURL(/\/mycertifications$/);
      const stored = await api(suite.runtime, user.accessToken).get(`/api/activity/${id}`);
      expect(stored.body).toEqual(
        expect.objectContaining({ activity_name: 'Seminar (first window)', version: 3 }),
      );
    });

    it('a record deleted in the other window says so and keeps what was typed', async () => {
      const user = await createUser(suite.runtime);
      const { certification_id: certId } = await certification(user, 'PMP');
      const created = await api(suite.runtime, user.accessToken).post('/api/activities', {
        certification_id: certId,
        activity_name: 'Workshop',
        cpe_units: 3,
        activity_date: '2025-04-01',
      });
      const { activity_id: id } = created.body as Activity;
      const [first, second] = await twoWindows(user);
      await second.goto(suite.url(`/updateactivity/${id}`));
      await expectValue(second, 'Activity Name', 'Workshop');

      // The first window deletes it from the certification's activities.
      await first.goto(suite.url('/mycertifications'));
      const deleted = first.waitForResponse(
        (r) => r.request().method() === 'DELETE' && r.url().endsWith(`/api/activities/${id}`),
      );
      await first.evaluate(async (path) => {
        // The app's own session, as the Activities dialog's Delete sends it.
        const key = Object.keys(localStorage).find((k) => k.endsWith('.accessToken'));
        const token = key ? localStorage.getItem(key) : null;
        await fetch(path, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      }, `/api/activities/${id}`);
      expect((await deleted).status()).toBe(204);

      await rename(second, 'Activity Name', 'Workshop on threat models');
      const alert = second.getByRole('alert').filter({ hasText: DELETED });
      await alert.waitFor();
      await expectValue(second, 'Activity Name', 'Workshop on threat models');
      expect(await second.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
      expect(new URL(second.url()).pathname).toBe(`/updateactivity/${id}`);
    });
  },
);
