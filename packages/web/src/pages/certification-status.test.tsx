import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { formatLocalDate } from '../lib/certifications';
import type { Activity } from '@cpe/shared/schemas';
import { activity, certification, currentPath, entry, fakeApi, renderApp } from '../test/harness';

// TEST_TODAY is 2025-07-01; every standing is the rules engine's as of that day.
const cardOf = (name: string) => screen.getByRole('article', { name });
const cardNames = () =>
  screen
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading', { level: 2 }).textContent);
const notMetYet = (name: string) =>
  within(cardOf(name))
    .getByRole('list', { name: `Not met yet ${name}` })
    .querySelectorAll('li');
const lines = (items: NodeListOf<HTMLLIElement>) => [...items].map((li) => li.textContent);

async function openList(certs: ReturnType<typeof certification>[], api = fakeApi()) {
  api.listCertifications.mockResolvedValue(certs);
  const rendered = renderApp({ route: '/mycertifications', api });
  await screen.findAllByRole('article');
  return rendered;
}

describe('certification cards', () => {
  it("say the body's unit, with the engine's figures, and ask the catalogue nothing", async () => {
    const pmp = certification({
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      unit: 'PDU',
      cpe_needed: 60,
      earned_date: '2024-07-01',
      expiry_date: '2027-06-30',
      credits: [{ units: 12, category: 'ways-of-working' }],
    });
    const api = fakeApi();
    await openList([pmp, certification({ certification_name: 'Custom' })], api);

    const card = cardOf('PMP');
    expect(within(card).getByText('PDUs Needed').nextSibling).toHaveTextContent('60');
    expect(within(card).getByText('PDUs Earned').nextSibling).toHaveTextContent('12');
    expect(within(card).queryByText('CPEs Needed')).not.toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAccessibleName(
      'PMP: percent of PDUs completed',
    );
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
    // A custom certification keeps the spec's words.
    expect(within(cardOf('Custom')).getByText('CPEs Needed')).toBeInTheDocument();
    expect(api.getCatalogueEntry).not.toHaveBeenCalled();
  });

  it('fill the ring only when nothing is left to earn, the categories counted', async () => {
    await openList([
      certification({
        certification_name: 'PMP',
        catalogue_id: 'pmi-pmp',
        unit: 'PDU',
        cpe_needed: 60,
        earned_date: '2024-07-01',
        expiry_date: '2027-06-30',
        credits: [{ units: 60, category: 'ways-of-working' }],
      }),
    ]);

    const card = cardOf('PMP');
    expect(within(card).getByText('PDUs Earned').nextSibling).toHaveTextContent('60');
    // 60 of 60 logged, but Power Skills and Business Acumen still ask 8 each: 16 of 60 to go.
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '73');
    expect(lines(notMetYet('PMP'))).toHaveLength(2);
  });

  it('show an expired certification as expired', async () => {
    await openList([
      certification({
        certification_name: 'Old CISA',
        earned_date: '2021-03-01',
        expiry_date: '2024-03-01',
        total_cpes_earned: 130,
      }),
    ]);

    const card = cardOf('Old CISA');
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(card).toHaveTextContent('Expired 487 days ago.');
  });

  it('show the grace period and the suspension after expiry, each until when', async () => {
    await openList([
      certification({
        certification_name: 'CISSP',
        catalogue_id: 'isc2-cissp',
        unit: 'CPE',
        earned_date: '2022-06-01',
        expiry_date: '2025-05-31',
        credits: [{ units: 100, category: 'group-a' }],
      }),
      certification({
        certification_name: 'PMP',
        catalogue_id: 'pmi-pmp',
        unit: 'PDU',
        cpe_needed: 60,
        earned_date: '2022-01-15',
        expiry_date: '2025-01-14',
        credits: [{ units: 40, category: 'ways-of-working' }],
      }),
    ]);

    const cissp = cardOf('CISSP');
    expect(within(cissp).getByText('In grace period')).toBeInTheDocument();
    expect(cissp).toHaveTextContent(
      `In the grace period until ${formatLocalDate('2025-08-29')} (the cycle ended ${formatLocalDate('2025-05-31')}). Credits earned until then still count toward the cycle.`,
    );
    const pmp = cardOf('PMP');
    expect(within(pmp).getByText('Suspended')).toBeInTheDocument();
    expect(pmp).toHaveTextContent(
      `Suspended until ${formatLocalDate('2026-01-14')} (the cycle ended ${formatLocalDate('2025-01-14')}): meeting the requirements by then reinstates it.`,
    );
  });

  it('show one behind pace with the pace it needs, both in its unit', async () => {
    await openList([
      certification({
        certification_name: 'CISSP',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 120,
        total_cpes_earned: 10,
      }),
    ]);

    const card = cardOf('CISSP');
    expect(within(card).getByText('Behind pace')).toBeInTheDocument();
    // A third of the cycle gone: 40 expected; 110 left over 24 months, rounded up to the half.
    expect(card).toHaveTextContent('10 of the 40 CPEs expected by now; 5 CPEs a month to finish.');
  });

  it('show on pace, ready to renew and expiring soon', async () => {
    await openList([
      certification({
        certification_name: 'Steady',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 60,
        total_cpes_earned: 30,
      }),
      certification({ certification_name: 'Done', cpe_needed: 60, total_cpes_earned: 60 }),
      certification({
        certification_name: 'Soon',
        earned_date: '2022-09-01',
        expiry_date: '2025-09-01',
        cpe_needed: 60,
        total_cpes_earned: 50,
      }),
    ]);

    expect(within(cardOf('Steady')).getByText('On pace')).toBeInTheDocument();
    expect(cardOf('Steady')).toHaveTextContent('1.5 CPEs a month to finish.');
    expect(within(cardOf('Done')).getByText('Ready to renew')).toBeInTheDocument();
    expect(cardOf('Done')).toHaveTextContent(
      '60 CPEs counted this cycle: every requirement is met.',
    );
    expect(within(cardOf('Soon')).getByText('Expires soon')).toBeInTheDocument();
    expect(cardOf('Soon')).toHaveTextContent('Expires in 62 days; 5 CPEs a month to finish.');
  });

  it("show the annual minimum of the reporting year holding today, over the body's year", async () => {
    const cisa = certification({
      certification_name: 'CISA',
      catalogue_id: 'isaca-cisa',
      unit: 'CPE',
      annual_minimum: 20,
      earned_date: '2022-03-10',
      expiry_date: '2025-12-31',
      credits: [
        { units: 30, date: '2023-05-01' },
        { units: 12, date: '2025-02-01' },
      ],
    });
    const custom = certification({
      certification_name: 'Custom',
      earned_date: '2024-03-01',
      expiry_date: '2027-03-01',
      annual_minimum: 20,
      credits: [
        { units: 20, date: '2024-04-01' },
        { units: 25, date: '2025-04-01' },
      ],
    });
    await openList([cisa, custom]);

    // Short this year: said once, among the rules not met yet.
    expect(lines(notMetYet('CISA'))).toContain(
      '2025: 12 of the 20 CPEs required each year (8 to go).',
    );
    expect(cardOf('Custom')).toHaveTextContent(
      `This cycle year (${formatLocalDate('2025-03-01')} to ${formatLocalDate('2026-02-28')}): 25 of the 20 CPEs required each year, met.`,
    );
    expect(
      within(cardOf('Custom')).queryByRole('list', { name: 'Not met yet Custom' }),
    ).toHaveTextContent('Total: 45 of 120 CPEs (75 to go)');
  });

  it('name each unmet rule with its figures, and the caps that cut credits', async () => {
    await openList([
      certification({
        certification_name: 'PMP',
        catalogue_id: 'pmi-pmp',
        unit: 'PDU',
        cpe_needed: 60,
        earned_date: '2024-01-15',
        expiry_date: '2027-01-14',
        credits: [
          { units: 40, category: 'giving-back' },
          { units: 20, category: 'ways-of-working' },
        ],
      }),
    ]);

    expect(lines(notMetYet('PMP'))).toEqual([
      'Total: 45 of 60 PDUs (15 to go)',
      'Education: 20 of 35 PDUs (15 to go)',
      'Education: Power Skills: 0 of 8 PDUs (8 to go)',
      'Education: Business Acumen: 0 of 8 PDUs (8 to go)',
    ]);
    expect(cardOf('PMP')).toHaveTextContent(
      'Giving Back: 40 PDUs earned, 25 count (cap 25): credits count only up to the cap.',
    );
    expect(cardOf('PMP')).not.toHaveTextContent('Ways of Working: 20 of 8');
  });

  it('say what the last renewal carried over and the next fee, with its late fee', async () => {
    await openList([
      certification({
        certification_name: 'CISSP',
        catalogue_id: 'isc2-cissp',
        unit: 'CPE',
        earned_date: '2025-02-01',
        expiry_date: '2028-01-31',
        carried_in: 12,
        carried_category: 'group-a',
        credits: [],
      }),
      certification({
        certification_name: 'SHRM-CP',
        catalogue_id: 'shrm-cp',
        unit: 'PDC',
        cpe_needed: 60,
        earned_date: '2023-05-15',
        expiry_date: '2026-05-31',
        credits: [{ units: 10 }],
      }),
    ]);

    const cissp = cardOf('CISSP');
    expect(cissp).toHaveTextContent('12 CPEs carried over from the last cycle.');
    expect(within(cissp).getByText('CPEs Earned').nextSibling).toHaveTextContent('12');
    expect(cissp).toHaveTextContent(`Annual fee: USD 135, due ${formatLocalDate('2026-02-01')}.`);
    expect(cardOf('SHRM-CP')).toHaveTextContent(
      `Renewal fee: USD 210 (members 165), due ${formatLocalDate('2026-05-31')}. Late fee from ${formatLocalDate('2026-06-01')}: USD 285 (members 240).`,
    );
    expect(cardOf('SHRM-CP')).not.toHaveTextContent('carried over');
  });
});

