import type { AccountSettings } from '@cpe/shared/account';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { fakeApi, renderApp } from '../test/harness';
import { Account, FORWARDING_TEXTS } from './Account';

const ADDRESS = 'abcdefghjkmnpqrstuvw@in.cpetracker.example';
const NEW_ADDRESS = 'zyxwvutsrqpnmkjhgfed@in.cpetracker.example';

const SETTINGS: AccountSettings = {
  reminders_enabled: true,
  reminder_lead_days: [90, 60, 30, 7],
  marketing_opt: false,
  locale: null,
  time_zone: null,
  holder_name: null,
  calendar_feed: { enabled: false, created_at: null },
  forwarding_address: ADDRESS,
};

const ACCOUNT = { route: '/account', path: '/account', element: <Account /> };
const section = () => within(screen.getByRole('region', { name: 'Forward certificates by email' }));

afterEach(() => jest.restoreAllMocks());

describe('the forwarding address on the Account page', () => {
  it('shows the address with what to forward, and copies it', async () => {
    const api = fakeApi({ getAccountSettings: jest.fn().mockResolvedValue(SETTINGS) });
    const { user } = renderApp({ ...ACCOUNT, api });

    const field = await section().findByRole('textbox', { name: 'Your forwarding address' });
    await waitFor(() => expect(field).toHaveValue(ADDRESS));
    expect(section().getByText(FORWARDING_TEXTS.intro)).toBeInTheDocument();
    expect(section().getByText(new RegExp(FORWARDING_TEXTS.limits))).toBeInTheDocument();

    await user.click(section().getByRole('button', { name: 'Copy' }));
    // user-event stands in for the clipboard: what was written there is read back.
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);
    expect(await section().findByRole('button', { name: 'Copied.' })).toBeInTheDocument();
  });

  it('rotates the address only once the user confirms, and shows the new one', async () => {
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      rotateForwardingAddress: jest.fn().mockResolvedValue({ forwarding_address: NEW_ADDRESS }),
    });
    const { user } = renderApp({ ...ACCOUNT, api });
    const rotate = await section().findByRole('button', { name: 'Get a new address' });
    await waitFor(() => expect(rotate).toBeEnabled());

    await user.click(rotate);
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(FORWARDING_TEXTS.confirmRotate)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(api.rotateForwardingAddress).not.toHaveBeenCalled();

    await user.click(rotate);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Get a new address' }),
    );

    expect(await section().findByText(FORWARDING_TEXTS.rotated)).toBeInTheDocument();
    expect(api.rotateForwardingAddress).toHaveBeenCalledTimes(1);
    expect(section().getByRole('textbox', { name: 'Your forwarding address' })).toHaveValue(
      NEW_ADDRESS,
    );
  });

  it('keeps the address when the rotation fails, and says so', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      rotateForwardingAddress: jest.fn().mockRejectedValue(new ApiError(500, 'Internal error')),
    });
    const { user } = renderApp({ ...ACCOUNT, api });
    const rotate = await section().findByRole('button', { name: 'Get a new address' });
    await waitFor(() => expect(rotate).toBeEnabled());
    await user.click(rotate);
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Get a new address' }),
    );

    expect(await section().findByText(FORWARDING_TEXTS.rotateFailed)).toBeInTheDocument();
    expect(section().getByRole('textbox', { name: 'Your forwarding address' })).toHaveValue(
      ADDRESS,
    );
  });

  it('says so where the site receives no mail', async () => {
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue({ ...SETTINGS, forwarding_address: null }),
    });
    renderApp({ ...ACCOUNT, api });

    expect(await section().findByText(FORWARDING_TEXTS.none)).toBeInTheDocument();
    expect(section().queryByRole('button', { name: 'Get a new address' })).not.toBeInTheDocument();
  });
});
