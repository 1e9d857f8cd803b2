import { screen, waitFor, within } from '@testing-library/react';
import type { Proposal } from '@cpe/shared/schemas';
import {
  activity,
  certification,
  currentPath,
  entry,
  fakeApi,
  notFound,
  proofFile,
  renderApp,
} from '../test/harness';
import { INBOX_TEXTS } from './Inbox';

jest.setTimeout(20_000);

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

function proposal(overrides: Partial<Proposal> = {}, fields: Partial<Proposal['fields']> = {}) {
  return {
    proposal_id: 'a0000000-0000-4000-8000-000000000001',
    source: 'email',
    source_label: 'Email from webinars@example.com: Your certificate',
    fields: {
      activity_name: 'Cloud Security Webinar',
      provider: 'Cloud Security Alliance',
      activity_date: '2025-05-14',
      cpe_units: 1.5,
      description: null,
      ...fields,
    },
    has_proof: true,
    proof: { file_name: 'certificate.pdf', content_type: 'application/pdf', size: 2048 },
    created_at: '2025-06-30T08:00:00Z',
    ...overrides,
  } satisfies Proposal;
}

const second = proposal(
  {
    proposal_id: 'a0000000-0000-4000-8000-000000000002',
    source: 'upload',
    source_label: 'Upload: scan.png',
    has_proof: true,
    proof: { file_name: 'scan.png', content_type: 'image/png', size: 900 },
  },
  { activity_name: null, provider: null, activity_date: null, cpe_units: null },
);

/** The top bar's inbox link, whose name carries the count. */
const inboxLink = () =>
  within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Inbox/ });

