import Button from 'react-bootstrap/Button';
import { useApi } from '../api/ApiContext';
import { Loaded } from '../components/Loaded';
import { ModalShell } from '../components/ModalShell';
import { useLoad } from '../lib/use-load';

/**
 * 'Recommended Certifications': asks the server-side assistant each time it
 * opens (`session` counts the openings; null once closed) and shows its text.
 */
export function RecommendationModal(props: {
  session: number | null;
  show: boolean;
  onClose(): void;
  onExited(): void;
}) {
  const { session, show, onClose, onExited } = props;
  const { api } = useApi();
  const answer = useLoad(
    session === null ? null : `recommendations:${session}`,
    () => api.recommendCertifications(),
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
        {({ text }) => <p className="recommendation-text mb-0">{text}</p>}
      </Loaded>
    </ModalShell>
  );
}
