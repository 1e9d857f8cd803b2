import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { EMAIL_MESSAGES, emailProblem } from '@cpe/shared/email';
import { useApi } from '../api/ApiContext';
import { useAuth } from '../auth/AuthContext';
import { authErrorMessage } from '../auth/types';
import {
  AuthSubmit,
  EmailInput,
  EmailedCodeInput,
  NewPasswordInput,
} from '../components/AuthFields';
import { Feedback } from '../components/Feedback';
import type { Notice } from '../lib/notice';
import { FormCard } from '../components/FormCard';
import { TermsSections } from '../content/Terms';
import { readableMessage } from '../lib/readable-message';
import { usePageTitle } from '../lib/page';
import { readStep, saveStep } from '../lib/session-step';
import { useBusyAction } from '../lib/use-busy-action';
import { useFocusFirstField } from '../lib/use-form';
import { paths } from '../paths';

/** The spec's delay between the confirmation success message and the redirect. */
export const REDIRECT_AFTER_CONFIRM_MS = 3000;
/** How long "Send a new code" rests after sending one: each new code replaces the last. */
export const RESEND_PAUSE_MS = 30_000;

export const CODE_SENT_TEXT = "We've sent a code to your email. Please enter it here.";
export const CODE_RESENT_TEXT =
  "You have not yet confirmed your account. We've resent a code to your email. Please enter it here.";
export const REGISTERED_TEXT = 'You have been registered successfully. Redirecting to login...';
export const NEW_CODE_TEXT = 'A new code is on its way.';
/** Beside "User already exists": an account whose code was never entered is finished by signing in. */
export const SIGNED_UP_BEFORE_TEXT =
  'Signed up with this email before, but never entered the code? Log in with the password you chose then, and you will be sent a new code.';

const REGISTERED: Notice = { variant: 'success', text: REGISTERED_TEXT };

/** What /login passes when the user has not confirmed the sign-up code yet. */
export interface UnconfirmedState {
  email: string;
  unconfirmed: true;
}

/** The confirm step, kept across a reload: 'resent' when the user came from login unconfirmed. */
const STEP_KEY = 'cpe.signUp';
type ConfirmStep = 'confirm' | 'resent';
const CONFIRM_STEPS: readonly ConfirmStep[] = ['confirm', 'resent'];

/**
 * The address as Cognito would take it, or the reason it would not (checked before asking it):
 * the shared email rule, which the API's email schema applies to the trimmed value too. Read
 * without the schema, so the form's code carries no zod.
 */
function checkEmail(email: string): { email: string } | { problem: string } {
  const trimmed = email.trim();
  const problem = emailProblem(trimmed);
  if (problem === null) return { email: trimmed };
  return { problem: readableMessage('email', 'Email', EMAIL_MESSAGES[problem]) };
}

