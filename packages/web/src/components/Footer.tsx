import Container from 'react-bootstrap/Container';
import { Link } from 'react-router-dom';
import { EMBED_ORIGINS } from '@cpe/shared/security-headers';
import { CoffeeIcon, FacebookIcon, LinkedInIcon, XTwitterIcon } from './icons';

/**
 * The donation "embed" is a plain link to the Buy Me a Coffee page rather than
 * its widget script: the widget injects inline styles (blocked by the CSP's
 * style-src 'self') and costs a third-party script on every page.
 */
export const DONATION_URL = `${EMBED_ORIGINS.donation}/cpetracker`;

function shareLinks(url: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent('Track your CPE credits with CPE Tracker');
  return [
    {
      name: 'LinkedIn',
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
      icon: <LinkedInIcon />,
    },
    {
      name: 'Twitter',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${text}`,
      icon: <XTwitterIcon />,
    },
    {
      name: 'Facebook',
      href: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
      icon: <FacebookIcon />,
    },
  ];
}

export function Footer() {
  const siteUrl = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <footer className="bg-dark text-light mt-5 pt-4 pb-3">
      <Container>
        <div className="d-flex flex-column flex-md-row justify-content-between align-items-center gap-4 pb-3 border-bottom footer-rule">
          <div className="text-center text-md-start">
            <p className="mb-2">Find CPE Tracker useful? Support the project.</p>
            <a
              className="coffee-button"
              href={DONATION_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              <CoffeeIcon />
              Buy me a coffee
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </div>
          <div className="text-center text-md-end">
            <p className="mb-2">Enjoy using the site? Share it!</p>
            <ul className="list-unstyled d-flex justify-content-center justify-content-md-end gap-2 mb-0">
              {shareLinks(siteUrl).map((link) => (
                <li key={link.name}>
                  <a
                    className="share-link"
                    href={link.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Share on ${link.name} (opens in a new tab)`}
                  >
                    {link.icon}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="d-flex flex-column flex-md-row justify-content-between align-items-center gap-2 pt-3 small">
          <p className="mb-0">© {new Date().getFullYear()} CPE Tracker. All rights reserved.</p>
          <nav aria-label="Footer">
            <ul className="list-unstyled d-flex flex-wrap justify-content-center gap-3 mb-0">
              <li>
                <Link className="footer-link" to="/termsandconditions">
                  Terms and Conditions
                </Link>
              </li>
              <li>
                <Link className="footer-link" to="/aboutus">
                  About Us
                </Link>
              </li>
              <li>
                <Link className="footer-link" to="/contactus">
                  Contact Us
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </Container>
    </footer>
  );
}
