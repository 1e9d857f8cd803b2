import { type FormEvent, useState } from 'react';
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
import { FormCard } from '../components/FormCard';
import { usePageTitle } from '../lib/page';
import { useBusyAction } from '../lib/use-busy-action';
import { paths } from '../paths';
import type { UnconfirmedState } from './SignUp';

export type LoginMode = 'login' | 'resetPassword' | 'enterCode';

export const SIGN_IN_FAILED_TEXT = 'Incorrect email or password.';
export const RESET_INFO_TEXT =
  "Enter your account's email address. If an account exists for it, we'll send you a reset code.";

const TITLES: Record<LoginMode, string> = {
  login: 'Welcome',
  resetPassword: 'Reset Password',
  enterCode: 'Change Password',
};

export function Login() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;

  const [mode, setMode] = useState<LoginMode>('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const { busy, error, setError, run } = useBusyAction();
  usePageTitle(TITLES[mode]);

  if (auth.status === 'signedIn' && !busy) return <Navigate to={from ?? paths.home} replace />;

  function switchTo(next: LoginMode) {
    setError(null);
    setMode(next);
  }

  const signIn = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        const outcome = await auth.signIn(email.trim(), password);
        if (outcome === 'unconfirmed') {
          const state: UnconfirmedState = { email: email.trim(), unconfirmed: true };
          navigate(paths.signUp, { state });
          return;
        }
        navigate(from ?? paths.home, { replace: true });
      } catch (e) {
        console.warn('Sign-in failed', e);
        setError(SIGN_IN_FAILED_TEXT);
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
        navigate(paths.home, { replace: true });
      } catch (e) {
        console.warn('Sign-in after reset failed', e);
        setPassword('');
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
      {error && <Alert variant="danger">{error}</Alert>}

      {mode === 'login' && (
        <Form onSubmit={signIn}>
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
            onClick={() => navigate(paths.signUp)}
          >
            Create Account
          </Button>
        </Form>
      )}

      {mode === 'resetPassword' && (
        <Form onSubmit={sendResetCode}>
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
        <Form onSubmit={changePassword}>
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
