/**
 * Feedback the user can see and keep: messages at the card acted on, focus
 * that lands somewhere useful, forms that open focused, and unsaved input
 * that is not dropped without asking.
 */
import { getConfig, screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { LEAVE_TEXT } from '../components/LeaveDialog';
import {
  USER,
  activity,
  certification,
  currentPath,
  fakeApi,
  fakeAuth,
  renderApp,
} from '../test/harness';
import { TEXTS } from './MyCertifications';

const cardOf = (name: string) => screen.getByRole('article', { name });

async function openList(certs: ReturnType<typeof certification>[], more = {}) {
  const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue(certs), ...more });
  const rendered = renderApp({ route: '/mycertifications', api });
  await screen.findByRole('article', { name: certs[0]?.certification_name });
  return rendered;
}

describe('messages appear at the card the user acted on', () => {
  it('renew refused for missing CPEs: the message is inside that card, not at the top of the list', async () => {
    const certs = [
      certification({ certification_name: 'First' }),
      certification({ certification_name: 'Far below', cpe_needed: 40, total_cpes_earned: 1 }),
    ];
    const { user } = await openList(certs);

    await user.click(within(cardOf('Far below')).getByRole('button', { name: 'Renew' }));

    expect(within(cardOf('Far below')).getByRole('alert')).toHaveTextContent(TEXTS.insufficient);
    expect(within(cardOf('First')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('delete refused while activities remain: the message is inside that card', async () => {
    const certs = [
      certification({ certification_name: 'First' }),
      certification({ certification_name: 'Busy' }),
    ];
    const { user } = await openList(certs, {
      listActivities: jest.fn().mockResolvedValue([activity()]),
    });

    await user.click(within(cardOf('Busy')).getByRole('button', { name: 'Delete' }));

    expect(await within(cardOf('Busy')).findByRole('alert')).toHaveTextContent(TEXTS.hasActivities);
  });

  it('renewed: the message is on the renewed card, and focus is back on its Renew button', async () => {
    const cert = certification({
      certification_name: 'CISA',
      cpe_needed: 10,
      total_cpes_earned: 10,
    });
    const { user } = await openList([certification({ certification_name: 'Other' }), cert], {
      renewCertification: jest.fn().mockResolvedValue({ ...cert, total_cpes_earned: 0 }),
    });
    const renew = within(cardOf('CISA')).getByRole('button', { name: 'Renew' });

    await user.click(renew);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Renew',
      }),
    );

    expect(await within(cardOf('CISA')).findByText('CISA has been renewed.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(cardOf('CISA')).getByRole('button', { name: 'Renew' })).toHaveFocus(),
    );
  });

  it("a 409 shows the server's own message (e.g. already renewed) at the card and reads the list again", async () => {
    const cert = certification({ certification_name: 'CISA', cpe_needed: null });
    const { user, api } = await openList([cert], {
      renewCertification: jest.fn().mockRejectedValue(new ApiError(409, 'Already renewed.')),
    });

    await user.click(within(cardOf('CISA')).getByRole('button', { name: 'Renew' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Renew' }),
    );

    expect(await within(cardOf('CISA')).findByRole('alert')).toHaveTextContent('Already renewed.');
    await waitFor(() => expect(api.listCertifications).toHaveBeenCalledTimes(2));
  });

  it('deleted: the card is gone, and the message takes focus', async () => {
    const certs = [
      certification({ certification_name: 'Keep' }),
      certification({ certification_name: 'Remove me' }),
    ];
    const { user } = await openList(certs, {
      listActivities: jest.fn().mockResolvedValue([]),
      deleteCertification: jest.fn().mockResolvedValue(undefined),
    });

    await user.click(within(cardOf('Remove me')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );

    const message = await screen.findByText('Remove me has been deleted.');
    await waitFor(() => expect(message).toHaveFocus());
  });

  it('cancelling the delete confirmation puts focus back on that Delete button', async () => {
    const { user } = await openList([certification({ certification_name: 'CISSP' })], {
      listActivities: jest.fn().mockResolvedValue([]),
    });
    const remove = within(cardOf('CISSP')).getByRole('button', { name: 'Delete' });

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }),
    );

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(remove).toHaveFocus());
  });

  it('deleting an activity: the confirmation returns focus to its Delete button when cancelled', async () => {
    const cert = certification({ certification_name: 'CISSP' });
    const { user } = await openList([cert], {
      listActivities: jest.fn().mockResolvedValue([activity({ activity_name: 'Webinar' })]),
    });
    await user.click(within(cardOf('CISSP')).getByRole('button', { name: 'View Activities' }));
    const modal = await screen.findByRole('dialog', { name: 'Activities for CISSP' });
    const remove = within(await within(modal).findByRole('listitem')).getByRole('button', {
      name: 'Delete',
    });

    await user.click(remove);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Please confirm' })).getByRole('button', {
        name: 'Cancel',
      }),
    );

    await waitFor(() => expect(remove).toHaveFocus());
  });
});

