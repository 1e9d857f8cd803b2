import { Link } from 'react-router-dom';
import { usePageTitle } from '../lib/page';

export function NotFound() {
  usePageTitle('Page not found');
  return (
    <section className="text-center py-4">
      <h1 className="display-404">404</h1>
      <p className="lead mx-auto mb-4 hero">
        Oops! This isn&apos;t the apple you were trying to pick. Let&apos;s find a juicier one
        together.
      </p>
      <Link to="/" className="btn btn-primary btn-lg">
        Go Home
      </Link>
    </section>
  );
}
