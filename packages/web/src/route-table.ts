/**
 * Every route of the product spec as data: its path, the module of its page
 * (its source path under src/ without extension, the key of the build's chunk
 * table) and whether it is for signed-in users only. The router (AppRoutes.tsx)
 * builds its routes from this table, and the boot script (boot.ts) reads it to
 * preload a page's code while the app's own is still loading, so it carries no
 * code of its own.
 */
const TABLE = [
  { path: '/', page: 'pages/Home' },
  { path: '/signup', page: 'pages/SignUp' },
  { path: '/login', page: 'pages/Login' },
  { path: '/mycertifications', page: 'pages/MyCertifications', signedIn: true },
  { path: '/addcertification', page: 'pages/AddCertification', signedIn: true },
  {
    path: '/updatecertification/:certificationId',
    page: 'pages/UpdateCertification',
    signedIn: true,
  },
  { path: '/addactivity', page: 'pages/AddActivity', signedIn: true },
  { path: '/addactivity/:certificationId', page: 'pages/AddActivity', signedIn: true },
  { path: '/updateactivity/:activityId', page: 'pages/UpdateActivity', signedIn: true },
  { path: '/addfromcertificate', page: 'pages/AddFromCertificate', signedIn: true },
  { path: '/readiness/:certificationId', page: 'pages/Readiness', signedIn: true },
  { path: '/aboutus', page: 'pages/AboutUs' },
  { path: '/termsandconditions', page: 'pages/TermsAndConditions' },
  { path: '/contactus', page: 'pages/ContactUs' },
  { path: '/account', page: 'pages/Account', signedIn: true },
  { path: '/fourofourpage', page: 'pages/NotFound' },
  { path: '*', page: 'pages/NotFound' },
] as const;

export type PageModule = (typeof TABLE)[number]['page'];

export interface RouteEntry {
  path: string;
  page: PageModule;
  /** Signed-in only: signed-out visitors go to /login. */
  signedIn?: boolean;
}

export const ROUTE_TABLE: readonly RouteEntry[] = TABLE;

const segments = (path: string) => path.toLowerCase().split('/').filter(Boolean);

/**
 * The route at `pathname`, matched as the router matches this table: case
 * ignored, a trailing slash ignored, `:name` standing for one segment, `*` for
 * anything else. Without the router's code, which the boot script does not load.
 */
export function routeAt(pathname: string): RouteEntry {
  const actual = segments(pathname);
  const found = ROUTE_TABLE.find((route) => {
    if (route.path === '*') return true;
    const pattern = segments(route.path);
    return (
      pattern.length === actual.length &&
      pattern.every((part, i) => part.startsWith(':') || part === actual[i])
    );
  });
  return found ?? { path: '*', page: 'pages/NotFound' };
}
