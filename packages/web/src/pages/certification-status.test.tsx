import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { certification, currentPath, entry, fakeApi, renderApp } from '../test/harness';

// TEST_TODAY is 2025-07-01.
const cardOf = (name: string) => screen.getByRole('article', { name });
const cardNames = () =>
  screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent);

async function openList(certs: ReturnType<typeof certification>[], api = fakeApi()) {
  api.listCertifications.mockResolvedValue(certs);
  const rendered = renderApp({ route: '/mycertifications', api });
  await screen.findAllByRole('article');
  return rendered;
}

describe('certification cards', () => {
  it("say the body's unit: a PMP card counts PDUs", async () => {
    const pmp = certification({
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      unit: 'PDU',
      cpe_needed: 60,
      total_cpes_earned: 12,
      cycle_cpes_earned: 12,
      percentage_completion: 20,
    });
    const api = fakeApi({ getCatalogueEntry: jest.fn().mockResolvedValue(entry('pmi-pmp')) });
    await openList([pmp, certification({ certification_name: 'Custom' })], api);

    const card = cardOf('PMP');
    expect(within(card).getByText('PDUs Needed')).toBeInTheDocument();
    expect(within(card).getByText('PDUs Earned')).toBeInTheDocument();
    expect(within(card).queryByText('CPEs Needed')).not.toBeInTheDocument();
    expect(within(card).getByRole('progressbar')).toHaveAccessibleName(
      'PMP: percent of PDUs completed',
    );
    // A custom certification keeps the spec's words.
    expect(within(cardOf('Custom')).getByText('CPEs Needed')).toBeInTheDocument();
    expect(api.getCatalogueEntry).toHaveBeenCalledTimes(1);
  });

  it('show an expired certification as expired', async () => {
    await openList([
      certification({
        certification_name: 'Old CISA',
        earned_date: '2021-03-01',
        expiry_date: '2024-03-01',
        cycle_cpes_earned: 130,
      }),
    ]);

    const card = cardOf('Old CISA');
    expect(within(card).getByText('Expired')).toBeInTheDocument();
    expect(card).toHaveTextContent('Expired 487 days ago.');
  });

  it('show one behind pace with the monthly pace it needs, counting only the current cycle', async () => {
    await openList([
      certification({
        certification_name: 'CISSP',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 120,
        total_cpes_earned: 50,
        cycle_cpes_earned: 10,
      }),
    ]);

    const card = cardOf('CISSP');
    expect(within(card).getByText('Behind pace')).toBeInTheDocument();
    // A third of the cycle gone: 40 expected; 110 left over 24 months.
    expect(card).toHaveTextContent('10 of the 40 expected by now; 4.59 CPEs a month to finish.');
    expect(card).toHaveTextContent('10 CPEs dated in this cycle.');
  });

  it('show on pace, ready to renew and expiring soon', async () => {
    await openList([
      certification({
        certification_name: 'Steady',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 60,
        cycle_cpes_earned: 30,
        total_cpes_earned: 30,
      }),
      certification({
        certification_name: 'Done',
        cpe_needed: 60,
        cycle_cpes_earned: 60,
        total_cpes_earned: 60,
      }),
      certification({
        certification_name: 'Soon',
        earned_date: '2022-09-01',
        expiry_date: '2025-09-01',
        cpe_needed: 60,
        cycle_cpes_earned: 50,
        total_cpes_earned: 50,
      }),
    ]);

    expect(within(cardOf('Steady')).getByText('On pace')).toBeInTheDocument();
    expect(within(cardOf('Done')).getByText('Ready to renew')).toBeInTheDocument();
    expect(within(cardOf('Soon')).getByText('Expires soon')).toBeInTheDocument();
    expect(cardOf('Soon')).toHaveTextContent('Expires in 62 days; 4.84 CPEs a month to finish.');
  });

  it("show the annual minimum over the body's year: calendar years for the IIA", async () => {
    const cia = certification({
      certification_name: 'CIA',
      catalogue_id: 'iia-cia',
      earned_date: '2024-03-01',
      expiry_date: '2027-03-01',
      annual_minimum: 40,
      calendar_year_cpes_earned: 12,
      cycle_year_cpes_earned: 30,
    });
    const custom = certification({
      certification_name: 'Custom',
      earned_date: '2024-03-01',
      expiry_date: '2027-03-01',
      annual_minimum: 20,
      cycle_year_cpes_earned: 25,
    });
    const api = fakeApi({ getCatalogueEntry: jest.fn().mockResolvedValue(entry('iia-cia')) });
    await openList([cia, custom], api);

    expect(cardOf('CIA')).toHaveTextContent('2025: 12 of the 40 CPEs required each year.');
    expect(cardOf('Custom')).toHaveTextContent(
      /This cycle year \(.+\): 25 of the 20 CPEs required each year, met\./,
    );
  });

  it('still show a certification whose catalogue entry cannot be loaded', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({ getCatalogueEntry: jest.fn().mockRejectedValue(new Error('offline')) });
    await openList(
      [certification({ certification_name: 'PMP', catalogue_id: 'pmi-pmp', unit: 'PDU' })],
      api,
    );

    expect(within(cardOf('PMP')).getByText('PDUs Needed')).toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('the summary above the list', () => {
  it('says the next deadline, how many need attention and the credits of this calendar year', async () => {
    await openList([
      certification({
        certification_name: 'Expired',
        earned_date: '2021-01-01',
        expiry_date: '2024-01-01',
        calendar_year_cpes_earned: 0,
      }),
      certification({
        certification_name: 'Next',
        earned_date: '2024-09-15',
        expiry_date: '2027-09-15',
        cpe_needed: 30,
        cycle_cpes_earned: 30,
        calendar_year_cpes_earned: 7.5,
      }),
      certification({
        certification_name: 'Later',
        earned_date: '2023-12-01',
        expiry_date: '2028-01-01',
        cpe_needed: 100,
        cycle_cpes_earned: 1,
        calendar_year_cpes_earned: 4,
      }),
    ]);

    const summary = screen.getByRole('region', { name: 'Summary' });
    const tile = (label: string) =>
      within(summary).getByText(label).closest('.summary-tile') as HTMLElement;
    expect(tile('Next deadline')).toHaveTextContent('Next: certification expires, in 806 days.');
    expect(tile('Need attention')).toHaveTextContent('2');
    expect(tile('Earned in 2025')).toHaveTextContent('11.5');
    expect(summary).toHaveAttribute('aria-busy', 'false');
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
  it('puts the most urgent first: expired, expiring, behind, ready, on pace, nothing to pace', async () => {
    const { user } = await openList([
      certification({ certification_name: 'No target', cpe_needed: null, expiry_date: null }),
      certification({
        certification_name: 'On pace',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 60,
        cycle_cpes_earned: 30,
      }),
      certification({ certification_name: 'Ready', cpe_needed: 10, cycle_cpes_earned: 10 }),
      certification({
        certification_name: 'Behind',
        earned_date: '2024-07-01',
        expiry_date: '2027-07-01',
        cpe_needed: 120,
        cycle_cpes_earned: 0,
      }),
      certification({
        certification_name: 'Soon',
        expiry_date: '2025-08-01',
        cycle_cpes_earned: 0,
      }),
      certification({ certification_name: 'Expired', expiry_date: '2025-01-01' }),
    ]);

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Sort certifications' }),
      'Status',
    );

    expect(cardNames()).toEqual(['Expired', 'Soon', 'Behind', 'Ready', 'On pace', 'No target']);
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
