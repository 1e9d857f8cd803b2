import Button from 'react-bootstrap/Button';
import type { CatalogueEntry } from '../api/catalogue';
import { monthText, renewalText } from '../lib/rules';

/**
 * The rules of the catalogue entry a certification follows, next to the
 * figures they filled in: who sets them, what they ask, where they were read
 * and when, and a warning where the sources disagree. The user may stop
 * following the entry and keep the certification as their own.
 */
export function CatalogueRules(props: { id: string; entry: CatalogueEntry; onUnlink(): void }) {
  const { entry } = props;
  return (
    <section id={props.id} className="catalogue-rules mb-3" aria-label={`Rules of ${entry.name}`}>
      <p className="mb-1">
        <span className="fw-semibold">{entry.name}</span>
        {entry.fullName !== entry.name && <> · {entry.fullName}</>} · {entry.body}
      </p>
      <p className="mb-1">{renewalText(entry)}</p>
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
