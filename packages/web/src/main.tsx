import './styles.scss';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router-dom';
import { App, loadAmplifyCode } from './App';
import { routes } from './AppRoutes';
import { StartupError } from './components/StartupError';
import { loadConfig } from './config';

// The page's code (the router loads the route at the address), the sign-in code, which says who
// is signed in, and /config.json (index.html preloads it) all load at once.
const router = createBrowserRouter(routes);
loadAmplifyCode().catch(() => undefined);
const root = createRoot(document.getElementById('root') as HTMLElement);
loadConfig().then(
  (config) =>
    // A transition renders in slices that yield to the browser, rather than in one long task.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App config={config} router={router} />
        </StrictMode>,
      ),
    ),
  (error: unknown) => {
    console.error('CPE Tracker could not start', error);
    root.render(<StartupError error={error} />);
  },
);
