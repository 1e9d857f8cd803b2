import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { authErrorMessage } from '../auth/types';
import {
  AuthInput,
  AuthSubmit,
  EmailInput,
  EmailedCodeInput,
  NewPasswordInput,
} from '../components/AuthFields';
import { Feedback } from '../components/Feedback';
import type { Notice } from '../lib/notice';
import { FormCard } from '../components/FormCard';
import type { SignInState } from '../components/RequireAuth';
import { usePageTitle } from '../lib/page';
import { readStep, saveStep } from '../lib/session-step';
import { useBusyAction } from '../lib/use-busy-action';
import { type ReturnState, useFocusFirstField } from '../lib/use-form';
import { paths } from '../paths';
import type { UnconfirmedState } from './SignUp';

export type LoginMode = 'login' | 'resetPassword' | 'enterCode';

export const SIGN_IN_FAILED_TEXT = 'Incorrect email or password.';
/** Failures that say nothing about the email or the password: a sign-in never answered, or held back. */
export const SIGN_IN_UNREACHABLE_TEXT =
  'The sign-in service could not be reached. Check your connection and try again.';
export const SIGN_IN_THROTTLED_TEXT =
  'Too many sign-in requests right now. Wait a minute and try again.';

/**
 * What a failed sign-in says. A refused one is always "Incorrect email or
 * password." (a locked account too: it says nothing about which emails are
 * registered); one that never reached the pool, or that it held back, says
 * so, rather than send a user with the right password to reset it.
 */
function signInFailureText(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NetworkError') return SIGN_IN_UNREACHABLE_TEXT;
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
    return SIGN_IN_THROTTLED_TEXT;
  }
  return SIGN_IN_FAILED_TEXT;
}
export const SESSION_ENDED_TEXT =
  'Your session has ended (you signed out in another tab, or it expired). Sign in again to go back to where you were: anything you had not saved there is kept.';
export const PASSWORD_CHANGED_TEXT = 'Your password has been changed. Sign in with it to go on.';
export const RESET_INFO_TEXT =
  "Enter your account's email address. If an account exists for it, we'll send you a reset code.";

/** A password reset in progress, kept across a reload of the tab (the email only, never the code). */
const RESET_KEY = 'cpe.passwordReset';
const RESET_STEPS: readonly LoginMode[] = ['resetPassword', 'enterCode'];

const TITLES: Record<LoginMode, string> = {
  login: 'Welcome',
  resetPassword: 'Reset Password',
  enterCode: 'Change Password',
};

