import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Readiness as ReadinessAnswer } from '@cpe/shared/schemas';
import { ApiError } from '../api/client';
import { ProofFiles } from '../components/ProofFiles';
import { formatLocalDate } from '../lib/certifications';
import {
  USER,
  activity,
  certification,
  currentPath,
  entry,
  fakeApi,
  proofFile,
  readiness as readinessOf,
  renderApp,
} from '../test/harness';

// Whole forms typed key by key: slower than jest's default allows on a busy machine.
jest.setTimeout(20_000);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

const cissp = certification({
  certification_name: 'CISSP',
  catalogue_id: 'isc2-cissp',
  unit: 'CPE',
  credits: [{ units: 8, category: 'group-a' }],
});
const cism = certification({ certification_name: 'CISM' });

function readiness(overrides: Partial<ReadinessAnswer> = {}): ReadinessAnswer {
  return readinessOf(cissp, overrides);
}

describe('the activity form: several certifications, provider, category', () => {
  it('counts the activity for the certifications checked, each with its units, and sends provider and category', async () => {
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp, cism]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      createActivity: jest.fn().mockResolvedValue(activity()),
    });
    const { user } = renderApp({ route: `/addactivity/${cissp.certification_id}`, api });
    await screen.findByText('For CISSP');

    await user.type(screen.getByRole('textbox', { name: /Name$/ }), 'Cloud security summit');
    await user.type(screen.getByRole('textbox', { name: 'Provider' }), 'ISACA Chapter');
    await user.type(screen.getByRole('spinbutton', { name: 'CPE Units' }), '4');
    await user.type(screen.getByLabelText(/Date$/), '2025-05-02');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'group-a');
    const units = screen.getByRole('spinbutton', { name: 'CPEs for CISM' });
    expect(units).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'CISM' }));
    expect(units).toBeEnabled();
    expect(units).toHaveAttribute('placeholder', '4');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createActivity).toHaveBeenCalledWith(
      expect.objectContaining({
        certification_id: cissp.certification_id,
        provider: 'ISACA Chapter',
        category: 'group-a',
        cpe_units: '4',
        credits: [{ certification_id: cism.certification_id }],
      }),
    );
  });

  it('shows a refused credit at its certification, as when that certification was deleted meanwhile', async () => {
    const message = 'Invalid request: credits.0.certification_id is not one of your certifications';
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp, cism]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      createActivity: jest.fn().mockRejectedValue(
        new ApiError(400, message, {
          'credits.0.certification_id': 'is not one of your certifications',
        }),
      ),
    });
    const { user } = renderApp({ route: `/addactivity/${cissp.certification_id}`, api });
    await screen.findByText('For CISSP');
    await user.type(screen.getByRole('textbox', { name: /Name$/ }), 'Cloud security summit');
    await user.type(screen.getByRole('spinbutton', { name: 'CPE Units' }), '4');
    await user.type(screen.getByLabelText(/Date$/), '2025-05-02');
    await user.click(screen.getByRole('checkbox', { name: 'CISM' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(/is not one of your certifications/)).toBeInTheDocument();
    expect(currentPath()).toBe(`/addactivity/${cissp.certification_id}`);
  });

  it('shows a credit with other units on update, and sends what the user changed', async () => {
    const existing = {
      ...activity({
        certification_id: cissp.certification_id,
        activity_name: 'Summit',
        cpe_units: 4,
        provider: 'ISACA',
      }),
      user_id: USER.user_id,
    };
    existing.credits = [
      ...existing.credits,
      {
        certification_id: cism.certification_id,
        cpe_units: 3,
        submitted_on: null,
        is_archived: false,
        category: null,
      },
    ];
    const api = fakeApi({
      getActivity: jest.fn().mockResolvedValue(existing),
      listCertifications: jest.fn().mockResolvedValue([cissp, cism]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      updateActivity: jest.fn().mockResolvedValue(existing),
    });
    const { user } = renderApp({ route: `/updateactivity/${existing.activity_id}`, api });

    expect(await screen.findByRole('checkbox', { name: 'CISM' })).toBeChecked();
    const units = screen.getByRole('spinbutton', { name: 'CPEs for CISM' });
    expect(units).toHaveValue(3);
    await user.clear(units);
    await user.type(units, '-1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(/^Units must/)).toBeInTheDocument();
    expect(api.updateActivity).not.toHaveBeenCalled();

    await user.clear(units);
    await user.type(units, '2.5');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(api.updateActivity).toHaveBeenCalled());
    expect((api.updateActivity.mock.calls[0] as unknown[] | undefined)?.[1]).toMatchObject({
      provider: 'ISACA',
      credits: [{ certification_id: cism.certification_id, cpe_units: '2.5' }],
    });
  });

  it('takes the category as free text without catalogue rules, and offers no credits with one certification', async () => {
    const own = certification({ certification_name: 'My badge', catalogue_id: null });
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([own]) });
    renderApp({ route: `/addactivity/${own.certification_id}`, api });
    await screen.findByText('For My badge');

    expect(screen.queryByRole('combobox', { name: 'Category' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Category' })).toHaveValue('');
    expect(screen.queryByRole('group', { name: 'Also counts for' })).not.toBeInTheDocument();
  });

  it('gives each credited certification a category from its own rules (free text without rules), sent with its credit', async () => {
    const pmp = certification({ certification_name: 'PMP', catalogue_id: 'pmi-pmp', unit: 'PDU' });
    const own = certification({ certification_name: 'My badge', catalogue_id: null });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp, pmp, own]),
      getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
      createActivity: jest.fn().mockResolvedValue(activity()),
    });
    const { user } = renderApp({ route: `/addactivity/${cissp.certification_id}`, api });
    await screen.findByText('For CISSP');

    await user.type(screen.getByRole('textbox', { name: /Name$/ }), 'Agile webinar');
    await user.type(screen.getByLabelText(/Date$/), '2025-05-02');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'group-a');
    const pmpCategory = screen.getByRole('combobox', { name: 'Category for PMP' });
    const ownCategory = screen.getByRole('textbox', { name: 'Category for My badge' });
    expect(pmpCategory).toBeDisabled();
    expect(ownCategory).toBeDisabled();
    // PMP's own categories and activity kinds, none of ISC2's.
    const choices = within(pmpCategory)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(choices).toContain('Education: Ways of Working');
    expect(choices).toContain('Giving Back');
    expect(choices).not.toEqual(expect.arrayContaining([expect.stringMatching(/^Group A/)]));

    await user.click(screen.getByRole('checkbox', { name: 'PMP' }));
    // Group A means nothing to PMI: the credit's category is left to choose.
    expect(pmpCategory).toHaveValue('');
    await user.selectOptions(pmpCategory, 'ways-of-working');
    await user.click(screen.getByRole('checkbox', { name: 'My badge' }));
    await user.type(ownCategory, 'Webinar');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(api.createActivity).toHaveBeenCalledWith(
      expect.objectContaining({
        certification_id: cissp.certification_id,
        category: 'group-a',
        credits: [
          { certification_id: pmp.certification_id, category: 'ways-of-working' },
          { certification_id: own.certification_id, category: 'Webinar' },
        ],
      }),
    );
  });

  it("picks the activity's category for a certification whose rules name it, and shows each credit's stored one", async () => {
    const ccsp = certification({ certification_name: 'CCSP', catalogue_id: 'isc2-ccsp' });
    const pmp = certification({ certification_name: 'PMP', catalogue_id: 'pmi-pmp', unit: 'PDU' });
    const existing = {
      ...activity({
        certification_id: cissp.certification_id,
        activity_name: 'Summit',
        category: 'group-a',
      }),
      user_id: USER.user_id,
    };
    existing.credits.push({
      certification_id: pmp.certification_id,
      cpe_units: 2,
      submitted_on: null,
      is_archived: false,
      category: 'power-skills',
    });
    const api = fakeApi({
      getActivity: jest.fn().mockResolvedValue(existing),
      listCertifications: jest.fn().mockResolvedValue([cissp, ccsp, pmp]),
      getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
      updateActivity: jest.fn().mockResolvedValue(existing),
    });
    const { user } = renderApp({ route: `/updateactivity/${existing.activity_id}`, api });

    expect(await screen.findByRole('combobox', { name: 'Category for PMP' })).toHaveValue(
      'power-skills',
    );
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('group-a');
    await user.click(screen.getByRole('checkbox', { name: 'CCSP' }));
    expect(screen.getByRole('combobox', { name: 'Category for CCSP' })).toHaveValue('group-a');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(api.updateActivity).toHaveBeenCalled());
    expect((api.updateActivity.mock.calls[0] as unknown[] | undefined)?.[1]).toMatchObject({
      category: 'group-a',
      credits: [
        { certification_id: ccsp.certification_id, category: 'group-a' },
        { certification_id: pmp.certification_id, category: 'power-skills' },
      ],
    });
  });
});

