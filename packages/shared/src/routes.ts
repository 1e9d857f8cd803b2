/**
 * The one route table. The local gateway routes from it, the CDK stack builds
 * API Gateway resources and methods from it, the handler framework validates
 * path, query and body with its schemas, the web client's one typed requester
 * (`request('operationName', ...)` in packages/web/src/api/client.ts) takes
 * each route's method, path and answer schema from it, and docs/api.md is
 * generated from it. Adding a route is one entry here plus one operation in
 * the handler group.
 */
import * as z from 'zod/mini';
import * as account from './account';
import * as s from './schemas';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The two REST APIs: "api" (stage prod, Cognito authorizer) and "contact" (stage beta, public). */
export const APIS = {
  api: { stage: 'prod', publicPrefix: '' },
  contact: { stage: 'beta', publicPrefix: '/beta' },
} as const;
export type ApiName = keyof typeof APIS;

/**
 * What the "api" API answers as bytes (its binaryMediaTypes): a handler sends
 * these base64-encoded, and API Gateway decodes them only when the request's
 * first Accept type is one of them; otherwise the client gets the base64 text.
 * The local gateway does the same.
 */
export const BINARY_MEDIA_TYPES = ['application/pdf', 'application/zip'] as const;

/** One Lambda per group. */
export type HandlerGroup =
  | 'health'
  | 'users'
  | 'certifications'
  | 'activities'
  | 'recommendations'
  | 'contact'
  | 'catalogue'
  | 'reminders'
  | 'files'
  | 'account'
  | 'reports'
  | 'proposals';

export interface RouteDef {
  operation: string;
  method: HttpMethod;
  api: ApiName;
  /** The API Gateway resource path (without the stage). */
  path: string;
  group: HandlerGroup;
  auth: boolean;
  summary: string;
  /** What `{id}` means on this route, for the docs. */
  idParam?: string;
  /** What `{id}` must look like; default: a record's UUID. Anything else answers 404. */
  id?: z.ZodMiniType<string>;
  /** The query string's parameters (last value of each); unknown ones are ignored. */
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
  response?: z.ZodMiniType;
  /** Status of a successful answer. */
  status?: number;
  /**
   * Cache-Control of a successful answer, for public answers that are the
   * same for everyone; every other answer (and every error) is `no-store`.
   */
  cacheControl?: string;
}

/** Catalogue answers change only with a deploy: browsers and CloudFront may keep them an hour. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=3600';

/** One handler group's routes, served by one Lambda. */
type GroupRoutes<G extends HandlerGroup> = readonly (RouteDef & { group: G })[];

export const healthRoutes = [
  {
    operation: 'health',
    method: 'GET',
    api: 'api',
    path: '/api/health',
    group: 'health',
    auth: false,
    summary: 'Liveness with a database round trip: {"status":"ok"}.',
    response: s.health,
  },
] as const satisfies GroupRoutes<'health'>;

export const usersRoutes = [
  {
    operation: 'getUser',
    method: 'GET',
    api: 'api',
    path: '/api/users/{email}',
    group: 'users',
    auth: true,
    idParam: "email (URL-encoded); only the caller's own email answers",
    summary: "The caller's own user record (user_id, email, marketing_opt); any other email: 404.",
    response: s.user,
  },
  {
    operation: 'ensureUser',
    method: 'POST',
    api: 'api',
    path: '/api/users',
    group: 'users',
    auth: true,
    summary:
      "Ensures the caller's user record exists (idempotent). email and marketing_opt are accepted only for the caller's own email.",
    body: s.ensureUserBody,
    response: s.user,
  },
] as const satisfies GroupRoutes<'users'>;

