/** The query parameter of /addcertification that names the catalogue entry to pick. */
export const PICK_PARAM = 'catalogue';

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
  updateActivity: (activityId: string) => `/updateactivity/${encodeURIComponent(activityId)}`,
  updateCertification: (certificationId: string) =>
    `/updatecertification/${encodeURIComponent(certificationId)}`,
  /** What an auditor would reject today, for one certification (and a past cycle). */
  readiness: (certificationId: string) => `/readiness/${encodeURIComponent(certificationId)}`,
  /** Add Activity starting from a certificate of completion. */
  addFromCertificate: '/addfromcertificate',
  aboutUs: '/aboutus',
  terms: '/termsandconditions',
  contactUs: '/contactus',
  account: '/account',
  notFound: '/fourofourpage',
} as const;
