import { useEffect, useRef, useState } from 'react';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { LoadFailed } from '../components/Loaded';
import { PageSpinner } from '../components/PageSpinner';
import { ProgressRing } from '../components/ProgressRing';
import { useLoad } from '../lib/use-load';

export const TOUR_TEXTS = {
  title: 'What it does',
  bodiesTitle: 'The bodies whose rules it knows',
  bodiesIntro:
    'Pick a certification and its target, cycle, annual minimum, categories, caps and fees come filled in from its body’s published rules. The most held ones come from:',
  bodiesMore: 'And many more: search for yours when you add a certification.',
  bodiesFailed: 'We could not load the catalogue.',
  privacy:
    'Private: your certifications, activities and proof files are seen by you alone, and you can export them or delete your account at any time.',
  price:
    'Free: no subscription and no card; if it saves you a scramble before an audit, the coffee button below keeps it running.',
};

/** How many of the most held certifications name the bodies (the catalogue's largest page). */
const BODIES_FROM = 50;

/**
 * Below the home page's video and buttons: what the app does, shown with the
 * app's own pieces (the progress ring, a readiness problem, the deadlines of
 * a month) rather than pictures of them; the bodies the catalogue knows; and
 * privacy and price in a sentence each.
 */
export function HomeTour() {
  return (
    <>
      <section className="home-tour" aria-labelledby="tour-title">
        <h2 className="h3 text-center mb-4" id="tour-title">
          {TOUR_TEXTS.title}
        </h2>
        <ul className="tour-grid list-unstyled">
          <li className="tour-card">
            <h3 className="h5">See where each certification stands</h3>
            <p>
              A CISSP counts CPEs over three years, a PMP counts PDUs in categories, a CISA asks for
              a minimum every calendar year: each is counted by its own body&rsquo;s rules, with the
              pace you need to finish in time.
            </p>
            <ProgressIllustration />
          </li>
          <li className="tour-card">
            <h3 className="h5">Know what an auditor would reject</h3>
            <p>
              Activities without proof or provider, credits over a cap, entries not yet submitted to
              the body&rsquo;s portal: each with the one action that fixes it, and an audit report
              to download.
            </p>
            <ReadinessIllustration />
          </li>
          <li className="tour-card">
            <h3 className="h5">Every deadline in your calendar</h3>
            <p>
              Cycle ends, annual minimums and fees, by email before they fall due and in a calendar
              feed your phone or Outlook can follow.
            </p>
            <CalendarIllustration />
          </li>
        </ul>
      </section>
      <KnownBodies />
      <section className="home-terms" aria-label="Privacy and price">
        <p>{TOUR_TEXTS.privacy}</p>
        <p className="mb-0">{TOUR_TEXTS.price}</p>
      </section>
    </>
  );
}

/** A certification's card as the list shows it, with the real progress ring. */
function ProgressIllustration() {
  return (
    <div className="tour-figure tour-progress" aria-hidden="true">
      <ProgressRing percent={72} label="CISSP: percent of CPEs completed" size={72} />
      <div>
        <p className="fw-semibold mb-1">CISSP</p>
        <span className="status-badge status-on-pace">On pace</span>
        <p className="small mb-0 mt-1">86 of 120 CPEs; 3.5 CPEs a month to finish.</p>
      </div>
    </div>
  );
}

/** Two problems of the readiness page, each with its fix. */
function ReadinessIllustration() {
  const rows = [
    { name: 'Cloud security webinar', kind: 'no_proof', badge: 'No proof', fix: 'Add proof' },
    {
      name: 'Chapter meeting',
      kind: 'not_submitted',
      badge: 'Not submitted',
      fix: 'Mark submitted',
    },
  ];
  return (
    <ul className="tour-figure list-unstyled small" aria-hidden="true">
      {rows.map((row) => (
        <li key={row.name} className="problem-row">
          <span>
            <span className="fw-semibold d-block">{row.name}</span>
            <span className={`status-badge problem-badge problem-${row.kind}`}>{row.badge}</span>
          </span>
          <span className="tour-action">{row.fix}</span>
        </li>
      ))}
    </ul>
  );
}

/** A month of deadlines, as the calendar feed puts them in the user's calendar. */
function CalendarIllustration() {
  // December: the 1st is a Tuesday (offset 1 in a Monday-first week).
  const marked = new Map([
    [15, 'PMP renewal fee'],
    [31, 'CISA: 20 CPEs in the year'],
  ]);
  const days = Array.from({ length: 31 }, (_, i) => i + 1);
  return (
    <div className="tour-figure" aria-hidden="true">
      <p className="fw-semibold small mb-1">December</p>
      <div className="tour-month">
        {['M', 'T', 'W', 'T', 'F', 'S', 'S'].map((d, i) => (
          <span key={`head-${i}`} className="tour-weekday">
            {d}
          </span>
        ))}
        <span />
        {days.map((day) => (
          <span key={day} className={marked.has(day) ? 'tour-day is-due' : 'tour-day'}>
            {day}
          </span>
        ))}
      </div>
      <ul className="list-unstyled small mb-0 mt-2">
        {[...marked].map(([day, what]) => (
          <li key={day}>
            <span className="fw-semibold">Dec {day}</span> {what}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The catalogue's most held certifications, by body in the order they first appear. */
export function bodiesOf(entries: readonly CatalogueEntry[]): { body: string; names: string[] }[] {
  const bodies = new Map<string, string[]>();
  for (const entry of entries)
    bodies.set(entry.body, [...(bodies.get(entry.body) ?? []), entry.name]);
  return [...bodies].map(([body, names]) => ({ body, names }));
}

/**
 * The bodies from the catalogue (its answer to an empty search: the most held
 * certifications), asked for once the section comes near the screen: a
 * visitor who never scrolls there costs no request.
 */
function KnownBodies() {
  const { api } = useApi();
  const ref = useRef<HTMLElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const catalogue = useLoad(
    near ? 'bodies' : null,
    () => api.searchCatalogue('', { limit: BODIES_FROM }),
    {
      failedText: TOUR_TEXTS.bodiesFailed,
      logAs: 'Could not load the catalogue',
      notFound: 'error',
    },
  );

  return (
    <section ref={ref} className="home-bodies" aria-labelledby="bodies-title">
      <h2 className="h4" id="bodies-title">
        {TOUR_TEXTS.bodiesTitle}
      </h2>
      <p>{TOUR_TEXTS.bodiesIntro}</p>
      {catalogue.data === undefined ? (
        catalogue.error !== null ? (
          <LoadFailed
            message={catalogue.error}
            retrying={catalogue.loading}
            onRetry={catalogue.reload}
          />
        ) : (
          <PageSpinner inline label="Loading the catalogue…" />
        )
      ) : (
        <>
          <ul className="body-list list-unstyled" aria-label="Certification bodies">
            {bodiesOf(catalogue.data).map(({ body, names }) => (
              <li key={body}>
                <span className="fw-semibold">{body}</span>{' '}
                <span className="small text-secondary-emphasis">{names.join(', ')}</span>
              </li>
            ))}
          </ul>
          <p className="small mb-0">{TOUR_TEXTS.bodiesMore}</p>
        </>
      )}
    </section>
  );
}