describe('the summary above the list', () => {
  it("says the first deadline of all by the bodies' rules, how many need attention and this year's credits", async () => {
    await openList([
      certification({
        certification_name: 'Expired',
        earned_date: '2021-01-01',
        expiry_date: '2024-01-01',
        calendar_year_cpes_earned: 0,
      }),
      certification({
        certification_name: 'CISSP',
        catalogue_id: 'isc2-cissp',
        unit: 'CPE',
        earned_date: '2022-06-01',
        expiry_date: '2025-05-31',
        credits: [{ units: 100, category: 'group-a' }],
        calendar_year_cpes_earned: 7.5,
      }),
      certification({
        certification_name: 'Later',
        unit: 'PDU',
        earned_date: '2023-12-01',
        expiry_date: '2028-01-01',
        cpe_needed: 100,
        total_cpes_earned: 50,
        calendar_year_cpes_earned: 4,
      }),
    ]);

    const summary = screen.getByRole('region', { name: 'Summary' });
    const tile = (label: string) =>
      within(summary).getByText(label).closest('.summary-tile') as HTMLElement;
    expect(tile('Next deadline')).toHaveTextContent(formatLocalDate('2025-08-29'));
    expect(tile('Next deadline')).toHaveTextContent(
      'End of the grace period after the cycle (90 days) \u2014 CISSP, in 59 days.',
    );
    // Expired, and in its grace period.
    expect(tile('Need attention')).toHaveTextContent('2');
    // One figure per unit: CPEs and PDUs are never added.
    expect(tile('Earned in 2025')).toHaveTextContent('7.5 CPEs · 4 PDUs');
    expect(summary).toHaveAttribute('aria-busy', 'false');
  });

  it("counts an activity credited to two certifications of one unit once in this year's credits", async () => {
    const cissp = certification({ certification_name: 'CISSP', calendar_year_cpes_earned: 6 });
    const cisa = certification({ certification_name: 'CISA', calendar_year_cpes_earned: 22 });
    const pmp = certification({
      certification_name: 'PMP',
      unit: 'PDU',
      calendar_year_cpes_earned: 25,
    });
    const shared = activity({
      certification_id: cissp.certification_id,
      activity_name: 'Webinar',
      cpe_units: 2,
      activity_date: '2025-03-12',
    });
    shared.credits.push({
      certification_id: cisa.certification_id,
      cpe_units: 2,
      submitted_on: null,
      is_archived: false,
      category: null,
    });
    const own = (certId: string, units: number, date = '2025-05-04') =>
      activity({ certification_id: certId, cpe_units: units, activity_date: date });
    // Earned this year before a renewal archived it: still this year's.
    const renewed = own(cisa.certification_id, 3, '2025-01-20');
    renewed.is_archived = true;
    renewed.credits = renewed.credits.map((c) => ({ ...c, is_archived: true }));
    const byCert: Record<string, Activity[]> = {
      [cissp.certification_id]: [shared, own(cissp.certification_id, 4)],
      [cisa.certification_id]: [
        shared,
        own(cisa.certification_id, 20),
        renewed,
        // Another year: not this year's credits.
        own(cisa.certification_id, 40, '2024-09-10'),
      ],
    };
    const api = fakeApi({
      listActivities: jest.fn((id: string) => Promise.resolve(byCert[id] ?? [])),
    });

    await openList([cissp, cisa, pmp], api);

    const summary = screen.getByRole('region', { name: 'Summary' });
    const tile = within(summary)
      .getByText('Earned in 2025')
      .closest('.summary-tile') as HTMLElement;
    // 2 + 4 + 20 + 3 CPEs (the webinar once, not 6 + 22), and the PMP's PDUs apart.
    await waitFor(() => expect(tile).toHaveTextContent('29 CPEs · 25 PDUs'));
    expect(tile).toHaveTextContent('each activity counted once');
    // Only the certifications that share a unit are read; the PMP's figure is its own.
    expect(api.listActivities).toHaveBeenCalledTimes(2);
  });

  it('holds its place while the list loads', async () => {
    const api = fakeApi({ listCertifications: jest.fn(() => new Promise(() => undefined)) });
    renderApp({ route: '/mycertifications', api });

    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(summary).toHaveAttribute('aria-busy', 'true');
    expect(within(summary).getAllByText('…')).toHaveLength(3);
  });
});

