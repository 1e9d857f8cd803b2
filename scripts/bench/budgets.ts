/**
 * Every performance budget `pnpm bench` checks, in one place; docs/performance.md
 * explains each and how it is measured.
 */
export const BUDGETS = {
  /** SPA JavaScript on the first route (entry chunks), gzip KB. */
  webFirstRouteJsKb: 150,
  /** SPA CSS, gzip KB. */
  webCssKb: 22,
  /** Each Lambda bundle's index.js, minified KB (a library used by one path loads from its own file). */
  lambdaBundleKb: 1024,
  /**
   * Each Lambda's cold start (a fresh Node process to its handler loaded), as a
   * multiple of the same for a bundle of only the SDK clients the function holds.
   */
  lambdaInitRatioToSdkFloor: 1.3,
  /** `npm start` to /api/health answering, warm, seconds. */
  startWarmSeconds: 5,
  /** Authenticated list (50 certifications, 1,000 activities), 50 connections. */
  localApi: {
    /** Throughput as a multiple of a bare node + pg server's on the same statement, side by side. */
    ratioToBareServer: 0.5,
  },
  /** Data API calls per read request. */
  dataApiCallsPerRead: 1,
  /** Lighthouse, mobile defaults, median of runs. */
  lighthouse: { performance: 98, accessibility: 100, 'best-practices': 100, cls: 0 },
  /** Audit report of a cycle of 200 activities, in the handler. */
  report: { csvMs: 200, pdfMs: 1500, memoryMb: 256 },
  /** Reminder job over 10,000 users with 3 certifications each. */
  reminders: { seconds: 60, usersPerDataApiCall: 500 },
  /** A forwarded email with a one-page certificate PDF to the proposal listed, seconds (median). */
  inboundSeconds: 5,
  /** Spreadsheet import of a 2,000-row CSV through the local runtime. */
  imports: { previewMs: 2000, importMs: 5000 },
  /** `pnpm test:fast` (jest projects unit, web and infra), 2 cores, seconds. */
  testFastSeconds: 90,
  /** `npm test` (every project, browsers and servers included), 2 cores, warm install, minutes. */
  npmTestMinutes: 6,
  /** `cdk synth -c stage=dev` with its bundle builds and policy checks, seconds (median of 3; `pnpm bench synth`). */
  synthSeconds: 60,
} as const;
