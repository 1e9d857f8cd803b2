/**
 * /account: reminder settings and marketing opt-in, the locale and time zone
 * of mail and the name on reports, the private calendar feed (with links
 * that subscribe Google Calendar and Outlook), password change (through the
 * API, which mails the holder: decision 105), the data download and account
 * deletion. Every
 * section is on the page from the first paint with its controls disabled
 * until the settings arrive, so nothing moves when they do (decision 023).
 */
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { useNavigate } from 'react-router-dom';
import {
  type AccountSettings,
  type CalendarFeed,
  HOLDER_NAME_MAX,
  LOCALE_MESSAGE,
  MAIL_DEFAULT_LOCALE,
  MAIL_DEFAULT_TIME_ZONE,
  TIME_ZONE_MESSAGE,
  canonicalLocale,
  canonicalTimeZone,
} from '@cpe/shared/account';
import { REMINDER_LEAD_DAYS } from '@cpe/shared/deadlines';
import { PASSWORD_POLICY } from '@cpe/shared/user-pool';
import { useApi } from '../api/ApiContext';
import { ApiError } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { useConfirm } from '../components/ConfirmDialog';
import { Feedback } from '../components/Feedback';
import { openLink } from '../components/ProofFiles';
import type { Notice } from '../lib/notice';
import { LoadFailed } from '../components/Loaded';
import { failureText } from '../lib/failure-text';
import { formatLocalDay } from '../lib/certifications';
import { usePageTitle } from '../lib/page';
import { useToday } from '../lib/today';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import type { HomeState } from './Home';

export const ACCOUNT_TEXTS = {
  loadFailed: 'Your settings could not be loaded.',
  saved: 'Your settings have been saved.',
  saveFailed: 'Your settings could not be saved. Please try again.',
  feedFailed: 'The calendar feed could not be changed. Please try again.',
  feedOn:
    'Your calendar feed is on. Copy its address into your calendar app now: it is shown only this once.',
  feedRotated:
    'Your calendar feed has a new address; the old one no longer works. Copy the new one now.',
  feedOff: 'Your calendar feed is off; its address no longer works.',
  feedPrivate:
    'Keep this address private: anyone who has it can read your deadlines. If it leaks, rotate it.',
  feedHidden:
    'The address is shown once, when it is made, and is not kept. To see it again, get a new address: the old one stops working at once, and calendars subscribed to it need the new one.',
  localeSaved: 'Your language, time zone and name have been saved.',
  passwordFailed: 'Your password could not be changed. Please try again.',
  copied: 'Copied.',
  passwordChanged: 'Your password has been changed.',
  passwordMismatch: 'The new passwords do not match.',
  passwordTooShort: `The new password must be at least ${PASSWORD_POLICY.minLength} characters.`,
  exportFailed: 'Your data could not be downloaded. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again: it finishes what is left.',
  deleted: 'Your account and all its data have been deleted.',
};

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function Account() {
  usePageTitle('Account');
  const { user } = useAuth();
  const { api } = useApi();
  const load = useLoad('account', () => api.getAccountSettings(), {
    failedText: ACCOUNT_TEXTS.loadFailed,
    logAs: 'Account settings failed to load',
  });

  return (
    <div className="mx-auto form-card d-grid gap-4">
      <div>
        <h1 className="h3 mb-1">Account</h1>
        <p className="text-secondary-emphasis mb-0 text-break">Signed in as {user?.email}</p>
      </div>
      {load.error !== null && (
        <LoadFailed message={load.error} retrying={load.loading} onRetry={load.reload} />
      )}
      <RemindersSection settings={load.data} onSaved={(saved) => load.update(() => saved)} />
      <CalendarSection
        settings={load.data}
        onChanged={(feed) => load.update((s) => ({ ...s, calendar_feed: feed }))}
      />
      <ForwardingSection
        settings={load.data}
        onRotated={(address) => load.update((s) => ({ ...s, forwarding_address: address }))}
      />
      <LocaleSection settings={load.data} onSaved={(saved) => load.update(() => saved)} />
      <PasswordSection />
      <DataSection />
      <DeleteSection email={user?.email ?? ''} />
    </div>
  );
}

