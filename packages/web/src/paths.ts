/** The query parameter of /addcertification that names the catalogue entry to pick. */
export const PICK_PARAM = 'catalogue';

/** The query parameters of Update Activity opened to fix one problem: where to go back, what to fix. */
export const RETURN_PARAM = 'return';
export const FIX_PARAM = 'fix';

/** What an activity opened from the readiness page lacks. */
export type ActivityFix = 'proof' | 'provider' | 'units';

/** A page of this app to return to (the readiness page), never another site; null otherwise. */
export function returnPath(value: string | null): string | null {
  return value !== null && /^\/readiness\/[^/?#]+$/.test(value) ? value : null;
}

/** The SPA's routes, exactly as the product spec names them (matching is case-insensitive). */
export const paths = {
  home: '/',
  signUp: '/signup',
  login: '/login',
  myCertifications: '/mycertifications',
  /**
   * Where Update Activity's Cancel returns: the certification list, at the URL
   * the spec writes for that button (the same route, as matching ignores case).
   */
  updateActivityCancel: '/MyCertifications',
  addCertification: '/addcertification',
  /** Add Certification with a catalogue entry picked (a recommendation's Add). */
  addCertificationPicked: (catalogueId: string) =>
    `/addcertification?${PICK_PARAM}=${encodeURIComponent(catalogueId)}`,
  addActivity: (certificationId?: string) =>
    certificationId ? `/addactivity/${encodeURIComponent(certificationId)}` : '/addactivity',
  /**
   * Update Activity; from the readiness page, with the page to return to once
   * saved and the field that fixes the problem (focused when the form opens).
   */
  updateActivity: (activityId: string, from?: { returnTo: string; fix: ActivityFix }) =>
    `/updateactivity/${encodeURIComponent(activityId)}${
      from
        ? `?${new URLSearchParams({ [RETURN_PARAM]: from.returnTo, [FIX_PARAM]: from.fix })}`
        : ''
    }`,
  updateCertification: (certificationId: string) =>
    `/updatecertification/${encodeURIComponent(certificationId)}`,
  /** What an auditor would reject today, for one certification (and a past cycle). */
  readiness: (certificationId: string) => `/readiness/${encodeURIComponent(certificationId)}`,
  /** Add Activity starting from a certificate of completion. */
  addFromCertificate: '/addfromcertificate',
  /** Proposed activities (forwarded emails, uploaded certificates, imports) waiting to be accepted. */
  inbox: '/inbox',
  /** Accepting one proposal of the inbox: the form asks for what it lacks. */
  acceptProposal: (proposalId: string) => `/inbox/${encodeURIComponent(proposalId)}`,
  /** Activities from a spreadsheet, the audit report CSV or the account export. */
  importActivities: '/import',
  aboutUs: '/aboutus',
  terms: '/termsandconditions',
  contactUs: '/contactus',
  account: '/account',
  /** Where a reminder email's "stop these emails" link lands (`?token=`). */
  unsubscribe: '/unsubscribe',
  notFound: '/fourofourpage',
} as const;
