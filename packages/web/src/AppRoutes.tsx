import { type ComponentType, useEffect, useRef } from 'react';
import Container from 'react-bootstrap/Container';
import { Outlet, type RouteObject, useLocation } from 'react-router-dom';
import { SlowRequestNotice } from './api/activity';
import { loadHttpCode } from './api/api';
import { Footer } from './components/Footer';
import { PageSpinner } from './components/PageSpinner';
import { RequireAuth } from './components/RequireAuth';
import { TopBar } from './components/TopBar';
import { InboxCountProvider } from './lib/inbox-count';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';

/**
 * A page whose code loads when its route is first visited. The router keeps
 * the current page until it is here; at start the spinner holds the page's
 * place meanwhile.
 */
function page(
  path: string,
  load: () => Promise<ComponentType>,
  options: { needsApi?: boolean } = {},
): RouteObject {
  return {
    path,
    HydrateFallback: PageSpinner,
    // A signed-in page's first act is a request: the API's code loads with the page's.
    lazy: async () => {
      const [Component] = await Promise.all([load(), options.needsApi ? loadHttpCode() : null]);
      return { Component };
    },
  };
}

/** Signed-in only: signed-out visitors go to /login (RequireAuth). */
const signedIn = (path: string, load: () => Promise<ComponentType>) =>
  page(path, load, { needsApi: true });

/** The layout (top bar, main landmark, footer) around the page of the current route. */
function Layout() {
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
      <InboxCountProvider>
        <TopBar />
        <main id="main" ref={main} tabIndex={-1} className="app-main outline-0">
          <Container className="py-4 py-md-5">
            <Outlet />
          </Container>
        </main>
      </InboxCountProvider>
      <Footer />
      <SlowRequestNotice />
    </div>
  );
}

const loadAddActivity = () => import('./pages/AddActivity').then((m) => m.AddActivity);

/** Every route of the product spec (matching ignores case); every page but home and 404 loads on demand. */
export const routes: RouteObject[] = [
  {
    Component: Layout,
    children: [
      { path: '/', Component: Home },
      page('/signup', () => import('./pages/SignUp').then((m) => m.SignUp)),
      page('/login', () => import('./pages/Login').then((m) => m.Login)),
      page('/aboutus', () => import('./pages/AboutUs').then((m) => m.AboutUs)),
      page('/termsandconditions', () =>
        import('./pages/TermsAndConditions').then((m) => m.TermsAndConditions),
      ),
      page('/contactus', () => import('./pages/ContactUs').then((m) => m.ContactUs)),
      // The reminder email's "stop these emails" link: no session, the token is the credential.
      page('/unsubscribe', () => import('./pages/Unsubscribe').then((m) => m.Unsubscribe), {
        needsApi: true,
      }),
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          signedIn('/mycertifications', () =>
            import('./pages/MyCertifications').then((m) => m.MyCertifications),
          ),
          signedIn('/addcertification', () =>
            import('./pages/AddCertification').then((m) => m.AddCertification),
          ),
          signedIn('/updatecertification/:certificationId', () =>
            import('./pages/UpdateCertification').then((m) => m.UpdateCertification),
          ),
          signedIn('/addactivity', loadAddActivity),
          signedIn('/addactivity/:certificationId', loadAddActivity),
          signedIn('/updateactivity/:activityId', () =>
            import('./pages/UpdateActivity').then((m) => m.UpdateActivity),
          ),
          signedIn('/addfromcertificate', () =>
            import('./pages/AddFromCertificate').then((m) => m.AddFromCertificate),
          ),
          signedIn('/import', () =>
            import('./pages/ImportActivities').then((m) => m.ImportActivities),
          ),
          signedIn('/inbox', () => import('./pages/Inbox').then((m) => m.Inbox)),
          signedIn('/inbox/:proposalId', () =>
            import('./pages/AcceptProposal').then((m) => m.AcceptProposal),
          ),
          signedIn('/readiness/:certificationId', () =>
            import('./pages/Readiness').then((m) => m.Readiness),
          ),
          signedIn('/account', () => import('./pages/Account').then((m) => m.Account)),
        ],
      },
      { path: '/fourofourpage', Component: NotFound },
      { path: '*', Component: NotFound },
    ],
  },
];
