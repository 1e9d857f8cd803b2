import { useCallback, useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router-dom';
import type { Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { ApiError, isNotFound } from '../api/client';
import { useAuth } from '../auth/AuthContext';
import { useConfirm } from '../components/ConfirmDialog';
import { PageSpinner } from '../components/PageSpinner';
import { ProgressRing } from '../components/ProgressRing';
import { ArrowLeftIcon } from '../components/icons';
import {
  type SortKey,
  SORT_OPTIONS,
  canRenew,
  expiryText,
  formatCpe,
  searchCertifications,
  sortCertifications,
} from '../lib/certifications';
import { usePageTitle } from '../lib/page';
import { paths } from '../paths';
import { ActivitiesModal } from './ActivitiesModal';
import { RecommendationModal } from './RecommendationModal';

export const TEXTS = {
  empty: 'You have no certifications right now. Add some in!',
  insufficient:
    'Insufficient CPEs to renew; please earn or input more before renewing this certification.',
  hasActivities:
    'There are currently activities in this certification. Please delete all activities before deleting this certification.',
  confirmDelete: 'Are you sure you want to delete this certification? This action is irreversible.',
  confirmRenew: 'Are you sure you would like to renew this certification?',
};

export function MyCertifications() {
  usePageTitle('My Certifications');
  const { user } = useAuth();
  const { api, appUser } = useApi();
  const navigate = useNavigate();
  const [confirmDialog, confirm] = useConfirm();

  const [certs, setCerts] = useState<Certification[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [sort, setSort] = useState<SortKey>('');
  const [query, setQuery] = useState('');
  const [alert, setAlert] = useState<{ variant: string; text: string } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [activitiesFor, setActivitiesFor] = useState<Certification | null>(null);
  const [recommending, setRecommending] = useState(false);

  const load = useCallback(async () => {
    if (!user) return;
    try {
      const me = await appUser(user.email);
      setCerts(await api.listCertifications(me.user_id));
      setLoadError(null);
    } catch (error) {
      if (isNotFound(error)) {
        navigate(paths.notFound, { replace: true });
        return;
      }
      console.error('Could not load certifications', error);
      setLoadError('We could not load your certifications. Please try again.');
    }
  }, [user, appUser, api, navigate]);

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(
    () => sortCertifications(searchCertifications(certs ?? [], query), sort),
    [certs, query, sort],
  );

  /**
   * Renew and delete share the card's busy flag and their failure handling: a 409 is the
   * spec's rule being broken (shown as `conflictText`), anything else a generic failure.
   */
  async function cardAction(
    cert: Certification,
    texts: { conflictText: string; failedText: string; logAs: string },
    action: () => Promise<void>,
  ) {
    setBusyId(cert.certification_id);
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setAlert({ variant: 'warning', text: texts.conflictText });
      } else {
        console.error(texts.logAs, error);
        setAlert({ variant: 'danger', text: texts.failedText });
      }
    } finally {
      setBusyId(null);
    }
  }

  async function renew(cert: Certification) {
    setAlert(null);
    if (!canRenew(cert)) {
      setAlert({ variant: 'warning', text: TEXTS.insufficient });
      return;
    }
    if (!(await confirm(TEXTS.confirmRenew, { confirmLabel: 'Renew' }))) return;
    const texts = {
      conflictText: TEXTS.insufficient,
      failedText: 'The certification could not be renewed. Please try again.',
      logAs: 'Renew failed',
    };
    await cardAction(cert, texts, async () => {
      const renewed = await api.renewCertification(cert.certification_id);
      setCerts((list) =>
        (list ?? []).map((c) => (c.certification_id === renewed.certification_id ? renewed : c)),
      );
      setAlert({ variant: 'success', text: `${renewed.certification_name} has been renewed.` });
    });
  }

  async function remove(cert: Certification) {
    setAlert(null);
    const texts = {
      conflictText: TEXTS.hasActivities,
      failedText: 'The certification could not be deleted. Please try again.',
      logAs: 'Delete failed',
    };
    await cardAction(cert, texts, async () => {
      const activities = await api.listActivities(cert.certification_id);
      if (activities.length > 0) {
        setAlert({ variant: 'warning', text: TEXTS.hasActivities });
        return;
      }
      if (!(await confirm(TEXTS.confirmDelete, { confirmLabel: 'Delete', variant: 'danger' }))) {
        return;
      }
      await api.deleteCertification(cert.certification_id);
      setCerts((list) => (list ?? []).filter((c) => c.certification_id !== cert.certification_id));
      setAlert({ variant: 'success', text: `${cert.certification_name} has been deleted.` });
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
          <Button variant="outline-primary" onClick={() => setRecommending(true)} disabled={!certs}>
            Recommend Certifications
          </Button>
        </div>
      </div>

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

      <div aria-live="polite">
        {alert && (
          <Alert variant={alert.variant} dismissible onClose={() => setAlert(null)}>
            {alert.text}
          </Alert>
        )}
      </div>

      {loadError && (
        <Alert variant="danger">
          {loadError}{' '}
          <Button variant="link" className="p-0 align-baseline" onClick={() => void load()}>
            Retry
          </Button>
        </Alert>
      )}
      {!certs && !loadError && <PageSpinner label="Loading certifications…" />}
      {certs && certs.length === 0 && <p className="lead text-center py-4">{TEXTS.empty}</p>}
      {certs && certs.length > 0 && shown.length === 0 && (
        <p className="text-center py-4">No certifications match &ldquo;{query}&rdquo;.</p>
      )}

      <ul
        className="row row-cols-1 row-cols-lg-2 row-cols-xxl-3 g-3 list-unstyled"
        aria-label="Certifications"
      >
        {shown.map((cert) => (
          <li key={cert.certification_id} className="col">
            <CertificationCard
              cert={cert}
              busy={busyId === cert.certification_id}
              onActivities={() => setActivitiesFor(cert)}
              onUpdate={() =>
                navigate(paths.updateCertification(cert.certification_id), {
                  state: { name: cert.certification_name },
                })
              }
              onRenew={() => void renew(cert)}
              onDelete={() => void remove(cert)}
            />
          </li>
        ))}
      </ul>

      <ActivitiesModal
        certification={activitiesFor}
        onClose={(changed) => {
          setActivitiesFor(null);
          if (changed) void load();
        }}
      />
      <RecommendationModal show={recommending} onClose={() => setRecommending(false)} />
      {confirmDialog}
    </>
  );
}

export function CertificationCard(props: {
  cert: Certification;
  busy?: boolean;
  onActivities(): void;
  onUpdate(): void;
  onRenew(): void;
  onDelete(): void;
}) {
  const { cert } = props;
  const expiry = expiryText(cert.expiry_date);
  const headingId = `cert-${cert.certification_id}-name`;
  // Every action names the card's certification through aria-describedby; the two that change
  // it wait while a request for this card is in flight.
  const actions = [
    { label: 'View Activities', variant: 'primary', onClick: props.onActivities },
    { label: 'Update', variant: 'outline-primary', onClick: props.onUpdate },
    { label: 'Renew', variant: 'outline-success', onClick: props.onRenew, disabled: props.busy },
    { label: 'Delete', variant: 'outline-danger', onClick: props.onDelete, disabled: props.busy },
  ];
  return (
    <Card as="article" className="h-100 cert-card" aria-labelledby={headingId}>
      <Card.Body className="d-flex flex-column">
        <div className="d-flex justify-content-between align-items-start gap-3 mb-2">
          <Card.Title as="h2" id={headingId} className="h5 text-break mb-0">
            {cert.certification_name}
          </Card.Title>
          {cert.cpe_needed !== null && (
            <ProgressRing
              percent={cert.percentage_completion ?? 0}
              label={`${cert.certification_name}: percent of CPEs completed`}
            />
          )}
        </div>
        <dl className="cert-facts mb-3">
          {cert.cpe_needed !== null && (
            <div>
              <dt>CPEs Needed</dt>
              <dd>{formatCpe(cert.cpe_needed)}</dd>
            </div>
          )}
          <div>
            <dt>CPEs Earned</dt>
            <dd>{formatCpe(cert.total_cpes_earned)}</dd>
          </div>
          {expiry !== null && (
            <div>
              <dt>Expiry Date</dt>
              <dd>{expiry}</dd>
            </div>
          )}
        </dl>
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
        <div className="d-flex flex-wrap gap-2 mt-auto">
          {actions.map((action) => (
            <Button
              key={action.label}
              size="sm"
              variant={action.variant}
              onClick={action.onClick}
              aria-describedby={headingId}
              disabled={action.disabled}
            >
              {action.label}
            </Button>
          ))}
        </div>
      </Card.Body>
    </Card>
  );
}
