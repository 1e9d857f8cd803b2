import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { useApi } from '../api/ApiContext';
import type { CatalogueEntry } from '../api/catalogue';
import { Loaded } from '../components/Loaded';
import { ModalShell } from '../components/ModalShell';
import { useLoad } from '../lib/use-load';
import { paths } from '../paths';

/**
 * 'Recommended Certifications': asks the server-side assistant each time it
 * opens (`session` counts the openings; null once closed) and shows its text,
 * then each catalogue entry it recommends with an Add link that opens the
 * add form with that entry picked (its target, unit, cycle and rules filled in).
 */
export function RecommendationModal(props: {
  session: number | null;
  show: boolean;
  onClose: () => void;
  onExited: () => void;
}) {
  const { session, show, onClose, onExited } = props;
  const { api } = useApi();
  const answer = useLoad(
    session === null ? null : `recommendations:${session}`,
    async () => {
      const { text, entries: ids } = await api.recommendCertifications();
      // An entry that cannot be loaded loses its Add link, not the answer.
      const entries = await Promise.all(
        ids.map((id) =>
          api.getCatalogueEntry(id).catch((error: unknown) => {
            console.warn('Could not load the catalogue entry', id, error);
            return null;
          }),
        ),
      );
      return { text, entries: entries.filter((e): e is CatalogueEntry => e !== null) };
    },
    {
      failedText: 'We could not get recommendations right now. Please try again later.',
      logAs: 'Recommendation failed',
      notFound: 'error',
    },
  );

  return (
    <ModalShell
      show={show}
      onHide={onClose}
      onExited={onExited}
      size="lg"
      scrollable
      titleId="recommend-title"
      title="Recommended Certifications"
      bodyProps={{ 'aria-live': 'polite', 'aria-busy': answer.data === undefined && !answer.error }}
      footer={
        <Button variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <Loaded load={answer} inline loadingLabel="Asking the assistant for recommendations…">
        {({ text, entries }) => (
          <>
            <p className="recommendation-text mb-0">{text}</p>
            {entries.length > 0 && (
              <>
                <h3 className="h6 mt-4">Add one to your certifications</h3>
                <ul className="list-unstyled mb-0" aria-label="Recommended certifications to add">
                  {entries.map((entry) => (
                    <li
                      key={entry.id}
                      className="d-flex align-items-center justify-content-between gap-3 py-2 border-top"
                    >
                      <span>
                        <span className="fw-semibold">{entry.name}</span>
                        <span className="d-block small text-secondary-emphasis">
                          {entry.fullName !== entry.name ? `${entry.fullName} · ` : ''}
                          {entry.body}
                        </span>
                      </span>
                      <Link
                        className="btn btn-sm btn-outline-primary text-nowrap"
                        to={paths.addCertificationPicked(entry.id)}
                        aria-label={`Add ${entry.name}`}
                      >
                        Add
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </Loaded>
    </ModalShell>
  );
}
