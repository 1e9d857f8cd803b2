import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router-dom';
import type { Activity, Certification, Readiness as ReadinessAnswer } from '@cpe/shared/schemas';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import type { Cycle } from '../api/certifications';
import { Feedback } from '../components/Feedback';
import type { Notice } from '../lib/notice';
import { Loaded } from '../components/Loaded';
import { ReportDownloads } from '../components/ReportDownloads';
import { ArrowLeftIcon } from '../components/icons';
import { formatCpe, formatLocalDate } from '../lib/certifications';
import { failureText } from '../lib/failure-text';
import { usePageTitle } from '../lib/page';
import {
  PROBLEM_LABELS,
  type Problem,
  REQUIREMENT_LABELS,
  activitiesInCycle,
  categoryLabel,
  categoryState,
  cycleText,
  problemsByActivity,
  requirementState,
} from '../lib/readiness';
import { type Standing, amount, unitOf, unitsText, windowLine, yearName } from '../lib/rules';
import { useToday } from '../lib/today';
import { useLoad } from '../lib/use-load';
import { type ActivityFix, paths } from '../paths';

export const READINESS_TEXTS = {
  ready: 'Nothing an auditor would reject in this cycle.',
  noActivities: 'No activities in this cycle yet.',
  submitted: (name: string) => `${name} is marked as submitted to the body’s portal.`,
};

/**
 * What fixes each kind of problem, in place: the editor opened at the input
 * that fixes it (and back here once saved), or the submission checked here.
 * A problem not listed (over a cap, outside the cycle) is said, not fixed.
 */
const FIXES: Partial<
  Record<Problem['kind'], { edit: ActivityFix; label: string; name: (activity: string) => string }>
> = {
  no_proof: { edit: 'proof', label: 'Add proof', name: (a) => `Add proof to ${a}` },
  no_provider: { edit: 'provider', label: 'Add provider', name: (a) => `Add the provider of ${a}` },
};

/**
 * /readiness/{certId}: what an auditor would reject today for one
 * certification and cycle (no proof, no provider, over a cap, outside the
 * cycle, not submitted), every requirement of its body for that cycle as the
 * rules engine states it (with the reporting years, carried credits and any
 * window after expiry), its categories, a "submitted to the body's portal"
 * checkbox per credit, and the reports.
 * The certification, its cycles and its rules load once; a cycle chosen
 * loads its own figures below the choice, which stays where it is.
 */
export function Readiness() {
  usePageTitle('Audit Readiness');
  const { certificationId = '' } = useParams();
  const { api } = useApi();
  const base = useLoad<{
    cert: Certification;
    cycles: Cycle[];
    entry: CatalogueEntry | null;
  }>(
    certificationId,
    async () => {
      const [cert, cycles] = await Promise.all([
        api.getCertification(certificationId),
        api.listCycles(certificationId),
      ]);
      const entry = cert.catalogue_id
        ? await api.getCatalogueEntry(cert.catalogue_id).catch(() => null)
        : null;
      return { cert, cycles, entry };
    },
    {
      failedText: 'We could not load this certification. Please try again.',
      logAs: 'Could not load the readiness page',
    },
  );
  const [cycle, setCycle] = useState('');
  const name = base.data?.cert.certification_name;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Link
          to={paths.myCertifications}
          className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-1"
        >
          <ArrowLeftIcon />
          Back to My Certifications
        </Link>
      </div>
      <h1 className="mb-1">Audit Readiness</h1>
      {/* The name's line is held while it loads, so the page below it never moves. */}
      <p className="lead text-break readiness-subtitle">{name ?? '\u00a0'}</p>
      <Loaded load={base} loadingLabel="Loading the certification…">
        {({ cert, cycles, entry }) => (
          <>
            <div className="readiness-toolbar mb-4">
              <Form.Group controlId="readiness-cycle" className="readiness-cycle">
                <Form.Label className="small fw-semibold mb-1">Cycle</Form.Label>
                <Form.Select value={cycle} onChange={(e) => setCycle(e.target.value)}>
                  {cycles.map((c) => (
                    <option key={c.start} value={c.current ? '' : c.start}>
                      {c.current ? 'Current' : 'Past'}: {cycleText(c, ' – ')}
                    </option>
                  ))}
                  {cycles.length === 0 && <option value="">Current cycle</option>}
                </Form.Select>
              </Form.Group>
              <ReportDownloads
                label={cert.certification_name}
                download={(format) => api.getReport(cert.certification_id, format, cycle || null)}
              />
            </div>
            <CycleReadiness cert={cert} entry={entry} cycle={cycle} />
          </>
        )}
      </Loaded>
    </>
  );
}

