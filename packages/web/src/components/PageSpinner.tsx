import Spinner from 'react-bootstrap/Spinner';

/**
 * A loading message. In a page (the default) it keeps a viewport's height, so
 * the footer stays below the fold until the content arrives instead of
 * jumping down when it does (a layout shift); `inline` is for modals.
 */
export function PageSpinner(props: { label?: string; inline?: boolean }) {
  return (
    <div
      className={`d-flex justify-content-center align-items-start gap-2 py-5${props.inline ? '' : ' page-loading'}`}
      role="status"
    >
      <Spinner animation="border" variant="primary" size="sm" aria-hidden="true" />
      <span>{props.label ?? 'Loading…'}</span>
    </div>
  );
}
