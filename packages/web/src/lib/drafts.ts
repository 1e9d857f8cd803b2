/**
 * What a user has typed into a form and not saved yet, kept per user and per
 * form in sessionStorage: it outlives a reload of the tab and a session that
 * ended while the form was open (signed out in another tab, tokens expired),
 * and it is gone when the tab is closed. Only form values are kept, never a
 * password. Files chosen for upload cannot be stored there; they are held in
 * memory for as long as the page lives (a sign-in in between keeps them, a
 * reload does not), and their names are kept with the values.
 *
 * Storage that is unavailable or holds something else reads as no draft.
 */
const PREFIX = 'cpe.draft';

export interface Draft<V extends Record<string, string> = Record<string, string>> {
  values: V;
  /** A save was refused because the session had ended: it is made again once signed in. */
  resume?: boolean;
  /** The names of the files chosen for upload with the save. */
  files?: string[];
}

/** The storage key of one user's draft of one form (a form is named by its address). */
export function draftKey(email: string | null | undefined, form: string): string {
  return `${PREFIX}:${(email ?? '').toLowerCase()}:${form}`;
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

export function readDraft(key: string): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (!isStringRecord(parsed.values)) return null;
    const files = Array.isArray(parsed.files)
      ? parsed.files.filter((f): f is string => typeof f === 'string')
      : [];
    return {
      values: parsed.values,
      ...(parsed.resume === true ? { resume: true } : {}),
      ...(files.length > 0 ? { files } : {}),
    };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: Draft): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Private modes may refuse storage: the form still works, its draft just does not survive.
  }
}

export function removeDraft(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // As above.
  }
  heldFiles.delete(key);
}

/** The files chosen on a form, by draft key, for the life of the page. */
const heldFiles = new Map<string, File[]>();

export function holdFiles(key: string, files: readonly File[]): void {
  if (files.length === 0) heldFiles.delete(key);
  else heldFiles.set(key, [...files]);
}

export function heldFilesOf(key: string): File[] {
  return [...(heldFiles.get(key) ?? [])];
}

/**
 * A draft's values over the form's starting ones: only the keys the form has
 * (a field added or removed since is neither lost nor invented).
 */
export function restoredValues<V extends Record<string, string>>(initial: V, draft: Draft): V {
  const values = { ...initial };
  for (const key of Object.keys(initial) as (keyof V & string)[]) {
    const saved = Object.hasOwn(draft.values, key) ? draft.values[key] : undefined;
    if (typeof saved === 'string') values[key] = saved as V[keyof V & string];
  }
  return values;
}
