import { type ComponentType, Suspense, useEffect, useRef } from 'react';
import Container from 'react-bootstrap/Container';
import { Route, Routes, matchRoutes, useLocation } from 'react-router-dom';
import { SlowRequestNotice } from './api/activity';
import { Footer } from './components/Footer';
import { PageSpinner } from './components/PageSpinner';
import { RequireAuth } from './components/RequireAuth';
import { TopBar } from './components/TopBar';
import { type LazyPage, lazyPage } from './lib/lazy-page';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';

// Every page but the home and 404 pages loads on demand.
const SignUp = lazyPage('pages/SignUp', () => import('./pages/SignUp').then((m) => m.SignUp));
const Login = lazyPage('pages/Login', () => import('./pages/Login').then((m) => m.Login));
const MyCertifications = lazyPage('pages/MyCertifications', () =>
  import('./pages/MyCertifications').then((m) => m.MyCertifications),
);
const AddCertification = lazyPage('pages/AddCertification', () =>
  import('./pages/AddCertification').then((m) => m.AddCertification),
);
const UpdateCertification = lazyPage('pages/UpdateCertification', () =>
  import('./pages/UpdateCertification').then((m) => m.UpdateCertification),
);
const AddActivity = lazyPage('pages/AddActivity', () =>
  import('./pages/AddActivity').then((m) => m.AddActivity),
);
const UpdateActivity = lazyPage('pages/UpdateActivity', () =>
  import('./pages/UpdateActivity').then((m) => m.UpdateActivity),
);
const AddFromCertificate = lazyPage('pages/AddFromCertificate', () =>
  import('./pages/AddFromCertificate').then((m) => m.AddFromCertificate),
);
const Readiness = lazyPage('pages/Readiness', () =>
  import('./pages/Readiness').then((m) => m.Readiness),
);
const AboutUs = lazyPage('pages/AboutUs', () => import('./pages/AboutUs').then((m) => m.AboutUs));
const Terms = lazyPage('pages/TermsAndConditions', () =>
  import('./pages/TermsAndConditions').then((m) => m.TermsAndConditions),
);
const ContactUs = lazyPage('pages/ContactUs', () =>
  import('./pages/ContactUs').then((m) => m.ContactUs),
);
const Account = lazyPage('pages/Account', () => import('./pages/Account').then((m) => m.Account));

interface AppRoute {
  path: string;
  page: ComponentType | LazyPage;
  /** Signed-in only: signed-out visitors go to /login. */
  signedIn?: boolean;
}

/** Every route of the product spec (matching ignores case). */
export const ROUTES: readonly AppRoute[] = [
  { path: '/', page: Home },
  { path: '/signup', page: SignUp },
  { path: '/login', page: Login },
  { path: '/mycertifications', page: MyCertifications, signedIn: true },
  { path: '/addcertification', page: AddCertification, signedIn: true },
  { path: '/updatecertification/:certificationId', page: UpdateCertification, signedIn: true },
  { path: '/addactivity', page: AddActivity, signedIn: true },
  { path: '/addactivity/:certificationId', page: AddActivity, signedIn: true },
  { path: '/updateactivity/:activityId', page: UpdateActivity, signedIn: true },
  { path: '/addfromcertificate', page: AddFromCertificate, signedIn: true },
  { path: '/readiness/:certificationId', page: Readiness, signedIn: true },
  { path: '/aboutus', page: AboutUs },
  { path: '/termsandconditions', page: Terms },
  { path: '/contactus', page: ContactUs },
  { path: '/account', page: Account, signedIn: true },
  { path: '/fourofourpage', page: NotFound },
  { path: '*', page: NotFound },
];

/**
 * Loads the code of the page at `pathname` (nothing for the pages in the
 * first chunk). The app starts this with its configuration, so its first
 * render is the page itself rather than a spinner and a second render.
 */
export function preloadPage(pathname: string): Promise<unknown> {
  const page = matchRoutes([...ROUTES], pathname)?.[0]?.route.page;
  return page && 'preload' in page ? page.preload() : Promise.resolve();
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
