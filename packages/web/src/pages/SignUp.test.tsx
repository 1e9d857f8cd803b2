import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { USER, currentPath, fakeApi, fakeAuth, renderApp } from '../test/harness';
import {
  CODE_RESENT_TEXT,
  CODE_SENT_TEXT,
  REGISTERED_TEXT,
  SIGNED_UP_BEFORE_TEXT,
  SignUp,
} from './SignUp';

const signUpButton = () => screen.getByRole('button', { name: 'Sign Up' });

/** Fills the form as Ada, accepts the terms and presses Sign Up. */
async function signUpAs(user: UserEvent) {
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), 'correct horse');
  await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
  await user.click(signUpButton());
}

describe('Sign up', () => {
  it('enables Sign Up only with email, password and the accepted terms', async () => {
    const { user } = renderApp({ element: <SignUp />, auth: fakeAuth(null) });
    await screen.findByRole('heading', { level: 1, name: 'Create Account' });

    expect(signUpButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    expect(signUpButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    expect(signUpButton()).toBeDisabled();
    await user.click(screen.getByLabelText(/new features/));
    expect(signUpButton()).toBeDisabled();
    await user.click(screen.getByLabelText('I accept the Terms and Conditions'));

    expect(signUpButton()).toBeEnabled();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  });

  it('shows the terms: governing law and the 30-day dispute period', async () => {
    renderApp({ element: <SignUp />, auth: fakeAuth(null) });

    expect(await screen.findByText(/governed by the laws of Australia/)).toBeInTheDocument();
    expect(screen.getByText(/for 30 days before/)).toBeInTheDocument();
  });

  it('signs up with the marketing choice, confirms, signs in, records the user and redirects after 3 s', async () => {
    jest.useFakeTimers();
    try {
      const auth = fakeAuth(null);
      const api = fakeApi({ ensureUser: jest.fn().mockResolvedValue(USER) });
      const { user } = renderApp({ route: '/signup', element: <SignUp />, auth, api });
      await screen.findByRole('heading', { name: 'Create Account' });

      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.type(screen.getByLabelText('Password'), 'correct horse');
      await user.click(screen.getByLabelText('I accept the Terms and Conditions'));
      await user.click(screen.getByLabelText(/new features/));
      await user.click(signUpButton());

      expect(await screen.findByRole('heading', { name: 'Confirm Account' })).toBeInTheDocument();
      expect(screen.getByText(CODE_SENT_TEXT)).toBeInTheDocument();
      expect(auth.signUp).toHaveBeenCalledWith({
        email: 'ada@example.com',
        password: 'correct horse',
        marketingOpt: true,
      });

      await user.type(screen.getByLabelText('Confirmation code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));

      expect(await screen.findByText(REGISTERED_TEXT)).toBeInTheDocument();
      await screen.findByRole('button', { name: 'Confirm' });
      expect(auth.confirmSignUp).toHaveBeenCalledWith('ada@example.com', '123456');
      expect(auth.signIn).toHaveBeenCalledWith('ada@example.com', 'correct horse');
      expect(api.ensureUser).toHaveBeenCalledWith({
        email: 'ada@example.com',
        marketing_opt: true,
      });
      expect(currentPath()).toBe('/signup');

      // The findBy* calls above already advanced the fake clock by their polling interval (50 ms each).
      act(() => jest.advanceTimersByTime(2800));
      expect(currentPath()).toBe('/signup');
      act(() => jest.advanceTimersByTime(200));
      expect(currentPath()).toBe('/');
    } finally {
      jest.useRealTimers();
    }
  });

  it("shows the provider's message in a red alert when sign-up fails", async () => {
    const auth = fakeAuth(null);
    auth.signUp.mockRejectedValue(
      Object.assign(new Error('User already exists'), { name: 'UsernameExistsException' }),
    );
    const { user } = renderApp({ element: <SignUp />, auth });
    await screen.findByRole('heading', { name: 'Create Account' });

    await signUpAs(user);

    const alert = await screen.findByText('User already exists');
    expect(alert).toHaveClass('alert-danger');
    // An account whose code was never entered is finished by logging in: the page says how.
    expect(
      screen.getByText(new RegExp(`^${SIGNED_UP_BEFORE_TEXT.slice(0, 40)}`)),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('goes on to the confirm step when the account was made but its code could not be sent', async () => {
    const auth = fakeAuth(null);
    auth.signUp.mockRejectedValue(
      Object.assign(new Error('Unable to deliver the verification code.'), {
        name: 'CodeDeliveryFailureException',
      }),
    );
    const { user } = renderApp({ element: <SignUp />, auth });
    await screen.findByRole('heading', { name: 'Create Account' });

    await signUpAs(user);

    expect(await screen.findByRole('heading', { name: 'Confirm Account' })).toBeInTheDocument();
    expect(screen.getByText('Unable to deliver the verification code.')).toHaveClass(
      'alert-danger',
    );
    await user.click(screen.getByRole('button', { name: /new code/i }));
    await waitFor(() => expect(auth.resendSignUpCode).toHaveBeenCalledWith('ada@example.com'));
  });

  it('arriving from login unconfirmed: confirm step, the resent text, and a new code requested once', async () => {
    const auth = fakeAuth(null);
    renderApp({
      route: { pathname: '/signup', state: { email: 'ada@example.com', unconfirmed: true } },
      element: <SignUp />,
      auth,
    });

    expect(await screen.findByRole('heading', { name: 'Confirm Account' })).toBeInTheDocument();
    expect(screen.getByText(CODE_RESENT_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(auth.resendSignUpCode).toHaveBeenCalledWith('ada@example.com'));
    expect(auth.resendSignUpCode).toHaveBeenCalledTimes(1);
  });

  it('confirmed from login, Back goes past the confirm step instead of asking for a code again', async () => {
    jest.useFakeTimers();
    try {
      const auth = fakeAuth(null);
      const { router, user } = renderApp({
        before: ['/login'],
        route: { pathname: '/signup', state: { email: 'ada@example.com', unconfirmed: true } },
        element: <SignUp />,
        path: '/signup',
        auth,
      });
      await screen.findByRole('heading', { name: 'Confirm Account' });
      await user.type(screen.getByLabelText('Confirmation code'), '123456');
      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText(REGISTERED_TEXT)).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(3000));
      expect(currentPath()).toBe('/login');

      await act(() => router.navigate(-1));
      expect(currentPath()).not.toBe('/signup');
      expect(auth.resendSignUpCode).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows a wrong confirmation code as an error', async () => {
    const auth = fakeAuth(null);
    auth.confirmSignUp.mockRejectedValue(
      new Error('Invalid verification code provided, please try again.'),
    );
    const { user } = renderApp({
      route: { pathname: '/signup', state: { email: 'ada@example.com', unconfirmed: true } },
      element: <SignUp />,
      auth,
    });
    await screen.findByRole('heading', { name: 'Confirm Account' });

    await user.type(screen.getByLabelText('Confirmation code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText(/Invalid verification code/)).toHaveClass('alert-danger');
    expect(screen.queryByText(REGISTERED_TEXT)).not.toBeInTheDocument();
  });
});
