/**
 * /unsubscribe?token=: where the "stop these emails" link of a reminder
 * email lands, without signing in. It asks first (mail scanners open links,
 * and a link alone must change nothing), then says reminders are off and
 * offers Undo; both post the same signed token, which the API checks
 * strictly (decision 106).
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { ApiError } from '../api/client';
import { Feedback } from '../components/Feedback';
import type { Notice } from '../lib/notice';
import { usePageTitle } from '../lib/page';
import { paths } from '../paths';

export const UNSUBSCRIBE_TEXTS = {
  ask: 'Stop reminder emails?',
  intro:
    'CPE Tracker emails you a digest when a certification nears a deadline: an expiry, a fee, an annual minimum, or credits behind pace.',
  turnOff: 'Turn reminder emails off',
  offTitle: 'Reminder emails are off',
  off: 'You will get no more reminder emails. Changed your mind?',
  undo: 'Undo',
  onTitle: 'Reminder emails are on again',
  on: 'You will get reminder emails as before.',
  badLink:
    'This unsubscribe link is not valid. Use the whole link from the email, or sign in and turn reminders off on your account page.',
  failed: 'That did not work. Please try again.',
  settings: 'Choose which reminders you get on your account page',
} as const;

type Step = 'ask' | 'off' | 'on';

export function Unsubscribe() {
  const { api } = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [step, setStep] = useState<Step>('ask');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(
    token === '' ? { variant: 'danger', text: UNSUBSCRIBE_TEXTS.badLink } : null,
  );
  const title =
    step === 'ask'
      ? UNSUBSCRIBE_TEXTS.ask
      : step === 'off'
        ? UNSUBSCRIBE_TEXTS.offTitle
        : UNSUBSCRIBE_TEXTS.onTitle;
  usePageTitle(title);

  async function act(next: Step) {
    if (busy || token === '') return;
    setBusy(true);
    setNotice(null);
    try {
      if (next === 'off') await api.unsubscribe(token);
      else await api.undoUnsubscribe(token);
      setStep(next);
    } catch (error) {
      console.warn('Unsubscribe link failed', error);
      const bad = error instanceof ApiError && error.status === 400;
      setNotice({
        variant: 'danger',
        text: bad ? UNSUBSCRIBE_TEXTS.badLink : UNSUBSCRIBE_TEXTS.failed,
      });
    } finally {
      setBusy(false);
    }
  }

  const bad = token === '' || notice?.text === UNSUBSCRIBE_TEXTS.badLink;
  return (
    <div className="mx-auto form-card">
      <Card as="section" className="shadow-sm" aria-labelledby="unsubscribe-title">
        <Card.Body className="p-4">
          <h1 id="unsubscribe-title" className="h3 mb-3">
            {title}
          </h1>
          <p className="text-secondary-emphasis">
            {step === 'ask'
              ? UNSUBSCRIBE_TEXTS.intro
              : step === 'off'
                ? UNSUBSCRIBE_TEXTS.off
                : UNSUBSCRIBE_TEXTS.on}
          </p>
          <Feedback notice={notice} focus className="mb-3" />
          {step === 'ask' && (
            <Button disabled={busy || bad} onClick={() => void act('off')}>
              {busy ? 'Turning off…' : UNSUBSCRIBE_TEXTS.turnOff}
            </Button>
          )}
          {step === 'off' && (
            <Button variant="outline-primary" disabled={busy} onClick={() => void act('on')}>
              {busy ? 'Turning on…' : UNSUBSCRIBE_TEXTS.undo}
            </Button>
          )}
          <p className="mt-4 mb-0">
            <Link to={paths.account}>{UNSUBSCRIBE_TEXTS.settings}</Link>
          </p>
        </Card.Body>
      </Card>
    </div>
  );
}