export const certificationsRoutes = [
  {
    operation: 'listCertifications',
    method: 'GET',
    api: 'api',
    path: '/api/certifications/{id}',
    group: 'certifications',
    auth: true,
    idParam: 'user_id',
    summary: "The caller's certifications with CPE totals; any other user_id: 404.",
    response: z.array(s.certification),
  },
  {
    operation: 'createCertification',
    method: 'POST',
    api: 'api',
    path: '/api/certifications',
    group: 'certifications',
    auth: true,
    summary:
      'Creates a certification for the caller; answers it. `certified_on` (the day first certified, for a certification renewed before) defaults to the earned date, a first cycle; one after `earned_date` answers 400 naming it.',
    body: s.createCertificationBody,
    response: s.certification,
    status: 201,
  },
  {
    operation: 'updateCertification',
    method: 'PUT',
    api: 'api',
    path: '/api/certifications/{id}',
    group: 'certifications',
    auth: true,
    idParam: 'certification_id',
    summary:
      "Updates a certification from the fields and the `version` it read; answers it with the next version. 409 `{message, current}` when the stored version is another (changed in another window: `current` is the record as stored); 400 on `version` when the body has none. `certified_on` absent is unchanged (never after the earned date), null is the earned date; `cycle_months` null on a certification following a catalogue entry is the entry's cycle; naming another entry takes its unit, cycle and annual minimum where the body leaves them out. A renewed certification keeps its earned date, the day after the cycle before it (400 on `earned_date` otherwise).",
    body: s.updateCertificationBody,
    response: s.certification,
  },
  {
    operation: 'deleteCertification',
    method: 'DELETE',
    api: 'api',
    path: '/api/certifications/{id}',
    group: 'certifications',
    auth: true,
    idParam: 'certification_id',
    summary: 'Deletes a certification; 409 while it has activities.',
    status: 204,
  },
  {
    operation: 'getCertification',
    method: 'GET',
    api: 'api',
    path: '/api/certification/{id}',
    group: 'certifications',
    auth: true,
    idParam: 'certification_id',
    summary: 'A list whose first item is the certification (with user_id).',
    response: z.array(s.certification),
  },
  {
    operation: 'renewCertification',
    method: 'PUT',
    api: 'api',
    path: '/api/renewCertification/{id}',
    group: 'certifications',
    auth: true,
    idParam: 'certification_id',
    summary:
      'Starts the next cycle as the body does (the rules engine plans it): the new cycle starts the day after the old one ends (tomorrow when there is no expiry) and lasts `cycle_months` (a month-end stays a month-end); the credits the old cycle counted are archived, later ones stay for the new cycle, and rollover is carried in (`carried_in`). A body `{"expiry_date": <the current expiry, or null>}` names the cycle to renew, so a retry or a double click renews once: 409 when it no longer names the current cycle (already renewed). 409 with `unmet: [{id, message}]` while a rule of the body is unmet (the message is the spec\'s "Insufficient CPEs" one when the total is short), when there is nothing to renew (no target and no expiry), and when the new expiry would be after 2999-12-31. Without a body the current cycle is renewed.',
    body: s.renewCertificationBody,
    response: s.certification,
  },
  {
    operation: 'getReadiness',
    method: 'GET',
    api: 'api',
    path: '/api/certifications/{id}/readiness',
    group: 'certifications',
    auth: true,
    idParam: 'certification_id',
    summary:
      "What an auditor would reject today for one cycle (`?cycle=` its start date; default the current one): the rules engine's standing of the cycle (every requirement of the body with its figures), totals against the target, units per category against the body's minimums and caps, and per activity no_proof, no_provider, over_cap (its category or kind past the body's cap), outside_cycle and not_submitted.",
    query: s.cycleQuery,
    response: s.readiness,
  },
  {
    operation: 'listCycles',
    method: 'GET',
    api: 'api',
    path: '/api/certifications/{id}/cycles',
    group: 'certifications',
    auth: true,
    idParam: 'certification_id',
    summary:
      'The current cycle and the past ones (back from the earned date by cycle_months, as far as the oldest credit), newest first.',
    response: z.array(s.cycle),
  },
  {
    operation: 'readBadge',
    method: 'POST',
    api: 'api',
    path: '/api/badges/read',
    group: 'certifications',
    auth: true,
    summary:
      "Reads an Open Badge (`content_base64`, at most 512 KB) into a certification's prefill; saves nothing. Accepts an Open Badges 2.0 assertion as JSON, a signed one as a JWS, or baked into a PNG (`openbadges` iTXt chunk) or SVG (`openbadges:assertion`), and an Open Badges 3.0 / W3C Verifiable Credential as JSON, a JWT, or baked (`openbadgecredential` chunk, `openbadges:credential`). Answers the name, issuer, `catalogue_id` when the issuer and badge name match a catalogue entry, earned and expiry dates, the verification link and `verified` with why: a signature is checked with the key the badge carries (`jwk`, `did:jwk`, `did:key`) or the one its issuer publishes (a `kid` URL, an OB 2.0 `verification.creator`), a hosted 2.0 assertion against the copy at its `id`, an OB 3.0 Data Integrity proof (`eddsa-rdfc-2022`, `eddsa-jcs-2022`); what the badge names is fetched over https from public addresses only, and a badge whose issuer cannot be reached is read unverified with the reason. 400 naming why when the file is not a badge, when a signature or proof does not match or the hosted copy differs (a tampered badge), and when its issuer has revoked it.",
    body: s.readBadgeBody,
    response: s.badgePrefill,
  },
] as const satisfies GroupRoutes<'certifications'>;

