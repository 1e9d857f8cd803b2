import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import Navbar from 'react-bootstrap/Navbar';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { useInboxCount } from '../lib/inbox-count';
import { paths } from '../paths';
import { BrandIcon } from './icons';

/**
 * How many proposals wait in the inbox, beside its link: drawn over the
 * link's right padding, so its arrival moves nothing, and said in words to
 * screen readers. Nothing while the count is unknown or zero.
 */
function InboxBadge(props: { count: number | null }) {
  const { count } = props;
  if (count === null || count === 0) return null;
  const shown = count > 99 ? '99+' : String(count);
  return (
    <span className="inbox-badge">
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{`, ${count} waiting`}</span>
    </span>
  );
}

/**
 * The top bar. Its user part appears once the session is known: until then
 * it holds its place empty (as tall as the links), so neither a signed-out
 * bar nor a shift shows first to a signed-in user.
 */
export function TopBar() {
  const { status, user, signOut } = useAuth();
  const { count } = useInboxCount();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const close = () => setExpanded(false);
  const toggle = useRef<HTMLButtonElement>(null);

  // Escape closes the open menu (on narrow screens) and returns focus to its button.
  useEffect(() => {
    if (!expanded) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setExpanded(false);
      toggle.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [expanded]);

  async function logOut() {
    setSigningOut(true);
    await signOut();
    setSigningOut(false);
    close();
    // Committed at once, before the signed-out state renders: on a signed-in-only page that
    // render would otherwise send the user to /login first.
    void navigate('/', { flushSync: true });
  }

  return (
    <header>
      <Navbar
        expand="md"
        bg="white"
        aria-label="Main"
        className="border-bottom shadow-sm"
        expanded={expanded}
        onToggle={setExpanded}
      >
        <Container>
          <Navbar.Brand
            as={Link}
            to="/"
            onClick={close}
            className="d-flex align-items-center gap-2 fw-semibold text-primary"
          >
            <BrandIcon />
            CPE Tracker
          </Navbar.Brand>
          <Navbar.Toggle
            ref={toggle}
            aria-controls="top-nav"
            aria-expanded={expanded}
            className="position-relative"
          >
            <span className="navbar-toggler-icon" />
            {/* Closed on a phone, the menu still shows that proposals wait (its link says how many). */}
            {status === 'signedIn' && count !== null && count > 0 && (
              <span className="toggle-count" aria-hidden="true" />
            )}
          </Navbar.Toggle>
          <Navbar.Collapse id="top-nav">
            <Nav className="ms-auto align-items-md-center gap-md-2 py-2 py-md-0 top-nav-user">
              {status === 'signedIn' && user && (
                <>
                  <Nav.Link as={Link} to="/" onClick={close} className="text-break">
                    Welcome, {user.email}
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={paths.myCertifications} onClick={close}>
                    My Certifications
                  </Nav.Link>
                  <Nav.Link
                    as={NavLink}
                    to={paths.inbox}
                    onClick={close}
                    className="inbox-link align-self-start align-self-md-auto"
                    end
                  >
                    Inbox
                    <InboxBadge count={count} />
                  </Nav.Link>
                  <Nav.Link as={NavLink} to={paths.account} onClick={close}>
                    Account
                  </Nav.Link>
                  <Button
                    variant="outline-primary"
                    size="sm"
                    className="align-self-start align-self-md-center"
                    onClick={() => void logOut()}
                    disabled={signingOut}
                  >
                    Log Out
                  </Button>
                </>
              )}
              {status === 'signedOut' && (
                <>
                  <Nav.Link as={NavLink} to="/signup" onClick={close}>
                    Sign Up
                  </Nav.Link>
                  <Nav.Link as={NavLink} to="/login" onClick={close}>
                    Log In
                  </Nav.Link>
                </>
              )}
            </Nav>
          </Navbar.Collapse>
        </Container>
      </Navbar>
    </header>
  );
}
