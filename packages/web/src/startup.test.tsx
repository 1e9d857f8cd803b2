import { existsSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { ROUTES, preloadPage } from './AppRoutes';
import { preloadChunks } from './lib/preload';
import { certification, fakeApi, fakeAuth, renderApp } from './test/harness';

describe('the first render is the page itself', () => {
  it('a page loaded ahead renders at once, signed out, without the provider', async () => {
    const auth = fakeAuth(null);
    const load = jest.spyOn(auth, 'currentUser');
    await preloadPage('/login');

    renderApp({ route: '/login', auth, restored: { user: null } });

    // Present in the first render: no spinner, no waiting for the session.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('a restored session draws the signed-in page and top bar first, then its data', async () => {
    const api = fakeApi({
      listCertifications: jest
        .fn()
        .mockResolvedValue([certification({ certification_name: 'CISSP' })]),
    });
    await preloadPage('/mycertifications');

    renderApp({
      route: '/mycertifications',
      api,
      restored: { user: { email: 'ada@example.com' }, service: fakeAuth() },
    });

    expect(
      screen.getByRole('heading', { level: 1, name: 'My Certifications' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Welcome, ada@example.com' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'CISSP' })).toBeInTheDocument();
  });

  it('every page loaded on demand is named by its module, the key of the build’s chunk table', () => {
    const lazy = ROUTES.flatMap(({ page }) => ('module' in page ? [page.module] : []));

    expect(lazy.length).toBeGreaterThan(10);
    for (const module of lazy) {
      expect(existsSync(path.join(__dirname, `${module}.tsx`))).toBe(true);
    }
  });
});

describe('preloading the chunks an on-demand module needs', () => {
  afterEach(() => {
    document.getElementById('chunks')?.remove();
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  });

  it('adds one modulepreload per chunk the build lists, once', () => {
    const table = document.createElement('script');
    table.type = 'application/json';
    table.id = 'chunks';
    table.textContent = JSON.stringify({
      'pages/Example': ['/assets/chunk-A.js', '/assets/chunk-B.js'],
      'pages/Other': ['/assets/chunk-B.js', '/assets/chunk-C.js'],
    });
    document.body.appendChild(table);

    expect(preloadChunks('pages/Example')).toEqual(['/assets/chunk-A.js', '/assets/chunk-B.js']);
    expect(preloadChunks('pages/Other')).toEqual(['/assets/chunk-C.js']);
    expect(preloadChunks('pages/Example')).toEqual([]);
    expect(preloadChunks('__proto__')).toEqual([]);

    const links = [...document.head.querySelectorAll('link[rel="modulepreload"]')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/chunk-A.js',
      '/assets/chunk-B.js',
      '/assets/chunk-C.js',
    ]);
  });

  it('does not ask again for a chunk the page already preloads (index.html, the boot script)', async () => {
    const table = document.createElement('script');
    table.type = 'application/json';
    table.id = 'chunks';
    table.textContent = JSON.stringify({
      'pages/Example': ['/assets/chunk-A.js', '/assets/chunk-B.js'],
    });
    document.body.appendChild(table);
    const booted = document.createElement('link');
    booted.rel = 'modulepreload';
    booted.href = '/assets/chunk-A.js';
    document.head.appendChild(booted);

    // A fresh copy of the module: the one imported above has read its table already.
    await jest.isolateModulesAsync(async () => {
      const fresh = await import('./lib/preload');
      expect(fresh.preloadChunks('pages/Example')).toEqual(['/assets/chunk-B.js']);
    });
  });
});