export const activitiesRoutes = [
  {
    operation: 'listActivities',
    method: 'GET',
    api: 'api',
    path: '/api/activities/{id}',
    group: 'activities',
    auth: true,
    idParam: 'certification_id',
    summary:
      "The activities that count for the certification (as primary or as another credit), archived ones included: `is_archived` is this certification's credit's flag. Each carries `credits`, `files` and `has_proof`; `?proof=missing|present` keeps only those without or with a proof file.",
    query: s.listActivitiesQuery,
    response: z.array(s.activity),
  },
  {
    operation: 'createActivity',
    method: 'POST',
    api: 'api',
    path: '/api/activities',
    group: 'activities',
    auth: true,
    summary:
      "Records an activity under one of the caller's certifications (the primary one); answers it with activity_id. `credits` lists every certification it counts for (the primary one implied; `cpe_units` defaults to the activity's, and the primary credit always has the activity's units); another user's certification in `credits` is a 400 naming it. `category` must be a category or activity kind of the primary certification's catalogue rules when the entry has any, otherwise free text.",
    body: s.createActivityBody,
    response: s.activity,
    status: 201,
  },
  {
    operation: 'getActivity',
    method: 'GET',
    api: 'api',
    path: '/api/activity/{id}',
    group: 'activities',
    auth: true,
    idParam: 'activity_id',
    summary: 'The activity with user_id.',
    response: s.activityWithOwner,
  },
  {
    operation: 'updateActivity',
    method: 'PUT',
    api: 'api',
    path: '/api/activities/{id}',
    group: 'activities',
    auth: true,
    idParam: 'activity_id',
    summary:
      "Updates an activity from the whole activity object and the `version` it read; answers it with the next version. `provider`, `category` and `credits` absent: unchanged, except that a credit above the new units, in the same unit, is lowered to them; `credits` given: the activity counts for exactly those (plus the primary), each archived when its date falls before the current cycle of a renewed certification and, unless given, keeping its submission date; a credit may not exceed the activity's units when its certification counts in the same unit (400 on `credits.N.cpe_units`). 409 `{message, current}` when the stored version is another (`current` is the activity as stored); 400 on `version` when the body has none.",
    body: s.updateActivityBody,
    response: s.activity,
  },
  {
    operation: 'deleteActivity',
    method: 'DELETE',
    api: 'api',
    path: '/api/activities/{id}',
    group: 'activities',
    auth: true,
    idParam: 'activity_id',
    summary: 'Deletes an activity with its credits and proof files (rows and objects).',
    status: 204,
  },
  {
    operation: 'setSubmission',
    method: 'PUT',
    api: 'api',
    path: '/api/activities/{id}/submissions',
    group: 'activities',
    auth: true,
    idParam: 'activity_id',
    summary:
      "Marks the activity's credit for one certification as submitted to the body's portal on `submitted_on` (null: not submitted); answers the activity. A certification the activity does not count for: 400 naming certification_id.",
    body: s.submissionBody,
    response: s.activity,
  },
  {
    operation: 'previewImport',
    method: 'POST',
    api: 'api',
    path: '/api/imports/preview',
    group: 'activities',
    auth: true,
    summary:
      "Reads a spreadsheet of activities (`file_name`, `content_base64`: CSV or XLSX, at most 4 MB and 5,000 rows) and answers, storing nothing: the format (`csv`, `xlsx`, or the app's own `report-csv` audit report or `account-json` export, which need no mapping), the header row, the mapping of columns to fields guessed from it and the one used (`mapping` in the body replaces the guess field by field), the certification used for rows naming none (`certification_id`, else the only one, else the report's), the certifications an export or report would create (a report's with the day first certified it prints; 400 when that is not a real date or is after the cycle's start), and every row with its values as they would be stored (descriptions cut to 200 characters), its errors, and whether it is `new`, a `duplicate` (already stored, or an earlier row of the file) or `invalid`. Certifications are matched by name, catalogue id or abbreviation; categories to the certification's catalogue rules. 400 naming why when the file cannot be read at all.",
    body: s.importBody,
    response: s.importPreview,
  },
  {
    operation: 'importActivities',
    method: 'POST',
    api: 'api',
    path: '/api/imports',
    group: 'activities',
    auth: true,
    summary:
      "Imports the rows the preview of the same body calls `new`, in one transaction (a statement per 500 rows); rows with errors are refused and nothing of theirs is stored. Importing the same file again creates nothing (each imported activity keeps its row's key: certification, date, title, provider, units). Answers `created`, `duplicates`, `refused` (each row with its errors) and `certifications_created` (an account export's certifications this account lacked, or the audit report's). A certification a row names (as its own, or in a credit to another) that is deleted while the import runs refuses the whole import: 400 naming certification_id, and nothing of the file is stored.",
    body: s.importBody,
    response: s.importResult,
  },
] as const satisfies GroupRoutes<'activities'>;

