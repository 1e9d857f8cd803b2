import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { type NavigateOptions, type To, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, type FieldErrors } from '../api/errors';
import { useAuth } from '../auth/AuthContext';
import {
  type Draft,
  draftKey,
  heldFilesOf,
  holdFiles,
  readDraft,
  removeDraft,
  restoredValues,
  writeDraft,
} from './drafts';
import { failureText } from './failure-text';
import { type LeaveGuard, useLeaveGuard } from './leave-guard';
import type { Notice } from './notice';
import { reveal } from './reveal';

type Values = Record<string, string>;

export interface SavePlan {
  /** Client-side messages by field; any of them stops the request. */
  validate(): FieldErrors;
  send: () => Promise<void>;
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
    onChange: (event: { target: { value: string } }) => void;
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
  leave: (to: To, options?: NavigateOptions) => void;
  /** Whether a navigation is waiting for the user to confirm leaving unsaved input. */
  leaveGuard: LeaveGuard;
  /** Files chosen to upload with the save; part of the unsaved input. */
  files: File[];
  setFiles(files: File[]): void;
  /** The draft the form opened with, if it found one (see DraftNotice). */
  draft: RestoredDraft | null;
  /**
   * How many times the draft was discarded: a form whose fields keep state of
   * their own (a combobox's text) keys them on it, so they start over too.
   */
  discards: number;
}

/** Why a form opened with what the user had typed before, and what could not come back. */
export interface RestoredDraft {
  /**
   * resumed: a save refused because the session had ended is being made again;
   * signedInAgain: back after signing in again; kept: back after a reload or a visit elsewhere.
   */
  reason: 'resumed' | 'signedInAgain' | 'kept';
  /** Files chosen before a reload: their names, to choose again. */
  missingFiles: string[];
  /** Back to the form's starting values; the draft is dropped. */
  discard: () => void;
}

export interface FormOptions {
  /**
   * The name the form's draft is kept under for the signed-in user (the
   * page's address by default), or false for a form whose input must not be
   * kept (nothing typed there may outlive the page).
   */
  draft?: string | false;
}

/** What the sign-in page tells the page it leads back to. */
export interface ReturnState {
  signedInAgain?: boolean;
}

/**
 * Number inputs holding text the browser cannot read as a number ("1,5" in
 * an English browser): their value reads as empty, which a form would take
 * for no figure at all. Each is named by its input's name.
 */
function unreadableNumbers(form: HTMLFormElement | null): FieldErrors {
  const unreadable = Array.from(form?.elements ?? []).filter(
    (element): element is HTMLInputElement =>
      element instanceof HTMLInputElement &&
      element.type === 'number' &&
      element.name !== '' &&
      element.validity.badInput,
  );
  return Object.fromEntries(unreadable.map((input) => [input.name, 'must be a number']));
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
 *
 * Unsaved input is kept as a draft for the signed-in user (lib/drafts.ts):
 * a form opening where a draft was left (after a reload, or a session that
 * ended while it was open) starts from it and says so. A save refused because
 * the session had ended is made again when the form opens after the sign-in.
 * Saving, or choosing to leave the input, drops the draft.
 */
export function useForm<V extends Values>(initial: V, options: FormOptions = {}): FormState<V> {
  const { user } = useAuth();
  const location = useLocation();
  // Named once: the form keeps its draft under the same key whatever happens to the session.
  const [key] = useState(() =>
    options.draft === false
      ? null
      : draftKey(user?.email, options.draft ?? location.pathname.toLowerCase() + location.search),
  );
  const [found] = useState<Draft | null>(() => (key ? readDraft(key) : null));
  const [values, setValues] = useState<V>(() => (found ? restoredValues(initial, found) : initial));
  const [files, setFilesState] = useState<File[]>(() => (found && key ? heldFilesOf(key) : []));
  const [discards, setDiscards] = useState(0);
  const [restored, setRestored] = useState<Omit<RestoredDraft, 'discard'> | null>(() => {
    if (!found) return null;
    const held = new Set(files.map((f) => f.name));
    return {
      reason: found.resume
        ? 'resumed'
        : (location.state as ReturnState | null)?.signedInAgain
          ? 'signedInAgain'
          : 'kept',
      missingFiles: (found.files ?? []).filter((name) => !held.has(name)),
    };
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const navigate = useNavigate();

  const initialRef = useRef(initial);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const filesRef = useRef(files);
  filesRef.current = files;
  /** Saved, or left on purpose: nothing is kept from here on. */
  const saved = useRef(false);
  const unsaved = () =>
    !sameValues(valuesRef.current, initialRef.current) || filesRef.current.length > 0;
  const guard = useLeaveGuard(() => !saved.current && unsaved());
  const leaveGuard: LeaveGuard = {
    ...guard,
    leave() {
      // The user chose to drop what they typed.
      saved.current = true;
      if (key) removeDraft(key);
      guard.leave();
    },
  };

  useFocusFirstField(formRef);

  // The draft follows every change (and goes when the input is back to where it started).
  useEffect(() => {
    if (!key || saved.current) return;
    holdFiles(key, files);
    if (!unsaved()) {
      removeDraft(key);
      return;
    }
    writeDraft(key, {
      values,
      ...(files.length > 0 ? { files: files.map((f) => f.name) } : {}),
    });
    // unsaved() reads the refs these values were rendered with.
  }, [key, values, files]);

  // A save the session's end interrupted is made again, once, now that the user is back.
  const plan = useRef<SavePlan | null>(null);
  useEffect(() => {
    if (!found?.resume || !plan.current) return;
    // Saved, the page moves on; refused again (a field to correct), the form says what it holds.
    void save(plan.current).then(() =>
      setRestored((r) => (r?.reason === 'resumed' ? { ...r, reason: 'signedInAgain' } : r)),
    );
  }, []);

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

  function onSubmit(submitted: SavePlan) {
    plan.current = submitted;
    return (event: FormEvent) => {
      event.preventDefault();
      void save(submitted);
    };
  }

  async function save(plan: SavePlan) {
    if (busyRef.current) return;
    setFormError(null);
    const clientErrors = { ...plan.validate(), ...unreadableNumbers(formRef.current) };
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
      if (error instanceof ApiError && error.status === 401 && key && !saved.current) {
        // The session has ended: the sign-in page follows, and the save is made on the way back.
        console.info(plan.logAs, error.message);
        writeDraft(key, {
          values: valuesRef.current,
          resume: true,
          ...(filesRef.current.length > 0 ? { files: filesRef.current.map((f) => f.name) } : {}),
        });
        return;
      }
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
      if (key) removeDraft(key);
      void navigate(to, options);
    },
    leaveGuard,
    files,
    setFiles: setFilesState,
    discards,
    draft: restored && {
      ...restored,
      discard() {
        setRestored(null);
        setDiscards((n) => n + 1);
        setValues(initialRef.current);
        setFilesState([]);
        setErrors({});
        if (key) removeDraft(key);
        formRef.current
          ?.querySelector<HTMLElement>(
            'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)',
          )
          ?.focus();
      },
    },
  };
}
