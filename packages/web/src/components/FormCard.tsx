import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

const WIDTH_CLASS = { auth: 'auth-card', form: 'form-card' } as const;

/**
 * The centred card every form page sits in: `auth` is the narrow sign-in / sign-up width,
 * `form` the wider one of the certification, activity and contact forms.
 */
export function FormCard(props: { width: keyof typeof WIDTH_CLASS; children: ReactNode }) {
  return (
    <div className={`mx-auto ${WIDTH_CLASS[props.width]}`}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">{props.children}</Card.Body>
      </Card>
    </div>
  );
}

/** The legend for FormField's `required` asterisk, which is hidden from screen readers. */
export function RequiredFieldsNote() {
  return (
    <p className="small text-secondary-emphasis">
      Fields marked <span aria-hidden="true">*</span>
      <span className="visually-hidden">with an asterisk</span> are required.
    </p>
  );
}

/** A record form page: the card, its heading, an optional line under it, and the required-fields note. */
export function FormPage(props: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <FormCard width="form">
      <h1 className="h3 mb-1">{props.title}</h1>
      {props.subtitle}
      <RequiredFieldsNote />
      {props.children}
    </FormCard>
  );
}
