import { type ReactNode, useCallback, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ModalShell } from './ModalShell';

interface Pending {
  message: string;
  confirmLabel: string;
  variant: string;
}

/**
 * The spec's confirmations as an accessible dialog instead of window.confirm:
 * `ask()` resolves true on confirm, false on cancel or dismiss. It stacks
 * above an open modal (the activities list).
 */
export function useConfirm(): [
  ReactNode,
  (message: string, options?: Partial<Pending>) => Promise<boolean>,
] {
  const [pending, setPending] = useState<Pending | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const ask = useCallback((message: string, options: Partial<Pending> = {}) => {
    resolver.current?.(false);
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
