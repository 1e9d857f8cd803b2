import Spinner from 'react-bootstrap/Spinner';

export function PageSpinner(props: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center gap-2 py-5" role="status">
      <Spinner animation="border" variant="primary" size="sm" aria-hidden="true" />
      <span>{props.label ?? 'Loading…'}</span>
    </div>
  );
}
