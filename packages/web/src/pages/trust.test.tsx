/**
 * What a holder of several certifications relies on: input that survives a
 * lost session and a reload, the body's own words and no future dates, proof
 * chosen with a new activity, problems fixed where they are listed, a way
 * around the app (and back out of dialogs), a catalogue that says when it
 * cannot answer, and a front door that shows the product.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { DRAFT_TEXTS } from '../components/DraftNotice';
import { POPULAR_COUNT } from '../components/PopularStarts';
import { POSTER } from '../components/VideoEmbed';
import {
  TEST_TODAY,
  activity,
  certification,
  currentPath,
  entry,
  fakeApi,
  fakeAuth,
  readiness,
  renderApp,
} from '../test/harness';
import { PROOF_FIELD_TEXTS } from './ActivityForm';
import { CATALOGUE_FAILED_TEXT } from './CertificationNameField';
import { TOUR_TEXTS } from './HomeTour';
import { SESSION_ENDED_TEXT } from './Login';
import { TEXTS } from './MyCertifications';
import { READINESS_TEXTS } from './Readiness';

jest.setTimeout(20_000);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const byLabel = (label: string) => screen.getByLabelText(new RegExp(`^(\\* )?${label}$`));

const cissp = certification({
  certification_name: 'CISSP',
  catalogue_id: 'isc2-cissp',
  unit: 'CPE',
});
const pmp = certification({
  certification_name: 'PMP',
  catalogue_id: 'pmi-pmp',
  unit: 'PDU',
  cpe_needed: 60,
});

function formApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    listCertifications: jest.fn().mockResolvedValue([cissp, pmp]),
    getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
    ...overrides,
  });
}

async function openAddActivity(options: Parameters<typeof renderApp>[0] = {}) {
  const rendered = renderApp({ route: `/addactivity/${pmp.certification_id}`, ...options });
  await screen.findByText('For PMP');
  await screen.findByRole('button', { name: 'Add' });
  return rendered;
}

describe('drafts', () => {
  it('keep what was typed through a reload of the tab, say so, and can be discarded', async () => {
    const api = formApi();
    const first = await openAddActivity({ api });
    await first.user.type(byLabel('Name'), 'Agile course');
    await first.user.type(byLabel('PDUs'), '15');
    first.unmount();

    const { user } = await openAddActivity({ api, keepSession: true });

    expect(byLabel('Name')).toHaveValue('Agile course');
    expect(byLabel('PDUs')).toHaveValue(15);
    expect(screen.getByText(DRAFT_TEXTS.kept)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: DRAFT_TEXTS.discard }));
    expect(byLabel('Name')).toHaveValue('');
    expect(screen.queryByText(DRAFT_TEXTS.kept)).not.toBeInTheDocument();
  });

  it('are per user: another user signing in on the tab sees an empty form', async () => {
    const api = formApi();
    const first = await openAddActivity({ api });
    await first.user.type(byLabel('Name'), 'Agile course');
    first.unmount();

    await openAddActivity({ api, keepSession: true, auth: fakeAuth({ email: 'bo@example.com' }) });

    expect(byLabel('Name')).toHaveValue('');
    expect(screen.queryByText(DRAFT_TEXTS.kept)).not.toBeInTheDocument();
  });

  it('a save refused because the session ended: /login says why, and signing in returns to the form and saves it', async () => {
    const created = activity({ certification_id: pmp.certification_id });
    let ended: () => Promise<void> = () => Promise.resolve();
    const api = formApi({
      createActivity: jest
        .fn()
        .mockImplementationOnce(async () => {
          // What the HTTP client does with a 401: the session ends, the request fails.
          await ended();
          throw new ApiError(401, 'You are signed out. Please log in again.');
        })
        .mockResolvedValue(created),
      listActivities: jest.fn().mockResolvedValue([]),
    });
    const rendered = await openAddActivity({ api });
    ended = rendered.endSession;
    const { user } = rendered;
    await user.type(byLabel('Name'), 'Agile course');
    await user.type(byLabel('PDUs'), '15');
    await user.type(byLabel('Date'), '2025-06-01');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(SESSION_ENDED_TEXT)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    // The email of the session that ended is filled in.
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');

    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    // Back on the form, which says why and saves what was typed.
    await waitFor(() => expect(api.createActivity).toHaveBeenCalledTimes(2));
    expect(api.createActivity).toHaveBeenLastCalledWith(
      expect.objectContaining({
        certification_id: pmp.certification_id,
        activity_name: 'Agile course',
        cpe_units: '15',
        activity_date: '2025-06-01',
      }),
    );
    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
  });

  it('after a sign-in, the form is back with its draft and says the session had ended', async () => {
    const api = formApi();
    const rendered = await openAddActivity({ api });
    await rendered.user.type(byLabel('Name'), 'Agile course');
    await act(() => rendered.endSession());
    expect(await screen.findByText(SESSION_ENDED_TEXT)).toBeInTheDocument();

    await rendered.user.type(screen.getByLabelText('Password'), 'correct horse');
    await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(DRAFT_TEXTS.signedInAgain)).toBeInTheDocument();
    expect(currentPath()).toBe(`/addactivity/${pmp.certification_id}`);
    expect(byLabel('Name')).toHaveValue('Agile course');
    expect(api.createActivity).not.toHaveBeenCalled();
  });

  it("someone else signing in after a session ended goes home, not to the other user's page", async () => {
    const api = formApi();
    const rendered = await openAddActivity({ api });
    await rendered.user.type(byLabel('Name'), 'Agile course');
    await act(() => rendered.endSession());
    await screen.findByText(SESSION_ENDED_TEXT);

    await rendered.user.clear(screen.getByLabelText('Email'));
    await rendered.user.type(screen.getByLabelText('Email'), 'bo@example.com');
    await rendered.user.type(screen.getByLabelText('Password'), 'correct horse');
    await rendered.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(currentPath()).toBe('/'));
  });
});

describe("the body's unit, and no future dates", () => {
  it("names a PMP's PDUs on the activity form, and the spec's CPE Units for a CISSP", async () => {
    await openAddActivity({ api: formApi() });

    expect(byLabel('PDUs')).toBeInTheDocument();
    expect(
      screen.getByText('The PDUs it earns toward PMP; leave empty for 0.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/CPE Units/)).not.toBeInTheDocument();
    // The other certification's units field names its own unit.
    expect(screen.getByLabelText('CPEs for CISSP')).toBeInTheDocument();
  });

  it("keeps the spec's CPE Units on a CISSP's activity form", async () => {
    renderApp({ route: `/addactivity/${cissp.certification_id}`, api: formApi() });
    await screen.findByText('For CISSP');
    expect(await screen.findByRole('spinbutton', { name: 'CPE Units' })).toBeInTheDocument();
    expect(
      screen.getByText('The CPEs it earns toward CISSP; leave empty for 0.'),
    ).toBeInTheDocument();
  });

  it('refuses a date after today with a message on the form, and takes today', async () => {
    const api = formApi({ createActivity: jest.fn().mockResolvedValue(activity()) });
    const { user } = await openAddActivity({ api });
    await user.type(byLabel('Name'), 'Conference');
    await user.type(byLabel('Date'), '2025-07-02');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Date must be today or earlier')).toBeInTheDocument();
    expect(byLabel('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(byLabel('Date')).toHaveAttribute('max', TEST_TODAY);
    expect(api.createActivity).not.toHaveBeenCalled();

    await user.clear(byLabel('Date'));
    await user.type(byLabel('Date'), TEST_TODAY);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createActivity).toHaveBeenCalledWith(
      expect.objectContaining({ activity_date: TEST_TODAY }),
    );
  });

  it("names the target in the unit of a certification's update form", async () => {
    renderApp({
      route: `/updatecertification/${pmp.certification_id}`,
      api: formApi({ getCertification: jest.fn().mockResolvedValue(pmp) }),
    });
    expect(await screen.findByRole('spinbutton', { name: 'PDUs Needed' })).toHaveValue(60);
    expect(
      screen.getByText('PDUs required every year, if the body sets a minimum.'),
    ).toBeInTheDocument();
  });
});

describe('proof chosen with a new activity', () => {
  it('is uploaded with the save: sent first, then the activity is created and the files attached', async () => {
    const created = activity({ certification_id: pmp.certification_id });
    const calls: string[] = [];
    const api = formApi({
      uploadFile: jest.fn((file: File) => {
        calls.push(`upload ${file.name}`);
        return Promise.resolve({ upload_id: `up-${file.name}`, url: 'https://s3', fields: {} });
      }),
      createActivity: jest.fn(() => {
        calls.push('create');
        return Promise.resolve(created);
      }),
      attachFile: jest.fn((_id: string, upload: string) => {
        calls.push(`attach ${upload}`);
        return Promise.resolve({});
      }),
      listActivities: jest.fn().mockResolvedValue([]),
    });
    const { user } = await openAddActivity({ api });
    await user.type(byLabel('Name'), 'Agile course');
    await user.type(byLabel('Date'), '2025-06-01');
    const pdf = new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText(PROOF_FIELD_TEXTS.label), pdf);

    const chosen = screen.getByRole('list', { name: 'Proof files to attach' });
    expect(within(chosen).getByText('certificate.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(calls).toEqual(['upload certificate.pdf', 'create', `attach up-certificate.pdf`]);
    expect(api.attachFile).toHaveBeenCalledWith(created.activity_id, 'up-certificate.pdf');
  });

  it('refuses a file that cannot be proof, and saves nothing when an upload fails', async () => {
    const api = formApi({
      uploadFile: jest.fn().mockRejectedValue(new ApiError(0, 'network')),
      createActivity: jest.fn(),
    });
    const { user } = await openAddActivity({ api });
    // Past the picker's filter (a drop, or "all files"): checked all the same.
    fireEvent.change(screen.getByLabelText(PROOF_FIELD_TEXTS.label), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(
      screen.getByText('notes.txt is not a PDF, PNG, JPEG, WebP or HEIC file.'),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(PROOF_FIELD_TEXTS.label), {
      target: { files: [new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' })] },
    });
    await user.type(byLabel('Name'), 'Agile course');
    await user.type(byLabel('Date'), '2025-06-01');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(
      await screen.findByText(
        'proof.pdf could not be uploaded, so nothing was saved. Please try again.',
      ),
    ).toBeInTheDocument();
    expect(api.createActivity).not.toHaveBeenCalled();
  });
});

describe('readiness fixes in place', () => {
  const summit = activity({
    certification_id: cissp.certification_id,
    activity_name: 'Summit',
    activity_date: '2025-03-01',
  });
  const problem = (kind: 'no_proof' | 'no_provider' | 'not_submitted', message: string) => ({
    activity_id: summit.activity_id,
    activity_name: 'Summit',
    kind,
    message,
  });

  function readinessApi(overrides: Parameters<typeof fakeApi>[0] = {}) {
    return fakeApi({
      getCertification: jest.fn().mockResolvedValue(cissp),
      listCycles: jest
        .fn()
        .mockResolvedValue([{ start: '2024-01-01', end: '2027-01-01', current: true }]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      getReadiness: jest
        .fn()
        .mockResolvedValueOnce(
          readiness(cissp, {
            problems: [
              problem('no_provider', 'No provider.'),
              problem('not_submitted', 'Not submitted.'),
            ],
          }),
        )
        .mockResolvedValue(
          readiness(cissp, { problems: [problem('no_provider', 'No provider.')] }),
        ),
      listActivities: jest.fn().mockResolvedValue([summit]),
      ...overrides,
    });
  }

  it('"Not submitted" is fixed on the page: the submission is recorded with today, and the problem goes', async () => {
    const api = readinessApi({
      setSubmission: jest.fn(() =>
        Promise.resolve({
          ...summit,
          credits: [{ ...summit.credits[0], submitted_on: TEST_TODAY }],
        }),
      ),
    });
    const { user } = renderApp({ route: `/readiness/${cissp.certification_id}`, api });
    const problems = await screen.findByRole('list', { name: 'Problems' });
    // Only the problems an editor fixes open it.
    expect(within(problems).getAllByRole('link')).toHaveLength(1);

    await user.click(within(problems).getByRole('button', { name: 'Mark Summit as submitted' }));

    expect(api.setSubmission).toHaveBeenCalledWith(
      summit.activity_id,
      cissp.certification_id,
      TEST_TODAY,
    );
    const done = await screen.findByText(READINESS_TEXTS.submitted('Summit'));
    expect(done.closest('[tabindex="-1"]')).toHaveFocus();
    expect(screen.queryByText('Not submitted.')).not.toBeInTheDocument();
    expect(currentPath()).toBe(`/readiness/${cissp.certification_id}`);
  });

  it('the editor opened for a missing provider focuses it, and saving returns to the readiness page', async () => {
    const withOwner = { ...summit, user_id: cissp.user_id };
    const api = readinessApi({
      getActivity: jest.fn().mockResolvedValue(withOwner),
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      updateActivity: jest.fn().mockResolvedValue(summit),
    });
    const { user } = renderApp({ route: `/readiness/${cissp.certification_id}`, api });
    const problems = await screen.findByRole('list', { name: 'Problems' });
    await user.click(within(problems).getByRole('link', { name: 'Add the provider of Summit' }));

    await screen.findByRole('heading', { name: 'Update Activity' });
    await waitFor(() => expect(byLabel('Provider')).toHaveFocus());
    await user.keyboard('OWASP');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(currentPath()).toBe(`/readiness/${cissp.certification_id}`));
    expect(api.updateActivity).toHaveBeenCalledWith(
      summit.activity_id,
      expect.objectContaining({ provider: 'OWASP' }),
    );
  });

  it("puts the cycle's progress before the lists (first on a phone)", async () => {
    renderApp({ route: `/readiness/${cissp.certification_id}`, api: readinessApi() });
    const progress = await screen.findByRole('region', { name: 'Progress in this cycle' });
    const problems = screen.getByRole('heading', { name: 'What an auditor would reject' });
    expect(
      progress.compareDocumentPosition(problems) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });
});

describe('navigation', () => {
  it('the top bar leads a signed-in user to My Certifications', async () => {
    renderApp({ route: '/', api: fakeApi({ searchCatalogue: jest.fn().mockResolvedValue([]) }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'My Certifications' })).toHaveAttribute(
      'href',
      '/mycertifications',
    );
  });

  it('signing in from a protected page goes back to it; from the top bar, home', async () => {
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([]) });
    const { user } = renderApp({ route: '/account', api, auth: fakeAuth(null) });
    await screen.findByRole('heading', { name: 'Welcome' });
    expect(screen.queryByText(SESSION_ENDED_TEXT)).not.toBeInTheDocument();
    api.getAccountSettings.mockReturnValue(new Promise(() => undefined));

    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(currentPath()).toBe('/account'));
  });

  it('Back closes the Activities dialog before it leaves the list, and comes back to it from an activity', async () => {
    const a = activity({ certification_id: cissp.certification_id, activity_name: 'Summit' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      listActivities: jest.fn().mockResolvedValue([a]),
      getActivity: jest.fn().mockResolvedValue({ ...a, user_id: cissp.user_id }),
      getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
    });
    const { user, router } = renderApp({
      route: '/mycertifications',
      before: ['/'],
      api,
    });
    const card = await screen.findByRole('article', { name: 'CISSP' });
    await user.click(within(card).getByRole('button', { name: 'View Activities' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activities for CISSP' });
    await within(dialog).findByText('Summit');

    await act(() => router.navigate(-1));

    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Activities for CISSP' }),
      ).not.toBeInTheDocument(),
    );
    expect(currentPath()).toBe('/mycertifications');

    // Open again, go to an activity, and come back: the dialog is open again.
    await user.click(within(card).getByRole('button', { name: 'View Activities' }));
    const again = await screen.findByRole('dialog', { name: 'Activities for CISSP' });
    await user.click(await within(again).findByRole('button', { name: 'Update' }));
    await screen.findByRole('heading', { name: 'Update Activity' });
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('dialog', { name: 'Activities for CISSP' })).toBeInTheDocument();

    // Closed with its button: the next Back leaves the list.
    await user.click(
      within(screen.getByRole('dialog')).getAllByRole('button', {
        name: 'Close',
      })[1] as HTMLElement,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(() => router.navigate(-1));
    await waitFor(() => expect(currentPath()).toBe('/'));
  });
});

describe('the catalogue when it cannot be reached', () => {
  it('the name field says so, with a way to ask again', async () => {
    const api = fakeApi({
      searchCatalogue: jest
        .fn()
        .mockRejectedValueOnce(new ApiError(503, 'Unavailable'))
        .mockResolvedValue([entry('isc2-cissp')]),
    });
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = renderApp({ route: '/addcertification', api });
    const name = await screen.findByRole('combobox', { name: 'Certification Name' });

    await user.type(name, 'ciss');
    expect(await screen.findByText(CATALOGUE_FAILED_TEXT)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry suggestions' }));
    expect(
      await screen.findByRole('option', { name: /^CISSP Certified Information Systems/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(CATALOGUE_FAILED_TEXT)).not.toBeInTheDocument();
  });
});

describe('the front door', () => {
  it('the empty list keeps its text and offers the most held certifications as one-click starts', async () => {
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([]),
      searchCatalogue: jest
        .fn()
        .mockResolvedValue([entry('comptia-security-plus'), entry('isc2-cissp')]),
    });
    renderApp({ route: '/mycertifications', api });

    expect(await screen.findByText(TEXTS.empty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a certification' })).toHaveAttribute(
      'href',
      '/addcertification',
    );
    const starts = await screen.findByRole('list', { name: 'Most held certifications' });
    expect(within(starts).getByRole('link', { name: 'Add CISSP (ISC2)' })).toHaveAttribute(
      'href',
      '/addcertification?catalogue=isc2-cissp',
    );
    expect(api.searchCatalogue).toHaveBeenCalledWith('', { limit: POPULAR_COUNT });
  });

  it('home keeps its title, video box and button, and shows the poster, what it does, the bodies, privacy and price', async () => {
    const api = fakeApi({
      searchCatalogue: jest
        .fn()
        .mockResolvedValue([entry('isc2-cissp'), entry('pmi-pmp'), entry('isc2-ccsp')]),
    });
    renderApp({ route: '/', api, auth: fakeAuth(null) });

    expect(
      await screen.findByRole('link', { name: 'Start Tracking Your CPEs Now!' }),
    ).toHaveAttribute('href', '/signup');
    const poster = screen.getByRole('img', { name: POSTER.alt });
    expect(poster).toHaveAttribute('width', '1280');
    expect(poster).toHaveAttribute('height', '720');
    expect(screen.getByRole('heading', { name: TOUR_TEXTS.title })).toBeInTheDocument();
    const bodies = await screen.findByRole('list', { name: 'Certification bodies' });
    expect(
      within(bodies)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ISC2 CISSP, CCSP', 'PMI PMP']);
    expect(screen.getByText(TOUR_TEXTS.privacy)).toBeInTheDocument();
    expect(screen.getByText(TOUR_TEXTS.price)).toBeInTheDocument();
  });
});
