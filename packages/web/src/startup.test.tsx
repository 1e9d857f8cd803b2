import { act, screen, within } from '@testing-library/react';
import type { SessionUser } from './auth/types';
import { certification, fakeApi, fakeAuth, renderApp } from './test/harness';

describe('the session at start, as the provider reads it', () => {
  it('the top bar shows no user part until the provider answers, then the signed-in one', async () => {
    const auth = fakeAuth();
    let answer: (user: SessionUser | null) => void = () => undefined;
    auth.currentUser.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const api = fakeApi({
      listCertifications: jest
        .fn()
        .mockResolvedValue([certification({ certification_name: 'CISSP' })]),
    });

    renderApp({ route: '/mycertifications', auth, api });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Welcome/ })).not.toBeInTheDocument();

    await act(() => Promise.resolve(answer({ email: 'ada@example.com' })));

    expect(within(nav).getByRole('link', { name: 'Welcome, ada@example.com' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Log In' })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'CISSP' })).toBeInTheDocument();
  });

  it('signed out: Sign Up and Log In once the provider says so', async () => {
    renderApp({ route: '/', auth: fakeAuth(null) });

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Welcome/ })).not.toBeInTheDocument();
  });
});
