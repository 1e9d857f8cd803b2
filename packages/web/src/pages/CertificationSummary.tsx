import { daysBetween } from '@cpe/shared/dates';
import type { Activity, Certification } from '@cpe/shared/schemas';
import { formatLocalDate } from '../lib/certifications';
import { daysText, summarize, totalsText, yearTotals } from '../lib/rules';

export const SUMMARY_TEXTS = {
  earned: 'Credits from activities dated this calendar year, by unit: each activity counted once.',
  earnedFailed: 'Could not be counted: the activities did not load.',
};

/**
 * Above the list: the next deadline (the first of every certification's
 * deadlines by its body's rules), how many certifications need attention,
 * and the credits earned this calendar year, one figure per unit, each
 * activity counted once (an activity counted for two certifications of one
 * unit is read from the activities: `activities`). It holds its place (three
 * tiles of fixed height) while the list loads, so nothing below it moves when
 * the figures arrive.
 */
export function CertificationSummary(props: {
  /** Null while the list loads (or when it failed). */
  certs: readonly Certification[] | null;
  /** The activities of the certifications that share a unit; undefined while they load. */
  activities: readonly Activity[] | undefined;
  /** The activities could not be loaded. */
  activitiesFailed?: boolean;
  today: string;
  failed: boolean;
}) {
  const { certs, today } = props;
  const summary = certs && certs.length > 0 ? summarize(certs, today) : null;
  const pending = certs === null ? (props.failed ? '–' : '…') : null;
  const totals = certs ? yearTotals(certs, props.activities, today.slice(0, 4)) : [];
  const uncounted = props.activitiesFailed === true && totals.some((t) => t.value === null);
  const next = summary?.next ?? null;
  const tiles = [
    {
      label: 'Next deadline',
      value: pending ?? (next ? formatLocalDate(next.deadline.date) : 'None'),
      detail: next
        ? `${next.deadline.label} \u2014 ${next.cert.certification_name}, ${daysText(daysBetween(today, next.deadline.date))}.`
        : certs && certs.length > 0
          ? 'No dates ahead.'
          : '',
    },
    {
      label: 'Need attention',
      value: pending ?? String(summary?.attention ?? 0),
      detail: 'Expired, suspended, in a grace period, expiring within 90 days, or behind pace.',
      explains: true,
    },
    {
      label: `Earned in ${today.slice(0, 4)}`,
      value: pending ?? (uncounted ? '–' : totalsText(totals)),
      detail: uncounted ? SUMMARY_TEXTS.earnedFailed : SUMMARY_TEXTS.earned,
      explains: true,
      wide: true,
    },
  ];
  return (
    <section className="cert-summary mb-4" aria-label="Summary" aria-busy={certs === null}>
      <ul className="row row-cols-1 row-cols-md-3 g-2 list-unstyled mb-0">
        {tiles.map((tile) => (
          <li key={tile.label} className="col">
            <div className={`summary-tile${'wide' in tile ? ' summary-wide' : ''}`}>
              <div className="summary-label">{tile.label}</div>
              <div className="summary-value">{tile.value}</div>
              {/* On a phone a tile is one line; what a count means is said from md up. */}
              <div className={`summary-detail${'explains' in tile ? ' summary-explains' : ''}`}>
                {tile.detail}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
