import { type ComponentProps, type ReactNode, useId, useState } from 'react';
import Modal, { type ModalProps as BootstrapModalProps } from 'react-bootstrap/Modal';
import { useBackCloses } from '../lib/dialog-history';

// Omit keeps only the index signature of Modal's props (every prop `any`); the props read here are restated.
type ModalProps = Omit<ComponentProps<typeof Modal>, 'title' | 'children' | 'aria-labelledby'> &
  Pick<BootstrapModalProps, 'show' | 'onHide' | 'onEnter' | 'onEntered' | 'backdrop'>;

/**
 * The app's dialogs share one layout: a closable header whose h2 title names the dialog (so
 * `getByRole('dialog', { name })` and screen readers find it), a body and a footer of buttons.
 *
 * Until its opening transition ends the dialog holds still: the second click of a quick double
 * click on the button that opened it would otherwise land on the new backdrop (closing the
 * dialog at once) or on a button inside it. Meanwhile the backdrop is static (a click on it
 * closes nothing) and the content ignores the pointer (styles.scss, .modal-opening).
 */
export function ModalShell(
  props: ModalProps & {
    titleId: string;
    title: ReactNode;
    /**
     * The dialog's name in the history (a page may open it again from there), or false for a
     * dialog that answers a navigation itself (leaving a form) and must not make one.
     */
    history?: string | false;
    /** Added to the title's `h5` look, e.g. `text-break` for user-entered names. */
    titleClassName?: string;
    bodyProps?: ComponentProps<typeof Modal.Body>;
    footer: ReactNode;
    children: ReactNode;
  },
) {
  const {
    titleId,
    title,
    titleClassName,
    bodyProps,
    footer,
    children,
    className,
    onEnter,
    onEntered,
    backdrop = true,
    history,
    ...modal
  } = props;
  const [settled, setSettled] = useState(false);
  const ownKey = `dialog${useId()}`;
  useBackCloses(history === false ? null : (history ?? ownKey), Boolean(modal.show), () =>
    modal.onHide?.(),
  );
  return (
    <Modal
      {...modal}
      backdrop={settled ? backdrop : 'static'}
      className={[className, settled ? '' : 'modal-opening'].filter(Boolean).join(' ') || undefined}
      onEnter={(node: HTMLElement, appearing: boolean) => {
        setSettled(false);
        onEnter?.(node, appearing);
      }}
      onEntered={(node: HTMLElement, appearing: boolean) => {
        setSettled(true);
        onEntered?.(node, appearing);
      }}
      aria-labelledby={titleId}
    >
      <Modal.Header closeButton>
        <Modal.Title
          id={titleId}
          as="h2"
          className={titleClassName ? `h5 ${titleClassName}` : 'h5'}
        >
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body {...bodyProps}>{children}</Modal.Body>
      <Modal.Footer>{footer}</Modal.Footer>
    </Modal>
  );
}
