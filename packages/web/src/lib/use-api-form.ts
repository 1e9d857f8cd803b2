import { useState } from 'react';
import { ApiError, type FieldErrors } from '../api/client';

/**
 * State and submit flow of the pages that save through the API (certification, activity,
 * contact): controlled string fields, per-field messages from the shared schemas or the API's
 * 400, one message for the whole form, and a busy flag that blocks a second submit.
 */
export function useApiForm<F extends { [K in keyof F]: string }>(initial: F) {
  const [fields, setFields] = useState<F>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** What a FormField for `name` needs: the wire name, its value, change handler and message. */
  function field<K extends keyof F & string>(name: K) {
    return {
      name,
      value: fields[name],
      onChange: (e: { target: { value: string } }) =>
        setFields((f) => ({ ...f, [name]: e.target.value })),
      error: errors[name],
    };
  }

  /**
   * Checks, then sends. `validate` returns the client-side messages by field; any of them stops
   * the request. A failed `send` goes to `onError`, which usually ends in `showFailure`.
   */
  async function save(plan: {
    validate(): FieldErrors;
    send(): Promise<void>;
    onError(error: unknown): void;
  }) {
    if (busy) return;
    setFormError(null);
    const clientErrors = plan.validate();
    if (Object.keys(clientErrors).length > 0) {
      setErrors(clientErrors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await plan.send();
    } catch (error) {
      plan.onError(error);
    } finally {
      setBusy(false);
    }
  }

  /** The API's per-field messages go next to their inputs; any other failure shows `message`. */
  function showFailure(error: unknown, message: string) {
    if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
      setErrors(error.fieldErrors);
    } else {
      setFormError(message);
    }
  }

  return { fields, setFields, field, errors, formError, setFormError, busy, save, showFailure };
}