function Section(props: { title: string; danger?: boolean; children: ReactNode }) {
  const id = `account-${props.title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card
      as="section"
      aria-labelledby={id}
      className={`shadow-sm${props.danger ? ' danger-zone' : ''}`}
    >
      <Card.Body className="p-4">
        <h2 id={id} className={`h5 mb-3${props.danger ? ' text-danger' : ''}`}>
          {props.title}
        </h2>
        {props.children}
      </Card.Body>
    </Card>
  );
}

/** The form's values; before the settings arrive, the defaults (shown disabled). */
interface ReminderValues {
  reminders_enabled: boolean;
  reminder_lead_days: number[];
  marketing_opt: boolean;
}

function RemindersSection(props: {
  settings: AccountSettings | undefined;
  onSaved(settings: AccountSettings): void;
}) {
  const { api } = useApi();
  const [edits, setEdits] = useState<Partial<ReminderValues>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const loaded = props.settings !== undefined;
  const values: ReminderValues = {
    reminders_enabled: props.settings?.reminders_enabled ?? true,
    reminder_lead_days: props.settings?.reminder_lead_days ?? [...REMINDER_LEAD_DAYS],
    marketing_opt: props.settings?.marketing_opt ?? false,
    ...edits,
  };
  const change = (patch: Partial<ReminderValues>) => {
    setEdits((e) => ({ ...e, ...patch }));
    setNotice(null);
  };
  const toggleDay = (day: number, on: boolean) =>
    change({
      reminder_lead_days: on
        ? [...values.reminder_lead_days, day].sort((a, b) => b - a)
        : values.reminder_lead_days.filter((d) => d !== day),
    });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || !loaded) return;
    setBusy(true);
    try {
      const saved = await api.updateAccountSettings(values);
      props.onSaved(saved);
      setEdits({});
      setNotice({ variant: 'success', text: ACCOUNT_TEXTS.saved });
    } catch (error) {
      console.error('Account settings failed to save', error);
      setNotice({ variant: 'danger', text: failureText(error, ACCOUNT_TEXTS.saveFailed) });
    } finally {
      setBusy(false);
    }
  }

  const disabled = !loaded || busy;
  return (
    <Section title="Reminders and email">
      <Form noValidate onSubmit={(e) => void save(e)} aria-busy={!loaded}>
        <Form.Check
          type="switch"
          id="account-reminders"
          label="Email me a reminder before a certification expires"
          checked={values.reminders_enabled}
          disabled={disabled}
          onChange={(e) => change({ reminders_enabled: e.currentTarget.checked })}
        />
        <fieldset className="mt-3" disabled={disabled || !values.reminders_enabled}>
          <legend className="fs-6 mb-1">Remind me this many days before</legend>
          <div className="d-flex flex-wrap gap-3">
            {REMINDER_LEAD_DAYS.map((day) => (
              <Form.Check
                key={day}
                inline
                className="me-0"
                type="checkbox"
                id={`account-lead-${day}`}
                label={`${day} days`}
                checked={values.reminder_lead_days.includes(day)}
                onChange={(e) => toggleDay(day, e.currentTarget.checked)}
              />
            ))}
          </div>
        </fieldset>
        <Form.Check
          className="mt-3"
          type="checkbox"
          id="account-marketing"
          label="Email me about new features"
          checked={values.marketing_opt}
          disabled={disabled}
          onChange={(e) => change({ marketing_opt: e.currentTarget.checked })}
        />
        <Feedback notice={notice} className="mt-3 mb-0" />
        <Button type="submit" className="mt-3" disabled={disabled}>
          {busy ? 'Saving…' : 'Save settings'}
        </Button>
      </Form>
    </Section>
  );
}

function CalendarSection(props: {
  settings: AccountSettings | undefined;
  onChanged(feed: AccountSettings['calendar_feed']): void;
}) {
  const { api } = useApi();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The address, known only right after it was made. */
  const [shown, setShown] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const feed = props.settings?.calendar_feed;
  const loaded = feed !== undefined;

  // The control pressed may be gone once the change is made (Turn on becomes Turn off): the
  // keyboard's focus goes to what took its place, the new address or Turn on, not to the page.
  const focusAfter = useRef<string | null>(null);
  useEffect(() => {
    if (busy || focusAfter.current === null) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  }, [busy]);

  async function act(action: () => Promise<CalendarFeed | undefined>, text: string): Promise<void> {
    if (busy) return;
    setBusy(true);
    setCopied(false);
    try {
      const made = await action();
      focusAfter.current = made ? 'account-feed-url' : 'account-feed-on';
      setShown(made ? new URL(made.path, window.location.origin).toString() : null);
      props.onChanged(
        made
          ? { enabled: true, created_at: made.created_at }
          : { enabled: false, created_at: null },
      );
      setNotice({ variant: made ? 'success' : 'info', text });
    } catch (error) {
      console.error('Calendar feed change failed', error);
      setNotice({ variant: 'danger', text: failureText(error, ACCOUNT_TEXTS.feedFailed) });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown);
      setCopied(true);
    } catch {
      // No clipboard (permissions, an old browser): the address is selected for a manual copy.
      document.getElementById('account-feed-url')?.focus();
    }
  }

  return (
    <Section title="Calendar feed">
      <p className="text-secondary-emphasis">
        A private iCalendar address with every deadline of your certifications (expiries, fees,
        grace periods, annual minimums), for Google Calendar, Outlook or Apple Calendar to subscribe
        to.
      </p>
      {/* One line in every state, so the buttons below never move when the settings arrive. */}
      <p className="mb-3 text-truncate" aria-live="polite">
        {!loaded
          ? 'Checking your feed…'
          : feed.enabled && feed.created_at
            ? `Your feed is on since ${formatLocalDay(feed.created_at)}.`
            : 'Your feed is off.'}
      </p>
      {/* In every state from the first paint: nothing moves when the settings arrive. */}
      <p className="text-secondary-emphasis small">{ACCOUNT_TEXTS.feedHidden}</p>
      {shown && (
        <div className="mb-3">
          <Form.Label htmlFor="account-feed-url">Feed address</Form.Label>
          <InputGroup>
            <Form.Control
              id="account-feed-url"
              readOnly
              value={shown}
              onFocus={(e) => e.currentTarget.select()}
              aria-describedby="account-feed-private"
            />
            <Button variant="outline-secondary" onClick={() => void copy()}>
              {copied ? ACCOUNT_TEXTS.copied : 'Copy'}
            </Button>
          </InputGroup>
          <Form.Text id="account-feed-private" className="d-block text-warning-emphasis">
            {ACCOUNT_TEXTS.feedPrivate}
          </Form.Text>
          <div className="d-flex flex-wrap gap-2 mt-2">
            {subscribeLinks(shown).map((link) => (
              <a
                key={link.label}
                className="btn btn-sm btn-outline-secondary"
                href={link.href}
                target={link.href.startsWith('webcal:') ? undefined : '_blank'}
                rel="noreferrer"
              >
                {link.label}
              </a>
            ))}
          </div>
        </div>
      )}
      <Feedback notice={notice} className="mb-3" />
      <div className="d-flex flex-wrap gap-2">
        {loaded && feed.enabled ? (
          <>
            <Button
              variant="outline-primary"
              aria-disabled={busy || undefined}
              className={busy ? 'disabled' : undefined}
              onClick={() =>
                void act(() => api.rotateCalendarFeed(feed.created_at), ACCOUNT_TEXTS.feedRotated)
              }
            >
              Get a new address
            </Button>
            <Button
              variant="outline-danger"
              aria-disabled={busy || undefined}
              className={busy ? 'disabled' : undefined}
              onClick={() =>
                void act(async () => {
                  await api.disableCalendarFeed();
                  return undefined;
                }, ACCOUNT_TEXTS.feedOff)
              }
            >
              Turn off
            </Button>
          </>
        ) : (
          <Button
            id="account-feed-on"
            disabled={!loaded}
            aria-disabled={busy || undefined}
            className={busy ? 'disabled' : undefined}
            onClick={() => void act(() => api.enableCalendarFeed(), ACCOUNT_TEXTS.feedOn)}
          >
            Turn on calendar feed
          </Button>
        )}
      </div>
    </Section>
  );
}

export const FORWARDING_TEXTS = {
  intro:
    'Forward the email a certificate came in to your private address below: each PDF or image attached (or an e-certificate written in the email itself) becomes a proposal in your inbox, to check and accept. You get an email saying what was proposed.',
  limits: 'Up to 10 attachments and 10 MB a message, 50 proposals a day.',
  private:
    'Keep this address private: whatever is sent to it becomes proposals in your inbox. If it leaks, get a new one.',
  none: 'This site does not receive forwarded email.',
  confirmRotate:
    'Get a new forwarding address? Email sent to the current one will be refused from now on.',
  rotated: 'You have a new forwarding address; the old one no longer works.',
  rotateFailed: 'The forwarding address could not be changed. Please try again.',
};

/** The private address certificates are forwarded to (docs/capture.md), with Copy and Rotate. */
function ForwardingSection(props: {
  settings: AccountSettings | undefined;
  onRotated(address: string): void;
}) {
  const { api } = useApi();
  const [confirmDialog, confirm] = useConfirm();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const loaded = props.settings !== undefined;
  const address = props.settings?.forwarding_address ?? null;

  async function rotate(trigger: HTMLElement) {
    if (busy) return;
    const ok = await confirm(FORWARDING_TEXTS.confirmRotate, {
      confirmLabel: 'Get a new address',
      returnFocusTo: trigger,
    });
    if (!ok) return;
    setBusy(true);
    setCopied(false);
    try {
      const made = await api.rotateForwardingAddress();
      props.onRotated(made.forwarding_address);
      setNotice({ variant: 'success', text: FORWARDING_TEXTS.rotated });
    } catch (error) {
      console.error('Forwarding address rotation failed', error);
      setNotice({ variant: 'danger', text: failureText(error, FORWARDING_TEXTS.rotateFailed) });
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      setCopied(true);
    } catch {
      // No clipboard (permissions, an old browser): the address is selected for a manual copy.
      document.getElementById('account-forwarding-address')?.focus();
    }
  }

  return (
    <Section title="Forward certificates by email">
      <p className="text-secondary-emphasis">{FORWARDING_TEXTS.intro}</p>
      {loaded && address === null ? (
        <p className="mb-0">{FORWARDING_TEXTS.none}</p>
      ) : (
        <>
          <Form.Label htmlFor="account-forwarding-address">Your forwarding address</Form.Label>
          <InputGroup>
            <Form.Control
              id="account-forwarding-address"
              readOnly
              disabled={!loaded}
              value={address ?? 'Loading your address…'}
              onFocus={(e) => e.currentTarget.select()}
              aria-describedby="account-forwarding-private"
            />
            <Button variant="outline-secondary" disabled={!loaded} onClick={() => void copy()}>
              {copied ? ACCOUNT_TEXTS.copied : 'Copy'}
            </Button>
          </InputGroup>
          <Form.Text id="account-forwarding-private" className="d-block">
            {FORWARDING_TEXTS.private} {FORWARDING_TEXTS.limits}
          </Form.Text>
          <Feedback notice={notice} className="mt-3" />
          <Button
            variant="outline-primary"
            className="mt-3"
            disabled={!loaded || busy}
            onClick={(e) => void rotate(e.currentTarget)}
          >
            {busy ? 'Getting a new address…' : 'Get a new address'}
          </Button>
        </>
      )}
      {confirmDialog}
    </Section>
  );
}

/**
 * Ways to subscribe to the feed: webcal:// opens the system's calendar app
 * (Apple Calendar, Outlook for Windows); Google Calendar and Outlook on the
 * web add a feed from their own pages.
 */
export function subscribeLinks(feedUrl: string): { label: string; href: string }[] {
  const webcal = feedUrl.replace(/^https?:/, 'webcal:');
  return [
    { label: 'Open in your calendar app', href: webcal },
    {
      label: 'Add to Google Calendar',
      href: `https://calendar.google.com/calendar/render?cid=${encodeURIComponent(webcal)}`,
    },
    {
      label: 'Add to Outlook',
      href: `https://outlook.live.com/calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent('CPE Tracker')}`,
    },
  ];
}

