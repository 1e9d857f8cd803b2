import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { paths } from '../paths';
import { BrandIcon } from './icons';

/**
 * The top bar: Bootstrap's navbar markup and classes with a collapse of its
 * own. It is on every first paint, and react-bootstrap's Navbar would bring
 * its offcanvas variant (the modal code and its transitions) into the first
 * chunk with it; the menu opens and closes without the slide.
 */
export function TopBar() {
  const { status, user, signOut } = useAuth();
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
    void navigate('/');
  }

  return (
    <header>
      <nav aria-label="Main" className="border-bottom shadow-sm navbar navbar-expand-md bg-white">
        <div className="container">
          <Link
            to="/"
            onClick={close}
            className="d-flex align-items-center gap-2 fw-semibold text-primary navbar-brand"
          >
            <BrandIcon />
            CPE Tracker
          </Link>
          <button
            ref={toggle}
            type="button"
            className={`navbar-toggler${expanded ? '' : ' collapsed'}`}
            aria-controls="top-nav"
            aria-expanded={expanded}
            aria-label="Toggle navigation"
            onClick={() => setExpanded((open) => !open)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="top-nav" className={`navbar-collapse collapse${expanded ? ' show' : ''}`}>
            <div className="ms-auto align-items-md-center gap-md-2 py-2 py-md-0 navbar-nav">
              {status === 'signedIn' && user && (
                <>
                  <Link to="/" onClick={close} className="nav-link text-break">
                    Welcome, {user.email}
                  </Link>
                  <NavLink to={paths.account} onClick={close} className="nav-link">
                    Account
                  </NavLink>
                  <button
                    type="button"
                    className="btn btn-outline-primary btn-sm align-self-start align-self-md-center"
                    onClick={() => void logOut()}
                    disabled={signingOut}
                  >
                    Log Out
                  </button>
                </>
              )}
              {status === 'signedOut' && (
                <>
                  <NavLink to="/signup" onClick={close} className="nav-link">
                    Sign Up
                  </NavLink>
                  <NavLink to="/login" onClick={close} className="nav-link">
                    Log In
                  </NavLink>
                </>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
