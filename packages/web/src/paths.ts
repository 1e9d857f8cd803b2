/** The SPA's routes, exactly as the product spec names them (matching is case-insensitive). */
export const paths = {
  home: '/',
  signUp: '/signup',
  login: '/login',
  myCertifications: '/mycertifications',
  addCertification: '/addcertification',
  addActivity: (certificationId?: string) =>
    certificationId ? `/addactivity/${encodeURIComponent(certificationId)}` : '/addactivity',
  updateActivity: (activityId: string) => `/updateactivity/${encodeURIComponent(activityId)}`,
  updateCertification: (certificationId: string) =>
    `/updatecertification/${encodeURIComponent(certificationId)}`,
  aboutUs: '/aboutus',
  terms: '/termsandconditions',
  contactUs: '/contactus',
  notFound: '/fourofourpage',
} as const;

/** Where the update-activity Cancel goes, in the spec's own casing (routes match case-insensitively). */
export const MY_CERTIFICATIONS_AS_SPEC_CASES_IT = '/MyCertifications';
