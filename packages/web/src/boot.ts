/**
 * The boot script: a few hundred bytes that index.html runs as soon as it has
 * them, while the app's own chunks are still on their way. It starts loading
 * the code of the page at the address (and, on a signed-in page when the
 * browser may hold a session, the API client's) from the build's chunk table,
 * so that it arrives with the app's instead of being asked for once the app
 * has run, and the app's first tasks do not spend their time starting
 * requests. The app asks for the same chunks again when it starts; those
 * already requested are not asked for twice (lib/preload.ts).
 *
 * Looking for a session is also the page's first read of localStorage, which
 * waits on the browser: done here, it overlaps the download of the app's
 * chunks instead of delaying the app once they have run.
 */
import { mayHaveStoredSession } from './auth/stored-session';
import { preloadChunks } from './lib/preload';
import { routeAt } from './route-table';

const route = routeAt(window.location.pathname);
preloadChunks(route.page);
if (route.signedIn && mayHaveStoredSession()) preloadChunks('api/index');