/** What this browser says the user speaks and where they are. */
function browserDefaults(): { locale: string; time_zone: string } {
  const options = Intl.DateTimeFormat().resolvedOptions();
  return {
    locale: canonicalLocale(options.locale) ?? MAIL_DEFAULT_LOCALE,
    time_zone: canonicalTimeZone(options.timeZone) ?? MAIL_DEFAULT_TIME_ZONE,
  };
}

/** Every time zone this browser knows, for the field's suggestions. */
function knownTimeZones(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

const LOCALE_SUGGESTIONS = [
  'en-GB',
  'en-US',
  'en-AU',
  'en-CA',
  'en-IN',
  'de-DE',
  'fr-FR',
  'es-ES',
  'it-IT',
  'nl-NL',
  'pt-BR',
  'ja-JP',
  'zh-CN',
];

/** `1 Dec 2026` as mail would write it in `locale`; null when the locale is not usable. */
function sampleDate(locale: string): string | null {
  const canonical = canonicalLocale(locale.trim());
  if (!canonical) return null;
  return new Intl.DateTimeFormat(canonical, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2026, 11, 1)));
}

interface LocaleValues {
  locale: string;
  time_zone: string;
  holder_name: string;
}

/** The fields in the order the form shows them. */
const LOCALE_FIELDS = ['locale', 'time_zone', 'holder_name'] as const;

