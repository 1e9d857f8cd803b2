import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { currentPath, currentState, fakeAuth, renderApp } from '../test/harness';
import {
  PASSWORD_CHANGED_TEXT,
  RESET_INFO_TEXT,
  SIGN_IN_FAILED_TEXT,
  SIGN_IN_THROTTLED_TEXT,
  SIGN_IN_UNREACHABLE_TEXT,
} from './Login';

/** Types the email and password and presses Sign in. */
async function signInAs(user: UserEvent, email: string, password: string) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function openLogin(auth = fakeAuth(null)) {
  const rendered = renderApp({ route: '/login', auth });
  await screen.findByRole('heading', { level: 1, name: 'Welcome' });
  return rendered;
}

describe('Log in', () => {
  it('signs in and goes home', async () => {
    const { user, auth } = await openLogin();

    await signInAs(user, 'ada@example.com', 'correct horse');

    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(auth.signIn).toHaveBeenCalledWith('ada@example.com', 'correct horse');
    expect(await screen.findByText('Welcome, ada@example.com')).toBeInTheDocument();
  });

  it("says 'Incorrect email or password.' when sign-in fails", async () => {
    const auth = fakeAuth(null);
    auth.signIn.mockRejectedValue(
      Object.assign(new Error('Incorrect username or password.'), {
        name: 'NotAuthorizedException',
      }),
    );
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openLogin(auth);

    await signInAs(user, 'ada@example.com', 'wrong password');

    expect(await screen.findByText(SIGN_IN_FAILED_TEXT)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it.each([
    ['NetworkError', 'Network error', SIGN_IN_UNREACHABLE_TEXT],
    ['TooManyRequestsException', 'Too many requests', SIGN_IN_THROTTLED_TEXT],
    ['NotAuthorizedException', 'Password attempts exceeded', SIGN_IN_FAILED_TEXT],
  ])(
    'says what a %s means, not that the password is wrong unless it may be',
    async (name, message, text) => {
      const auth = fakeAuth(null);
      auth.signIn.mockRejectedValue(Object.assign(new Error(message), { name }));
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { user } = await openLogin(auth);

      await signInAs(user, 'ada@example.com', 'correct horse');

      expect(await screen.findByText(text)).toBeInTheDocument();
      if (text !== SIGN_IN_FAILED_TEXT) {
        expect(screen.queryByText(SIGN_IN_FAILED_TEXT)).not.toBeInTheDocument();
      }
      expect(currentPath()).toBe('/login');
      warn.mockRestore();
    },
  );

  it('sends an unconfirmed user to the sign-up confirm step, carrying the email', async () => {
    const auth = fakeAuth(null);
    auth.signIn.mockResolvedValue('unconfirmed');
    const { user } = await openLogin(auth);

    await signInAs(user, 'new@example.com', 'correct horse');

    expect(await screen.findByRole('heading', { name: 'Confirm Account' })).toBeInTheDocument();
    expect(currentPath()).toBe('/signup');
    expect(currentState()).toEqual({ email: 'new@example.com', unconfirmed: true });
    await waitFor(() => expect(auth.resendSignUpCode).toHaveBeenCalledWith('new@example.com'));
  });

  it('Create Account goes to /signup', async () => {
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() => expect(currentPath()).toBe('/signup'));
  });

  it('resets a forgotten password: resetPassword, enterCode, then signed in at home', async () => {
    const { user, auth } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Forgot Your Password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByText(RESET_INFO_TEXT)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change Password' }),
    ).toBeInTheDocument();
    expect(auth.resetPassword).toHaveBeenCalledWith('ada@example.com');
    await user.type(screen.getByLabelText('Reset code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(auth.confirmResetPassword).toHaveBeenCalledWith(
      'ada@example.com',
      '654321',
      'a new password',
    );
    expect(auth.signIn).toHaveBeenCalledWith('ada@example.com', 'a new password');
  });

  it('sends a reset for an account never confirmed to the confirm step, which sends a code', async () => {
    const auth = fakeAuth(null);
    auth.resetPassword.mockRejectedValue(
      Object.assign(
        new Error(
          'Cannot reset password for the user as there is no registered/verified email or phone_number',
        ),
        { name: 'InvalidParameterException' },
      ),
    );
    const { user } = await openLogin(auth);

    await user.click(screen.getByRole('button', { name: 'Forgot Your Password?' }));
    await user.type(screen.getByLabelText('Email'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));

    expect(await screen.findByRole('heading', { name: 'Confirm Account' })).toBeInTheDocument();
    expect(currentState()).toEqual({ email: 'new@example.com', unconfirmed: true });
    await waitFor(() => expect(auth.resendSignUpCode).toHaveBeenCalledWith('new@example.com'));
  });

  it('says the password was changed when the sign-in after the reset does not go through', async () => {
    const auth = fakeAuth(null);
    auth.signIn.mockRejectedValue(
      Object.assign(new Error('Password attempts exceeded'), { name: 'NotAuthorizedException' }),
    );
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openLogin(auth);

    await user.click(screen.getByRole('button', { name: 'Forgot Your Password?' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByRole('heading', { name: 'Change Password' });
    await user.type(screen.getByLabelText('Reset code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(PASSWORD_CHANGED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(currentPath()).toBe('/login');
    jest.restoreAllMocks();
  });

  it('shows why a reset code was refused', async () => {
    const auth = fakeAuth(null);
    auth.confirmResetPassword.mockRejectedValue(
      new Error('Invalid verification code provided, please try again.'),
    );
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await openLogin(auth);

    await user.click(screen.getByRole('button', { name: 'Forgot Your Password?' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByRole('heading', { name: 'Change Password' });
    await user.type(screen.getByLabelText('Reset code'), '000000');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(await screen.findByText(/Invalid verification code/)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(logged).toHaveBeenCalledWith('Could not reset the password', expect.any(Error));
    logged.mockRestore();
  });
});
