import { useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { useNavigate } from 'react-router-dom';
import type { Activity, Certification } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { ProofFilter } from '../api/activities';
import { useConfirm } from '../components/ConfirmDialog';
import { Feedback } from '../components/Feedback';
import type { Notice } from '../lib/notice';
import { Loaded } from '../components/Loaded';
import { ModalShell } from '../components/ModalShell';
import { formatCpe, formatLocalDate } from '../lib/certifications';
import { failureText } from '../lib/failure-text';
import { namesText } from '../lib/names';
import { unitOf, unitsText } from '../lib/rules';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';

/** The dialog's name in the history: back on that entry, the list opens it again. */
export const activitiesDialog = (certificationId: string) => `activities:${certificationId}`;

export const ACTIVITY_TEXTS = {
  empty: 'No activities for this certification yet. Add some in!',
  noneMissing: 'Every activity has its proof.',
  nonePresent: 'No activity has proof yet.',
  noProof: 'No proof',
  archived: 'This activity has been archived.',
  confirmDelete: 'Are you sure you want to delete this activity? This action is irreversible.',
  /** Added to confirmDelete for an activity counted by other certifications too. */
  alsoDeletedFrom: (names: string) => `It also counts for ${names}, and is deleted there too.`,
  remove: (certification: string) => `Remove from ${certification}`,
  confirmRemove: (certification: string, loggedFor: string) =>
    `Remove this activity from ${certification}? It stays logged for ${loggedFor}.`,
  removed: (activity: string, certification: string) =>
    `${activity} no longer counts for ${certification}.`,
  removeFailed: 'The activity could not be removed from this certification. Please try again.',
};

/**
 * The activities of one certification. The page keeps `certification` while
 * the dialog fades out and clears it in `onExited` (the spec's "closing
 * clears the selection and the list"); `changed` tells the page to reload its
 * totals after a deletion.
 */
export function ActivitiesModal(props: {
  certification: Certification | null;
  /** Names of the user's certifications, for the ones an activity also counts for. */
  names?: ReadonlyMap<string, string>;
  show: boolean;
  onClose: (changed: boolean) => void;
  onExited: () => void;
}) {
  const { certification, show, onClose, onExited } = props;
  const { api } = useApi();
  const navigate = useNavigate();
  const [confirmDialog, confirm] = useConfirm();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const changed = useRef(false);
  const certId = certification?.certification_id ?? null;
  const [proof, setProof] = useState<'' | ProofFilter>('');
  // The spec's words for CPEs; a certification counted in another unit says its own.
  const unit = certification ? unitOf(certification) : 'CPE';
  const unitsLabel = unit === 'CPE' ? 'CPE Units' : unitsText(unit);

  const list = useLoad(
    certId && `${certId}:${proof}`,
    () => api.listActivities(certId as string, proof ? { proof } : {}),
    {
      failedText: 'We could not load the activities. Please try again.',
      logAs: 'Could not load activities',
      // A certification deleted meanwhile: say so here rather than leave the page.
      notFound: 'error',
    },
  );

  function close() {
    onClose(changed.current);
  }

  const nameOf = (id: string) => props.names?.get(id) ?? 'another certification';

  async function remove(activity: Activity, trigger: HTMLElement) {
    setNotice(null);
    const others = activity.credits
      .map((c) => c.certification_id)
      .filter((id) => id !== certId)
      .map(nameOf);
    const question =
      others.length === 0
        ? ACTIVITY_TEXTS.confirmDelete
        : `${ACTIVITY_TEXTS.confirmDelete} ${ACTIVITY_TEXTS.alsoDeletedFrom(namesText(others))}`;
    const confirmed = await confirm(question, {
      confirmLabel: 'Delete',
      variant: 'danger',
      returnFocusTo: trigger,
    });
    if (!confirmed) return;
    setBusyId(activity.activity_id);
    try {
      await api.deleteActivity(activity.activity_id);
      changed.current = true;
      list.update((all) => all.filter((a) => a.activity_id !== activity.activity_id));
      // The item and its button are gone: the message takes focus instead.
      setNotice({ variant: 'success', text: `${activity.activity_name} has been deleted.` });
    } catch (e) {
      console.error('Could not delete the activity', e);
      setNotice({
        variant: 'danger',
        text: failureText(e, 'The activity could not be deleted. Please try again.'),
      });
    } finally {
      setBusyId(null);
    }
  }

  /**
   * Takes this certification's credit off an activity logged for another
   * one: the activity stays there (and the certification can then be
   * deleted once nothing else counts for it).
   */
  async function uncount(activity: Activity, trigger: HTMLElement) {
    if (!certification) return;
    setNotice(null);
    const name = certification.certification_name;
    const confirmed = await confirm(
      ACTIVITY_TEXTS.confirmRemove(name, nameOf(activity.certification_id)),
      { confirmLabel: 'Remove', variant: 'danger', returnFocusTo: trigger },
    );
    if (!confirmed) return;
    setBusyId(activity.activity_id);
    try {
      await api.updateActivity(activity.activity_id, {
        ...activity,
        credits: activity.credits
          .filter(
            (c) =>
              c.certification_id !== certId && c.certification_id !== activity.certification_id,
          )
          .map(({ certification_id, cpe_units, category }) => ({
            certification_id,
            cpe_units,
            category,
          })),
      });
      changed.current = true;
      list.update((all) => all.filter((a) => a.activity_id !== activity.activity_id));
      setNotice({ variant: 'success', text: ACTIVITY_TEXTS.removed(activity.activity_name, name) });
    } catch (e) {
      console.error('Could not remove the activity from the certification', e);
      // Changed in another window meanwhile: the list shows it as it is now.
      list.reload();
      setNotice({ variant: 'danger', text: failureText(e, ACTIVITY_TEXTS.removeFailed) });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <>
      <ModalShell
        show={show}
        onHide={close}
        onEnter={() => {
          changed.current = false;
          setNotice(null);
          setProof('');
        }}
        onExited={onExited}
        size="lg"
        scrollable
        titleId="activities-title"
        titleClassName="text-break"
        {...(certId ? { history: activitiesDialog(certId) } : {})}
        title={<>Activities for {certification?.certification_name}</>}
        footer={
          <>
            <Button
              variant="primary"
              onClick={() => certId && void navigate(paths.addActivity(certId))}
            >
              Add Activity
            </Button>
            <Button variant="outline-secondary" onClick={close}>
              Close
            </Button>
          </>
        }
      >
        <Feedback notice={notice} focus onClose={() => setNotice(null)} />
        <div className="d-flex align-items-center gap-2 mb-2">
          <Form.Label htmlFor="activity-proof-filter" className="mb-0 small text-nowrap">
            Show
          </Form.Label>
          <Form.Select
            id="activity-proof-filter"
            size="sm"
            className="w-auto"
            value={proof}
            onChange={(e) => setProof(e.target.value as '' | ProofFilter)}
          >
            <option value="">All activities</option>
            <option value="missing">Proof missing</option>
            <option value="present">Proof present</option>
          </Form.Select>
        </div>
        <Loaded load={list} inline loadingLabel="Loading activities…">
          {(activities) =>
            activities.length === 0 ? (
              <p className="mb-0 text-center py-3">
                {proof === 'missing'
                  ? ACTIVITY_TEXTS.noneMissing
                  : proof === 'present'
                    ? ACTIVITY_TEXTS.nonePresent
                    : ACTIVITY_TEXTS.empty}
              </p>
            ) : (
              <ListGroup as="ul" variant="flush">
                {activities.map((a) => {
                  const mine = a.credits.find((c) => c.certification_id === certId);
                  const others = a.credits.filter((c) => c.certification_id !== certId);
                  return (
                    <ListGroup.Item as="li" key={a.activity_id} className="px-0 py-3">
                      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
                        <h3
                          className="h6 fw-semibold mb-0 text-break"
                          id={`activity-${a.activity_id}`}
                        >
                          {a.activity_name}
                        </h3>
                        {!a.has_proof && (
                          <span className="status-badge status-no-proof">
                            {ACTIVITY_TEXTS.noProof}
                          </span>
                        )}
                      </div>
                      {a.description && (
                        <p className="mb-2 text-break recommendation-text">{a.description}</p>
                      )}
                      <dl className="cert-facts small mb-2">
                        <div>
                          <dt>{unitsLabel}</dt>
                          <dd>{formatCpe(mine?.cpe_units ?? a.cpe_units)}</dd>
                        </div>
                        <div>
                          <dt>Date</dt>
                          <dd>{formatLocalDate(a.activity_date)}</dd>
                        </div>
                        {a.provider && (
                          <div>
                            <dt>Provider</dt>
                            <dd className="text-break">{a.provider}</dd>
                          </div>
                        )}
                        {others.length > 0 && (
                          <div>
                            <dt>Also counts for</dt>
                            <dd className="text-break">
                              {others
                                .map(
                                  (c) =>
                                    `${props.names?.get(c.certification_id) ?? 'another certification'} (${formatCpe(c.cpe_units)})`,
                                )
                                .join(', ')}
                            </dd>
                          </div>
                        )}
                        {a.files.length > 0 && (
                          <div>
                            <dt>Proof</dt>
                            <dd className="text-break">
                              {a.files.map((f) => f.file_name).join(', ')}
                            </dd>
                          </div>
                        )}
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
                          onClick={() => void navigate(paths.updateActivity(a.activity_id))}
                        >
                          Update
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-describedby={`activity-${a.activity_id}`}
                          aria-disabled={busyId === a.activity_id || undefined}
                          className={busyId === a.activity_id ? 'disabled' : undefined}
                          onClick={(e) => {
                            if (busyId !== a.activity_id) void remove(a, e.currentTarget);
                          }}
                        >
                          Delete
                        </Button>
                        {a.certification_id !== certId && certification && (
                          <Button
                            size="sm"
                            variant="outline-secondary"
                            className={`text-break${busyId === a.activity_id ? ' disabled' : ''}`}
                            aria-describedby={`activity-${a.activity_id}`}
                            aria-disabled={busyId === a.activity_id || undefined}
                            onClick={(e) => {
                              if (busyId !== a.activity_id) void uncount(a, e.currentTarget);
                            }}
                          >
                            {ACTIVITY_TEXTS.remove(certification.certification_name)}
                          </Button>
                        )}
                      </div>
                    </ListGroup.Item>
                  );
                })}
              </ListGroup>
            )
          }
        </Loaded>
      </ModalShell>
      {confirmDialog}
    </>
  );
}
