import { screen, waitFor, within } from '@testing-library/react';
import { API_MESSAGES } from '@cpe/shared/messages';
import { ApiError } from '../api/client';
import {
  USER,
  activity,
  certification,
  currentPath,
  currentState,
  fakeApi,
  notFound,
  renderApp,
} from '../test/harness';
import { ACTIVITY_TEXTS } from './ActivitiesModal';
import { TEXTS } from './MyCertifications';

function cardOf(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

async function openPage(api: ReturnType<typeof fakeApi>) {
  const rendered = renderApp({ route: '/mycertifications', api });
  await screen.findByRole('heading', { level: 1, name: 'My Certifications' });
  return rendered;
}

const cardNames = () =>
  screen
    .getAllByRole('article')
    .map((a) => within(a).getByRole('heading', { level: 2 }).textContent);

describe('My Certifications', () => {
  it("lists the signed-in user's certifications, looked up by the user's id", async () => {
    const api = fakeApi({
      listCertifications: jest
        .fn()
        .mockResolvedValue([certification({ certification_name: 'CISSP' })]),
    });

    await openPage(api);

    expect(await screen.findByRole('article', { name: 'CISSP' })).toBeInTheDocument();
    expect(api.getUser).toHaveBeenCalledWith(USER.email);
    expect(api.listCertifications).toHaveBeenCalledWith(USER.user_id);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the empty text when there are no certifications', async () => {
    await openPage(fakeApi({ listCertifications: jest.fn().mockResolvedValue([]) }));

    expect(await screen.findByText(TEXTS.empty)).toBeInTheDocument();
  });

  it('shows a card with CPEs, expiry, verification link and a progress ring', async () => {
    const cert = certification({
      certification_name: 'CISSP',
      cpe_needed: 120,
      total_cpes_earned: 30,
      percentage_completion: 25,
      expiry_date: '2027-03-05',
      verification_link: 'https://verify.example.com/123',
    });
    await openPage(fakeApi({ listCertifications: jest.fn().mockResolvedValue([cert]) }));
    const card = await screen.findByRole('article', { name: 'CISSP' });

    expect(within(card).getByText('CPEs Needed')).toBeInTheDocument();
    expect(within(card).getByText('120')).toBeInTheDocument();
    expect(within(card).getByText('30')).toBeInTheDocument();
    expect(
      within(card).getByText(
        new Date(2027, 2, 5).toLocaleDateString(undefined, {
          year: 'numeric',
          month: 'short',
          day: 'numeric',
        }),
      ),
    ).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /Verification link/ });
    expect(link).toHaveAttribute('href', 'https://verify.example.com/123');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
  });

  it("shows 'N/A' without expiry, and no CPEs Needed line or ring without a target", async () => {
    const cert = certification({
      certification_name: 'No target',
      cpe_needed: null,
      percentage_completion: null,
      expiry_date: null,
      verification_link: null,
    });
    await openPage(fakeApi({ listCertifications: jest.fn().mockResolvedValue([cert]) }));
    const card = await screen.findByRole('article', { name: 'No target' });

    expect(within(card).getByText('N/A')).toBeInTheDocument();
    expect(within(card).queryByText('CPEs Needed')).not.toBeInTheDocument();
    expect(within(card).getByText('CPEs Earned')).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sorts with the dropdown and searches by name, case-insensitively', async () => {
    const list = [
      certification({
        certification_name: 'beta',
        earned_date: '2023-01-01',
        expiry_date: '2026-01-01',
      }),
      certification({ certification_name: 'Alpha', earned_date: '2024-01-01', expiry_date: null }),
      certification({
        certification_name: 'Gamma',
        earned_date: '2022-01-01',
        expiry_date: '2025-01-01',
      }),
    ];
    const { user } = await openPage(
      fakeApi({ listCertifications: jest.fn().mockResolvedValue(list) }),
    );
    await screen.findByRole('article', { name: 'Alpha' });
    const sort = screen.getByRole('combobox', { name: 'Sort certifications' });

    expect(
      within(sort)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Sort By', 'Expiry Date', 'Name', 'Earned Date', 'Status']);
    await user.selectOptions(sort, 'Name');
    expect(cardNames()).toEqual(['Alpha', 'beta', 'Gamma']);
    await user.selectOptions(sort, 'Expiry Date');
    expect(cardNames()).toEqual(['Gamma', 'beta', 'Alpha']);
    await user.selectOptions(sort, 'Earned Date');
    expect(cardNames()).toEqual(['Alpha', 'beta', 'Gamma']);

    await user.type(screen.getByPlaceholderText('Search Certifications...'), 'GAM');
    expect(cardNames()).toEqual(['Gamma']);
  });

  it('refuses to renew below the CPE target with the spec alert and the unmet rules, without asking', async () => {
    const cert = certification({
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
    });
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([cert]) });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'PMP' });

    await user.click(within(cardOf('PMP')).getByRole('button', { name: 'Renew' }));

    const alert = within(cardOf('PMP')).getByRole('alert');
    expect(alert).toHaveTextContent(TEXTS.insufficient);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Total: 45 of 60 PDUs (15 to go)',
      'Education: 20 of 35 PDUs (15 to go)',
      'Education: Power Skills: 0 of 8 PDUs (8 to go)',
      'Education: Business Acumen: 0 of 8 PDUs (8 to go)',
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.renewCertification).not.toHaveBeenCalled();
  });

  it("refuses to renew with the body's unmet rules in words when the total is met", async () => {
    const cert = certification({
      certification_name: 'CISA',
      catalogue_id: 'isaca-cisa',
      unit: 'CPE',
      annual_minimum: 20,
      earned_date: '2022-03-10',
      expiry_date: '2025-12-31',
      credits: [
        { units: 20, date: '2023-05-01' },
        { units: 100, date: '2024-05-01' },
      ],
    });
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([cert]) });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISA' });

    await user.click(within(cardOf('CISA')).getByRole('button', { name: 'Renew' }));

    const alert = within(cardOf('CISA')).getByRole('alert');
    expect(alert).toHaveTextContent(TEXTS.rulesUnmet);
    expect(alert).not.toHaveTextContent(TEXTS.insufficient);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('2025: 0 of 20 CPEs (20 to go)');
    expect(api.renewCertification).not.toHaveBeenCalled();
  });

  it('cannot renew a certification with no target and no expiry, and says why beside the button', async () => {
    const cert = certification({
      certification_name: 'First aid',
      cpe_needed: null,
      expiry_date: null,
    });
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([cert]) });
    await openPage(api);
    const card = await screen.findByRole('article', { name: 'First aid' });

    const renew = within(card).getByRole('button', { name: 'Renew' });
    expect(renew).toBeDisabled();
    expect(renew).toHaveAccessibleDescription(`First aid ${TEXTS.nothingToRenew}`);
    expect(within(card).getByText(TEXTS.nothingToRenew)).toBeVisible();
    // Only Renew is described by the reason.
    expect(within(card).getByRole('button', { name: 'Delete' })).not.toHaveAccessibleDescription(
      /nothing to renew/,
    );
  });

  it('asks to renew a cycle that asks for nothing but ends (an exam, an expiry alone)', async () => {
    const cert = certification({
      certification_name: 'AWS SAA',
      catalogue_id: 'aws-saa',
      cpe_needed: null,
      earned_date: '2023-01-01',
      expiry_date: '2026-01-01',
      credits: [],
    });
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([cert]) });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'AWS SAA' });

    await user.click(within(cardOf('AWS SAA')).getByRole('button', { name: 'Renew' }));

    expect(await screen.findByRole('dialog')).toHaveTextContent(TEXTS.confirmRenew);
    expect(within(cardOf('AWS SAA')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('renews after confirmation and replaces the card with the answer', async () => {
    const cert = certification({
      certification_name: 'CISA',
      cpe_needed: 40,
      total_cpes_earned: 40,
    });
    const renewed = certification({
      certification_id: cert.certification_id,
      certification_name: 'CISA',
      cpe_needed: 40,
      earned_date: '2027-01-02',
      expiry_date: '2030-01-01',
      credits: [],
    });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cert]),
      renewCertification: jest.fn().mockResolvedValue(renewed),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISA' });
    expect(within(cardOf('CISA')).getByText('Ready to renew')).toBeInTheDocument();

    await user.click(within(cardOf('CISA')).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(TEXTS.confirmRenew);
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));

    await waitFor(() =>
      expect(within(cardOf('CISA')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0'),
    );
    expect(within(cardOf('CISA')).queryByText('Ready to renew')).not.toBeInTheDocument();
    // The request names the cycle it renews (its current expiry), so it cannot renew twice.
    expect(api.renewCertification).toHaveBeenCalledWith(cert.certification_id, cert.expiry_date);
  });

  it("does not renew when the confirmation is cancelled, and shows a 409's message and unmet rules", async () => {
    const cert = certification({
      certification_name: 'CISA',
      cpe_needed: 40,
      total_cpes_earned: 40,
    });
    const refusal = new ApiError(
      409,
      `${API_MESSAGES.rulesUnmet} 2025: 0 of 20 CPEs (20 to go); Ethics: 0 of 2 CPEs (2 to go).`,
      {},
      {
        unmet: [
          { id: 'year:2025-01-01', message: '2025: 0 of 20 CPEs (20 to go)' },
          { id: 'category:ethics', message: 'Ethics: 0 of 2 CPEs (2 to go)' },
        ],
      },
    );
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cert]),
      renewCertification: jest.fn().mockRejectedValue(refusal),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISA' });

    await user.click(within(cardOf('CISA')).getByRole('button', { name: 'Renew' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.renewCertification).not.toHaveBeenCalled();

    await user.click(within(cardOf('CISA')).getByRole('button', { name: 'Renew' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renew' }),
    );
    const alert = await within(cardOf('CISA')).findByRole('alert');
    expect(alert).toHaveTextContent(TEXTS.rulesUnmet);
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2025: 0 of 20 CPEs (20 to go)', 'Ethics: 0 of 2 CPEs (2 to go)']);
    // The list is read again: the server's standing may have moved.
    await waitFor(() => expect(api.listCertifications).toHaveBeenCalledTimes(2));
  });

  it("shows the spec's alert when the server finds the total short", async () => {
    const cert = certification({
      certification_name: 'CISA',
      cpe_needed: 40,
      total_cpes_earned: 40,
    });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cert]),
      renewCertification: jest.fn().mockRejectedValue(
        new ApiError(
          409,
          API_MESSAGES.insufficientCpes,
          {},
          {
            unmet: [{ id: 'total', message: 'Total: 38 of 40 CPEs (2 to go)' }],
          },
        ),
      ),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISA' });

    await user.click(within(cardOf('CISA')).getByRole('button', { name: 'Renew' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renew' }),
    );

    const alert = await within(cardOf('CISA')).findByRole('alert');
    expect(alert).toHaveTextContent(TEXTS.insufficient);
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Total: 38 of 40 CPEs (2 to go)');
  });

  it('refuses to delete a certification that still has activities', async () => {
    const cert = certification({ certification_name: 'CISSP' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cert]),
      listActivities: jest.fn().mockResolvedValue([activity()]),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISSP' });

    await user.click(within(cardOf('CISSP')).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTS.hasActivities);
    expect(api.deleteCertification).not.toHaveBeenCalled();
  });

  it('deletes an empty certification after confirmation and removes its card', async () => {
    const keep = certification({ certification_name: 'Keep' });
    const cert = certification({ certification_name: 'Remove me' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([keep, cert]),
      listActivities: jest.fn().mockResolvedValue([]),
      deleteCertification: jest.fn().mockResolvedValue(undefined),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'Remove me' });

    await user.click(within(cardOf('Remove me')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(TEXTS.confirmDelete);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Remove me' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('article', { name: 'Keep' })).toBeInTheDocument();
    expect(api.deleteCertification).toHaveBeenCalledWith(cert.certification_id);
  });

  it('drops the card of a certification deleted in another window, saying so, when Renew finds it gone', async () => {
    const keep = certification({ certification_name: 'Keep' });
    const gone = certification({
      certification_name: 'Gone',
      total_cpes_earned: 120,
      earned_date: '2022-07-01',
      expiry_date: '2025-07-01',
    });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([keep, gone]),
      renewCertification: jest.fn().mockRejectedValue(notFound()),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'Gone' });

    await user.click(within(cardOf('Gone')).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));

    expect(await screen.findByText(TEXTS.deletedElsewhere('Gone'))).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Gone' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Keep' })).toBeInTheDocument();
  });

  it('passes the current name as route state to Update', async () => {
    const cert = certification({ certification_name: 'CISSP' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cert]),
      getCertification: jest.fn(() => new Promise(() => undefined)),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISSP' });

    await user.click(within(cardOf('CISSP')).getByRole('button', { name: 'Update' }));

    await waitFor(() =>
      expect(currentPath()).toBe(`/updatecertification/${cert.certification_id}`),
    );
    expect(currentState()).toEqual({ name: 'CISSP' });
  });

  it('sends the user to /fourofourpage when the list answers 404', async () => {
    renderApp({
      route: '/mycertifications',
      api: fakeApi({ listCertifications: jest.fn().mockRejectedValue(notFound()) }),
    });

    await waitFor(() => expect(currentPath()).toBe('/fourofourpage'));
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
  });

  it('shows the activities, the archived flag, and deletes one after confirmation', async () => {
    const cert = certification({ certification_name: 'CISSP' });
    const old = activity({ activity_name: 'Old course', is_archived: true, cpe_units: 5 });
    const current = activity({ activity_name: 'Conference', description: 'Two days' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cert]),
      listActivities: jest.fn().mockResolvedValue([old, current]),
      deleteActivity: jest.fn().mockResolvedValue(undefined),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISSP' });

    await user.click(within(cardOf('CISSP')).getByRole('button', { name: 'View Activities' }));
    const modal = await screen.findByRole('dialog', { name: 'Activities for CISSP' });
    await within(modal).findByText('Conference');

    expect(within(modal).getAllByText(ACTIVITY_TEXTS.archived)).toHaveLength(1);
    expect(within(modal).getByText('Two days')).toBeInTheDocument();
    expect(within(modal).getAllByText('CPE Units')).toHaveLength(2);

    const item = within(modal).getByText('Conference').closest('li') as HTMLElement;
    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(confirm).toHaveTextContent(ACTIVITY_TEXTS.confirmDelete);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(modal).queryByText('Conference')).not.toBeInTheDocument());
    expect(api.deleteActivity).toHaveBeenCalledWith(current.activity_id);
    expect(within(modal).getByText('Old course')).toBeInTheDocument();
  });

  it("an activity logged for another certification: Delete says where else it goes, Remove takes only this one's credit", async () => {
    const cissp = certification({ certification_name: 'CISSP' });
    const cisa = certification({ certification_name: 'CISA' });
    const credit = (certification_id: string, cpe_units: number, category: string | null) => ({
      certification_id,
      cpe_units,
      category,
      submitted_on: null,
      is_archived: false,
    });
    const shared = activity({
      certification_id: cissp.certification_id,
      activity_name: 'Cloud summit',
      cpe_units: 8,
      category: 'group-a',
      version: 4,
      credits: [
        credit(cissp.certification_id, 8, 'group-a'),
        credit(cisa.certification_id, 8, null),
        credit('c9999999-0000-4000-8000-000000000001', 6, 'ethics'),
      ],
    });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cissp, cisa]),
      listActivities: jest.fn().mockResolvedValue([shared]),
      updateActivity: jest.fn().mockResolvedValue(shared),
      deleteActivity: jest.fn(),
    });
    const { user } = await openPage(api);
    await user.click(
      within(await screen.findByRole('article', { name: 'CISA' })).getByRole('button', {
        name: 'View Activities',
      }),
    );
    const modal = await screen.findByRole('dialog', { name: 'Activities for CISA' });
    const item = (await within(modal).findByText('Cloud summit')).closest('li') as HTMLElement;

    await user.click(within(item).getByRole('button', { name: 'Delete' }));
    const asked = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(asked).toHaveTextContent(
      `${ACTIVITY_TEXTS.confirmDelete} It also counts for CISSP and another certification, and is deleted there too.`,
    );
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(api.deleteActivity).not.toHaveBeenCalled();

    await user.click(within(item).getByRole('button', { name: 'Remove from CISA' }));
    const removing = await screen.findByRole('dialog', { name: 'Please confirm' });
    expect(removing).toHaveTextContent(
      'Remove this activity from CISA? It stays logged for CISSP.',
    );
    await user.click(within(removing).getByRole('button', { name: 'Remove' }));

    expect(await within(modal).findByText('Cloud summit no longer counts for CISA.')).toBeVisible();
    expect(within(modal).queryByRole('heading', { name: 'Cloud summit' })).not.toBeInTheDocument();
    expect(api.updateActivity).toHaveBeenCalledWith(
      shared.activity_id,
      expect.objectContaining({
        activity_name: 'Cloud summit',
        version: 4,
        credits: [
          {
            certification_id: 'c9999999-0000-4000-8000-000000000001',
            cpe_units: 6,
            category: 'ethics',
          },
        ],
      }),
    );
    expect(api.deleteActivity).not.toHaveBeenCalled();
  });

  it('shows the empty activities text and links Add Activity to the certification', async () => {
    const cert = certification({ certification_name: 'CISSP' });
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([cert]),
      listActivities: jest.fn().mockResolvedValue([]),
      getCertification: jest.fn(() => new Promise(() => undefined)),
    });
    const { user } = await openPage(api);
    await screen.findByRole('article', { name: 'CISSP' });

    await user.click(within(cardOf('CISSP')).getByRole('button', { name: 'View Activities' }));
    const modal = await screen.findByRole('dialog');
    expect(await within(modal).findByText(ACTIVITY_TEXTS.empty)).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Add Activity' }));

    await waitFor(() => expect(currentPath()).toBe(`/addactivity/${cert.certification_id}`));
  });

  it('asks for recommendations and shows the text', async () => {
    let answer: (value: { text: string; source: 'catalogue'; entries: string[] }) => void = () =>
      undefined;
    const api = fakeApi({
      listCertifications: jest.fn().mockResolvedValue([certification()]),
      recommendCertifications: jest.fn(() => new Promise((resolve) => (answer = resolve))),
    });
    const { user } = await openPage(api);
    await screen.findAllByRole('article');

    await user.click(screen.getByRole('button', { name: 'Recommend Certifications' }));
    const modal = await screen.findByRole('dialog', { name: 'Recommended Certifications' });
    expect(within(modal).getByText(/Asking the assistant/)).toBeInTheDocument();
    answer({ text: 'Try CCSP next.', source: 'catalogue', entries: [] });

    expect(await within(modal).findByText('Try CCSP next.')).toBeInTheDocument();
  });
});
