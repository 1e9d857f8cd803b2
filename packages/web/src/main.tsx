import './styles.scss';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
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
    console.error('Could not load /config.json', error);
    root.render(<p className="m-4">CPE Tracker could not start. Please reload the page.</p>);
  },
);