describe('proof files', () => {
  function renderProof(
    api = fakeApi(),
    files = [proofFile({ file_name: 'cert.pdf', size: 2048 })],
  ) {
    const a = activity({ activity_name: 'Summit', files });
    return renderApp({
      api,
      element: <ProofFiles activityId={a.activity_id} activityName="Summit" files={a.files} />,
    });
  }

  it('lists each file with its size, and refuses a wrong type or size before any upload', async () => {
    const api = fakeApi();
    const { user } = renderProof(api);

    const list = screen.getByRole('list', { name: 'Proof files of Summit' });
    expect(within(list).getByText('cert.pdf')).toBeInTheDocument();
    expect(within(list).getByText(/^2\.0 KB/)).toBeInTheDocument();

    const input = screen.getByLabelText('Add proof files');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(
      await screen.findByText('scan.png is larger than 10 MB, the most a proof file may be.'),
    ).toBeInTheDocument();
    // A picker that ignores `accept` (or a drop) can still hand over any file.
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(
      await screen.findByText('notes.txt is not a PDF, PNG, JPEG, WebP or HEIC file.'),
    ).toBeInTheDocument();

    expect(api.uploadFile).not.toHaveBeenCalled();
  });

  it('uploads, attaches and lists a file; deletes one after confirmation', async () => {
    const attached = proofFile({ file_name: 'new.pdf' });
    const api = fakeApi({
      uploadFile: jest
        .fn()
        .mockResolvedValue({ upload_id: 'u1', url: 'x', fields: {}, expires_at: 'x' }),
      attachFile: jest.fn().mockResolvedValue(attached),
      deleteFile: jest.fn().mockResolvedValue(undefined),
    });
    const { user } = renderProof(api);

    await user.upload(
      screen.getByLabelText('Add proof files'),
      new File(['%PDF-1.7'], 'new.pdf', { type: 'application/pdf' }),
    );

    expect(await screen.findByText('new.pdf attached.')).toBeInTheDocument();
    expect(api.attachFile).toHaveBeenCalledWith(expect.any(String), 'u1');
    const list = screen.getByRole('list', { name: 'Proof files of Summit' });
    expect(within(list).getByText('new.pdf')).toBeInTheDocument();

    const row = within(list).getByText('cert.pdf').closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('cert.pdf has been deleted.')).toBeInTheDocument();
    expect(within(list).queryByText('cert.pdf')).not.toBeInTheDocument();
  });

  it('keeps a file deleted while another uploads deleted, and the upload listed', async () => {
    const attached = proofFile({ file_name: 'new.pdf' });
    let finishUpload: () => void = () => undefined;
    const api = fakeApi({
      uploadFile: jest.fn(
        () =>
          new Promise((resolve) => {
            finishUpload = () =>
              resolve({ upload_id: 'u1', url: 'x', fields: {}, expires_at: 'x' });
          }),
      ),
      attachFile: jest.fn().mockResolvedValue(attached),
      deleteFile: jest.fn().mockResolvedValue(undefined),
    });
    const { user } = renderProof(api);
    await user.upload(
      screen.getByLabelText('Add proof files'),
      new File(['%PDF-1.7'], 'new.pdf', { type: 'application/pdf' }),
    );
    const list = screen.getByRole('list', { name: 'Proof files of Summit' });
    const row = within(list).getByText('cert.pdf').closest('li') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('cert.pdf has been deleted.')).toBeInTheDocument();

    finishUpload();
    expect(await screen.findByText('new.pdf attached.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Proof files of Summit' }))
        .getAllByRole('listitem')
        .map((li) => li.querySelector('.fw-semibold')?.textContent),
    ).toEqual(['new.pdf']);
  });
});

