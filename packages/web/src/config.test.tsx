import './test/polyfills';
import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StartupError } from './components/StartupError';
import { loadConfig } from './config';

const GOOD = {
  region: 'ap-southeast-2',
  userPoolId: 'ap-southeast-2_LocalPool1',
  userPoolClientId: 'client',
  apiBase: '',
  contactBase: '/beta',
};

/** A fetch answering `body` (jsdom has no Response; the loader reads only these three). */
function serve(body: unknown, status = 200) {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return jest.fn(() =>
    Promise.resolve({
      ok: status >= 200 && status < 300,
      status,
      json: () => Promise.resolve(JSON.parse(text) as unknown),
    }),
  ) as unknown as typeof fetch;
}

describe('/config.json at start', () => {
  it('answers the config when it matches the shared schema', async () => {
    await expect(loadConfig(serve(GOOD))).resolves.toEqual(GOOD);
  });

  it('refuses a malformed config, naming each field that is wrong, and the page says so with a reload', async () => {
    const error = await loadConfig(
      serve({ ...GOOD, userPoolId: 'nope', apiBase: undefined }),
    ).catch((e: unknown) => e);
    const reload = jest.fn();
    render(<StartupError error={error} reload={reload} />);

    expect(
      screen.getByRole('heading', { name: 'CPE Tracker could not start' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/\/config\.json is malformed\./)).toBeInTheDocument();
    expect(screen.getByText(/^userPoolId:/)).toBeInTheDocument();
    expect(screen.getByText(/^apiBase:/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says when the file is missing or not JSON', async () => {
    await expect(loadConfig(serve('not found', 404))).rejects.toThrow('/config.json answered 404.');
    await expect(loadConfig(serve('<html>'))).rejects.toThrow('/config.json is not JSON.');
  });
});
