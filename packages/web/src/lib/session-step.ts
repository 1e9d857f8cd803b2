/**
 * Where a multi-step account flow stands (sign-up's confirm step, a password
 * reset's steps), kept in sessionStorage so a reload of the tab resumes it.
 * Only the step and the email are kept: never a password or a code. Storage
 * that is unavailable or holds something else reads as no saved step.
 */
export interface SavedStep<S extends string> {
  step: S;
  email: string;
  /** The history entry the step began on: the same entry after a reload, another after a new visit. */
  entry?: string;
}

export function readStep<S extends string>(key: string, steps: readonly S[]): SavedStep<S> | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const saved = JSON.parse(raw) as Partial<SavedStep<S>>;
    if (typeof saved.email !== 'string' || !steps.includes(saved.step as S)) return null;
    return {
      step: saved.step as S,
      email: saved.email,
      ...(typeof saved.entry === 'string' ? { entry: saved.entry } : {}),
    };
  } catch {
    return null;
  }
}

export function saveStep<S extends string>(key: string, saved: SavedStep<S> | null): void {
  try {
    if (saved) window.sessionStorage.setItem(key, JSON.stringify(saved));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Private modes may refuse storage; the flow still works, it just does not survive a reload.
  }
}