function LocaleSection(props: {
  settings: AccountSettings | undefined;
  onSaved(settings: AccountSettings): void;
}) {
  const { api } = useApi();
  const [edits, setEdits] = useState<Partial<LocaleValues>>({});
  const [errors, setErrors] = useState<Partial<Record<keyof LocaleValues, string>>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [zones] = useState(knownTimeZones);
  const loaded = props.settings !== undefined;
  const browser = browserDefaults();
  const values: LocaleValues = {
    locale: props.settings?.locale ?? browser.locale,
    time_zone: props.settings?.time_zone ?? browser.time_zone,
    holder_name: props.settings?.holder_name ?? '',
    ...edits,
  };
  const fromBrowser = loaded && props.settings?.locale === null && edits.locale === undefined;
  const zoneFromBrowser =
    loaded && props.settings?.time_zone === null && edits.time_zone === undefined;
  const change = (patch: Partial<LocaleValues>) => {
    setEdits((e) => ({ ...e, ...patch }));
    setErrors({});
    setNotice(null);
  };

  /** Shows the fields' errors, and takes the keyboard to the first of them. */
  function refuse(found: Partial<Record<string, string>>) {
    setErrors(found);
    const first = LOCALE_FIELDS.find((name) => found[name] !== undefined);
    if (first) document.getElementById(`account-${first.replace('_', '-')}`)?.focus();
  }
  /** The hint, and the error when there is one, as the field's description. */
  const describedBy = (name: keyof LocaleValues) => {
    const id = `account-${name.replace('_', '-')}`;
    return errors[name] === undefined ? `${id}-hint` : `${id}-error ${id}-hint`;
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || !loaded) return;
    const found: Partial<Record<keyof LocaleValues, string>> = {};
    if (!canonicalLocale(values.locale.trim())) found.locale = LOCALE_MESSAGE;
    if (!canonicalTimeZone(values.time_zone.trim())) found.time_zone = TIME_ZONE_MESSAGE;
    if (values.holder_name.trim().length > HOLDER_NAME_MAX)
      found.holder_name = `Name on reports must be at most ${HOLDER_NAME_MAX} characters`;
    refuse(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = await api.updateAccountSettings({
        locale: values.locale.trim(),
        time_zone: values.time_zone.trim(),
        holder_name: values.holder_name.trim(),
      });
      props.onSaved(saved);
      setEdits({});
      setNotice({ variant: 'success', text: ACCOUNT_TEXTS.localeSaved });
    } catch (error) {
      console.error('Locale settings failed to save', error);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        refuse(error.fieldErrors);
      } else {
        setNotice({ variant: 'danger', text: failureText(error, ACCOUNT_TEXTS.saveFailed) });
      }
    } finally {
      setBusy(false);
    }
  }

  const disabled = !loaded || busy;
  const sample = sampleDate(values.locale);
  return (
    <Section title="Language, time zone and name">
      <p className="text-secondary-emphasis">
        How reminder and security emails write dates and numbers, which day it is for you (for your
        deadlines, and when emails are sent), and the name your audit reports carry next to your
        email.
      </p>
      <Form noValidate onSubmit={(e) => void save(e)} aria-busy={!loaded}>
        <Form.Group className="mb-3" controlId="account-locale">
          <Form.Label>Locale</Form.Label>
          <Form.Control
            value={values.locale}
            disabled={disabled}
            list="account-locale-options"
            autoComplete="off"
            spellCheck={false}
            isInvalid={errors.locale !== undefined}
            aria-invalid={errors.locale !== undefined || undefined}
            aria-describedby={describedBy('locale')}
            onChange={(e) => change({ locale: e.currentTarget.value })}
          />
          <datalist id="account-locale-options">
            {LOCALE_SUGGESTIONS.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
          <Form.Control.Feedback type="invalid" id="account-locale-error">
            {errors.locale}
          </Form.Control.Feedback>
          <Form.Text id="account-locale-hint">
            A language tag such as en-GB or de-DE
            {sample ? `: dates read like ${sample}` : ''}
            {fromBrowser ? ' (from this browser; not saved yet)' : ''}.
          </Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId="account-time-zone">
          <Form.Label>Time zone</Form.Label>
          <Form.Control
            value={values.time_zone}
            disabled={disabled}
            list="account-time-zone-options"
            autoComplete="off"
            spellCheck={false}
            isInvalid={errors.time_zone !== undefined}
            aria-invalid={errors.time_zone !== undefined || undefined}
            aria-describedby={describedBy('time_zone')}
            onChange={(e) => change({ time_zone: e.currentTarget.value })}
          />
          <datalist id="account-time-zone-options">
            {zones.map((z) => (
              <option key={z} value={z} />
            ))}
          </datalist>
          <Form.Control.Feedback type="invalid" id="account-time-zone-error">
            {errors.time_zone}
          </Form.Control.Feedback>
          <Form.Text id="account-time-zone-hint">
            A time zone name such as Europe/London or America/New_York: the app counts days to your
            deadlines, and sends reminders, by its date
            {zoneFromBrowser
              ? ' (from this browser; not saved yet, so UTC counts until it is)'
              : ''}
            .
          </Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId="account-holder-name">
          <Form.Label>Name on reports</Form.Label>
          <Form.Control
            value={values.holder_name}
            disabled={disabled}
            autoComplete="name"
            maxLength={HOLDER_NAME_MAX}
            isInvalid={errors.holder_name !== undefined}
            aria-invalid={errors.holder_name !== undefined || undefined}
            aria-describedby={describedBy('holder_name')}
            onChange={(e) => change({ holder_name: e.currentTarget.value })}
          />
          <Form.Control.Feedback type="invalid" id="account-holder-name-error">
            {errors.holder_name}
          </Form.Control.Feedback>
          <Form.Text id="account-holder-name-hint">
            As your certification bodies know you. Leave empty to show only your email.
          </Form.Text>
        </Form.Group>
        <Feedback notice={notice} className="mb-3" />
        <Button type="submit" disabled={disabled}>
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </Form>
    </Section>
  );
}