export const filesRoutes = [
  {
    operation: 'createUpload',
    method: 'POST',
    api: 'api',
    path: '/api/uploads',
    group: 'files',
    auth: true,
    summary:
      "A presigned POST for one proof file: the policy fixes the key (under the caller's own prefix), the content type (PDF, PNG, JPEG or WebP) and the size (1 byte to 10 MB); it expires after 10 minutes. Post `fields` then the file as `file` to `url`, then attach the upload to an activity.",
    body: s.createUploadBody,
    response: s.upload,
    status: 201,
  },
  {
    operation: 'attachFile',
    method: 'POST',
    api: 'api',
    path: '/api/activities/{id}/files',
    group: 'files',
    auth: true,
    idParam: 'activity_id',
    summary:
      'Attaches an uploaded file to the activity after checking the object exists with the declared size and type; answers the file. 400 naming upload_id when the upload is missing, expired, already attached or differs from what was declared, or when the activity has 10 files.',
    body: s.attachFileBody,
    response: s.proofFile,
    status: 201,
  },
  {
    operation: 'listFiles',
    method: 'GET',
    api: 'api',
    path: '/api/activities/{id}/files',
    group: 'files',
    auth: true,
    idParam: 'activity_id',
    summary: "The activity's proof files, oldest first.",
    response: z.array(s.proofFile),
  },
  {
    operation: 'downloadFile',
    method: 'GET',
    api: 'api',
    path: '/api/files/{id}',
    group: 'files',
    auth: true,
    idParam: 'file_id',
    summary:
      'A presigned GET of the file, valid for 5 minutes, that downloads it under its file name (Content-Disposition).',
    response: s.downloadLink,
  },
  {
    operation: 'deleteFile',
    method: 'DELETE',
    api: 'api',
    path: '/api/files/{id}',
    group: 'files',
    auth: true,
    idParam: 'file_id',
    summary: 'Deletes a proof file (its row and its object).',
    status: 204,
  },
] as const satisfies GroupRoutes<'files'>;

export const reportsRoutes = [
  {
    operation: 'getReport',
    method: 'GET',
    api: 'api',
    path: '/api/certifications/{id}/report',
    group: 'reports',
    auth: true,
    idParam: 'certification_id',
    summary:
      "The audit report of one cycle (`?cycle=` its start date, as listCycles names it; default the current one): holder, certification, body, member ID when given, cycle, the day first certified when it is before the cycle's start (a renewed certification, whose first-cycle rules do not apply), each activity with its date, units for this certification and what the rules count of them (caps reached, dates they do not take), category, provider, description and proof files' names, and the totals per year and category against the catalogue's rules. `format=csv` (UTF-8 with BOM, formula cells neutralised), `pdf`, or `zip` (the audit packet: the PDF and every proof file, named as the report lists them). Answers the file with Content-Type and Content-Disposition; PDF and ZIP come base64-encoded from the function, so send `Accept: application/pdf` or `application/zip` first in the Accept header (API Gateway turns them back into bytes only then). A file over 3 MB is stored and answered as JSON `{url}`, a link valid for 5 minutes.",
    query: s.reportQuery,
    response: s.downloadLink,
  },
  {
    operation: 'proposeActivity',
    method: 'POST',
    api: 'api',
    path: '/api/uploads/{id}/proposal',
    group: 'reports',
    auth: true,
    idParam: 'upload_id',
    summary:
      "Proposes an activity from an uploaded certificate's text (a PDF's text layer; images have none to read): activity_name, provider, activity_date, cpe_units and description, each only when found. With an OpenAI key a structured extraction, else (or when it fails) rules for common certificate wording. Saves nothing; a file without readable text proposes nothing (an empty proposal).",
    response: s.activityProposal,
  },
  {
    operation: 'createProposal',
    method: 'POST',
    api: 'api',
    path: '/api/proposals',
    group: 'reports',
    auth: true,
    summary:
      "Puts an uploaded certificate (`upload_id` of POST /api/uploads) in the caller's inbox: its bytes are checked against the declared type, its text read as for proposeActivity, and it becomes a proposal (source `upload`) with the fields found and the file as its proof; the upload is used up. Answers the proposal. 400 naming upload_id when the upload is missing, expired, already used or not what was declared.",
    body: s.createProposalBody,
    response: s.proposal,
    status: 201,
  },
] as const satisfies GroupRoutes<'reports'>;

