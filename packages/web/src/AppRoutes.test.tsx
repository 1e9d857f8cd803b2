import { screen, waitFor, within } from '@testing-library/react';
import { certification, currentPath, fakeApi, fakeAuth, notFound, renderApp } from './test/harness';

describe('routes, guard and top bar', () => {
  it('signed out: the top bar offers Sign Up and Log In, and home leads to /signup', async () => {
    renderApp({ route: '/', auth: fakeAuth(null) });

    const start = await screen.findByRole('link', { name: 'Start Tracking Your CPEs Now!' });
    expect(start).toHaveAttribute('href', '/signup');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(within(nav).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('signed in: Welcome, {email}, Track my CPEs, and the app user is read (created on 404)', async () => {
    const api = fakeApi();
    api.getUser.mockRejectedValue(notFound());
    api.ensureUser.mockResolvedValue({
      user_id: 'u1',
      email: 'ada@example.com',
      marketing_opt: false,
    });
    renderApp({ route: '/', api });

    expect(await screen.findByRole('link', { name: 'Track my CPEs' })).toHaveAttribute(
      'href',
      '/mycertifications',
    );
    expect(screen.getByRole('link', { name: 'Welcome, ada@example.com' })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => expect(api.ensureUser).toHaveBeenCalledWith({ email: 'ada@example.com' }));
  });

  it('Log Out signs out and shows the signed-out top bar', async () => {
    const { user, auth } = renderApp({ route: '/' });

    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(auth.signOut).toHaveBeenCalled();
    expect(await screen.findByRole('link', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome,/)).not.toBeInTheDocument();
  });

  it.each([
    '/mycertifications',
    '/addcertification',
    '/addactivity',
    '/updateactivity/x',
    '/updatecertification/x',
  ])('signed out, %s redirects to /login', async (route) => {
    renderApp({ route, auth: fakeAuth(null) });

    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('matches routes case-insensitively (/MyCertifications from the spec)', async () => {
    renderApp({
      route: '/MyCertifications',
      api: fakeApi({
        listCertifications: jest
          .fn()
          .mockResolvedValue([certification({ certification_name: 'CISSP' })]),
      }),
    });

    expect(await screen.findByRole('article', { name: 'CISSP' })).toBeInTheDocument();
  });

  it.each(['/fourofourpage', '/no/such/page'])(
    '%s shows the 404 page with a Go Home link',
    async (route) => {
      renderApp({ route, auth: fakeAuth(null) });

      expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
      expect(screen.getByText(/This isn't the apple you were trying to pick/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
    },
  );

  it('the footer has the share prompt, share links opening safely, and the static page links', async () => {
    renderApp({ route: '/', auth: fakeAuth(null) });
    const footer = await screen.findByRole('contentinfo');

    expect(within(footer).getByText('Enjoy using the site? Share it!')).toBeInTheDocument();
    for (const name of ['LinkedIn', 'Twitter', 'Facebook']) {
      const link = within(footer).getByRole('link', { name: new RegExp(`Share on ${name}`) });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(footer).getByRole('link', { name: /Buy me a coffee/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/www\.buymeacoffee\.com\//),
    );
    for (const [name, href] of [
      ['Terms and Conditions', '/termsandconditions'],
      ['About Us', '/aboutus'],
      ['Contact Us', '/contactus'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(footer).getByText(/© \d{4} CPE Tracker/)).toBeInTheDocument();
  });

  it('About Us and Terms render their content', async () => {
    const { user } = renderApp({ route: '/aboutus', auth: fakeAuth(null) });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByText(/not available yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/');

    await user.click(
      within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Terms and Conditions' }),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Terms and Conditions' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Governing law/ })).toBeInTheDocument();
    expect(screen.getByText(/laws of Australia/)).toBeInTheDocument();
    expect(screen.getByText(/platform is in beta/)).toBeInTheDocument();
  });
});
