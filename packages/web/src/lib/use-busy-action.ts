import { useState } from 'react';

/**
 * One request at a time for the sign-in and sign-up cards: `run` ignores a submit while another
 * is in flight, clears the previous error first and always releases the busy flag. The action
 * reports its own failures through `setError`, as each step words them differently.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}