export const proposalsRoutes = [
  {
    operation: 'listProposals',
    method: 'GET',
    api: 'api',
    path: '/api/proposals',
    group: 'proposals',
    auth: true,
    summary:
      "The caller's inbox, newest first: every proposed activity (from a forwarded email, a certificate upload or an import) with its `source`, `source_label`, the `fields` the proposal engine found (null where not found), and its proof file's name, type and size (`proof`, null without one; `has_proof`).",
    response: z.array(s.proposal),
  },
  {
    operation: 'acceptProposal',
    method: 'POST',
    api: 'api',
    path: '/api/proposals/{id}/accept',
    group: 'proposals',
    auth: true,
    idParam: 'proposal_id',
    summary:
      "Accepts a proposal: the body is the activity as the user confirmed it, validated exactly as POST /api/activities (`certification_id`, the fields, `credits` with units and categories). In one step the activity is created, the proposal's proof becomes its proof file (moved to a key no upload form writes) and the proposal leaves the inbox; when any part fails nothing is stored. Answers the activity with its files.",
    body: s.acceptProposalBody,
    response: s.activity,
    status: 201,
  },
  {
    operation: 'getProposalProof',
    method: 'GET',
    api: 'api',
    path: '/api/proposals/{id}/proof',
    group: 'proposals',
    auth: true,
    idParam: 'proposal_id',
    summary:
      "A presigned GET of the proposal's proof file, valid for 5 minutes, that downloads it under its file name; 404 when the proposal has none.",
    response: s.downloadLink,
  },
  {
    operation: 'dismissProposal',
    method: 'DELETE',
    api: 'api',
    path: '/api/proposals/{id}',
    group: 'proposals',
    auth: true,
    idParam: 'proposal_id',
    summary: 'Dismisses a proposal: removes it and its proof file.',
    status: 204,
  },
] as const satisfies GroupRoutes<'proposals'>;

export const recommendationsRoutes = [
  {
    operation: 'recommendCertifications',
    method: 'POST',
    api: 'api',
    path: '/api/recommendations',
    group: 'recommendations',
    auth: true,
    summary:
      "Recommends further certifications from the caller's certification names (server-side AI or the built-in catalogue).",
    response: s.recommendation,
  },
] as const satisfies GroupRoutes<'recommendations'>;

export const catalogueRoutes = [
  {
    operation: 'searchCatalogue',
    method: 'GET',
    api: 'api',
    path: '/api/catalogue',
    group: 'catalogue',
    auth: false,
    summary:
      'Ranked search of the certification catalogue (exact abbreviation, then alias, prefix, words, substring; case and accents ignored). An empty `q` answers the most held certifications. No database call.',
    query: s.catalogueQuery,
    response: z.array(s.catalogueEntry),
    cacheControl: CATALOGUE_CACHE_CONTROL,
  },
  {
    operation: 'getCatalogueEntry',
    method: 'GET',
    api: 'api',
    path: '/api/catalogue/{id}',
    group: 'catalogue',
    auth: false,
    idParam: 'catalogue entry id (e.g. `isc2-cissp`); unknown: 404',
    summary: 'One catalogue entry with its renewal rules, source and checked month.',
    id: s.catalogueId,
    response: s.catalogueEntry,
    cacheControl: CATALOGUE_CACHE_CONTROL,
  },
] as const satisfies GroupRoutes<'catalogue'>;

