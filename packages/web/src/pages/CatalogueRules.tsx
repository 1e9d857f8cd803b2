import Button from 'react-bootstrap/Button';
import type { CatalogueEntry } from '../api/catalogue';
import { cycleText } from '../lib/readiness';
import { cyclePlacementText, feesText, monthText, renewalText, windowsText } from '../lib/rules';
import { cycleFor } from './certification-rules';

/**
 * The rules of the catalogue entry a certification follows, next to the
 * figures they filled in: who sets them, what they ask, how the body places
 * a cycle (and, once the earned date is known, where the first one falls),
 * the windows after a cycle ends, the fees, where they were read and when,
 * and a warning where the sources disagree. The user may stop following the
 * entry and keep the certification as their own.
 */
export function CatalogueRules(props: {
  id: string;
  entry: CatalogueEntry;
  /** The form's earned date, cycle length and expiry, as typed. */
  earned: string;
  cycleMonths: string;
  expiry: string;
  /** The form's day first certified ('' for a first cycle). */
  certifiedOn: string;
  onUnlink: () => void;
}) {
  const { entry } = props;
  const r = entry.renewal;
  const placement = cyclePlacementText(r);
  // Said only where the form's dates are the body's (a renewed record's earned date starts a later cycle).
  const cycle = cycleFor(entry, props.earned, props.cycleMonths, props.certifiedOn);
  const first = cycle && cycle.end === props.expiry ? cycle : null;
  const windows = windowsText(r);
  const fees = feesText(r);
  return (
    <section id={props.id} className="catalogue-rules mb-3" aria-label={`Rules of ${entry.name}`}>
      <p className="mb-1">
        <span className="fw-semibold">{entry.name}</span>
        {entry.fullName !== entry.name && <> · {entry.fullName}</>} · {entry.body}
      </p>
      <p className="mb-1">{renewalText(entry)}</p>
      {placement && <p className="mb-1">{placement}</p>}
      {first && <p className="mb-1">With these dates, the cycle runs {cycleText(first)}.</p>}
      {windows && <p className="mb-1">{windows}</p>}
      {fees.map((fee) => (
        <p key={fee} className="mb-1">
          {fee}
        </p>
      ))}
      <p className="mb-1">
        <a href={entry.source} target="_blank" rel="noopener noreferrer">
          {entry.body}&apos;s renewal rules
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        , checked {monthText(entry.checked)}.
      </p>
      {entry.uncertain && (
        <p className="catalogue-uncertain mb-1">
          <span className="fw-semibold">Please confirm with {entry.body}:</span>{' '}
          {entry.uncertainNote ?? 'the sources we found disagree on these figures.'}
        </p>
      )}
      <Button variant="link" size="sm" className="p-0" onClick={props.onUnlink}>
        Not this one: keep my own rules
      </Button>
    </section>
  );
}
