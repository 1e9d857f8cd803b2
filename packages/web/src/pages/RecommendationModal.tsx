import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useApi } from '../api/ApiContext';
import { ModalShell } from '../components/ModalShell';
import { PageSpinner } from '../components/PageSpinner';

/** 'Recommended Certifications': asks the server-side assistant on open and shows its text. */
export function RecommendationModal(props: { show: boolean; onClose(): void }) {
  const { show, onClose } = props;
  const { api } = useApi();
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!show) return;
    let cancelled = false;
    setText(null);
    setError(null);
    api.recommendCertifications().then(
      (answer) => !cancelled && setText(answer.text),
      (e: unknown) => {
        console.error('Recommendation failed', e);
        if (!cancelled)
          setError('We could not get recommendations right now. Please try again later.');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [show, api]);

  return (
    <ModalShell
      show={show}
      onHide={onClose}
      onExited={() => setText(null)}
      size="lg"
      scrollable
      titleId="recommend-title"
      title="Recommended Certifications"
      bodyProps={{ 'aria-live': 'polite', 'aria-busy': text === null && error === null }}
      footer={
        <Button variant="outline-secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {error && (
        <Alert variant="danger" className="mb-0">
          {error}
        </Alert>
      )}
      {text === null && !error && (
        <PageSpinner inline label="Asking the assistant for recommendations…" />
      )}
      {text !== null && <p className="recommendation-text mb-0">{text}</p>}
    </ModalShell>
  );
}
