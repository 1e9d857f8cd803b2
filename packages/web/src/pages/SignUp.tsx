import { type FormEvent, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';
import { authErrorMessage } from '../auth/types';
import {
  AuthSubmit,
  EmailInput,
  EmailedCodeInput,
  NewPasswordInput,
} from '../components/AuthFields';
import { FormCard } from '../components/FormCard';
import { TermsSections } from '../content/Terms';
import { usePageTitle } from '../lib/page';
import { useBusyAction } from '../lib/use-busy-action';
import { paths } from '../paths';

/** The spec's delay between the confirmation success message and the redirect. */
export const REDIRECT_AFTER_CONFIRM_MS = 3000;

export const CODE_SENT_TEXT = "We've sent a code to your email. Please enter it here.";
export const CODE_RESENT_TEXT =
  "You have not yet confirmed your account. We've resent a code to your email. Please enter it here.";
export const REGISTERED_TEXT = 'You have been registered successfully. Redirecting to login...';

/** What /login passes when the user has not confirmed the sign-up code yet. */
export interface UnconfirmedState {
  email: string;
  unconfirmed: true;
}

export function SignUp() {
  const location = useLocation();
  const arrived = location.state as Partial<UnconfirmedState> | null;
  const fromLogin = Boolean(arrived?.unconfirmed && arrived.email);

  const [step, setStep] = useState<0 | 1>(fromLogin ? 1 : 0);
  const [email, setEmail] = useState(fromLogin ? (arrived?.email ?? '') : '');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const { busy, error, setError, run } = useBusyAction();

  const auth = useAuth();
  const { api } = useApi();
  const navigate = useNavigate();
  usePageTitle(step === 0 ? 'Create Account' : 'Confirm Account');

  // Arriving from login unconfirmed: a new code is requested once, on arrival.
  const resent = useRef(false);
  useEffect(() => {
    if (!fromLogin || resent.current || !arrived?.email) return;
    resent.current = true;
    auth
      .service()
      .then((s) => s.resendSignUpCode(arrived.email as string))
      .catch((e: unknown) => setError(authErrorMessage(e)));
  }, [fromLogin, arrived, auth]);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const canSignUp = email.trim() !== '' && password !== '' && terms;

  async function submitSignUp(event: FormEvent) {
    event.preventDefault();
    if (!canSignUp) return;
    await run(async () => {
      try {
        const s = await auth.service();
        const { needsConfirmation } = await s.signUp({
          email: email.trim(),
          password,
          marketingOpt: marketing,
        });
        if (needsConfirmation) setStep(1);
        else await finish();
      } catch (e) {
        setError(authErrorMessage(e));
      }
    });
  }

  /**
   * After confirmation: with the password typed in this visit, sign in and
   * record the user with their marketing choice (the API needs a session);
   * then the spec's success message and redirect after 3 s. Runs inside `run`, which
   * releases the busy flag once it returns.
   */
  async function finish() {
    let destination: string = paths.login;
    if (password) {
      try {
        const outcome = await auth.signIn(email.trim(), password);
        if (outcome === 'signedIn') {
          destination = paths.home;
          await api
            .ensureUser({ email: email.trim(), marketing_opt: marketing })
            .catch((e: unknown) => console.error('Could not record the user', e));
        }
      } catch (e) {
        console.error('Sign-in after confirmation failed', e);
      }
    }
    setSuccess(true);
    timer.current = setTimeout(() => navigate(destination), REDIRECT_AFTER_CONFIRM_MS);
  }

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    if (busy || success) return;
    setNotice(null);
    await run(async () => {
      try {
        const s = await auth.service();
        await s.confirmSignUp(email.trim(), code.trim());
      } catch (e) {
        setError(authErrorMessage(e));
        return;
      }
      await finish();
    });
  }

  async function resend() {
    setError(null);
    setNotice(null);
    try {
      const s = await auth.service();
      await s.resendSignUpCode(email.trim());
      setNotice('A new code is on its way.');
    } catch (e) {
      setError(authErrorMessage(e));
    }
  }

  return (
    <FormCard width="auth">
      {step === 0 ? (
        <Form onSubmit={(e) => void submitSignUp(e)}>
          <h1 className="h3 mb-4 text-center">Create Account</h1>
          {error && <Alert variant="danger">{error}</Alert>}
          <EmailInput
            id="signup-email"
            autoComplete="email"
            value={email}
            onValueChange={setEmail}
          />
          <NewPasswordInput
            id="signup-password"
            label="Password"
            value={password}
            onValueChange={setPassword}
          />
          <section
            className="terms-box border rounded p-3 mb-3"
            tabIndex={0}
            aria-labelledby="signup-terms-heading"
          >
            <h2 id="signup-terms-heading" className="h6">
              Terms and Conditions
            </h2>
            <TermsSections headingLevel="h3" />
          </section>
          <Form.Check
            className="mb-2"
            id="signup-terms"
            required
            checked={terms}
            onChange={(e) => setTerms(e.target.checked)}
            label="I accept the Terms and Conditions"
          />
          <Form.Check
            className="mb-4"
            id="signup-marketing"
            checked={marketing}
            onChange={(e) => setMarketing(e.target.checked)}
            label="Send me occasional emails about new features (optional)"
          />
          <AuthSubmit
            busy={busy}
            disabled={!canSignUp || busy}
            label="Sign Up"
            busyLabel="Signing up…"
          />
          <p className="text-center mt-3 mb-0">
            Already have an account? <Link to={paths.login}>Sign in Here</Link>
          </p>
        </Form>
      ) : (
        <Form onSubmit={(e) => void submitCode(e)}>
          <h1 className="h3 mb-3 text-center">Confirm Account</h1>
          <p>{fromLogin ? CODE_RESENT_TEXT : CODE_SENT_TEXT}</p>
          {error && <Alert variant="danger">{error}</Alert>}
          {notice && (
            <Alert variant="info" role="status">
              {notice}
            </Alert>
          )}
          {success && (
            <Alert variant="success" role="status">
              {REGISTERED_TEXT}
            </Alert>
          )}
          <EmailedCodeInput
            id="signup-code"
            label="Confirmation code"
            value={code}
            onValueChange={setCode}
          />
          <AuthSubmit
            busy={busy}
            disabled={busy || success}
            label="Confirm"
            busyLabel="Confirming…"
          />
          <p className="text-center mt-3 mb-0">
            Didn&apos;t get it?{' '}
            <Button variant="link" className="p-0 align-baseline" onClick={() => void resend()}>
              Send a new code
            </Button>
          </p>
        </Form>
      )}
    </FormCard>
  );
}