export function SignUp() {
  const location = useLocation();
  const arrived = location.state as Partial<UnconfirmedState> | null;
  const fromLogin = arrived?.unconfirmed === true && typeof arrived.email === 'string';

  // Where this visit starts: sent here by login (a new code is due unless this is a reload of
  // that same visit), or the confirm step this tab was on before a reload, or the form.
  const [start] = useState(() => {
    const saved = readStep(STEP_KEY, CONFIRM_STEPS);
    if (fromLogin) {
      const reloaded = saved?.entry === location.key && saved.email === arrived.email;
      return { step: 'resent' as ConfirmStep, email: arrived.email as string, resend: !reloaded };
    }
    return saved ? { step: saved.step, email: saved.email, resend: false } : null;
  });

  const [confirmStep, setConfirmStep] = useState<ConfirmStep | null>(start?.step ?? null);
  const [email, setEmail] = useState(start?.email ?? '');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [marketing, setMarketing] = useState(false);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [success, setSuccess] = useState(false);
  const [resting, setResting] = useState(false);
  const sending = useRef(false);
  const { busy, error, setError, run } = useBusyAction();
  const [signedUpBefore, setSignedUpBefore] = useState(false);
  const failure = useMemo<Notice | null>(
    () => (error ? { variant: 'danger', text: error } : null),
    [error],
  );

  const auth = useAuth();
  const { api } = useApi();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  usePageTitle(confirmStep === null ? 'Create Account' : 'Confirm Account');
  useFocusFirstField(formRef, confirmStep === null);

  useEffect(() => {
    if (confirmStep === null) saveStep(STEP_KEY, null);
    else saveStep(STEP_KEY, { step: confirmStep, email: email.trim(), entry: location.key });
  }, [confirmStep, email, location.key]);

  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  const later = (ms: number, action: () => void) => timers.current.push(setTimeout(action, ms));

  /**
   * Asks Cognito for a new code, once at a time and then not again for a
   * while: a double click would otherwise send two, and only the newest works.
   */
  async function sendCode(): Promise<boolean> {
    if (sending.current) return false;
    sending.current = true;
    setResting(true);
    try {
      await (await auth.service()).resendSignUpCode(email.trim());
      later(RESEND_PAUSE_MS, () => {
        sending.current = false;
        setResting(false);
      });
      return true;
    } catch (e) {
      sending.current = false;
      setResting(false);
      setError(authErrorMessage(e));
      return false;
    }
  }

  // Arriving from login unconfirmed: a new code is requested once, on arrival (the ref keeps it
  // to one even when effects run twice).
  const resendOnArrival = useRef(start?.resend ?? false);
  useEffect(() => {
    if (!resendOnArrival.current) return;
    resendOnArrival.current = false;
    void sendCode();
  });

  // A signed-in user has no account to create; the page's own sign-in (after confirming) stays.
  if (auth.status === 'signedIn' && !busy && !success) {
    return <Navigate to={paths.home} replace />;
  }

  const canSignUp = email.trim() !== '' && password !== '' && terms;

  async function submitSignUp(event: FormEvent) {
    event.preventDefault();
    if (!canSignUp) return;
    const checked = checkEmail(email);
    if ('problem' in checked) {
      setError(checked.problem);
      return;
    }
    await run(async () => {
      try {
        const s = await auth.service();
        const { needsConfirmation } = await s.signUp({
          email: checked.email,
          password,
          marketingOpt: marketing,
        });
        if (needsConfirmation) setConfirmStep('confirm');
        else await finish();
      } catch (e) {
        const name = e instanceof Error ? e.name : '';
        // The account was made and only its email failed: the confirm step sends a new code.
        if (name === 'CodeDeliveryFailureException') setConfirmStep('confirm');
        setSignedUpBefore(name === 'UsernameExistsException');
        setError(authErrorMessage(e));
      }
    });
  }

  /**
   * After confirmation: with the password typed in this visit, sign in and
   * record the user with their marketing choice (the API needs a session);
   * then the spec's success message and redirect after 3 s. After a reload
   * the password is gone (it is never stored), so the user signs in at /login.
   * Runs inside `run`, which releases the busy flag once it returns.
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
    saveStep(STEP_KEY, null);
    // In the confirm step's place: Back from there does not land on a step already done.
    later(REDIRECT_AFTER_CONFIRM_MS, () => void navigate(destination, { replace: true }));
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
    if (sending.current) return;
    setError(null);
    setNotice(null);
    if (await sendCode()) setNotice({ variant: 'info', text: NEW_CODE_TEXT });
  }

  function changeEmail() {
    setError(null);
    setNotice(null);
    setCode('');
    setConfirmStep(null);
    // Drop login's "unconfirmed" note from this history entry, or a reload would come back here.
    if (fromLogin) void navigate(paths.signUp, { replace: true, state: null });
  }

  return (
    <FormCard width="auth">
      {confirmStep === null ? (
        <Form ref={formRef} onSubmit={(e) => void submitSignUp(e)}>
          <h1 className="h3 mb-4 text-center">Create Account</h1>
          <Feedback notice={failure} focus />
          {signedUpBefore && error && (
            <p className="small">
              {SIGNED_UP_BEFORE_TEXT} <Link to={paths.login}>Log in</Link>
            </p>
          )}
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
        <Form ref={formRef} onSubmit={(e) => void submitCode(e)}>
          <h1 className="h3 mb-3 text-center">Confirm Account</h1>
          <p>{confirmStep === 'resent' ? CODE_RESENT_TEXT : CODE_SENT_TEXT}</p>
          <p className="small text-secondary-emphasis text-break">
            Account: <strong>{email.trim()}</strong>
          </p>
          <Feedback notice={failure} focus />
          <Feedback notice={notice} />
          {success && <Feedback notice={REGISTERED} className="mb-3" />}
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
          <p className="text-center mt-3 mb-1">
            Didn&apos;t get it?{' '}
            <Button
              variant="link"
              className={`p-0 align-baseline${resting ? ' disabled' : ''}`}
              aria-disabled={resting || undefined}
              onClick={() => void resend()}
            >
              Send a new code
            </Button>
          </p>
          {!success && (
            <p className="text-center mb-0">
              <Button variant="link" className="p-0 align-baseline" onClick={changeEmail}>
                Use a different email
              </Button>
            </p>
          )}
        </Form>
      )}
    </FormCard>
  );
}
