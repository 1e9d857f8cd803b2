import type { ComponentProps, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { readableMessage } from '../lib/readable-message';

type ControlProps = Omit<ComponentProps<typeof Form.Control>, 'id' | 'isInvalid'>;

/**
 * A labelled input with its validation message. `name` is the wire field, so
 * errors from the shared schemas and from the API's 400 land on the right input.
 */
export function FormField(
  props: ControlProps & {
    name: string;
    label: string;
    required?: boolean;
    error?: string | undefined;
    hint?: ReactNode;
    idPrefix?: string;
  },
) {
  const { name, label, required, error, hint, idPrefix = 'field', ...control } = props;
  const id = `${idPrefix}-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {required ? (
          <>
            <span aria-hidden="true">* </span>
            {label}
          </>
        ) : (
          label
        )}
      </Form.Label>
      <Form.Control
        name={name}
        required={required}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...control}
      />
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {readableMessage(name, label, error)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}

/** A labelled select with its validation message, like FormField. */
export function SelectField(
  props: Omit<ComponentProps<typeof Form.Select>, 'id' | 'isInvalid'> & {
    name: string;
    label: string;
    error?: string | undefined;
    hint?: ReactNode;
    idPrefix?: string;
  },
) {
  const { name, label, error, hint, idPrefix = 'field', ...control } = props;
  const id = `${idPrefix}-${name}`;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name={name}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...control}
      />
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {readableMessage(name, label, error)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
