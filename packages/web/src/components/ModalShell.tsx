import type { ComponentProps, ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

type ModalProps = Omit<ComponentProps<typeof Modal>, 'title' | 'children' | 'aria-labelledby'>;

/**
 * The app's dialogs share one layout: a closable header whose h2 title names the dialog (so
 * `getByRole('dialog', { name })` and screen readers find it), a body and a footer of buttons.
 */
export function ModalShell(
  props: ModalProps & {
    titleId: string;
    title: ReactNode;
    /** Added to the title's `h5` look, e.g. `text-break` for user-entered names. */
    titleClassName?: string;
    bodyProps?: ComponentProps<typeof Modal.Body>;
    footer: ReactNode;
    children: ReactNode;
  },
) {
  const { titleId, title, titleClassName, bodyProps, footer, children, ...modal } = props;
  return (
    <Modal {...modal} aria-labelledby={titleId}>
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
