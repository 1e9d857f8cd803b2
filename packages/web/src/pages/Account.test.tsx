import type { AccountSettings } from '@cpe/shared/account';
import { screen, waitFor, within } from '@testing-library/react';
import { ApiError } from '../api/client';
import { USER, currentPath, currentState, fakeApi, fakeAuth, renderApp } from '../test/harness';
import { ACCOUNT_TEXTS, Account } from './Account';

const SETTINGS: AccountSettings = {
  reminders_enabled: true,
  reminder_lead_days: [90, 60, 30, 7],
  marketing_opt: false,
  locale: 'en-GB',
  time_zone: 'Europe/London',
  holder_name: null,
  calendar_feed: { enabled: false, created_at: null },
  forwarding_address: 'abcdefghjkmnpqrstuvw@in.cpetracker.example',
};

const FEED = { path: `/api/calendar/${'a'.repeat(43)}.ics`, created_at: '2026-11-23T10:00:00Z' };

afterEach(() => jest.restoreAllMocks());

const ACCOUNT = { route: '/account', path: '/account', element: <Account /> };

function section(name: string) {
  return within(screen.getByRole('region', { name }));
}

describe('Account', () => {
  it('shows every section at once, the settings disabled until they arrive', async () => {
    let answer: (settings: AccountSettings) => void = () => undefined;
    const api = fakeApi({
      getAccountSettings: jest.fn(
        () => new Promise<AccountSettings>((resolve) => (answer = resolve)),
      ),
    });
    renderApp({ ...ACCOUNT, api });
    await screen.findByRole('heading', { level: 1, name: 'Account' });

    for (const name of [
      'Reminders and email',
      'Calendar feed',
      'Change password',
      'Your data',
      'Delete account',
    ]) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Save settings' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Turn on calendar feed' })).toBeDisabled();

    answer({ ...SETTINGS, marketing_opt: true });

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save settings' })).toBeEnabled(),
    );
    expect(screen.getByRole('checkbox', { name: 'Email me about new features' })).toBeChecked();
    expect(screen.getByText('Your feed is off.')).toBeInTheDocument();
  });

  it('saves the lead times, the reminder switch and the marketing opt-in', async () => {
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      updateAccountSettings: jest
        .fn()
        .mockResolvedValue({ ...SETTINGS, reminder_lead_days: [90, 30, 7], marketing_opt: true }),
    });
    const { user } = renderApp({ ...ACCOUNT, api });
    const save = await screen.findByRole('button', { name: 'Save settings' });
    await waitFor(() => expect(save).toBeEnabled());

    await user.click(screen.getByRole('checkbox', { name: '60 days' }));
    await user.click(screen.getByRole('checkbox', { name: 'Email me about new features' }));
    await user.click(save);

    expect(await screen.findByText(ACCOUNT_TEXTS.saved)).toBeInTheDocument();
    expect(api.updateAccountSettings).toHaveBeenCalledWith({
      reminders_enabled: true,
      reminder_lead_days: [90, 30, 7],
      marketing_opt: true,
    });
    await user.click(screen.getByRole('checkbox', { name: /reminder before/ }));
    expect(screen.getByRole('checkbox', { name: '90 days' })).toBeDisabled();
  });

  it('turns the feed on and shows its address once, with the note to keep it private', async () => {
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      enableCalendarFeed: jest.fn().mockResolvedValue(FEED),
      disableCalendarFeed: jest.fn().mockResolvedValue(undefined),
    });
    const { user } = renderApp({ ...ACCOUNT, api });
    const turnOn = await screen.findByRole('button', { name: 'Turn on calendar feed' });
    await waitFor(() => expect(turnOn).toBeEnabled());

    await user.click(turnOn);

    const address = await screen.findByRole('textbox', { name: 'Feed address' });
    expect(address).toHaveValue(`${window.location.origin}${FEED.path}`);
    expect(screen.getByText(ACCOUNT_TEXTS.feedPrivate)).toBeInTheDocument();
    expect(section('Calendar feed').getByText(/Your feed is on/)).toBeInTheDocument();
    // The button pressed is gone: the keyboard's focus is on what took its place.
    await waitFor(() => expect(address).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Turn off' }));

    expect(await screen.findByText(ACCOUNT_TEXTS.feedOff)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Feed address' })).not.toBeInTheDocument();
    const onAgain = screen.getByRole('button', { name: 'Turn on calendar feed' });
    expect(onAgain).toBeEnabled();
    await waitFor(() => expect(onAgain).toHaveFocus());
  });

  it('changes the password through the API, checking the repeat first and naming a wrong current password', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      changePassword: jest
        .fn()
        .mockRejectedValueOnce(
          new ApiError(400, 'Invalid request: Current password is not correct', {
            current_password: 'Current password is not correct',
          }),
        )
        .mockResolvedValue(undefined),
    });
    const { user } = renderApp({ ...ACCOUNT, api });
    const form = within(await screen.findByRole('region', { name: 'Change password' }));
    const fill = async (current: string, next: string, again: string) => {
      for (const [label, value] of [
        ['Current password', current],
        ['New password', next],
        ['New password again', again],
      ] as const) {
        await user.clear(form.getByLabelText(label));
        await user.click(form.getByLabelText(label));
        await user.paste(value);
      }
      await user.click(form.getByRole('button', { name: 'Change password' }));
    };

    await fill('old password', 'new password', 'other password');
    expect(await form.findByText(ACCOUNT_TEXTS.passwordMismatch)).toBeInTheDocument();
    expect(api.changePassword).not.toHaveBeenCalled();

    await fill('old password', 'new password', 'new password');
    expect(await form.findByText('Current password is not correct.')).toBeInTheDocument();

    await fill('old password', 'new password', 'new password');
    expect(await form.findByText(ACCOUNT_TEXTS.passwordChanged)).toBeInTheDocument();
    expect(api.changePassword).toHaveBeenLastCalledWith({
      current_password: 'old password',
      new_password: 'new password',
    });
    expect(form.getByLabelText('Current password')).toHaveValue('');
  });

  it('saves locale, time zone and the name on reports, refusing ones mail cannot use with the field named', async () => {
    const api = fakeApi({
      getAccountSettings: jest
        .fn()
        .mockResolvedValue({ ...SETTINGS, locale: null, time_zone: null }),
      updateAccountSettings: jest.fn((body: object) => Promise.resolve({ ...SETTINGS, ...body })),
    });
    const { user } = renderApp({ ...ACCOUNT, api });
    const form = within(
      await screen.findByRole('region', { name: 'Language, time zone and name' }),
    );
    const locale = form.getByLabelText('Locale');
    // Nothing stored: the browser's own, said to be unsaved.
    await waitFor(() => expect(locale).toBeEnabled());
    expect(locale).toHaveValue(Intl.DateTimeFormat().resolvedOptions().locale);
    expect(
      form.getByText(/dates read like .*from this browser; not saved yet/),
    ).toBeInTheDocument();
    expect(
      form.getByText(/by its date \(from this browser; not saved yet, so UTC counts until it is\)/),
    ).toBeInTheDocument();

    await user.clear(locale);
    await user.type(locale, 'english');
    await user.clear(form.getByLabelText('Time zone'));
    await user.type(form.getByLabelText('Time zone'), 'Mars/Base');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(
      await form.findByText(/^Locale must be a language tag such as en-GB/),
    ).toBeInTheDocument();
    expect(form.getByText(/^Time zone must be a time zone name/)).toBeInTheDocument();
    expect(api.updateAccountSettings).not.toHaveBeenCalled();
    // Said to assistive technology too: each field is invalid and described by its error, and
    // the keyboard is taken to the first.
    expect(locale).toBeInvalid();
    expect(locale).toHaveAccessibleDescription(/^Locale must be a language tag such as en-GB/);
    expect(form.getByLabelText('Time zone')).toHaveAccessibleDescription(
      /^Time zone must be a time zone name/,
    );
    expect(locale).toHaveFocus();

    await user.clear(locale);
    await user.type(locale, 'de-de');
    expect(form.getByText(/dates read like 1\. Dez\. 2026/)).toBeInTheDocument();
    await user.clear(form.getByLabelText('Time zone'));
    await user.type(form.getByLabelText('Time zone'), 'Europe/Berlin');
    await user.type(form.getByLabelText('Name on reports'), 'Ada Lovelace');
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await form.findByText(ACCOUNT_TEXTS.localeSaved)).toBeInTheDocument();
    expect(api.updateAccountSettings).toHaveBeenCalledWith({
      locale: 'de-de',
      time_zone: 'Europe/Berlin',
      holder_name: 'Ada Lovelace',
    });
  });

  it("downloads a large account's data through the link the API answers", async () => {
    const opened: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      opened.push(this.href);
    });
    const link = 'https://files.example/downloads/cpe-tracker-data-2026-11-27.json';
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      exportAccount: jest.fn().mockResolvedValue({ url: link }),
    });
    const { user } = renderApp({ ...ACCOUNT, api });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));

    await waitFor(() => expect(opened).toEqual([link]));
    expect(section('Your data').queryByRole('alert')).toBeNull();
  });

  it('deletes the account only once the email is typed, then signs out and goes home', async () => {
    const auth = fakeAuth();
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      deleteAccount: jest
        .fn()
        .mockRejectedValueOnce(new ApiError(500, 'Internal server error'))
        .mockResolvedValue(undefined),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderApp({ ...ACCOUNT, api, auth });
    const danger = within(await screen.findByRole('region', { name: 'Delete account' }));
    const remove = danger.getByRole('button', { name: 'Delete my account' });

    const typed = danger.getByLabelText('Type your email to confirm');
    await user.click(typed);
    await user.paste('someone@else.example');
    expect(remove).toBeDisabled();
    await user.clear(typed);
    await user.paste(USER.email.toUpperCase());
    await user.click(remove);
    expect(await danger.findByText(ACCOUNT_TEXTS.deleteFailed)).toBeInTheDocument();
    expect(auth.signOut).not.toHaveBeenCalled();

    await user.click(remove);

    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(api.deleteAccount).toHaveBeenLastCalledWith(USER.email.toUpperCase());
    expect(auth.signOut).toHaveBeenCalled();
    expect(currentState()).toEqual({ flash: ACCOUNT_TEXTS.deleted, accountDeleted: true });
  });

  it('goes home after a deletion without looking up the deleted user, who is still signed in for a moment', async () => {
    const auth = fakeAuth();
    const api = fakeApi({
      getAccountSettings: jest.fn().mockResolvedValue(SETTINGS),
      deleteAccount: jest.fn().mockResolvedValue(undefined),
    });
    // The whole app, opened on the account page: home has not looked the user up yet.
    const { user } = renderApp({ route: '/account', api, auth });
    const danger = within(await screen.findByRole('region', { name: 'Delete account' }));
    await user.click(danger.getByLabelText('Type your email to confirm'));
    await user.paste(USER.email);
    await user.click(danger.getByRole('button', { name: 'Delete my account' }));

    expect(await screen.findByText(ACCOUNT_TEXTS.deleted)).toBeInTheDocument();
    await waitFor(() => expect(auth.signOut).toHaveBeenCalled());
    expect(api.getUser).not.toHaveBeenCalled();
    expect(api.ensureUser).not.toHaveBeenCalled();
  });
});
