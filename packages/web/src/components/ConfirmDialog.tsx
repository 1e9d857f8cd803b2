import { type ReactNode, useCallback, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { focusIfPresent } from '../lib/reveal';
import { ModalShell } from './ModalShell';

interface Pending {
  message: string;
  confirmLabel: string;
  variant: string;
  /** Where focus goes when the dialog closes; defaults to what had it when asked. */
  returnFocusTo?: HTMLElement | null;
}

export type Confirm = (message: string, options?: Partial<Pending>) => Promise<boolean>;

/**
 * The spec's confirmations as an accessible dialog instead of window.confirm:
 * `ask()` resolves true on confirm, false on cancel or dismiss. It stacks
 * above an open modal (the activities list). When it closes, focus goes back
 * to the button that asked if that is still on the page; if it is not (the
 * record was deleted), the caller's own message takes focus.
 */
export function useConfirm(): [ReactNode, Confirm] {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  const ask = useCallback<Confirm>((message, options = {}) => {
    resolver.current?.(false);
    const active = document.activeElement;
    returnTo.current =
      options.returnFocusTo ??
      (active instanceof HTMLElement && active !== document.body ? active : null);
    setPending({ message, confirmLabel: 'Yes', variant: 'primary', ...options });
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = (ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setPending(null);
  };

  const element = (
    <ModalShell
      show={pending !== null}
      onHide={() => close(false)}
      centered
      className="confirm-modal"
      backdropClassName="confirm-backdrop"
      restoreFocus={false}
      onExited={() => {
        focusIfPresent(returnTo.current);
        returnTo.current = null;
      }}
      titleId="confirm-title"
      title="Please confirm"
      footer={
        <>
          <Button variant="outline-secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant={pending?.variant ?? 'primary'} onClick={() => close(true)}>
            {pending?.confirmLabel ?? 'Yes'}
          </Button>
        </>
      }
    >
      <p className="mb-0">{pending?.message}</p>
    </ModalShell>
  );
  return [element, ask];
}
