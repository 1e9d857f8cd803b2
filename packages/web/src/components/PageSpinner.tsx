import Spinner from 'react-bootstrap/Spinner';
import { WAKING_TEXT, useSpinnerActivity } from '../api/activity';

/**
 * A loading message. In a page (the default) it keeps a viewport's height, so
 * the footer stays below the fold until the content arrives instead of
 * jumping down when it does (a layout shift); `inline` is for modals. Once a
 * request has waited a while it says the database is waking up, which is why
 * a first request after a quiet spell is slow.
 */
export function PageSpinner(props: { label?: string; inline?: boolean }) {
  const slow = useSpinnerActivity();
  return (
    <div
      className={`d-flex justify-content-center align-items-start gap-2 py-5${props.inline ? '' : ' page-loading'}`}
      role="status"
    >
      <Spinner animation="border" variant="primary" size="sm" aria-hidden="true" />
      <span>{slow ? WAKING_TEXT : (props.label ?? 'Loading…')}</span>
    </div>
  );
}
