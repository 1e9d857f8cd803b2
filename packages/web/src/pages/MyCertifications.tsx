import { type MouseEvent, useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { API_MESSAGES } from '@cpe/shared/messages';
import type { Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { ApiError, isNotFound } from '../api/errors';
import { useAuth } from '../auth/AuthContext';
import { useConfirm } from '../components/ConfirmDialog';
import { Feedback } from '../components/Feedback';
import type { Notice } from '../lib/notice';
import { Loaded } from '../components/Loaded';
import { PopularStarts } from '../components/PopularStarts';
import { ProgressRing } from '../components/ProgressRing';
import { ArrowLeftIcon } from '../components/icons';
import {
  type SortKey,
  SORT_OPTIONS,
  expiryText,
  formatCpe,
  searchCertifications,
  sortCertifications,
} from '../lib/certifications';
import { failureText } from '../lib/failure-text';
import { usePageTitle } from '../lib/page';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import {
  STATE_BADGES,
  STATUS_ORDER,
  annualMinimumText,
  capLines,
  carriedText,
  certificationsSharingCredits,
  currentYear,
  figureLabel,
  nextFeeText,
  nothingToRenew,
  statusDetail,
  unitOf,
  unitsText,
  unmetLines,
} from '../lib/rules';
import { useToday } from '../lib/today';
import { ActivitiesModal, activitiesDialog } from './ActivitiesModal';
import { openDialogs } from '../lib/dialog-history';
import { CertificationSummary } from './CertificationSummary';
import { RecommendationModal } from './RecommendationModal';

export const TEXTS = {
  empty: 'You have no certifications right now. Add some in!',
  deletedElsewhere: (name: string) => `${name} was deleted in another window.`,
  insufficient: API_MESSAGES.insufficientCpes,
  rulesUnmet: API_MESSAGES.rulesUnmet,
  nothingToRenew: API_MESSAGES.nothingToRenew,
  hasActivities: API_MESSAGES.hasActivities,
  confirmDelete: 'Are you sure you want to delete this certification? This action is irreversible.',
  confirmRenew: 'Are you sure you would like to renew this certification?',
};

/** A dialog kept open through its closing transition, then dropped. */
interface Opened<T> {
  value: T;
  show: boolean;
}

export function MyCertifications() {
  usePageTitle('My Certifications');
  const { user } = useAuth();
  const { api, appUser } = useApi();
  const navigate = useNavigate();
  const [confirmDialog, confirm] = useConfirm();

  const today = useToday();
  // Every certification comes with its standing by its body's rules: the cards need nothing else.
  const list = useLoad(
    user ? `certifications:${user.email}` : null,
    async () => {
      const me = await appUser((user as { email: string }).email);
      return { certs: await api.listCertifications(me.user_id) };
    },
    {
      failedText: 'We could not load your certifications. Please try again.',
      logAs: 'Could not load certifications',
    },
  );
  const certs = list.data?.certs;

  // An activity counted for two certifications of one unit counts once in this year's figure:
  // where that can happen, the figure is read from those certifications' activities.
  const sharing = useMemo(() => certificationsSharingCredits(certs ?? []), [certs]);
  const yearActivities = useLoad(
    // The figures in the key: a change to the activities (a deletion) reads them again.
    sharing.length > 0
      ? `year:${sharing.map((c) => `${c.certification_id}=${c.calendar_year_cpes_earned}`).join(',')}`
      : null,
    async () =>
      (await Promise.all(sharing.map((c) => api.listActivities(c.certification_id)))).flat(),
    {
      failedText: 'We could not count this year’s credits.',
      logAs: 'Could not load the activities for the year’s credits',
      notFound: 'error',
    },
  );

  const [sort, setSort] = useState<SortKey>('');
  const [query, setQuery] = useState('');
  /** Feedback on one card, shown on that card. */
  const [cardNotice, setCardNotice] = useState<{ id: string; notice: Notice } | null>(null);
  /** Feedback whose card is gone (deleted): shown above the list, scrolled to and focused. */
  const [pageNotice, setPageNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const busy = useRef<string | null>(null);
  const [activitiesFor, setActivitiesFor] = useState<Opened<Certification> | null>(null);
  const [recommending, setRecommending] = useState<Opened<number> | null>(null);

  // Back to an entry where a certification's activities were open (from an activity's page, or
  // Forward): they open again, so the next Back closes them before leaving the list.
  const location = useLocation();
  const reopened = useRef<string | null>(null);
  useEffect(() => {
    // Once per entry, when the list is there: a reload of the list is no reason to open them.
    if (!certs || reopened.current === location.key) return;
    reopened.current = location.key;
    const open = openDialogs(location.state).at(-1);
    const cert = certs?.find((c) => open === activitiesDialog(c.certification_id));
    if (cert) setActivitiesFor((a) => (a?.show ? a : { value: cert, show: true }));
  }, [location, certs]);

  const names = useMemo(
    () => new Map((certs ?? []).map((c) => [c.certification_id, c.certification_name])),
    [certs],
  );
  const shown = useMemo(
    () =>
      sortCertifications(searchCertifications(certs ?? [], query), sort, (cert) =>
        STATUS_ORDER.indexOf(cert.standing.state),
      ),
    [certs, query, sort],
  );

  /** Applies a change to the loaded list (a renewal, a deletion). */
  function updateCerts(change: (all: Certification[]) => Certification[]) {
    list.update((data) => ({ ...data, certs: change(data.certs) }));
  }

  function tell(
    cert: Certification,
    variant: Notice['variant'],
    text: string,
    items?: readonly string[],
  ) {
    setPageNotice(null);
    setCardNotice({
      id: cert.certification_id,
      notice: { variant, text, ...(items && items.length > 0 ? { items } : {}) },
    });
  }

  /**
   * Renew and delete: one request per card at a time, and the same failure
   * handling. A 409 is the server's rule (its message says which: not enough
   * CPEs, rules of the body unmet, activities left, already renewed), shown
   * with the rules it names, after which the list is read again; anything
   * else is a generic failure.
   */
  async function cardAction(
    cert: Certification,
    texts: { failedText: string; logAs: string },
    action: () => Promise<void>,
  ) {
    if (busy.current) return;
    busy.current = cert.certification_id;
    setBusyId(cert.certification_id);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        const items = error.unmet.map((u) => u.message);
        // The rules follow as a list rather than run on in the sentence.
        const text =
          items.length > 0 && error.message.startsWith(TEXTS.rulesUnmet)
            ? TEXTS.rulesUnmet
            : error.message;
        tell(cert, 'warning', text, items);
        list.reload();
      } else if (isNotFound(error)) {
        // Gone meanwhile: trying again could never work, so its card goes.
        updateCerts((all) => all.filter((c) => c.certification_id !== cert.certification_id));
        setCardNotice(null);
        setPageNotice({
          variant: 'warning',
          text: TEXTS.deletedElsewhere(cert.certification_name),
        });
      } else {
        console.error(texts.logAs, error);
        tell(cert, 'danger', failureText(error, texts.failedText));
      }
    } finally {
      busy.current = null;
      setBusyId(null);
    }
  }

  async function renew(cert: Certification, trigger: HTMLElement) {
    if (busy.current) return;
    setCardNotice(null);
    // The body's rules as the engine states them (the server checks them again). A cycle that
    // asks nothing (an exam's, an expiry alone) renews on its end.
    const unmet = cert.standing.requirements.filter((r) => r.kind !== 'cap' && !r.met);
    if (unmet.length > 0) {
      const totalShort = unmet.some((r) => r.id === 'total');
      tell(
        cert,
        'warning',
        totalShort ? TEXTS.insufficient : TEXTS.rulesUnmet,
        unmet.map((r) => r.message),
      );
      return;
    }
    const confirmed = await confirm(TEXTS.confirmRenew, {
      confirmLabel: 'Renew',
      returnFocusTo: trigger,
    });
    if (!confirmed) return;
    const texts = {
      failedText: 'The certification could not be renewed. Please try again.',
      logAs: 'Renew failed',
    };
    await cardAction(cert, texts, async () => {
      // Names the cycle being renewed, so a second click or a retry cannot renew twice.
      const renewed = await api.renewCertification(cert.certification_id, cert.expiry_date);
      updateCerts((all) =>
        all.map((c) => (c.certification_id === renewed.certification_id ? renewed : c)),
      );
      tell(renewed, 'success', `${renewed.certification_name} has been renewed.`);
    });
  }

  async function remove(cert: Certification, trigger: HTMLElement) {
    setCardNotice(null);
    const texts = {
      failedText: 'The certification could not be deleted. Please try again.',
      logAs: 'Delete failed',
    };
    await cardAction(cert, texts, async () => {
      const activities = await api.listActivities(cert.certification_id);
      if (activities.length > 0) {
        tell(cert, 'warning', TEXTS.hasActivities);
        return;
      }
      const confirmed = await confirm(TEXTS.confirmDelete, {
        confirmLabel: 'Delete',
        variant: 'danger',
        returnFocusTo: trigger,
      });
      if (!confirmed) return;
      await api.deleteCertification(cert.certification_id);
      updateCerts((all) => all.filter((c) => c.certification_id !== cert.certification_id));
      setCardNotice(null);
      setPageNotice({ variant: 'success', text: `${cert.certification_name} has been deleted.` });
    });
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link
          to={paths.home}
          className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-1"
        >
          <ArrowLeftIcon />
          Back to Home
        </Link>
      </div>
      <div className="d-flex flex-column flex-md-row align-items-md-center justify-content-between gap-3 mb-4">
        <h1 className="mb-0">My Certifications</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to={paths.addCertification} className="btn btn-primary">
            Add Certification
          </Link>
          <Button
            variant="outline-primary"
            onClick={() =>
              // Already open (a second click landing before the dialog): keep the question asked.
              setRecommending((r) => (r?.show ? r : { value: (r?.value ?? 0) + 1, show: true }))
            }
            disabled={!certs}
          >
            Recommend Certifications
          </Button>
          <Link to={paths.importActivities} className="btn btn-outline-primary">
            Import Activities
          </Link>
        </div>
      </div>

      <CertificationSummary
        certs={certs ?? null}
        activities={sharing.length > 0 ? yearActivities.data : []}
        activitiesFailed={yearActivities.error !== null}
        today={today}
        failed={list.error !== null && !certs}
      />

      <div className="row g-2 mb-4">
        <div className="col-12 col-md-4 col-lg-3">
          <Form.Label htmlFor="cert-sort" className="visually-hidden">
            Sort certifications
          </Form.Label>
          <Form.Select
            id="cert-sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as SortKey)}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Form.Select>
        </div>
        <div className="col-12 col-md-8 col-lg-9">
          <Form.Label htmlFor="cert-search" className="visually-hidden">
            Search certifications by name
          </Form.Label>
          <Form.Control
            id="cert-search"
            type="search"
            placeholder="Search Certifications..."
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
      </div>

      <Feedback notice={pageNotice} focus onClose={() => setPageNotice(null)} />

      <Loaded load={list} loadingLabel="Loading certifications…">
        {({ certs: all }) => (
          <>
            {all.length === 0 && (
              <div className="text-center py-4">
                <p className="lead">{TEXTS.empty}</p>
                <Link to={paths.addCertification} className="btn btn-primary mb-4">
                  Add a certification
                </Link>
                <PopularStarts />
              </div>
            )}
            {all.length > 0 && shown.length === 0 && (
              <p className="text-center py-4">No certifications match &ldquo;{query}&rdquo;.</p>
            )}
            <ul
              className="row row-cols-1 row-cols-lg-2 row-cols-xxl-3 g-3 list-unstyled"
              aria-label="Certifications"
            >
              {shown.map((cert) => {
                return (
                  <li key={cert.certification_id} className="col">
                    <CertificationCard
                      cert={cert}
                      today={today}
                      busy={busyId === cert.certification_id}
                      notice={cardNotice?.id === cert.certification_id ? cardNotice.notice : null}
                      onDismiss={() => setCardNotice(null)}
                      onActivities={() => setActivitiesFor({ value: cert, show: true })}
                      onUpdate={() =>
                        void navigate(paths.updateCertification(cert.certification_id), {
                          state: { name: cert.certification_name },
                        })
                      }
                      onReadiness={() => void navigate(paths.readiness(cert.certification_id))}
                      onRenew={(trigger) => void renew(cert, trigger)}
                      onDelete={(trigger) => void remove(cert, trigger)}
                    />
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </Loaded>

      <ActivitiesModal
        certification={activitiesFor?.value ?? null}
        names={names}
        show={activitiesFor?.show ?? false}
        onClose={(changed) => {
          setActivitiesFor((a) => a && { ...a, show: false });
          if (changed) list.reload();
        }}
        onExited={() => setActivitiesFor(null)}
      />
      <RecommendationModal
        session={recommending?.value ?? null}
        show={recommending?.show ?? false}
        onClose={() => setRecommending((r) => r && { ...r, show: false })}
        onExited={() => setRecommending(null)}
      />
      {confirmDialog}
    </>
  );
}

export function CertificationCard(props: {
  cert: Certification;
  /** The user's date: which reporting year is this one. */
  today: string;
  busy?: boolean;
  notice?: Notice | null;
  onDismiss?: () => void;
  onActivities: () => void;
  onUpdate: () => void;
  /** What an auditor would reject today, the reports, the portal submissions. */
  onReadiness: () => void;
  /** Given the button pressed, so focus can return to it after a confirmation. */
  onRenew: (trigger: HTMLElement) => void;
  onDelete: (trigger: HTMLElement) => void;
}) {
  const { cert, today, busy = false } = props;
  const { standing } = cert;
  const unit = unitOf(cert);
  const expiry = expiryText(cert.expiry_date);
  const headingId = `cert-${cert.certification_id}-name`;
  const badge = STATE_BADGES[standing.state];
  const detail = statusDetail(standing);
  const annual = annualMinimumText(standing, today);
  const yearRule = annual === null ? undefined : currentYear(standing, today)?.requirement;
  // The year's minimum is one line, said once: with the rules not met yet while it is short.
  const yearShort = yearRule !== undefined && !yearRule.met;
  const unmet = [
    ...(yearShort && annual !== null ? [annual] : []),
    ...unmetLines(standing, yearRule?.id),
  ];
  const notes = [
    yearShort ? null : annual,
    carriedText(standing),
    nextFeeText(standing),
    ...capLines(standing),
  ].filter((line): line is string => line !== null);
  const cannotRenew = nothingToRenew(cert);
  const renewReasonId = `cert-${cert.certification_id}-renew-reason`;
  const withTrigger = (handler: (trigger: HTMLElement) => void) => (e: MouseEvent<HTMLElement>) =>
    handler(e.currentTarget);
  // Every action names the card's certification through aria-describedby. The two that change it
  // wait while a request for this card is in flight: aria-disabled rather than disabled, so the
  // button keeps focus (a disabled button drops it to the page). Renew is disabled outright when
  // there is nothing to renew, with the reason beside it.
  const actions = [
    { label: 'View Activities', variant: 'primary', onClick: props.onActivities, waits: false },
    { label: 'Update', variant: 'outline-primary', onClick: props.onUpdate, waits: false },
    {
      label: 'Audit Readiness',
      variant: 'outline-primary',
      onClick: props.onReadiness,
      waits: false,
    },
    {
      label: 'Renew',
      variant: 'outline-success',
      onClick: withTrigger(props.onRenew),
      waits: true,
      disabled: cannotRenew,
      describedBy: cannotRenew ? renewReasonId : undefined,
    },
    {
      label: 'Delete',
      variant: 'outline-danger',
      onClick: withTrigger(props.onDelete),
      waits: true,
    },
  ];
  return (
    <Card as="article" className="h-100 cert-card" aria-labelledby={headingId}>
      <Card.Body className="d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-3 mb-3">
          <div className="cert-head">
            <Card.Title as="h2" id={headingId} className="h5 text-break mb-0">
              {cert.certification_name}
            </Card.Title>
            {badge && (
              <p className="cert-status mt-2 mb-0">
                <span className={`status-badge status-${standing.state}`}>{badge.text}</span>
                {detail && <span className="cert-status-detail d-block mt-1">{detail}</span>}
              </p>
            )}
          </div>
          {standing.target !== null && (
            <ProgressRing
              percent={standing.percent ?? 0}
              label={`${cert.certification_name}: percent of ${unitsText(unit)} completed`}
            />
          )}
        </div>
        <dl className="cert-facts mb-3">
          {standing.target !== null && (
            <div>
              <dt>{figureLabel(unit, 'Needed')}</dt>
              <dd>{formatCpe(standing.target)}</dd>
            </div>
          )}
          <div>
            <dt>{figureLabel(unit, 'Earned')}</dt>
            <dd>{formatCpe(standing.earned)}</dd>
          </div>
          {expiry !== null && (
            <div>
              <dt>Expiry Date</dt>
              <dd>{expiry}</dd>
            </div>
          )}
        </dl>
        {notes.length > 0 && (
          <ul className="cert-progress list-unstyled mb-3">
            {notes.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
        {unmet.length > 0 && (
          <div className="cert-rules mb-3">
            <p className="cert-rules-title" id={`cert-${cert.certification_id}-unmet`}>
              Not met yet
            </p>
            <ul
              className="cert-rules-list"
              aria-labelledby={`cert-${cert.certification_id}-unmet ${headingId}`}
            >
              {unmet.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {cert.verification_link && (
          <p className="mb-3">
            <a href={cert.verification_link} target="_blank" rel="noopener noreferrer">
              Verification link
              <span className="visually-hidden">
                {' '}
                for {cert.certification_name} (opens in a new tab)
              </span>
            </a>
          </p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2 mt-auto">
          {actions.map((action) => {
            const waiting = action.waits && busy;
            return (
              <Button
                key={action.label}
                size="sm"
                variant={action.variant}
                onClick={waiting ? undefined : action.onClick}
                disabled={action.disabled}
                aria-describedby={[headingId, action.describedBy].filter(Boolean).join(' ')}
                aria-disabled={waiting || undefined}
                className={waiting ? 'disabled' : undefined}
              >
                {action.label}
              </Button>
            );
          })}
        </div>
        {cannotRenew && (
          <p className="cert-renew-reason small mt-2 mb-0" id={renewReasonId}>
            {TEXTS.nothingToRenew}
          </p>
        )}
        <Feedback
          notice={props.notice ?? null}
          onClose={props.onDismiss}
          className="mt-3 mb-0 small"
        />
      </Card.Body>
    </Card>
  );
}
