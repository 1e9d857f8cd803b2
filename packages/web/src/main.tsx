import './styles.scss';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadAmplifyAuth } from './App';
import { preloadPage } from './AppRoutes';
import { loadApiCode } from './api/ApiContext';
import type { RestoredSession } from './auth/AuthContext';
import { mayHaveStoredSession, restoreSession } from './auth/stored-session';
import { StartupError } from './components/StartupError';
import { loadConfig } from './config';

/** Settles with `promise`, never failing: a failure shows again where the code is used. */
const settled = (promise: Promise<unknown>) => promise.catch(() => undefined);

/** Resolves in a later task, so that what follows does not lengthen the current one. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Everything the first render needs loads at once, alongside /config.json
 * (which index.html preloads): the page's code and, when the browser may hold
 * a session, the API's, as a signed-in page's first act is a request. The
 * session is read from storage (auth/stored-session.ts). The first render is
 * then the page itself, signed in or out, rather than a spinner, a second
 * render and a third.
 *
 * The steps run in tasks of their own rather than in the one that evaluates
 * the app's modules, so that no single task keeps the page from answering
 * input for long: the first read of localStorage waits on the browser, and
 * each request started from the top level of the entry chunk would have a
 * debugger attached to the page (DevTools, Lighthouse) re-read the whole chunk
 * to record where it came from.
 */
async function start() {
  const config = loadConfig().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const page = settled(preloadPage(window.location.pathname));
  await nextTask();
  const returning = mayHaveStoredSession();
  const apiCode = returning ? settled(loadApiCode()) : undefined;

  const configured = await config;
  if ('error' in configured) {
    console.error('CPE Tracker could not start', configured.error);
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StartupError error={configured.error} />,
    );
    return;
  }
  const loaded = configured.value;
  let restored: RestoredSession | undefined;
  try {
    restored = await restoreSession(loaded.userPoolClientId, () => loadAmplifyAuth(loaded));
  } catch (error) {
    // The provider's code did not load: the app tries again once mounted, as it did before.
    console.error('Could not restore the session', error);
  }
  await Promise.all([page, restored?.user ? apiCode : undefined]);
  const root = createRoot(document.getElementById('root') as HTMLElement);
  // A transition renders in slices that yield to the browser every few milliseconds, rather
  // than in one long task that would hold off input while the page is built.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App config={loaded} restored={restored} />
      </StrictMode>,
    ),
  );
}

// In a task of its own: evaluating the app's modules is one task already, and the module's top
// level is then no longer on the stack.
setTimeout(() => void start(), 0);
