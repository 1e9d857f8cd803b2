/** Length, size and count limits of what the API accepts: plain values, no schema. */

export const LIMITS = {
  nameLength: 200,
  descriptionLength: 5000,
  linkLength: 2048,
  /** Cognito's username limit: the email is the username (email.ts). */
  emailLength: 128,
  messageLength: 5000,
  maxCpe: 100_000,
  catalogueIdLength: 64,
  /** A member (or certificate) number with a certifying body. */
  memberIdLength: 100,
  /** The whole range of stored dates (1900-01-01 to 2999-12-31): a cycle measured from any valid dates fits. */
  maxCycleMonths: 13_200,
  searchQueryLength: 100,
  /** Activities may be logged a little ahead (time zones, scheduled courses), not years ahead. */
  activityFutureDays: 366,
} as const;

/** Proof files: what a presigned POST accepts and an activity keeps (docs/decisions/050). */
export const FILE_RULES = {
  contentTypes: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/heic'],
  maxBytes: 10 * 1024 * 1024,
  maxPerActivity: 10,
  fileNameLength: 200,
  /** Certifications one activity may count for. */
  maxCredits: 20,
  categoryLength: 100,
} as const;

/** A type a proof file may declare (its bytes are checked against it on attach). */
export type ProofContentType = (typeof FILE_RULES.contentTypes)[number];

/** The extension a proof file of each type is named and opened by. */
export const PROOF_EXTENSIONS: Readonly<Record<ProofContentType, string>> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/heic': 'heic',
};