describe('the inbox', () => {
  it('lists each proposal with its source, what was found and its proof, and counts them in the top bar', async () => {
    const api = fakeApi({
      listProposals: jest.fn().mockResolvedValue([proposal(), second]),
      proposalProofLink: jest.fn().mockResolvedValue('https://bucket.example.com/proof'),
    });
    renderApp({ route: '/inbox', api });

    const cards = await screen.findAllByRole('listitem', { name: /Webinar|scan\.png/ });
    expect(cards).toHaveLength(2);
    const [email, upload] = cards as [HTMLElement, HTMLElement];
    expect(within(email).getByText('Email')).toBeInTheDocument();
    expect(
      within(email).getByText('Email from webinars@example.com: Your certificate'),
    ).toBeInTheDocument();
    expect(within(email).getByText('Cloud Security Alliance')).toBeInTheDocument();
    expect(within(email).getByText('1.5')).toBeInTheDocument();
    expect(within(email).getByRole('button', { name: 'certificate.pdf' })).toBeInTheDocument();
    expect(within(email).getByText('(2.0 KB)')).toBeInTheDocument();
    // What was not found says so.
    expect(within(upload).getByRole('heading', { name: 'Activity from scan.png' })).toBeVisible();
    expect(within(upload).getAllByText('Not found')).toHaveLength(4);

    await waitFor(() => expect(inboxLink()).toHaveAccessibleName(/^Inbox ?, 2 waiting$/));
  });

  it('dismisses a proposal after a confirmation, and the count follows', async () => {
    const api = fakeApi({
      listProposals: jest.fn().mockResolvedValue([proposal(), second]),
      dismissProposal: jest.fn().mockResolvedValue(undefined),
    });
    const { user } = renderApp({ route: '/inbox', api });
    const card = await screen.findByRole('listitem', { name: 'Cloud Security Webinar' });

    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Dismiss this proposal?');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));

    expect(await screen.findByText('Dismissed: Cloud Security Webinar.')).toBeInTheDocument();
    expect(api.dismissProposal).toHaveBeenCalledWith(proposal().proposal_id);
    expect(screen.queryByRole('listitem', { name: 'Cloud Security Webinar' })).toBeNull();
    await waitFor(() => expect(inboxLink()).toHaveAccessibleName(/^Inbox ?, 1 waiting$/));
  });

  it('drops a proposal another window accepted already, instead of asking to try again', async () => {
    const api = fakeApi({
      listProposals: jest.fn().mockResolvedValue([proposal(), second]),
      dismissProposal: jest.fn().mockRejectedValue(notFound()),
    });
    const { user } = renderApp({ route: '/inbox', api });
    const card = await screen.findByRole('listitem', { name: 'Cloud Security Webinar' });
    await user.click(within(card).getByRole('button', { name: 'Dismiss' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Dismiss' }),
    );

    expect(await screen.findByText(INBOX_TEXTS.gone)).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Cloud Security Webinar' })).toBeNull();
    await waitFor(() => expect(inboxLink()).toHaveAccessibleName(/^Inbox ?, 1 waiting$/));
  });

  it('explains where proposals come from when it is empty, and shows no count', async () => {
    const api = fakeApi();
    renderApp({ route: '/inbox', api });
    expect(await screen.findByRole('heading', { name: 'Your inbox is empty.' })).toBeVisible();
    const empty = screen.getByRole('heading', { name: 'Your inbox is empty.' }).parentElement!;
    expect(within(empty).getByRole('link', { name: 'Account' })).toHaveAttribute(
      'href',
      '/account',
    );
    expect(screen.getByText(/forwarding address/)).toBeInTheDocument();
    expect(within(empty).getByRole('link', { name: 'Import a spreadsheet' })).toHaveAttribute(
      'href',
      '/import',
    );
    expect(inboxLink()).toHaveAccessibleName('Inbox');
  });

  it('turns each uploaded certificate into a proposal', async () => {
    const made = [
      proposal({ proposal_id: 'a0000000-0000-4000-8000-000000000011', source: 'upload' }),
      proposal(
        { proposal_id: 'a0000000-0000-4000-8000-000000000012', source: 'upload' },
        { activity_name: 'Threat Modelling Workshop' },
      ),
    ];
    const api = fakeApi({
      listProposals: jest.fn().mockResolvedValue([]),
      uploadFile: jest
        .fn()
        .mockResolvedValueOnce({ upload_id: 'u-1' })
        .mockResolvedValueOnce({ upload_id: 'u-2' }),
      createProposal: jest.fn().mockResolvedValueOnce(made[0]).mockResolvedValueOnce(made[1]),
    });
    const { user } = renderApp({ route: '/inbox', api });
    await screen.findByRole('heading', { name: 'Your inbox is empty.' });

    await user.upload(screen.getByLabelText('Upload certificates'), [
      new File(['%PDF-1.7'], 'one.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.7'], 'two.pdf', { type: 'application/pdf' }),
    ]);

    expect(await screen.findByText('2 certificates added to your inbox.')).toBeInTheDocument();
    expect(api.createProposal.mock.calls).toEqual([['u-1'], ['u-2']]);
    expect(screen.getAllByRole('listitem', { name: /Webinar|Workshop/ })).toHaveLength(2);
    await waitFor(() => expect(inboxLink()).toHaveAccessibleName(/^Inbox ?, 2 waiting$/));
  });
});

describe('accepting a proposal', () => {
  const cissp = certification({ certification_name: 'CISSP', catalogue_id: 'isc2-cissp' });
  const ccsp = certification({ certification_name: 'CCSP', catalogue_id: 'isc2-ccsp' });

  it('asks only for what is missing, and credits two certifications with their catalogue categories', async () => {
    const missingDate = proposal({}, { activity_date: null });
    const created = activity({
      activity_name: 'Cloud Security Webinar',
      certification_id: cissp.certification_id,
      files: [proofFile({ file_name: 'certificate.pdf' })],
    });
    const api = fakeApi({
      listProposals: jest.fn().mockResolvedValue([missingDate]),
      listCertifications: jest.fn().mockResolvedValue([cissp, ccsp]),
      getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
      acceptProposal: jest.fn().mockResolvedValue(created),
    });
    const { user } = renderApp({ route: `/inbox/${missingDate.proposal_id}`, api });

    // Found: shown, not asked. Missing: asked.
    expect(await screen.findByLabelText(/Date/)).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: /Name/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /Provider/ })).toBeNull();
    expect(screen.getByText('Cloud Security Alliance')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/Certification$/), cissp.certification_id);
    const category = screen.getByRole('combobox', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No category', 'Group A (domain-related)', 'Group B (professional development)']);
    await user.selectOptions(category, 'group-a');
    await user.click(screen.getByRole('checkbox', { name: 'CCSP' }));
    // Checking CCSP takes the activity's category, which its rules name too.
    expect(screen.getByRole('combobox', { name: 'Category for CCSP' })).toHaveValue('group-a');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Category for CCSP' }),
      'group-b',
    );
    await user.type(screen.getByLabelText(/Date/), '2025-05-14');
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(currentPath()).toBe('/inbox'));
    expect(api.acceptProposal).toHaveBeenCalledWith(missingDate.proposal_id, {
      certification_id: cissp.certification_id,
      activity_name: 'Cloud Security Webinar',
      provider: 'Cloud Security Alliance',
      description: '',
      cpe_units: '1.5',
      activity_date: '2025-05-14',
      category: 'group-a',
      credits: [{ certification_id: ccsp.certification_id, category: 'group-b' }],
    });
    expect(
      await screen.findByText(
        'Cloud Security Webinar was added to CISSP and CCSP, with its proof.',
      ),
    ).toBeInTheDocument();
  });

  it('shows every field on request', async () => {
    const api = fakeApi({
      listProposals: jest.fn().mockResolvedValue([proposal()]),
      listCertifications: jest.fn().mockResolvedValue([cissp]),
      getCatalogueEntry: jest.fn((id: string) => Promise.resolve(entry(id))),
    });
    const { user } = renderApp({ route: `/inbox/${proposal().proposal_id}`, api });
    expect(await screen.findByText(/Everything else was found/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Name/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Change what was found' }));
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveValue('Cloud Security Webinar');
    expect(screen.getByRole('textbox', { name: 'Provider' })).toHaveValue(
      'Cloud Security Alliance',
    );
  });

  it('is the 404 page for a proposal that is gone', async () => {
    const api = fakeApi({
      listProposals: jest.fn().mockResolvedValue([proposal()]),
      listCertifications: jest.fn().mockResolvedValue([cissp]),
    });
    renderApp({ route: '/inbox/a0000000-0000-4000-8000-00000000ffff', api });
    await waitFor(() => expect(currentPath()).toBe('/fourofourpage'));
  });
});
