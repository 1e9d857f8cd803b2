/**
 * Sign-up and password reset hold up to what users do: double clicks,
 * reloads in the middle, addresses Cognito would refuse, and arriving signed in.
 */
import { screen, waitFor } from '@testing-library/react';
import { currentPath, fakeApi, fakeAuth, renderApp } from '../test/harness';
import { CODE_RESENT_TEXT, CODE_SENT_TEXT, NEW_CODE_TEXT, SignUp } from './SignUp';

async function reachConfirmStep(auth = fakeAuth(null)) {
  const rendered = renderApp({ route: '/signup', element: <SignUp />, auth });
  await screen.findByRole('heading', { name: 'Create Account' });
  await rendered.user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await rendered.user.type(screen.getByLabelText('Password'), 'correct horse');
  await rendered.user.click(screen.getByLabelText('I accept the Terms and Conditions'));
  await rendered.user.click(screen.getByRole('button', { name: 'Sign Up' }));
  await screen.findByRole('heading', { name: 'Confirm Account' });
  return rendered;
}

describe('sign-up', () => {
  it('refuses an address Cognito would refuse, before asking Cognito', async () => {
    const auth = fakeAuth(null);
    const { user } = renderApp({ route: '/signup', element: <SignUp />, auth });
    await screen.findByRole('heading', { name: 'Create Account' });

    await user.type(screen.getByLabelText('Email'), `${'a'.repeat(300)}@example.com`);
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email must/);
    expect(auth.signUp).not.toHaveBeenCalled();
  });

  it('"Send a new code" double-clicked sends one code', async () => {
    const { user, auth } = await reachConfirmStep();

    await user.dblClick(screen.getByRole('button', { name: 'Send a new code' }));

    expect(await screen.findByText(NEW_CODE_TEXT)).toBeInTheDocument();
    expect(auth.resendSignUpCode).toHaveBeenCalledTimes(1);
  });

  it('a reload on the confirm step keeps the step and the email', async () => {
    const { unmount } = await reachConfirmStep();
    unmount();

    const auth = fakeAuth(null);
    const { user } = renderApp({ route: '/signup', element: <SignUp />, auth, keepSession: true });

    expect(await screen.findByRole('heading', { name: 'Confirm Account' })).toBeInTheDocument();
    expect(screen.getByText(CODE_SENT_TEXT)).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirmation code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(auth.confirmSignUp).toHaveBeenCalledWith('ada@example.com', '123456'),
    );
  });

  it('a reload after arriving from login unconfirmed keeps the step without sending another code', async () => {
    const arrival = { pathname: '/signup', state: { email: 'ada@example.com', unconfirmed: true } };
    const first = renderApp({ route: arrival, element: <SignUp />, auth: fakeAuth(null) });
    await waitFor(() => expect(first.auth.resendSignUpCode).toHaveBeenCalledTimes(1));
    first.unmount();

    const auth = fakeAuth(null);
    renderApp({ route: arrival, element: <SignUp />, auth, keepSession: true });

    expect(await screen.findByText(CODE_RESENT_TEXT)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(auth.resendSignUpCode).not.toHaveBeenCalled();
  });

  it('"Use a different email" goes back to an empty sign-up form', async () => {
    const { user } = await reachConfirmStep();

    await user.click(screen.getByRole('button', { name: 'Use a different email' }));

    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('sends a signed-in user home', async () => {
    renderApp({ route: '/signup', api: fakeApi() });

    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Track my CPEs' })).toBeInTheDocument();
  });
});

describe('password reset', () => {
  it('a reload keeps the step and the email', async () => {
    const first = renderApp({ route: '/login', auth: fakeAuth(null) });
    await first.user.click(await screen.findByRole('button', { name: 'Forgot Your Password?' }));
    await first.user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await first.user.click(screen.getByRole('button', { name: 'Send Reset Code' }));
    await screen.findByRole('heading', { name: 'Change Password' });
    first.unmount();

    const auth = fakeAuth(null);
    const { user } = renderApp({ route: '/login', auth, keepSession: true });

    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reset code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(auth.confirmResetPassword).toHaveBeenCalledWith(
        'ada@example.com',
        '654321',
        'a new password',
      ),
    );
  });
});
