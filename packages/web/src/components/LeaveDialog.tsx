import Button from 'react-bootstrap/Button';
import type { LeaveGuard } from '../lib/leave-guard';
import { ModalShell } from './ModalShell';

export const LEAVE_TEXT = 'You have unsaved changes. If you leave this page, they will be lost.';

/** Asks before a navigation drops what the user typed (see useLeaveGuard). */
export function LeaveDialog(props: { guard: LeaveGuard }) {
  const { guard } = props;
  return (
    <ModalShell
      show={guard.asking}
      onHide={guard.stay}
      history={false}
      centered
      className="confirm-modal"
      backdropClassName="confirm-backdrop"
      titleId="leave-title"
      title="Leave this page?"
      footer={
        <>
          <Button variant="primary" onClick={guard.stay}>
            Stay
          </Button>
          <Button variant="outline-danger" onClick={guard.leave}>
            Leave
          </Button>
        </>
      }
    >
      <p className="mb-0">{LEAVE_TEXT}</p>
    </ModalShell>
  );
}