export function Login() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { from, expired, previous } = returnFrom(location.state);

  const [resumed] = useState(() => readStep(RESET_KEY, RESET_STEPS));
  const [mode, setMode] = useState<LoginMode>(resumed?.step ?? 'login');
  const [email, setEmail] = useState(resumed?.email ?? previous ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  /** The reset went through but the sign-in after it did not: say so, rather than nothing. */
  const [changed, setChanged] = useState(false);
  const { busy, error, setError, run } = useBusyAction();
  const failure = useMemo<Notice | null>(
    () => (error ? { variant: 'danger', text: error } : null),
    [error],
  );
  const formRef = useRef<HTMLFormElement>(null);
  usePageTitle(TITLES[mode]);
  useFocusFirstField(formRef, mode);

  useEffect(() => {
    saveStep(RESET_KEY, mode === 'login' ? null : { step: mode, email: email.trim() });
  }, [mode, email]);

  // Back to the page that sent the user here (which then says why its draft is back); a page of
  // someone else's session is not this user's to return to.
  const returnTo = (signedInAs: string | undefined) =>
    expired && previous && signedInAs?.toLowerCase() !== previous.toLowerCase() ? undefined : from;
  const back: ReturnState | undefined = expired ? { signedInAgain: true } : undefined;
  if (auth.status === 'signedIn' && !busy) {
    const to = returnTo(auth.user?.email);
    return <Navigate to={to ?? paths.home} replace state={to ? back : undefined} />;
  }

  function switchTo(next: LoginMode) {
    setError(null);
    setMode(next);
  }

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    void run(async () => {
      try {
        const outcome = await auth.signIn(email.trim(), password);
        if (outcome === 'unconfirmed') {
          const state: UnconfirmedState = { email: email.trim(), unconfirmed: true };
          void navigate(paths.signUp, { state });
          return;
        }
        const to = returnTo(email.trim());
        void navigate(to ?? paths.home, { replace: true, state: to ? back : undefined });
      } catch (e) {
        console.warn('Sign-in failed', e);
        setError(signInFailureText(e));
      }
    });
  };

  const sendResetCode = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        await (await auth.service()).resetPassword(email.trim());
        switchTo('enterCode');
      } catch (e) {
        // An account never confirmed has no verified email to send a reset code to: it is
        // confirmed first, as signing in to it would (a new sign-up code is sent).
        if (
          e instanceof Error &&
          e.name === 'InvalidParameterException' &&
          /verified/.test(e.message)
        ) {
          const state: UnconfirmedState = { email: email.trim(), unconfirmed: true };
          void navigate(paths.signUp, { state });
          return;
        }
        console.error('Could not send a reset code', e);
        setError(authErrorMessage(e));
      }
    });
  };

  const changePassword = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        await (await auth.service()).confirmResetPassword(email.trim(), code.trim(), newPassword);
      } catch (e) {
        console.error('Could not reset the password', e);
        setError(authErrorMessage(e));
        return;
      }
      // Back to login, signed in with the new password, and home (the spec's transition).
      setMode('login');
      try {
        await auth.signIn(email.trim(), newPassword);
        void navigate(paths.home, { replace: true });
      } catch (e) {
        console.warn('Sign-in after reset failed', e);
        setPassword('');
        setChanged(true);
      }
    });
  };

  // The two recovery steps both lead back to the sign-in form.
  const backToSignIn = (
    <div className="text-center mt-3">
      <Button variant="link" className="p-0" onClick={() => switchTo('login')}>
        Back to sign in
      </Button>
    </div>
  );

  return (
    <FormCard width="auth">
      <h1 className="h3 mb-4 text-center">{TITLES[mode]}</h1>
      {expired && mode === 'login' && !changed && (
        <Alert variant="info" className="small">
          {SESSION_ENDED_TEXT}
        </Alert>
      )}
      {changed && mode === 'login' && (
        <Alert variant="success" className="small">
          {PASSWORD_CHANGED_TEXT}
        </Alert>
      )}
      <Feedback notice={failure} />

      {mode === 'login' && (
        <Form ref={formRef} onSubmit={signIn}>
          <EmailInput
            id="login-email"
            autoComplete="username"
            value={email}
            onValueChange={setEmail}
          />
          <AuthInput
            id="login-password"
            groupClassName="mb-2"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onValueChange={setPassword}
          />
          <div className="text-end mb-3">
            <Button variant="link" className="p-0" onClick={() => switchTo('resetPassword')}>
              Forgot Your Password?
            </Button>
          </div>
          <AuthSubmit busy={busy} label="Sign in" busyLabel="Signing in…" />
          <hr className="my-4" />
          <Button
            variant="outline-primary"
            className="w-100"
            onClick={() => void navigate(paths.signUp)}
          >
            Create Account
          </Button>
        </Form>
      )}

      {mode === 'resetPassword' && (
        <Form ref={formRef} onSubmit={sendResetCode}>
          <p>{RESET_INFO_TEXT}</p>
          <EmailInput
            id="reset-email"
            autoComplete="username"
            value={email}
            onValueChange={setEmail}
          />
          <AuthSubmit busy={busy} label="Send Reset Code" busyLabel="Sending…" />
          {backToSignIn}
        </Form>
      )}

      {mode === 'enterCode' && (
        <Form ref={formRef} onSubmit={changePassword}>
          <p>
            If an account exists for <strong className="text-break">{email}</strong>, a reset code
            is on its way. Enter it with your new password.
          </p>
          <EmailedCodeInput
            id="reset-code"
            label="Reset code"
            value={code}
            onValueChange={setCode}
          />
          <NewPasswordInput
            id="reset-new-password"
            label="New password"
            value={newPassword}
            onValueChange={setNewPassword}
          />
          <AuthSubmit busy={busy} label="Reset Password" busyLabel="Resetting…" />
          {backToSignIn}
        </Form>
      )}
    </FormCard>
  );
}

/**
 * Where a protected page that sent the user here asked to be taken back
 * (RequireAuth), if anywhere: a path of this app, never another site.
 */
function returnFrom(state: unknown): {
  from: string | undefined;
  expired: boolean;
  previous: string | undefined;
} {
  const { from, expired, email } = (state ?? {}) as Partial<SignInState>;
  const internal = typeof from === 'string' && from.startsWith('/') && !from.startsWith('//');
  return {
    from: internal ? from : undefined,
    expired: expired === true,
    previous: typeof email === 'string' ? email : undefined,
  };
}
