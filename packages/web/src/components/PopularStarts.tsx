import { Link } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';
import { LoadFailed } from './Loaded';
import { PageSpinner } from './PageSpinner';

/** How many of the most held certifications the empty list offers. */
export const POPULAR_COUNT = 6;

export const POPULAR_TEXTS = {
  title: 'Start with one of the most held',
  hint: 'One click opens the form with its target, unit, cycle and rules filled in.',
  failed: 'We could not load the most held certifications from the catalogue.',
};

/**
 * The empty list's one-click starts: the catalogue's most held certifications
 * (its answer to an empty search), each opening Add Certification with that
 * entry picked.
 */
export function PopularStarts() {
  const { api } = useApi();
  const popular = useLoad('popular', () => api.searchCatalogue('', { limit: POPULAR_COUNT }), {
    failedText: POPULAR_TEXTS.failed,
    logAs: 'Could not load the most held certifications',
    notFound: 'error',
  });
  return (
    <section aria-labelledby="popular-title" className="popular-starts mx-auto">
      <h2 className="h5" id="popular-title">
        {POPULAR_TEXTS.title}
      </h2>
      <p className="small text-secondary-emphasis">{POPULAR_TEXTS.hint}</p>
      {popular.data === undefined ? (
        popular.error !== null ? (
          <LoadFailed message={popular.error} retrying={popular.loading} onRetry={popular.reload} />
        ) : (
          <PageSpinner inline label="Loading the catalogue…" />
        )
      ) : (
        <ul className="popular-list list-unstyled mb-0" aria-label="Most held certifications">
          {popular.data.map((entry) => (
            <li key={entry.id}>
              <Link
                to={paths.addCertificationPicked(entry.id)}
                className="popular-start"
                aria-label={`Add ${entry.name} (${entry.body})`}
              >
                <span className="fw-semibold">{entry.name}</span>
                <span className="small text-secondary-emphasis">{entry.body}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