describe('the activities list', () => {
  it('flags activities without proof, names the other certifications, and filters by proof', async () => {
    const withProof = activity({
      certification_id: cissp.certification_id,
      activity_name: 'Proven',
      files: [proofFile({ file_name: 'proof.pdf' })],
    });
    const without = activity({ certification_id: cissp.certification_id, activity_name: 'Bare' });
    without.credits.push({
      certification_id: cism.certification_id,
      cpe_units: 4,
      submitted_on: null,
      is_archived: false,
      category: null,
    });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp, cism]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      listActivities: jest.fn((_id: string, options: { proof?: string } = {}) =>
        Promise.resolve(options.proof === 'missing' ? [without] : [withProof, without]),
      ),
    });
    const { user } = renderApp({ route: '/mycertifications', api });
    const card = await screen.findByRole('article', { name: 'CISSP' });
    await user.click(within(card).getByRole('button', { name: 'View Activities' }));
    const modal = await screen.findByRole('dialog');
    await within(modal).findByText('Proven');

    const bare = (await within(modal).findByText('Bare')).closest('li') as HTMLElement;
    expect(within(bare).getByText('No proof')).toBeInTheDocument();
    expect(within(bare).getByText('CISM (4)')).toBeInTheDocument();
    const proven = within(modal).getByText('Proven').closest('li') as HTMLElement;
    expect(within(proven).queryByText('No proof')).not.toBeInTheDocument();

    await user.selectOptions(within(modal).getByRole('combobox', { name: 'Show' }), 'missing');

    // The filtered list replaces the whole one once it has loaded (the list is empty meanwhile).
    await waitFor(() => expect(within(modal).queryByText('Proven')).not.toBeInTheDocument());
    expect(await within(modal).findByText('Bare')).toBeInTheDocument();
    expect(within(modal).queryByText('Proven')).not.toBeInTheDocument();
    expect(api.listActivities).toHaveBeenLastCalledWith(cissp.certification_id, {
      proof: 'missing',
    });
  });
});

