import { TermsSections } from '../content/Terms';
import { usePageTitle } from '../lib/page';

export function TermsAndConditions() {
  usePageTitle('Terms and Conditions');
  return (
    <article className="hero">
      <h1>Terms and Conditions</h1>
      <TermsSections headingLevel="h2" />
    </article>
  );
}
