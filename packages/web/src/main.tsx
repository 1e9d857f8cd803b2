import './styles.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { StartupError } from './components/StartupError';
import { loadConfig } from './config';

const root = createRoot(document.getElementById('root') as HTMLElement);

loadConfig().then(
  (config) =>
    root.render(
      <StrictMode>
        <App config={config} />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('CPE Tracker could not start', error);
    root.render(<StartupError error={error} />);
  },
);