describe('form pages open focused on their first field', () => {
  it.each([
    ['/addcertification', 'Certification Name'],
    ['/contactus', 'Name'],
    ['/login', 'Email'],
    ['/signup', 'Email'],
  ])('%s focuses %s', async (route, label) => {
    const api = fakeApi({ listCertifications: jest.fn().mockResolvedValue([]) });
    renderApp({ route, api, auth: route.startsWith('/add') ? fakeAuth() : fakeAuth(null) });

    const first = await screen.findByLabelText(new RegExp(`^(\\* )?${label}$`));
    await waitFor(() => expect(first).toHaveFocus());
  });

  it('an edit page focuses its first field once the record has loaded', async () => {
    const cert = certification({ certification_name: 'CISA' });
    renderApp({
      route: `/updatecertification/${cert.certification_id}`,
      api: fakeApi({ getCertification: jest.fn().mockResolvedValue(cert) }),
    });

    const name = await screen.findByDisplayValue('CISA');
    await waitFor(() => expect(name).toHaveFocus());
  });

  it('a refused submit focuses the first field in error', async () => {
    const { user } = renderApp({ route: '/addcertification', api: fakeApi() });
    await screen.findByRole('heading', { name: 'Add Certification' });

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Certification Name' })).toHaveFocus(),
    );
  });
});

describe('leaving a form with unsaved input asks first', () => {
  async function typedInContact(before: string[] = []) {
    const rendered = renderApp({
      route: '/contactus',
      before,
      auth: fakeAuth(null),
      api: fakeApi(),
    });
    await screen.findByRole('heading', { name: 'Contact Us' });
    await rendered.user.type(
      screen.getByRole('textbox', { name: 'Your Message' }),
      'Half a thought',
    );
    return rendered;
  }

  it('a link asks; Stay keeps the input, Leave goes', async () => {
    const { user } = await typedInContact();

    await user.click(screen.getByRole('link', { name: 'About Us' }));
    const ask = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(ask).toHaveTextContent(LEAVE_TEXT);
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));

    expect(currentPath()).toBe('/contactus');
    expect(screen.getByRole('textbox', { name: 'Your Message' })).toHaveValue('Half a thought');

    await user.click(screen.getByRole('link', { name: 'About Us' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave this page?' })).getByRole('button', {
        name: 'Leave',
      }),
    );
    await waitFor(() => expect(currentPath()).toBe('/aboutus'));
  });

  it('the back button asks too; Stay keeps the form, Leave goes back', async () => {
    const { user, router } = await typedInContact(['/aboutus']);
    // The browser's back button, run the way user-event runs a click (outside act's queue).
    const back = async () => {
      await getConfig().asyncWrapper(() => router.navigate(-1));
      return screen.findByRole('dialog', { name: 'Leave this page?' });
    };

    await user.click(within(await back()).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/contactus');
    expect(screen.getByRole('textbox', { name: 'Your Message' })).toHaveValue('Half a thought');

    await user.click(within(await back()).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('heading', { name: 'About Us' })).toBeInTheDocument();
    expect(currentPath()).toBe('/aboutus');
  });

  it('a reload or a closed tab gets the browser to ask', async () => {
    await typedInContact();

    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);

    expect(event.defaultPrevented).toBe(true);
  });

  it('nothing typed, or just saved: no question', async () => {
    const api = fakeApi({
      createCertification: jest.fn().mockResolvedValue(certification()),
      listCertifications: jest.fn().mockResolvedValue([]),
    });
    const { user } = renderApp({ route: '/addcertification', api });
    await screen.findByRole('heading', { name: 'Add Certification' });
    const untouched = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(untouched);
    expect(untouched.defaultPrevented).toBe(false);

    await user.type(screen.getByRole('combobox', { name: 'Certification Name' }), 'CISSP');
    await user.type(screen.getByLabelText('* Earned Date'), '2024-02-03');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(currentPath()).toBe('/mycertifications'));
    expect(screen.queryByRole('dialog', { name: 'Leave this page?' })).not.toBeInTheDocument();
    expect(api.createCertification).toHaveBeenCalledWith(
      expect.objectContaining({ certification_name: 'CISSP', user_id: USER.user_id }),
    );
  });
});

describe('the mobile menu', () => {
  it('says whether it is open, and Escape closes it, returning focus to its button', async () => {
    const { user } = renderApp({ route: '/aboutus', auth: fakeAuth(null) });
    const toggle = await screen.findByRole('button', { name: 'Toggle navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');

    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
