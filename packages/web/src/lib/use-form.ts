import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type NavigateOptions, type To, useNavigate } from 'react-router-dom';
import { ApiError, type FieldErrors } from '../api/errors';
import { failureText } from './failure-text';
import { type LeaveGuard, useLeaveGuard } from './leave-guard';
import type { Notice } from './notice';
import { reveal } from './reveal';

type Values = Record<string, string>;

export interface SavePlan {
  /** Client-side messages by field; any of them stops the request. */
  validate(): FieldErrors;
  send(): Promise<void>;
  /**
   * What to say when `send` fails (the API's per-field messages go next to their inputs
   * instead), or null when the page has handled it (e.g. left for the 404 page).
   */
  failedText(error: unknown): string | null;
  logAs: string;
}

export interface FormState<V extends Values> {
  values: V;
  /** What a FormField for `name` needs: the wire name, its value, change handler and message. */
  field<K extends keyof V & string>(
    name: K,
  ): {
    name: K;
    value: string;
    onChange(event: { target: { value: string } }): void;
    error: string | undefined;
  };
  /**
   * Sets several values at once (a choice that fills other fields); given a
   * function, from the latest values, however late the caller's render was.
   */
  update(changes: Partial<V> | ((values: V) => Partial<V>)): void;
  errors: FieldErrors;
  /** A failure of the whole form, for <Feedback focus>: each failure is a new notice. */
  formError: Notice | null;
  busy: boolean;
  /** The <form> element: its first field gets focus when the page opens. */
  formRef: RefObject<HTMLFormElement | null>;
  /** The submit handler for `plan`. */
  onSubmit(plan: SavePlan): (event: FormEvent) => void;
  /** Navigates away after a successful save, which is never held back as unsaved input. */
  leave(to: To, options?: NavigateOptions): void;
  /** Whether a navigation is waiting for the user to confirm leaving unsaved input. */
  leaveGuard: LeaveGuard;
}

const sameValues = (a: Values, b: Values) =>
  Object.keys(a).every((k) => Object.hasOwn(b, k) && a[k] === b[k]);

/** Focuses the form's first field once, when it appears (a form page opening). */
export function useFocusFirstField(formRef: RefObject<HTMLElement | null>, key: unknown = null) {
  useEffect(() => {
    formRef.current
      ?.querySelector<HTMLElement>(
        'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
      )
      ?.focus();
  }, [formRef, key]);
}

/**
 * State and submit flow of the forms that save through the API (certification,
 * activity, contact).
 *
 * What the user types is owned here from the moment the form mounts: `initial`
 * is read once, and nothing else (a record arriving, a session refresh, a
 * re-render of the page around it) writes the values. Pages therefore mount
 * the form only once its record has loaded (see Loaded), and a different
 * record means a new form (a React key), never new values poured into this one.
 *
 * Leaving with unsaved input asks first (links, back, reload); a failed check
 * focuses the first field in error; a failure of the whole form is revealed
 * and focused where the user is looking.
 */
export function useForm<V extends Values>(initial: V): FormState<V> {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();

  const initialRef = useRef(initial);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const saved = useRef(false);
  const leaveGuard = useLeaveGuard(
    () => !saved.current && !sameValues(valuesRef.current, initialRef.current),
  );

  useFocusFirstField(formRef);

  // After a refused submit, the first field in error takes focus (and comes into view).
  const [checked, setChecked] = useState(0);
  useEffect(() => {
    if (checked === 0) return;
    reveal(formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null);
  }, [checked]);

  function field<K extends keyof V & string>(name: K) {
    return {
      name,
      value: values[name] ?? '',
      onChange: (event: { target: { value: string } }) => {
        // Read now: the updater may run later, when the event's target holds another value.
        const value = event.target.value;
        setValues((v) => ({ ...v, [name]: value }));
      },
      error: errors[name],
    };
  }

  function onSubmit(plan: SavePlan) {
    return (event: FormEvent) => {
      event.preventDefault();
      void save(plan);
    };
  }

  async function save(plan: SavePlan) {
    if (busyRef.current) return;
    setFormError(null);
    const clientErrors = plan.validate();
    if (Object.keys(clientErrors).length > 0) {
      setErrors(clientErrors);
      setChecked((n) => n + 1);
      return;
    }
    setErrors({});
    busyRef.current = true;
    setBusy(true);
    try {
      await plan.send();
    } catch (error) {
      console.error(plan.logAs, error);
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        setChecked((n) => n + 1);
      } else {
        const text = plan.failedText(error);
        if (text) setFormError({ variant: 'danger', text: failureText(error, text) });
      }
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return {
    values,
    field,
    update: (changes) =>
      setValues((v) => ({ ...v, ...(typeof changes === 'function' ? changes(v) : changes) })),
    errors,
    formError,
    busy,
    formRef,
    onSubmit,
    leave(to, options) {
      saved.current = true;
      void navigate(to, options);
    },
    leaveGuard,
  };
}