export const contactRoutes = [
  {
    operation: 'submitContact',
    method: 'POST',
    api: 'contact',
    path: '/submit',
    group: 'contact',
    auth: false,
    summary:
      "Public contact form: stored, and the site owner is notified by email. Rate-limited per sender address (case, +tags and Gmail dots ignored) and per client address; past the owner's hourly cap a message is stored and summarised in a later notification.",
    body: s.contactBody,
    response: z.pick(s.errorBody, { message: true }),
  },
] as const satisfies GroupRoutes<'contact'>;

export const accountRoutes = [
  {
    operation: 'getAccountSettings',
    method: 'GET',
    api: 'api',
    path: '/api/account/settings',
    group: 'account',
    auth: true,
    summary:
      "The caller's reminder settings (on/off, lead times among 90/60/30/7 days), marketing opt-in, whether the calendar feed is on (never its address) and the private forwarding address for certificates (`forwarding_address`, null where the site receives no mail).",
    response: account.accountSettings,
  },
  {
    operation: 'updateAccountSettings',
    method: 'PUT',
    api: 'api',
    path: '/api/account/settings',
    group: 'account',
    auth: true,
    summary:
      'Changes any of reminders_enabled, reminder_lead_days (distinct, among 90/60/30/7; an empty list sends none) and marketing_opt; absent fields stay. Answers the settings.',
    body: account.updateAccountSettingsBody,
    response: account.accountSettings,
  },
  {
    operation: 'enableCalendarFeed',
    method: 'POST',
    api: 'api',
    path: '/api/account/calendar',
    group: 'account',
    auth: true,
    summary:
      'Turns the private calendar feed on: answers its path `/api/calendar/{token}.ics` (a long random token) this once; only its SHA-256 is stored. 409 while it is already on.',
    response: account.calendarFeed,
    status: 201,
  },
  {
    operation: 'rotateCalendarFeed',
    method: 'PUT',
    api: 'api',
    path: '/api/account/calendar',
    group: 'account',
    auth: true,
    summary:
      'Replaces the calendar feed address (the old one stops working at once); answers the new path this once. 409 while the feed is off. Send `If-Match: "<calendar_feed.created_at>"` (of the address being replaced) and the rotation applies only while that is still the address: of concurrent rotations one wins and the others answer 409; without it, a rotation sent before the current address was made answers 409.',
    response: account.calendarFeed,
  },
  {
    operation: 'disableCalendarFeed',
    method: 'DELETE',
    api: 'api',
    path: '/api/account/calendar',
    group: 'account',
    auth: true,
    summary: 'Turns the calendar feed off (its address stops working); idempotent.',
    status: 204,
  },
  {
    operation: 'rotateForwardingAddress',
    method: 'POST',
    api: 'api',
    path: '/api/account/forwarding',
    group: 'account',
    auth: true,
    summary:
      'Replaces the private forwarding address (`<random>@in.<site domain>`, docs/capture.md) with a new random one; mail to the old one is refused from now on. Answers `{"forwarding_address"}`. 409 where the site receives no mail.',
    response: account.forwardingAddress,
  },
  {
    operation: 'changePassword',
    method: 'POST',
    api: 'api',
    path: '/api/account/password',
    group: 'account',
    auth: true,
    summary:
      'Changes the caller\'s password in Cognito with their access token (ChangePassword) and emails them that it changed. Body `{"current_password", "new_password"}`; 400 naming current_password when it is wrong, new_password when the pool\'s policy refuses it; 429 after too many wrong attempts.',
    body: account.changePasswordBody,
    status: 204,
  },
  {
    operation: 'exportAccount',
    method: 'GET',
    api: 'api',
    path: '/api/account/export',
    group: 'account',
    auth: true,
    summary:
      'Everything stored about the caller as JSON: user, settings, certifications, renewed cycles, activities, their credits, the proof file list, pending uploads, reminders sent and the inbox, each row whole (never the feed token, object keys or the Cognito sub). Above 5 MB, a short-lived link to the same document instead (docs/decisions/123).',
    response: z.union([account.accountExport, s.downloadLink]),
  },
  {
    operation: 'deleteAccount',
    method: 'DELETE',
    api: 'api',
    path: '/api/account',
    group: 'account',
    auth: true,
    summary:
      "Deletes the caller's account for good: body `{\"email\"}` must be the account's email (400 otherwise). Every stored file of the user, then every row (one transaction), then the Cognito user; a call that failed midway can be repeated and finishes the job. The session ends: the user's tokens stop working.",
    body: account.deleteAccountBody,
    status: 204,
  },
] as const satisfies GroupRoutes<'account'>;

