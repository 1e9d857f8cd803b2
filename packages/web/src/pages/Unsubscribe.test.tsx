import { screen } from '@testing-library/react';
import { ApiError } from '../api/client';
import { fakeApi, renderApp } from '../test/harness';
import { UNSUBSCRIBE_TEXTS, Unsubscribe } from './Unsubscribe';

const TOKEN = '00000000-0000-4000-8000-000000000001.c2lnbmF0dXJl';

function open(token: string | null, api = fakeApi()) {
  const route = token === null ? '/unsubscribe' : `/unsubscribe?token=${encodeURIComponent(token)}`;
  return renderApp({ route, path: '/unsubscribe', element: <Unsubscribe />, api });
}

afterEach(() => jest.restoreAllMocks());

describe('Unsubscribe', () => {
  it('asks first, turns reminder emails off with the token, and Undo turns them on again', async () => {
    const api = fakeApi({
      unsubscribe: jest.fn().mockResolvedValue({ reminders_enabled: false }),
      undoUnsubscribe: jest.fn().mockResolvedValue({ reminders_enabled: true }),
    });
    const { user } = open(TOKEN, api);

    await screen.findByRole('heading', { level: 1, name: UNSUBSCRIBE_TEXTS.ask });
    expect(api.unsubscribe).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.turnOff }));

    await screen.findByRole('heading', { level: 1, name: UNSUBSCRIBE_TEXTS.offTitle });
    expect(api.unsubscribe).toHaveBeenCalledWith(TOKEN);
    expect(document.title).toBe(`${UNSUBSCRIBE_TEXTS.offTitle} | CPE Tracker`);
    await user.click(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.undo }));

    await screen.findByRole('heading', { level: 1, name: UNSUBSCRIBE_TEXTS.onTitle });
    expect(api.undoUnsubscribe).toHaveBeenCalledWith(TOKEN);
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_TEXTS.undo })).toBeNull();
    expect(screen.getByRole('link', { name: UNSUBSCRIBE_TEXTS.settings })).toHaveAttribute(
      'href',
      '/account',
    );
  });

  it('says a link without a token is not valid, and offers nothing to press', async () => {
    open(null);
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.badLink)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.turnOff })).toBeDisabled();
  });

  it('tells a refused token from a failure that may pass on a retry', async () => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi({
      unsubscribe: jest
        .fn()
        .mockRejectedValueOnce(new ApiError(0, 'Could not reach the server.'))
        .mockRejectedValueOnce(
          new ApiError(400, 'Invalid request', { token: 'is not a valid unsubscribe link' }),
        ),
    });
    const { user } = open(TOKEN, api);
    const turnOff = await screen.findByRole('button', { name: UNSUBSCRIBE_TEXTS.turnOff });

    await user.click(turnOff);
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.failed)).toBeInTheDocument();
    expect(turnOff).toBeEnabled();

    await user.click(turnOff);
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.badLink)).toBeInTheDocument();
    expect(turnOff).toBeDisabled();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(UNSUBSCRIBE_TEXTS.ask);
  });
});
