import { type ComponentType, Suspense, useEffect, useRef } from 'react';
import Container from 'react-bootstrap/Container';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SlowRequestNotice } from './api/activity';
import { Footer } from './components/Footer';
import { PageSpinner } from './components/PageSpinner';
import { RequireAuth } from './components/RequireAuth';
import { TopBar } from './components/TopBar';
import { type LazyPage, lazyPage } from './lib/lazy-page';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';
import { type PageModule, ROUTE_TABLE, routeAt } from './route-table';

// Every page but the home and 404 pages loads on demand.
const PAGES: Record<PageModule, ComponentType | LazyPage> = {
  'pages/Home': Home,
  'pages/NotFound': NotFound,
  'pages/SignUp': lazyPage('pages/SignUp', () => import('./pages/SignUp').then((m) => m.SignUp)),
  'pages/Login': lazyPage('pages/Login', () => import('./pages/Login').then((m) => m.Login)),
  'pages/MyCertifications': lazyPage('pages/MyCertifications', () =>
    import('./pages/MyCertifications').then((m) => m.MyCertifications),
  ),
  'pages/AddCertification': lazyPage('pages/AddCertification', () =>
    import('./pages/AddCertification').then((m) => m.AddCertification),
  ),
  'pages/UpdateCertification': lazyPage('pages/UpdateCertification', () =>
    import('./pages/UpdateCertification').then((m) => m.UpdateCertification),
  ),
  'pages/AddActivity': lazyPage('pages/AddActivity', () =>
    import('./pages/AddActivity').then((m) => m.AddActivity),
  ),
  'pages/UpdateActivity': lazyPage('pages/UpdateActivity', () =>
    import('./pages/UpdateActivity').then((m) => m.UpdateActivity),
  ),
  'pages/AddFromCertificate': lazyPage('pages/AddFromCertificate', () =>
    import('./pages/AddFromCertificate').then((m) => m.AddFromCertificate),
  ),
  'pages/Readiness': lazyPage('pages/Readiness', () =>
    import('./pages/Readiness').then((m) => m.Readiness),
  ),
  'pages/AboutUs': lazyPage('pages/AboutUs', () =>
    import('./pages/AboutUs').then((m) => m.AboutUs),
  ),
  'pages/TermsAndConditions': lazyPage('pages/TermsAndConditions', () =>
    import('./pages/TermsAndConditions').then((m) => m.TermsAndConditions),
  ),
  'pages/ContactUs': lazyPage('pages/ContactUs', () =>
    import('./pages/ContactUs').then((m) => m.ContactUs),
  ),
  'pages/Account': lazyPage('pages/Account', () =>
    import('./pages/Account').then((m) => m.Account),
  ),
};

interface AppRoute {
  path: string;
  page: ComponentType | LazyPage;
  /** Signed-in only: signed-out visitors go to /login. */
  signedIn?: boolean;
}

/** Every route of the product spec (route-table.ts; matching ignores case). */
export const ROUTES: readonly AppRoute[] = ROUTE_TABLE.map((route) => ({
  path: route.path,
  page: PAGES[route.page],
  signedIn: route.signedIn,
}));

/**
 * Loads the code of the page at `pathname` (nothing for the pages in the
 * first chunk). The app starts this with its configuration, so its first
 * render is the page itself rather than a spinner and a second render.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = PAGES[routeAt(pathname).page];
  return 'preload' in page ? page.preload() : Promise.resolve();
}

/** The layout (top bar, main landmark, footer) and every route of the product spec. */
export function AppRoutes() {
  const location = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);

  // After a client-side navigation, move focus to the new page as a full page load would,
  // unless the page has already put it somewhere (a form focuses its first field): taking it
  // from there would send the user's first keystrokes nowhere.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo?.(0, 0);
    const active = document.activeElement;
    const placed = active !== main.current && main.current?.contains(active);
    if (!placed) main.current?.focus({ preventScroll: true });
  }, [location.pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <TopBar />
      <main id="main" ref={main} tabIndex={-1} className="app-main outline-0">
        <Container className="py-4 py-md-5">
          <Suspense fallback={<PageSpinner />}>
            <Routes>
              {ROUTES.map(({ path, page: Page, signedIn }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    signedIn ? (
                      <RequireAuth>
                        <Page />
                      </RequireAuth>
                    ) : (
                      <Page />
                    )
                  }
                />
              ))}
            </Routes>
          </Suspense>
        </Container>
      </main>
      <Footer />
      <SlowRequestNotice />
    </div>
  );
}
