import { act, screen, waitFor, within } from '@testing-library/react';
import { formatLocalDate } from '../lib/certifications';
import { USER, certification, currentPath, entry, fakeApi, renderApp } from '../test/harness';
import { DRAFT_TEXTS } from '../components/DraftNotice';
import { SEARCH_DEBOUNCE_MS } from './CertificationNameField';

const CISSP = entry('isc2-cissp');
const CCSP = entry('isc2-ccsp');
const PMP = entry('pmi-pmp');
const CISA = entry('isaca-cisa');

const nameField = () => screen.getByRole('combobox', { name: 'Certification Name' });
const suggestions = () =>
  within(screen.getByRole('listbox', { name: 'Certifications in the catalogue' }));
const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^(\\* )?${label}$`));

async function openAdd(api = fakeApi(), route = '/addcertification') {
  const rendered = renderApp({ route, api });
  await screen.findByRole('heading', { level: 1, name: 'Add Certification' });
  return rendered;
}

describe('the certification name field', () => {
  it('offers the catalogue matches as the user types, asking once the typing pauses', async () => {
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([CISSP, CCSP]) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'cissp');

    const options = await suggestions().findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'CISSP Certified Information Systems Security Professional · ISC2',
      'CCSP Certified Cloud Security Professional · ISC2',
    ]);
    expect(nameField()).toHaveAttribute('aria-expanded', 'true');
    // Keystrokes closer together than the pause make one request, for the whole word.
    expect(api.searchCatalogue).toHaveBeenCalledTimes(1);
    expect((api.searchCatalogue.mock.calls[0] as unknown[] | undefined)?.[0]).toBe('cissp');
  });

  it('cancels a search the next keystroke supersedes', async () => {
    jest.useFakeTimers();
    try {
      const signals: AbortSignal[] = [];
      const api = fakeApi({
        searchCatalogue: jest.fn((_q: string, options: { signal: AbortSignal }) => {
          signals.push(options.signal);
          return new Promise(() => undefined);
        }),
      });
      const { user } = await openAdd(api);
      const typing = user.type(nameField(), 'cis');
      await act(async () => {
        await typing;
      });
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
      await act(async () => {
        await user.type(nameField(), 's');
      });
      act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));

      expect(api.searchCatalogue.mock.calls.map((c) => c[0])).toEqual(['cis', 'ciss']);
      expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    } finally {
      jest.useRealTimers();
    }
  });

  it("choosing an entry fills the target, unit and cycle, and the expiry where the body's first cycle ends", async () => {
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([CISSP]) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'cissp');
    await user.click(await suggestions().findByRole('option', { name: /^CISSP/ }));
    await user.type(byLabel('Earned Date'), '2024-01-15');

    expect(nameField()).toHaveValue('CISSP');
    expect(byLabel('Number of CPEs Needed')).toHaveValue(120);
    expect(byLabel('Credit Unit')).toHaveValue('CPE');
    expect(byLabel('Cycle Length \\(months\\)')).toHaveValue(36);
    // ISC2's cycle starts on the first of the next month and ends on a month's last day.
    expect(byLabel('Expiry Date')).toHaveValue('2027-01-31');
  });

  it("prefills ISACA's expiry on the 31 December three years after the 1 January after certification, and says how", async () => {
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([CISA]) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'cisa');
    await user.click(await suggestions().findByRole('option', { name: /^CISA/ }));
    await user.type(byLabel('Earned Date'), '2023-06-15');

    expect(byLabel('Expiry Date')).toHaveValue('2026-12-31');
    const rules = screen.getByRole('region', { name: 'Rules of CISA' });
    expect(rules).toHaveTextContent(
      /The first cycle starts on January 1 after certification and lasts 3 years; credits earned before it starts count toward it and its first year\./,
    );
    expect(rules).toHaveTextContent(
      `With these dates, the cycle runs ${formatLocalDate('2024-01-01')} to ${formatLocalDate('2026-12-31')}.`,
    );
    expect(rules).toHaveTextContent(
      'After a cycle ends: a grace period of 2 months, to the end of a month, in which only credits earned in the cycle count.',
    );
    expect(rules).toHaveTextContent(
      'Annual fee: USD 85 (members 45), due every year on December 31.',
    );
  });

  it('prefills the expiry of a later cycle for a holder first certified before the earned date', async () => {
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([CISA]) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'cisa');
    await user.click(await suggestions().findByRole('option', { name: /^CISA/ }));
    await user.type(byLabel('Earned Date'), '2024-01-01');
    // As a first cycle: from the 1 January after certification.
    expect(byLabel('Expiry Date')).toHaveValue('2027-12-31');

    // A holder renewed before: the cycle typed is three years from its start.
    await user.type(byLabel('First Certified'), '2015-06-01');
    expect(byLabel('Expiry Date')).toHaveValue('2026-12-31');
    expect(screen.getByRole('region', { name: 'Rules of CISA' })).toHaveTextContent(
      `With these dates, the cycle runs ${formatLocalDate('2024-01-01')} to ${formatLocalDate('2026-12-31')}.`,
    );
  });

  it("says a PMI cycle's placement, its suspension and its renewal fee", async () => {
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([PMP]) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'pmp');
    await user.click(await suggestions().findByRole('option', { name: /^PMP/ }));
    await user.type(byLabel('Earned Date'), '2024-01-15');

    expect(byLabel('Expiry Date')).toHaveValue('2027-01-14');
    const rules = screen.getByRole('region', { name: 'Rules of PMP' });
    expect(rules).toHaveTextContent(
      'Each cycle lasts 3 years from the earned date and ends the day before its anniversary.',
    );
    expect(rules).toHaveTextContent(
      'After a cycle ends: a suspension of 365 days, in which credits earned still count toward the cycle.',
    );
    expect(rules).toHaveTextContent(
      'Renewal fee: USD 150 (members 60), due by the end of each cycle.',
    );
  });

  it('keeps the expiry in step with the earned date until the user types one', async () => {
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([CISSP]) });
    const { user } = await openAdd(api);
    await user.type(byLabel('Earned Date'), '2024-01-15');
    await user.type(nameField(), 'CISSP');

    // By keyboard: down to the first match, Enter to choose it.
    await suggestions().findByRole('option', { name: /^CISSP/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(byLabel('Expiry Date')).toHaveValue('2027-01-31');
    await user.clear(byLabel('Earned Date'));
    await user.type(byLabel('Earned Date'), '2024-02-29');
    expect(byLabel('Expiry Date')).toHaveValue('2027-02-28');
    await user.clear(byLabel('Cycle Length \\(months\\)'));
    await user.type(byLabel('Cycle Length \\(months\\)'), '24');
    expect(byLabel('Expiry Date')).toHaveValue('2026-02-28');

    await user.clear(byLabel('Expiry Date'));
    await user.type(byLabel('Expiry Date'), '2027-06-30');
    await user.clear(byLabel('Earned Date'));
    await user.type(byLabel('Earned Date'), '2024-03-01');
    expect(byLabel('Expiry Date')).toHaveValue('2027-06-30');
  });

  it('saves what the user chose and changed: the entry, its figures, an overridden target', async () => {
    const api = fakeApi({
      searchCatalogue: jest.fn().mockResolvedValue([PMP]),
      createCertification: jest.fn().mockResolvedValue(certification()),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'pmp');
    await user.click(await suggestions().findByRole('option', { name: /^PMP/ }));
    await user.type(byLabel('Earned Date'), '2024-01-15');
    // The PMP's target in its body's unit.
    await user.clear(byLabel('Number of PDUs Needed'));
    await user.type(byLabel('Number of PDUs Needed'), '70');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createCertification).toHaveBeenCalledWith({
      certification_name: 'PMP',
      earned_date: '2024-01-15',
      cpe_needed: '70',
      expiry_date: '2027-01-14',
      verification_link: null,
      catalogue_id: 'pmi-pmp',
      unit: 'PDU',
      cycle_months: '36',
      annual_minimum: null,
      member_id: null,
      certified_on: null,
      user_id: USER.user_id,
    });
  });

  it('shows the rules it follows, their source and month, and can stop following them', async () => {
    const uncertain = entry('eccouncil-ceh');
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([uncertain]) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'ceh');
    await user.click(await suggestions().findByRole('option', { name: /^CEH/ }));

    const rules = screen.getByRole('region', { name: 'Rules of CEH' });
    expect(rules).toHaveTextContent('120 ECEs every 3 years');
    const source = within(rules).getByRole('link', { name: /EC-Council's renewal rules/ });
    expect(source).toHaveAttribute('href', uncertain.source);
    expect(rules).toHaveTextContent(/checked November 2026/);
    expect(rules).toHaveTextContent(`Please confirm with EC-Council: ${uncertain.uncertainNote}`);
    expect(nameField()).toHaveAttribute('aria-describedby', rules.id);
    expect(byLabel('Credit Unit')).toHaveValue('ECE');
    expect(screen.getByText('Counted in ECEs.')).toBeInTheDocument();

    await user.click(within(rules).getByRole('button', { name: /keep my own rules/ }));
    expect(screen.queryByRole('region', { name: 'Rules of CEH' })).not.toBeInTheDocument();
    // The button went with the rules: the keyboard goes on from the name, not the page's top.
    expect(nameField()).toHaveFocus();
    // The figures stay, for the user to change, in the unit they count in.
    expect(byLabel('Number of ECEs Needed')).toHaveValue(120);
  });

  it('a discarded draft takes its name and its entry with it', async () => {
    const api = fakeApi({
      searchCatalogue: jest.fn().mockResolvedValue([CISSP]),
      getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
    });
    const first = await openAdd(api);
    await first.user.type(nameField(), 'cissp');
    await first.user.click(await suggestions().findByRole('option', { name: /^CISSP/ }));
    first.unmount();

    const rendered = renderApp({ route: '/addcertification', api, keepSession: true });
    await screen.findByText(DRAFT_TEXTS.kept);
    expect(nameField()).toHaveValue('CISSP');
    expect(
      await screen.findByRole('button', { name: 'Not this one: keep my own rules' }),
    ).toBeInTheDocument();

    await rendered.user.click(screen.getByRole('button', { name: DRAFT_TEXTS.discard }));

    expect(nameField()).toHaveValue('');
    expect(byLabel('Number of CPEs Needed')).toHaveValue(null);
    expect(
      screen.queryByRole('button', { name: 'Not this one: keep my own rules' }),
    ).not.toBeInTheDocument();
    // Saved as it now shows: nothing named, so the name is asked for.
    await rendered.user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/Certification Name is required/)).toBeInTheDocument();
    expect(api.createCertification).not.toHaveBeenCalled();
  });

  it('any name may be saved as typed; Escape closes the list without clearing it', async () => {
    const api = fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([CISSP]) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'CISSP (work)');
    await suggestions().findByRole('option', { name: /^CISSP/ });
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');

    expect(nameField()).toHaveValue('CISSP (work)');
    expect(suggestions().queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Rules of/ })).not.toBeInTheDocument();
  });

  it('works as a plain field when the catalogue cannot be reached', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({ searchCatalogue: jest.fn().mockRejectedValue(new Error('offline')) });
    const { user } = await openAdd(api);

    await user.type(nameField(), 'CISSP');
    await waitFor(() => expect(api.searchCatalogue).toHaveBeenCalled());

    expect(nameField()).toHaveValue('CISSP');
    expect(suggestions().queryByRole('option')).not.toBeInTheDocument();
    warn.mockRestore();
  });
});

describe('opening the forms with an entry', () => {
  it('/addcertification?catalogue={id} opens with the entry picked and its figures filled', async () => {
    const api = fakeApi({ getCatalogueEntry: jest.fn().mockResolvedValue(PMP) });
    const { user } = await openAdd(api, '/addcertification?catalogue=pmi-pmp');

    expect(await screen.findByRole('region', { name: 'Rules of PMP' })).toBeInTheDocument();
    expect(api.getCatalogueEntry).toHaveBeenCalledWith('pmi-pmp');
    expect(nameField()).toHaveValue('PMP');
    expect(byLabel('Number of PDUs Needed')).toHaveValue(60);
    expect(byLabel('Credit Unit')).toHaveValue('PDU');
    await user.type(byLabel('Earned Date'), '2025-03-31');
    expect(byLabel('Expiry Date')).toHaveValue('2028-03-30');
  });

  it("the update form shows the rules the record follows, keeping the record's own name and figures", async () => {
    const cert = certification({
      certification_name: 'CISSP (employer)',
      catalogue_id: 'isc2-cissp',
      unit: 'CPE',
      cpe_needed: 100,
      cycle_months: 36,
      expiry_date: '2027-01-01',
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      getCatalogueEntry: jest.fn().mockResolvedValue(CISSP),
    });
    renderApp({ route: `/updatecertification/${cert.certification_id}`, api });

    expect(await screen.findByRole('region', { name: 'Rules of CISSP' })).toBeInTheDocument();
    expect(nameField()).toHaveValue('CISSP (employer)');
    expect(byLabel('CPE Needed')).toHaveValue(100);
    expect(byLabel('Expiry Date')).toHaveValue('2027-01-01');
  });

  it("counts a catalogue certification with no unit of its own in the body's unit, as the API does", async () => {
    const cert = certification({
      certification_name: 'PMP',
      catalogue_id: 'pmi-pmp',
      unit: null,
      cpe_needed: 60,
      expiry_date: '2027-01-01',
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cert),
      getCatalogueEntry: jest.fn().mockResolvedValue(PMP),
    });
    renderApp({ route: `/updatecertification/${cert.certification_id}`, api });

    expect(await screen.findByRole('region', { name: 'Rules of PMP' })).toBeInTheDocument();
    expect(byLabel('PDUs Needed')).toHaveValue(60);
    expect(byLabel('Credit Unit')).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Not set (PDUs)' })).toBeInTheDocument();
  });
});