describe('the readiness page', () => {
  it('lists what an auditor would reject per activity, the categories and the submissions', async () => {
    const a = activity({
      certification_id: cissp.certification_id,
      activity_name: 'Summit',
      activity_date: '2025-03-01',
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cissp),
      listCycles: jest.fn().mockResolvedValue([
        { start: '2024-01-01', end: '2027-01-01', current: true },
        { start: '2021-01-01', end: '2024-01-01', current: false },
      ]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      getReadiness: jest.fn().mockResolvedValue(
        readiness({
          categories: [
            { category: 'group-a', label: 'Group A', earned: 8, minimum: 90, maximum: null },
          ],
          problems: [
            {
              activity_id: a.activity_id,
              activity_name: 'Summit',
              kind: 'no_proof',
              message: 'No proof file.',
            },
            {
              activity_id: a.activity_id,
              activity_name: 'Summit',
              kind: 'no_provider',
              message: 'No provider.',
            },
          ],
        }),
      ),
      listActivities: jest.fn().mockResolvedValue([a]),
      setSubmission: jest.fn(() =>
        Promise.resolve({
          ...a,
          credits: [{ ...a.credits[0], submitted_on: '2025-07-01' }],
        }),
      ),
    });
    const { user } = renderApp({ route: `/readiness/${cissp.certification_id}`, api });

    const problems = await screen.findByRole('list', { name: 'Problems' });
    expect(within(problems).getByText('No proof file.')).toBeInTheDocument();
    expect(within(problems).getByText('No provider.')).toBeInTheDocument();
    // Each problem's own fix: the editor at the input that fixes it, and back here once saved.
    const back = encodeURIComponent(`/readiness/${cissp.certification_id}`);
    expect(within(problems).getByRole('link', { name: 'Add proof to Summit' })).toHaveAttribute(
      'href',
      `/updateactivity/${a.activity_id}?return=${back}&fix=proof`,
    );
    expect(
      within(problems).getByRole('link', { name: 'Add the provider of Summit' }),
    ).toHaveAttribute('href', `/updateactivity/${a.activity_id}?return=${back}&fix=provider`);
    expect(
      within(screen.getByRole('list', { name: 'Categories' })).getByText(/Group A/),
    ).toBeInTheDocument();

    api.getReadiness.mockResolvedValue(readiness());
    await user.click(screen.getByRole('checkbox', { name: /Summit/ }));

    expect(api.setSubmission).toHaveBeenCalledWith(
      a.activity_id,
      cissp.certification_id,
      '2025-07-01',
    );
    expect(
      await screen.findByText('Nothing an auditor would reject in this cycle.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Summit/ })).toBeChecked();
    expect(screen.getByLabelText('Submitted on, Summit')).toHaveValue('2025-07-01');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Cycle' }), '2021-01-01');
    await waitFor(() =>
      expect(api.getReadiness).toHaveBeenLastCalledWith(cissp.certification_id, '2021-01-01'),
    );
  });

  it('keeps focus on a submission while it saves, and sends a second press then nothing', async () => {
    const a = activity({
      certification_id: cissp.certification_id,
      activity_name: 'Summit',
      activity_date: '2025-03-01',
    });
    let saved!: () => void;
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cissp),
      listCycles: jest
        .fn()
        .mockResolvedValue([{ start: '2024-01-01', end: '2027-01-01', current: true }]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isc2-cissp')),
      getReadiness: jest.fn().mockResolvedValue(readiness()),
      listActivities: jest.fn().mockResolvedValue([a]),
      setSubmission: jest.fn(
        () =>
          new Promise((resolve) => {
            saved = () =>
              resolve({ ...a, credits: [{ ...a.credits[0], submitted_on: '2025-07-01' }] });
          }),
      ),
    });
    const { user } = renderApp({ route: `/readiness/${cissp.certification_id}`, api });

    const box = await screen.findByRole('checkbox', { name: /Summit/ });
    box.focus();
    await user.keyboard(' ');
    expect(api.setSubmission).toHaveBeenCalledTimes(1);

    // Saving: it says so to assistive technology, keeps the focus, and takes no second press.
    expect(box).toHaveAttribute('aria-disabled', 'true');
    expect(box).toBeEnabled();
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    expect(api.setSubmission).toHaveBeenCalledTimes(1);

    act(() => saved());
    await waitFor(() => expect(box).not.toHaveAttribute('aria-disabled'));
    expect(box).toBeChecked();
    expect(box).toHaveFocus();
  });

  it('does not call an expired cycle with no grace left ready to renew', async () => {
    const ended = certification({
      cpe_needed: 50,
      earned_date: '2022-01-10',
      expiry_date: '2025-01-09',
      credits: [{ units: 50, date: '2024-05-01' }],
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(ended),
      listCycles: jest
        .fn()
        .mockResolvedValue([{ start: '2022-01-10', end: '2025-01-09', current: true }]),
      getReadiness: jest.fn().mockResolvedValue(readinessOf(ended)),
      listActivities: jest.fn().mockResolvedValue([]),
    });
    renderApp({ route: `/readiness/${ended.certification_id}`, api });
    const panel = await screen.findByRole('region', { name: 'Progress in this cycle' });
    expect(ended.standing.state).toBe('expired');
    expect(panel).toHaveTextContent(
      `50 of 50 CPEs counted: every requirement is met, but the cycle ended on ${formatLocalDate('2025-01-09')}.`,
    );
    expect(panel).not.toHaveTextContent('ready to renew');
  });

  it("says a total the body waives for a new holder is waived, not '0 of 40' short", async () => {
    const cia = certification({
      catalogue_id: 'iia-cia',
      cpe_needed: null,
      earned_date: '2025-01-01',
      expiry_date: '2025-12-31',
      certified_on: '2024-05-10',
      cycle_months: 12,
      credits: [],
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cia),
      listCycles: jest
        .fn()
        .mockResolvedValue([{ start: '2025-01-01', end: '2025-12-31', current: true }]),
      getReadiness: jest.fn().mockResolvedValue(readinessOf(cia)),
      listActivities: jest.fn().mockResolvedValue([]),
    });
    renderApp({ route: `/readiness/${cia.certification_id}`, api });
    const panel = await screen.findByRole('region', { name: 'Progress in this cycle' });
    expect(cia.standing.percent).toBe(100);
    expect(panel).toHaveTextContent(
      /^Progress in this cycle0 of \d+ CPEs counted, which the body credits to a new holder: ready to renew\./,
    );
  });

  it('says a renewed cycle met every requirement, and only the current one is ready to renew', async () => {
    const done = certification({ cpe_needed: 120, credits: [{ units: 120, date: '2024-05-01' }] });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(done),
      listCycles: jest.fn().mockResolvedValue([
        { start: '2024-01-01', end: '2027-01-01', current: true },
        { start: '2021-01-01', end: '2023-12-31', current: false },
      ]),
      getReadiness: jest.fn().mockResolvedValue(readinessOf(done)),
      listActivities: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: `/readiness/${done.certification_id}`, api });
    const panel = await screen.findByRole('region', { name: 'Progress in this cycle' });
    expect(panel).toHaveTextContent('120 of 120 CPEs counted: ready to renew.');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Cycle' }), '2021-01-01');
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Progress in this cycle' })).toHaveTextContent(
        '120 of 120 CPEs counted: every requirement was met.',
      ),
    );
  });

  it("shows the engine's requirements for the cycle with their states, the reporting years, carried credits and the grace period", async () => {
    const today = '2025-01-20';
    const cisa = certification({
      certification_name: 'CISA',
      catalogue_id: 'isaca-cisa',
      unit: 'CPE',
      annual_minimum: 20,
      earned_date: '2021-06-15',
      expiry_date: '2024-12-31',
      carried_in: 12,
      today,
      credits: [
        { units: 30, date: '2022-05-01' },
        { units: 20, date: '2023-05-01' },
        { units: 10, date: '2024-05-01' },
      ],
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cisa),
      listCycles: jest
        .fn()
        .mockResolvedValue([{ start: '2021-06-15', end: '2024-12-31', current: true }]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('isaca-cisa')),
      getReadiness: jest.fn().mockResolvedValue(readinessOf(cisa)),
      listActivities: jest.fn().mockResolvedValue([]),
    });
    renderApp({ route: `/readiness/${cisa.certification_id}`, api, today });

    const requirements = await screen.findByRole('list', { name: 'Requirements' });
    expect(
      within(requirements)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'ShortTotal: 72 of 120 CPEs (48 to go)',
      // The 12 carried in count toward the total, not toward a year's minimum.
      'Met2022: 30 of 20 CPEs, met',
      'Met2023: 20 of 20 CPEs, met',
      'Short2024: 10 of 20 CPEs (10 to go)',
    ]);
    const years = screen.getByRole('table', { name: 'Reporting years' });
    expect(
      within(years)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['YearEarnedMinimum', '20223020 CPEs', '20232020 CPEs', '20241020 CPEs']);
    const panel = screen.getByRole('region', { name: 'Progress in this cycle' });
    expect(panel).toHaveTextContent('72 of 120 CPEs counted.');
    expect(panel).toHaveTextContent('12 CPEs carried over from the last cycle.');
    expect(panel).toHaveTextContent(
      `In the grace period until ${formatLocalDate('2025-02-28')} (the cycle ended ${formatLocalDate('2024-12-31')}). Only credits earned in the cycle count.`,
    );
    expect(panel).toHaveTextContent(/Until the end of February after the year ends/);
  });

  it('marks requirements the body credits to a new holder, and the windows to come', async () => {
    const cia = certification({
      certification_name: 'CIA',
      catalogue_id: 'iia-cia',
      annual_minimum: 40,
      earned_date: '2024-03-01',
      expiry_date: '2027-03-01',
      credits: [{ units: 12, date: '2025-02-01' }],
    });
    const api = fakeApi({
      getCertification: jest.fn().mockResolvedValue(cia),
      listCycles: jest
        .fn()
        .mockResolvedValue([{ start: '2024-03-01', end: '2027-03-01', current: true }]),
      getCatalogueEntry: jest.fn().mockResolvedValue(entry('iia-cia')),
      getReadiness: jest.fn().mockResolvedValue(readinessOf(cia)),
      listActivities: jest.fn().mockResolvedValue([]),
    });
    renderApp({ route: `/readiness/${cia.certification_id}`, api });

    const requirements = await screen.findByRole('list', { name: 'Requirements' });
    const state = (text: RegExp) =>
      within(requirements).getByText(text).previousSibling?.textContent;
    expect(state(/^2025: credited by the body/)).toBe('Credited');
    expect(state(/^2026: 0 of 40 CPEs/)).toBe('Short');
    expect(
      within(screen.getByRole('table', { name: 'Reporting years' })).getAllByRole('row')[2],
    ).toHaveTextContent('202512Credited');
    expect(screen.getByRole('region', { name: 'Progress in this cycle' })).toHaveTextContent(
      /After the cycle ends:.*Suspension/,
    );
  });
});
