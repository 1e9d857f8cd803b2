import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { RestoredDraft } from '../lib/use-form';

export const DRAFT_TEXTS = {
  resumed:
    'You were signed out before this could be saved. You are signed in again, so it is being saved now.',
  signedInAgain:
    'You were signed out while filling this in. You are signed in again and what you had typed is back; nothing has been saved yet.',
  kept: 'What you had typed here and not saved yet is back.',
  discard: 'Discard it',
};

/**
 * Says why a form opened with what the user had typed before (a draft kept
 * through a reload or a sign-in), names the files to choose again, and offers
 * to start over. A status, not an alert: nothing went wrong.
 */
export function DraftNotice(props: { draft: RestoredDraft | null }) {
  const { draft } = props;
  if (!draft) return null;
  const files =
    draft.missingFiles.length > 0
      ? ` The files chosen before cannot come back with it; choose them again: ${draft.missingFiles.join(', ')}.`
      : '';
  return (
    <Alert variant="info" className="small d-flex flex-wrap align-items-center gap-2" role="status">
      <span className="flex-grow-1">
        {DRAFT_TEXTS[draft.reason]}
        {files}
      </span>
      {draft.reason !== 'resumed' && (
        <Button variant="outline-secondary" size="sm" onClick={draft.discard}>
          {DRAFT_TEXTS.discard}
        </Button>
      )}
    </Alert>
  );
}
