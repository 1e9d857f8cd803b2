/** The terms text, shown on /termsandconditions and in the sign-up form's scrollable box. */
export const DISPUTE_PERIOD_DAYS = 30;

export function TermsSections(props: { headingLevel: 'h2' | 'h3' }) {
  const H = props.headingLevel;
  const cls = props.headingLevel === 'h2' ? 'h4 mt-4' : 'h6 mt-3';
  return (
    <>
      <H className={cls}>1. Introduction</H>
      <p>
        Welcome to CPE Tracker. These Terms and Conditions govern your use of the website and its
        services. By creating an account or using the site you agree to them. We may update these
        terms from time to time; the current version is always published on this page, and
        continuing to use the site after a change means you accept the updated terms.
      </p>

      <H className={cls}>2. Intellectual property and licence</H>
      <p>
        The site, its design, text, graphics and code belong to CPE Tracker or its licensors. We
        grant you a personal, non-exclusive, non-transferable licence to use the site to track your
        own continuing professional education. You may not copy, resell, reverse engineer, scrape or
        otherwise exploit the site or its content, or use it for any unlawful purpose.
      </p>

      <H className={cls}>3. User content and conduct</H>
      <p>
        You own the certifications, activities and other information you enter and are responsible
        for their accuracy. You grant us the rights needed to store and display them to you. You
        agree not to upload unlawful, misleading or harmful content, not to interfere with the site
        or other users, and to keep your login details secure.
      </p>

      <H className={cls}>4. Disclaimers</H>
      <p>
        The platform is in beta. It is provided &quot;as is&quot; and &quot;as available&quot;,
        without warranties of any kind. CPE Tracker is a record-keeping aid: always confirm your
        requirements and reported credits with the body that issued your certification. AI
        recommendations are suggestions, not professional advice.
      </p>

      <H className={cls}>5. Limitation of liability</H>
      <p>
        To the extent permitted by law, CPE Tracker is not liable for any indirect, incidental or
        consequential loss, or for any loss of data, certification status or opportunity, arising
        from your use of the site.
      </p>

      <H className={cls}>6. Governing law</H>
      <p>These terms are governed by the laws of Australia.</p>

      <H className={cls}>7. Dispute resolution</H>
      <p className="mb-0">
        If a dispute arises, you and CPE Tracker agree to first try to resolve it amicably through
        good-faith discussion for {DISPUTE_PERIOD_DAYS} days before starting any formal proceedings.
      </p>
    </>
  );
}