describe('sorting by status', () => {
  it('puts the most urgent first: expired, suspended, in grace, expiring, behind, ready, on pace, nothing to pace', async () => {
    const { user } = await openList([
      certification({ certification_name: 'No target', cpe_needed: null, expiry_date: null }),
      certification({
        certification_name: 'On pace',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 60,
        total_cpes_earned: 30,
      }),
      certification({ certification_name: 'Ready', cpe_needed: 10, total_cpes_earned: 10 }),
      certification({
        certification_name: 'Behind',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 120,
        total_cpes_earned: 0,
      }),
      certification({
        certification_name: 'Soon',
        expiry_date: '2025-08-01',
        total_cpes_earned: 0,
      }),
      certification({
        certification_name: 'Grace',
        catalogue_id: 'isc2-cissp',
        unit: 'CPE',
        earned_date: '2022-06-01',
        expiry_date: '2025-05-31',
      }),
      certification({
        certification_name: 'Suspended',
        catalogue_id: 'pmi-pmp',
        unit: 'PDU',
        cpe_needed: 60,
        earned_date: '2022-01-15',
        expiry_date: '2025-01-14',
      }),
      certification({ certification_name: 'Expired', expiry_date: '2025-01-01' }),
    ]);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort certifications' }),
      'Status',
    );

    expect(cardNames()).toEqual([
      'Expired',
      'Suspended',
      'Grace',
      'Soon',
      'Behind',
      'Ready',
      'On pace',
      'No target',
    ]);
  });
});