const NO_PASSWORDS = { current: '', next: '', again: '' };

function PasswordSection() {
  const { api } = useApi();
  const [values, setValues] = useState(NO_PASSWORDS);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const set = (name: keyof typeof NO_PASSWORDS) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [name]: value }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (values.next.length < PASSWORD_POLICY.minLength) {
      setNotice({ variant: 'danger', text: ACCOUNT_TEXTS.passwordTooShort });
      return;
    }
    if (values.next !== values.again) {
      setNotice({ variant: 'danger', text: ACCOUNT_TEXTS.passwordMismatch });
      return;
    }
    setBusy(true);
    try {
      await api.changePassword({ current_password: values.current, new_password: values.next });
      setValues(NO_PASSWORDS);
      setNotice({ variant: 'success', text: ACCOUNT_TEXTS.passwordChanged });
    } catch (error) {
      // Mostly a mistyped password: the user is told; not an application error.
      console.warn('Password change failed', error);
      const told =
        error instanceof ApiError
          ? (error.fieldErrors.current_password ??
            error.fieldErrors.new_password ??
            (error.status === 429 ? error.message : undefined))
          : undefined;
      setNotice({
        variant: 'danger',
        text: told
          ? `${told}.`.replace(/\.\.$/, '.')
          : failureText(error, ACCOUNT_TEXTS.passwordFailed),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Change password">
      <Form noValidate onSubmit={(e) => void submit(e)}>
        {/* Lets password managers tie the new password to the account. */}
        <input type="hidden" name="username" autoComplete="username" />
        <Form.Group className="mb-3" controlId="account-current-password">
          <Form.Label>Current password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            required
            value={values.current}
            onChange={set('current')}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId="account-new-password">
          <Form.Label>New password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_POLICY.minLength}
            value={values.next}
            onChange={set('next')}
            aria-describedby="account-new-password-hint"
          />
          <Form.Text id="account-new-password-hint">
            At least {PASSWORD_POLICY.minLength} characters.
          </Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId="account-repeat-password">
          <Form.Label>New password again</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            required
            value={values.again}
            onChange={set('again')}
          />
        </Form.Group>
        <Feedback notice={notice} className="mb-3" />
        <Button type="submit" disabled={busy || values.current === '' || values.next === ''}>
          {busy ? 'Changing…' : 'Change password'}
        </Button>
      </Form>
    </Section>
  );
}

