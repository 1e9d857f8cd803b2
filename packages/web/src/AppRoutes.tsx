import { type ReactNode, Suspense, lazy, useEffect, useRef } from 'react';
import Container from 'react-bootstrap/Container';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SlowRequestNotice } from './api/activity';
import { Footer } from './components/Footer';
import { PageSpinner } from './components/PageSpinner';
import { RequireAuth } from './components/RequireAuth';
import { TopBar } from './components/TopBar';
import { Home } from './pages/Home';
import { NotFound } from './pages/NotFound';

// Every page but the home and 404 pages loads on demand.
const SignUp = lazy(() => import('./pages/SignUp').then((m) => ({ default: m.SignUp })));
const Login = lazy(() => import('./pages/Login').then((m) => ({ default: m.Login })));
const MyCertifications = lazy(() =>
  import('./pages/MyCertifications').then((m) => ({ default: m.MyCertifications })),
);
const AddCertification = lazy(() =>
  import('./pages/AddCertification').then((m) => ({ default: m.AddCertification })),
);
const UpdateCertification = lazy(() =>
  import('./pages/UpdateCertification').then((m) => ({ default: m.UpdateCertification })),
);
const AddActivity = lazy(() =>
  import('./pages/AddActivity').then((m) => ({ default: m.AddActivity })),
);
const UpdateActivity = lazy(() =>
  import('./pages/UpdateActivity').then((m) => ({ default: m.UpdateActivity })),
);
const AddFromCertificate = lazy(() =>
  import('./pages/AddFromCertificate').then((m) => ({ default: m.AddFromCertificate })),
);
const Readiness = lazy(() => import('./pages/Readiness').then((m) => ({ default: m.Readiness })));
const AboutUs = lazy(() => import('./pages/AboutUs').then((m) => ({ default: m.AboutUs })));
const Terms = lazy(() =>
  import('./pages/TermsAndConditions').then((m) => ({ default: m.TermsAndConditions })),
);
const ContactUs = lazy(() => import('./pages/ContactUs').then((m) => ({ default: m.ContactUs })));
const Account = lazy(() => import('./pages/Account').then((m) => ({ default: m.Account })));

const signedIn = (page: ReactNode) => <RequireAuth>{page}</RequireAuth>;

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
              <Route path="/" element={<Home />} />
              <Route path="/signup" element={<SignUp />} />
              <Route path="/login" element={<Login />} />
              <Route path="/mycertifications" element={signedIn(<MyCertifications />)} />
              <Route path="/addcertification" element={signedIn(<AddCertification />)} />
              <Route
                path="/updatecertification/:certificationId"
                element={signedIn(<UpdateCertification />)}
              />
              <Route path="/addactivity" element={signedIn(<AddActivity />)} />
              <Route path="/addactivity/:certificationId" element={signedIn(<AddActivity />)} />
              <Route path="/updateactivity/:activityId" element={signedIn(<UpdateActivity />)} />
              <Route path="/addfromcertificate" element={signedIn(<AddFromCertificate />)} />
              <Route path="/readiness/:certificationId" element={signedIn(<Readiness />)} />
              <Route path="/aboutus" element={<AboutUs />} />
              <Route path="/termsandconditions" element={<Terms />} />
              <Route path="/contactus" element={<ContactUs />} />
              <Route path="/account" element={signedIn(<Account />)} />
              <Route path="/fourofourpage" element={<NotFound />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </Suspense>
        </Container>
      </main>
      <Footer />
      <SlowRequestNotice />
    </div>
  );
}