describe('adding a recommended certification', () => {
  it('offers each recommended catalogue entry, and Add opens the form with it picked', async () => {
    const api = fakeApi({
      recommendCertifications: jest.fn().mockResolvedValue({
        text: '1. CCSP\n2. CISM',
        source: 'catalogue',
        entries: ['isc2-ccsp', 'isaca-cism'],
      }),
      getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
    });
    const { user } = await openList([certification({ certification_name: 'CISSP' })], api);

    await user.click(screen.getByRole('button', { name: 'Recommend Certifications' }));
    const modal = await screen.findByRole('dialog', { name: 'Recommended Certifications' });
    const offers = await within(modal).findByRole('list', {
      name: 'Recommended certifications to add',
    });
    expect(
      within(offers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'CCSPCertified Cloud Security Professional · ISC2Add',
      'CISMCertified Information Security Manager · ISACAAdd',
    ]);
    await user.click(within(offers).getByRole('link', { name: 'Add CISM' }));

    await waitFor(() => expect(currentPath()).toBe('/addcertification'));
    expect(await screen.findByRole('region', { name: 'Rules of CISM' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Certification Name' })).toHaveValue('CISM');
    expect(screen.getByLabelText('Number of CPEs Needed')).toHaveValue(120);
    expect(screen.getByLabelText('Annual Minimum')).toHaveValue(20);
  });

  it('keeps the answer when an entry cannot be loaded, without its Add', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      recommendCertifications: jest.fn().mockResolvedValue({
        text: 'Try CCSP.',
        source: 'openai',
        entries: ['isc2-ccsp'],
      }),
      getCatalogueEntry: jest.fn().mockRejectedValue(new ApiError(500, 'boom')),
    });
    const { user } = await openList([certification()], api);

    await user.click(screen.getByRole('button', { name: 'Recommend Certifications' }));
    const modal = await screen.findByRole('dialog', { name: 'Recommended Certifications' });

    expect(await within(modal).findByText('Try CCSP.')).toBeInTheDocument();
    expect(within(modal).queryByRole('link', { name: /^Add / })).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('a database that is still waking up', () => {
  it("shows the server's message once the retried request is refused again", async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi({
      listCertifications: jest
        .fn()
        .mockRejectedValue(
          new ApiError(503, 'The database is starting up. Please try again shortly.'),
        ),
    });
    renderApp({ route: '/mycertifications', api });

    expect(
      await screen.findByText('The database is starting up. Please try again shortly.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    error.mockRestore();
  });
});