function DataSection() {
  const { api } = useApi();
  const today = useToday();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function download() {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      const data = await api.exportAccount();
      // A large account's export comes as a short-lived link to the file, named on the server.
      if ('url' in data) {
        openLink(data.url);
        return;
      }
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      // Named by the holder's own date, as the server names a large one.
      link.download = `cpe-tracker-data-${today}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      // The download has started from the object URL; it can go once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      console.error('Data export failed', error);
      setNotice({ variant: 'danger', text: failureText(error, ACCOUNT_TEXTS.exportFailed) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title="Your data">
      <p className="text-secondary-emphasis">
        Everything stored about you (your account, settings, certifications, activities and the list
        of your files) in one JSON file.
      </p>
      <Feedback notice={notice} className="mb-3" />
      <Button variant="outline-primary" disabled={busy} onClick={() => void download()}>
        {busy ? 'Preparing…' : 'Download my data'}
      </Button>
    </Section>
  );
}

function DeleteSection(props: { email: string }) {
  const { api } = useApi();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const confirmed = props.email !== '' && sameEmail(typed, props.email);
  const unmounted = useRef<(() => void) | null>(null);
  useEffect(() => () => unmounted.current?.(), []);

  async function remove(event: FormEvent) {
    event.preventDefault();
    if (busy || !confirmed) return;
    setBusy(true);
    setNotice(null);
    try {
      await api.deleteAccount(typed.trim());
    } catch (error) {
      console.error('Account deletion failed', error);
      setNotice({ variant: 'danger', text: failureText(error, ACCOUNT_TEXTS.deleteFailed) });
      setBusy(false);
      return;
    }
    // Home first, then sign out once this page is gone: signing out on a signed-in-only
    // page would send the user to /login instead. Home is told not to look up the
    // deleted user in the moment the session still holds them.
    const left = new Promise<void>((resolve) => (unmounted.current = resolve));
    const state: HomeState = { flash: ACCOUNT_TEXTS.deleted, accountDeleted: true };
    void navigate(paths.home, { replace: true, state });
    await left;
    await signOut();
  }

  return (
    <Section title="Delete account" danger>
      <p>
        This deletes your account, your certifications, activities, settings and files for good. It
        cannot be undone; download your data first if you want a copy.
      </p>
      <Form noValidate onSubmit={(e) => void remove(e)}>
        <Form.Group className="mb-3" controlId="account-delete-email">
          <Form.Label>Type your email to confirm</Form.Label>
          <Form.Control
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
          />
        </Form.Group>
        <Feedback notice={notice} focus className="mb-3" />
        <Button type="submit" variant="danger" disabled={!confirmed || busy}>
          {busy ? 'Deleting…' : 'Delete my account'}
        </Button>
      </Form>
    </Section>
  );
}