function CycleReadiness(props: {
  cert: Certification;
  entry: CatalogueEntry | null;
  /** A past cycle's start, or '' for the current one. */
  cycle: string;
}) {
  const { cert, entry, cycle } = props;
  const { api } = useApi();
  const today = useToday();
  const id = cert.certification_id;
  const load = useLoad(
    `${id}:${cycle}`,
    async () => {
      const [readiness, activities] = await Promise.all([
        api.getReadiness(id, cycle || undefined),
        api.listActivities(id),
      ]);
      return { readiness, activities };
    },
    {
      failedText: 'We could not check this cycle. Please try again.',
      logAs: 'Could not load readiness',
      notFound: 'error',
    },
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  /** Feedback on a problem fixed here, shown above the problems. */
  const [fixNotice, setFixNotice] = useState<Notice | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const back = paths.readiness(id);

  /** Records (or clears) the submission of one activity's credit; `fixed` says so where the problem was. */
  async function submit(
    activity: Pick<Activity, 'activity_id' | 'activity_name'>,
    submittedOn: string | null,
    fixed = false,
  ) {
    setNotice(null);
    setFixNotice(null);
    setBusyId(activity.activity_id);
    try {
      const saved = await api.setSubmission(activity.activity_id, id, submittedOn);
      const readiness = await api.getReadiness(id, cycle || undefined);
      load.update((data) => ({
        readiness,
        activities: data.activities.map((a) => (a.activity_id === saved.activity_id ? saved : a)),
      }));
      if (fixed) {
        // The problem and its button are gone: the message takes focus instead.
        setFixNotice({
          variant: 'success',
          text: READINESS_TEXTS.submitted(activity.activity_name),
        });
      }
    } catch (error) {
      console.error('Could not save the submission', error);
      const failed: Notice = {
        variant: 'danger',
        text: failureText(error, `${activity.activity_name} could not be saved. Please try again.`),
      };
      if (fixed) setFixNotice(failed);
      else setNotice(failed);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Loaded load={load} inline loadingLabel="Checking this cycle…">
      {({ readiness, activities }) => {
        const groups = problemsByActivity(readiness.problems);
        const inCycle = activitiesInCycle(activities, id, readiness.cycle, cycle === '');
        const { standing } = readiness;
        const unit = unitOf({ unit: cert.unit, standing });
        return (
          <div className="row g-4">
            {/* First on a phone: where the cycle stands, before the lists; beside them from lg up. */}
            <div className="col-12 col-lg-5 readiness-side">
              <CycleStanding
                standing={standing}
                current={cycle === ''}
                categories={readiness.categories}
                carriedCategory={
                  cycle === '' && cert.carried_category !== null
                    ? (readiness.categories.find((c) => c.category === cert.carried_category)
                        ?.label ?? categoryLabel(cert.carried_category, entry))
                    : null
                }
              />
            </div>
            <div className="col-12 col-lg-7 readiness-main">
              <section aria-labelledby="readiness-problems" className="mb-4">
                <h2 className="h4" id="readiness-problems">
                  What an auditor would reject
                </h2>
                <p className="text-secondary-emphasis small mb-2">
                  Cycle {cycleText(readiness.cycle)}.
                </p>
                <Feedback notice={fixNotice} focus onClose={() => setFixNotice(null)} />
                {groups.length === 0 ? (
                  <p className="readiness-ok">{READINESS_TEXTS.ready}</p>
                ) : (
                  <ListGroup as="ul" aria-label="Problems">
                    {groups.map((group) => (
                      <ListGroup.Item as="li" key={group.activityId} className="readiness-problem">
                        <h3 className="h6 fw-semibold mb-1 text-break readiness-problem-name">
                          {group.activityName}
                        </h3>
                        <ul className="list-unstyled small mb-0">
                          {group.problems.map((p) => {
                            const fix = FIXES[p.kind];
                            return (
                              <li key={p.kind} className="problem-row">
                                <span>
                                  <span className={`status-badge problem-badge problem-${p.kind}`}>
                                    {PROBLEM_LABELS[p.kind]}
                                  </span>{' '}
                                  {p.message}
                                </span>
                                {fix && (
                                  <Link
                                    to={paths.updateActivity(group.activityId, {
                                      returnTo: back,
                                      fix: fix.edit,
                                    })}
                                    className="btn btn-sm btn-outline-primary problem-fix"
                                    aria-label={fix.name(group.activityName)}
                                  >
                                    {fix.label}
                                  </Link>
                                )}
                                {p.kind === 'not_submitted' && (
                                  <Button
                                    size="sm"
                                    variant="outline-primary"
                                    className={`problem-fix${busyId === group.activityId ? ' disabled' : ''}`}
                                    aria-label={`Mark ${group.activityName} as submitted`}
                                    aria-disabled={busyId === group.activityId || undefined}
                                    onClick={() =>
                                      busyId === group.activityId
                                        ? undefined
                                        : void submit(
                                            {
                                              activity_id: group.activityId,
                                              activity_name: group.activityName,
                                            },
                                            today,
                                            true,
                                          )
                                    }
                                  >
                                    Mark submitted
                                  </Button>
                                )}
                              </li>
                            );
                          })}
                        </ul>
                      </ListGroup.Item>
                    ))}
                  </ListGroup>
                )}
              </section>

              <section aria-labelledby="readiness-submissions">
                <h2 className="h4" id="readiness-submissions">
                  Submitted to the body&rsquo;s portal
                </h2>
                <p className="text-secondary-emphasis small mb-2">
                  Each body keeps its own record: check an activity once you have logged it in its
                  portal.
                </p>
                <Feedback notice={notice} onClose={() => setNotice(null)} />
                {inCycle.length === 0 ? (
                  <p>{READINESS_TEXTS.noActivities}</p>
                ) : (
                  <ListGroup as="ul" aria-label="Submissions">
                    {inCycle.map((a) => {
                      const credit = a.credits.find((c) => c.certification_id === id);
                      const submitted = credit?.submitted_on ?? null;
                      const busy = busyId === a.activity_id;
                      const units = credit?.cpe_units ?? a.cpe_units;
                      return (
                        <ListGroup.Item as="li" key={a.activity_id} className="submission-row">
                          <Form.Check
                            id={`submitted-${a.activity_id}`}
                            className="text-break"
                            checked={submitted !== null}
                            // aria-disabled, not disabled, while it saves: a disabled control
                            // drops the keyboard's focus to the page.
                            aria-disabled={busy || undefined}
                            onChange={(e) => {
                              if (!busy) void submit(a, e.currentTarget.checked ? today : null);
                            }}
                            label={
                              <>
                                <span className="fw-semibold">{a.activity_name}</span>
                                <span className="d-block small text-secondary-emphasis">
                                  {formatLocalDate(a.activity_date)} · {amount(units, unit)}
                                </span>
                              </>
                            }
                          />
                          <div className="submission-date small">
                            {submitted === null ? (
                              <span className="text-secondary-emphasis">Not submitted</span>
                            ) : (
                              <Form.Control
                                type="date"
                                size="sm"
                                aria-label={`Submitted on, ${a.activity_name}`}
                                defaultValue={submitted}
                                key={submitted}
                                max={today}
                                disabled={busy}
                                onBlur={(e) => {
                                  const value = e.currentTarget.value;
                                  if (value && value !== submitted) void submit(a, value);
                                }}
                              />
                            )}
                          </div>
                        </ListGroup.Item>
                      );
                    })}
                  </ListGroup>
                )}
              </section>
            </div>
          </div>
        );
      }}
    </Loaded>
  );
}

/**
 * The right-hand panel: the cycle's figures, each requirement of the body
 * with how it stands, the reporting years, carried credits, any window after
 * the cycle's end, and the categories.
 */
/** ", which the body credits to a new holder": why a total not earned is no shortfall. */
function waivedText(standing: Standing): string {
  const basis = standing.requirements.find((r) => r.id === 'total')?.basis;
  if (basis === 'credited') return ', which the body credits to a new holder';
  if (basis === 'exempt') return ', from which a new holder is exempt';
  return '';
}

/**
 * What met requirements mean for the cycle: ready to renew while it runs (or
 * its grace or suspension lasts); met for a renewed one; for one that ended
 * with no window left, met but ended, which the body may no longer accept.
 */
function metText(standing: Standing, current: boolean): string {
  if (!current) return ': every requirement was met';
  if (standing.state === 'expired' && standing.cycle.end !== null) {
    return `: every requirement is met, but the cycle ended on ${formatLocalDate(standing.cycle.end)}`;
  }
  return ': ready to renew';
}

function CycleStanding(props: {
  standing: Standing;
  /** The current cycle: a past one was renewed already. */
  current: boolean;
  categories: ReadinessAnswer['categories'];
  /** The category the carried credits count as, in words (current cycle only). */
  carriedCategory: string | null;
}) {
  const { standing, categories, carriedCategory, current } = props;
  const unit = unitOf({ unit: null, standing });
  const target = standing.target;
  const years = standing.years.filter((y) => y.required !== null || y.basis !== null);
  return (
    <section aria-labelledby="readiness-totals" className="readiness-panel">
      <h2 className="h5" id="readiness-totals">
        Progress in this cycle
      </h2>
      <p className="mb-2">
        {target === null
          ? `${amount(standing.earned, unit)} counted.`
          : `${formatCpe(standing.earned)} of ${amount(target, unit)} counted${waivedText(standing)}${standing.ready ? metText(standing, current) : ''}.`}
      </p>
      {standing.carriedIn > 0 && (
        <p className="small mb-2">
          {amount(standing.carriedIn, unit)} carried over from the last cycle
          {carriedCategory ? `, counted as ${carriedCategory}` : ''}.
        </p>
      )}
      {standing.ruleNote && (
        <p className="small text-secondary-emphasis mb-2">
          This cycle follows an earlier rule: {standing.ruleNote}
        </p>
      )}
      <AfterExpiry standing={standing} />

      {standing.requirements.length > 0 && (
        <>
          <h3 className="h6 mt-3" id="readiness-requirements">
            Requirements
          </h3>
          <ul
            className="list-unstyled requirement-list mb-0"
            aria-labelledby="readiness-requirements"
          >
            {standing.requirements.map((r) => {
              const state = requirementState(r);
              return (
                <li key={r.id} className="requirement-row">
                  <span className={`status-badge requirement-badge requirement-${state}`}>
                    {REQUIREMENT_LABELS[state]}
                  </span>
                  <span className="text-break">{r.message}</span>
                </li>
              );
            })}
          </ul>
        </>
      )}

      {years.length > 0 && (
        <table className="reporting-years mt-3 mb-0">
          <caption>Reporting years</caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col" className="text-end">
                Earned
              </th>
              <th scope="col" className="text-end">
                Minimum
              </th>
            </tr>
          </thead>
          <tbody>
            {years.map((y) => (
              <tr key={y.from}>
                <th scope="row" className="fw-normal">
                  {yearName(y).replace(/^This cycle year /, '')}
                </th>
                <td className="text-end">{formatCpe(y.earned)}</td>
                <td className="text-end">
                  {y.basis === 'credited'
                    ? 'Credited'
                    : y.basis === 'exempt'
                      ? 'Exempt'
                      : `${amount(y.required ?? 0, unit)}${y.basis === 'prorated' ? ' (prorated)' : ''}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {categories.length > 0 && (
        <>
          <h3 className="h6 mt-3">Categories</h3>
          <ul className="list-unstyled mb-0" aria-label="Categories">
            {categories.map((c) => {
              const state = categoryState(c);
              const rule = [
                c.minimum !== null ? `at least ${formatCpe(c.minimum)}` : null,
                c.maximum !== null ? `at most ${formatCpe(c.maximum)}` : null,
              ]
                .filter(Boolean)
                .join(', ');
              const scale = Math.max(c.minimum ?? 0, c.maximum ?? 0, c.earned, 1);
              return (
                <li key={c.category} className="category-row">
                  <div className="d-flex justify-content-between gap-2">
                    <span className="text-break">{c.label}</span>
                    <span className={`category-${state} text-nowrap`}>
                      {formatCpe(c.earned)} {unitsText(unit)}
                      {rule && <span className="small"> ({rule})</span>}
                    </span>
                  </div>
                  <div className="category-bar" aria-hidden="true">
                    <div
                      className={`category-fill category-fill-${state}`}
                      style={{ width: `${Math.min(100, (c.earned / scale) * 100)}%` }}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** The window after the cycle's end holding today, else the ones that follow the end. */
function AfterExpiry(props: { standing: Standing }) {
  const { standing } = props;
  if (standing.window) {
    return (
      <div className="readiness-window mb-2">
        <p className="mb-1">{windowLine(standing)}</p>
        <p className="small mb-0">{standing.window.note}</p>
      </div>
    );
  }
  if (standing.windows.length === 0) return null;
  return (
    <div className="small mb-2">
      <p className="mb-1">After the cycle ends:</p>
      <ul className="mb-0 ps-3">
        {standing.windows.map((w) => (
          <li key={w.from}>
            {w.kind === 'grace' ? 'Grace period' : 'Suspension'}{' '}
            {cycleText({ start: w.from, end: w.to })}
            {w.creditsCount ? ': credits earned in it still count.' : '.'}
          </li>
        ))}
      </ul>
    </div>
  );
}
