import type { ComponentProps, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PASSWORD_POLICY } from '@cpe/shared/user-pool';

type InputProps = Omit<ComponentProps<typeof Form.Control>, 'id' | 'value' | 'onChange'>;

interface Controlled {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
}

/**
 * A labelled, controlled input for the sign-in and sign-up cards. Unlike FormField it carries no
 * wire name, asterisk or per-field message: those cards report a failure once, above the form.
 */
export function AuthInput(
  props: InputProps &
    Controlled & {
      label: string;
      hint?: ReactNode;
      groupClassName?: string;
    },
) {
  const { id, label, value, onValueChange, hint, groupClassName = 'mb-3', ...control } = props;
  return (
    <Form.Group className={groupClassName} controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...control}
        aria-describedby={hint ? `${id}-hint` : undefined}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
      />
      {hint && <Form.Text id={`${id}-hint`}>{hint}</Form.Text>}
    </Form.Group>
  );
}

/** `username` where the address signs in to an existing account, `email` where it creates one. */
export function EmailInput(props: Controlled & { autoComplete: 'username' | 'email' }) {
  return <AuthInput {...props} label="Email" type="email" required />;
}

/** A password being chosen (sign-up, reset): the pool's minimum length, stated and enforced. */
export function NewPasswordInput(props: Controlled & { label: string }) {
  return (
    <AuthInput
      {...props}
      type="password"
      autoComplete="new-password"
      required
      minLength={PASSWORD_POLICY.minLength}
      hint={<>At least {PASSWORD_POLICY.minLength} characters.</>}
    />
  );
}

/** A code Cognito emailed (sign-up confirmation, password reset). */
export function EmailedCodeInput(props: Controlled & { label: string }) {
  return <AuthInput {...props} required inputMode="numeric" autoComplete="one-time-code" />;
}

/** The card's full-width submit button, naming what it is doing while a request is in flight. */
export function AuthSubmit(props: {
  busy: boolean;
  label: string;
  busyLabel: string;
  disabled?: boolean;
}) {
  const { busy, label, busyLabel, disabled = busy } = props;
  return (
    <Button type="submit" className="w-100" disabled={disabled}>
      {busy ? busyLabel : label}
    </Button>
  );
}
