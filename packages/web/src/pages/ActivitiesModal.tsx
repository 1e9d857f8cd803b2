import { useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useNavigate } from 'react-router-dom';
import type { Activity, Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import { useConfirm } from '../components/ConfirmDialog';
import { ModalShell } from '../components/ModalShell';
import { PageSpinner } from '../components/PageSpinner';
import { formatCpe, formatLocalDate } from '../lib/certifications';
import { paths } from '../paths';

export const ACTIVITY_TEXTS = {
  empty: 'No activities for this certification yet. Add some in!',
  archived: 'This activity has been archived.',
  confirmDelete: 'Are you sure you want to delete this activity? This action is irreversible.',
};

/**
 * The activities of one certification. Closing clears the list; `changed`
 * tells the page to reload its totals after a deletion.
 */
export function ActivitiesModal(props: {
  certification: Certification | null;
  onClose(changed: boolean): void;
}) {
  const { certification, onClose } = props;
  const { api } = useApi();
  const navigate = useNavigate();
  const [confirmDialog, confirm] = useConfirm();
  const [activities, setActivities] = useState<Activity[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const changed = useRef(false);
  const certId = certification?.certification_id;

  useEffect(() => {
    if (!certId) return;
    let cancelled = false;
    changed.current = false;
    setActivities(null);
    setError(null);
    api.listActivities(certId).then(
      (list) => !cancelled && setActivities(list),
      (e: unknown) => {
        console.error('Could not load activities', e);
        if (!cancelled) setError('We could not load the activities. Please try again.');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [certId, api]);

  function close() {
    onClose(changed.current);
  }

  async function remove(activity: Activity) {
    if (
      !(await confirm(ACTIVITY_TEXTS.confirmDelete, { confirmLabel: 'Delete', variant: 'danger' }))
    ) {
      return;
    }
    setBusyId(activity.activity_id);
    setError(null);
    try {
      await api.deleteActivity(activity.activity_id);
      changed.current = true;
      setActivities((list) => (list ?? []).filter((a) => a.activity_id !== activity.activity_id));
    } catch (e) {
      console.error('Could not delete the activity', e);
      setError('The activity could not be deleted. Please try again.');
    } finally {
      setBusyId(null);
    }
  }

  return (
    <>
      <ModalShell
        show={certification !== null}
        onHide={close}
        onExited={() => setActivities(null)}
        size="lg"
        scrollable
        titleId="activities-title"
        titleClassName="text-break"
        title={<>Activities for {certification?.certification_name}</>}
        footer={
          <>
            <Button variant="primary" onClick={() => certId && navigate(paths.addActivity(certId))}>
              Add Activity
            </Button>
            <Button variant="outline-secondary" onClick={close}>
              Close
            </Button>
          </>
        }
      >
        {error && <Alert variant="danger">{error}</Alert>}
        {!activities && !error && <PageSpinner inline label="Loading activities…" />}
        {activities && activities.length === 0 && (
          <p className="mb-0 text-center py-3">{ACTIVITY_TEXTS.empty}</p>
        )}
        {activities && activities.length > 0 && (
          <ListGroup as="ul" variant="flush">
            {activities.map((a) => (
              <ListGroup.Item as="li" key={a.activity_id} className="px-0 py-3">
                <h3 className="h6 fw-semibold mb-1 text-break" id={`activity-${a.activity_id}`}>
                  {a.activity_name}
                </h3>
                {a.description && (
                  <p className="mb-2 text-break recommendation-text">{a.description}</p>
                )}
                <dl className="cert-facts small mb-2">
                  <div>
                    <dt>CPE Units</dt>
                    <dd>{formatCpe(a.cpe_units)}</dd>
                  </div>
                  <div>
                    <dt>Date</dt>
                    <dd>{formatLocalDate(a.activity_date)}</dd>
                  </div>
                </dl>
                {a.is_archived && (
                  <p className="small fst-italic text-secondary-emphasis mb-2">
                    {ACTIVITY_TEXTS.archived}
                  </p>
                )}
                <div className="d-flex gap-2">
                  <Button
                    size="sm"
                    variant="outline-primary"
                    aria-describedby={`activity-${a.activity_id}`}
                    onClick={() => navigate(paths.updateActivity(a.activity_id))}
                  >
                    Update
                  </Button>
                  <Button
                    size="sm"
                    variant="outline-danger"
                    aria-describedby={`activity-${a.activity_id}`}
                    disabled={busyId === a.activity_id}
                    onClick={() => void remove(a)}
                  >
                    Delete
                  </Button>
                </div>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </ModalShell>
      {confirmDialog}
    </>
  );
}
