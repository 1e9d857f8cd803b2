import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { Load } from '../lib/use-load';
import { PageSpinner } from './PageSpinner';

/** A failed load: the reason and a Retry button, nothing else to act on. */
export function LoadFailed(props: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
      <span>{props.message}</span>
      <Button
        variant="outline-danger"
        size="sm"
        onClick={props.onRetry}
        disabled={props.retrying}
        aria-busy={props.retrying}
      >
        {props.retrying ? 'Retrying…' : 'Retry'}
      </Button>
    </Alert>
  );
}

/**
 * Renders `children` only with data: a spinner until it arrives, the failure
 * with Retry instead of the content when it did not (so a form whose record
 * did not load is never there to submit). Once shown, content stays mounted
 * through a reload; a failed reload shows its alert above it.
 */
export function Loaded<T>(props: {
  load: Load<T>;
  loadingLabel?: string;
  /** In a modal: no full-height loading block. */
  inline?: boolean;
  children(data: T): ReactNode;
}) {
  const { load, loadingLabel, inline } = props;
  const failed = load.error !== null && (
    <LoadFailed message={load.error} retrying={load.loading} onRetry={load.reload} />
  );
  if (load.data === undefined) {
    return failed || <PageSpinner label={loadingLabel} inline={inline} />;
  }
  return (
    <>
      {failed}
      {props.children(load.data)}
    </>
  );
}