export const remindersRoutes = [
  {
    operation: 'getUnsubscribe',
    method: 'GET',
    api: 'api',
    path: '/api/unsubscribe',
    group: 'reminders',
    auth: false,
    summary:
      "The link of older reminder emails (`?token=`, signed, no login): 303 to the app's page `/unsubscribe?token=`, which asks before turning reminder emails off and offers Undo. Changes nothing by itself (mail scanners follow links). 400 when the token is not ours.",
    query: s.unsubscribeQuery,
    status: 303,
  },
  {
    operation: 'unsubscribe',
    method: 'POST',
    api: 'api',
    path: '/api/unsubscribe',
    group: 'reminders',
    auth: false,
    summary:
      "One-click unsubscribe (RFC 8058: the mail client posts `List-Unsubscribe=One-Click`; the app's page posts the same): turns the user's reminder emails off and answers `{reminders_enabled: false}`. 400 when the token is not ours.",
    query: s.unsubscribeQuery,
    response: account.remindersSwitch,
  },
  {
    operation: 'undoUnsubscribe',
    method: 'POST',
    api: 'api',
    path: '/api/unsubscribe/undo',
    group: 'reminders',
    auth: false,
    summary:
      "The Undo of the app's unsubscribe page, with the same signed token: turns the user's reminder emails on again and answers `{reminders_enabled: true}`. 400 when the token is not ours.",
    query: s.unsubscribeQuery,
    response: account.remindersSwitch,
  },
  {
    operation: 'getCalendarFeed',
    method: 'GET',
    api: 'api',
    path: '/api/calendar/{id}',
    group: 'reminders',
    auth: false,
    idParam:
      'the private feed token followed by `.ics` (the token is the credential; unknown or revoked: 404)',
    summary:
      "The user's deadlines as iCalendar (text/calendar): expiries, grace-period ends, annual-minimum year ends, annual fees and category minimums, each with alarms ahead of it. no-store.",
    id: s.calendarFeedId,
  },
] as const satisfies GroupRoutes<'reminders'>;

/** The groups' tables in one (a call, unlike a spread, that a bundler may drop when unused). */
function allRoutes<T extends readonly (readonly RouteDef[])[]>(
  ...tables: T
): readonly T[number][number][] {
  return tables.flat();
}

/**
 * Every route. A Lambda bundle holds only its own group's table
 * (`<group>Routes`), so it builds no other group's schemas.
 */
export const routes = /* @__PURE__ */ allRoutes(
  healthRoutes,
  usersRoutes,
  certificationsRoutes,
  activitiesRoutes,
  filesRoutes,
  reportsRoutes,
  proposalsRoutes,
  recommendationsRoutes,
  catalogueRoutes,
  contactRoutes,
  accountRoutes,
  remindersRoutes,
);

export type Route = (typeof routes)[number];
export type OperationName = Route['operation'];

/** `/api/certifications/{id}` -> a matcher for concrete paths. */
export function compilePath(template: string): RegExp {
  const pattern = template
    .split('/')
    .map((part) =>
      /^\{[a-zA-Z_]+\}$/.test(part)
        ? `(?<${part.slice(1, -1)}>[^/]+)`
        : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${pattern}/?$`);
}

export function routeByOperation(operation: OperationName): RouteDef {
  const route = (routes as readonly RouteDef[]).find((r) => r.operation === operation);
  if (!route) throw new Error(`No route for operation ${operation}`);
  return route;
}

/** The public URL path of a route, as the browser calls it (same origin through CloudFront). */
export function publicPath(route: RouteDef, params: Record<string, string> = {}): string {
  const path = route.path.replace(/\{([a-zA-Z_]+)\}/g, (_, name: string) => {
    const value = Object.hasOwn(params, name) ? params[name] : undefined;
    if (value === undefined)
      throw new Error(`Missing path parameter ${name} for ${route.operation}`);
    return encodeURIComponent(value);
  });
  return `${APIS[route.api].publicPrefix}${path}`;
}
