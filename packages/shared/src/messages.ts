/**
 * What the API says to people, in one place: the handlers answer these texts,
 * the web app shows or matches them, and the tests assert them.
 */
export const API_MESSAGES = {
  /** 409 on DELETE /api/certifications/{id} while activities remain (the product spec's alert). */
  hasActivities:
    'There are currently activities in this certification. Please delete all activities before deleting this certification.',
  /** 409 on renew while CPEs earned < CPEs needed (the product spec's alert). */
  insufficientCpes:
    'Insufficient CPEs to renew; please earn or input more before renewing this certification.',
  /** 409 on renew when the cycle meets its total but not every other rule of its body; the unmet rules follow. */
  rulesUnmet: "This certification does not meet its body's rules for renewal yet:",
  /** 409 on renew for a certification with neither a target nor an expiry date. */
  nothingToRenew:
    'There is nothing to renew: this certification has no CPE target and no expiry date.',
  /** 409 on renew when the certification or its activities changed while it was being renewed. */
  renewalRaced: 'This certification changed while it was being renewed. Please try again.',
  /** 409 on renew when the body's expiry_date no longer names the current cycle (a retry, a second click). */
  alreadyRenewed: 'This certification has already been renewed.',
  /** 409 on renew when the next cycle would end after the last date the app stores. */
  renewalOutOfRange:
    'This certification cannot be renewed: its next cycle would end after 2999-12-31. Please correct its dates.',
  /** 400 field message: a catalogue_id the catalogue does not hold. */
  unknownCatalogueId: 'is not an entry of the certification catalogue',
  /** 429 on POST /beta/submit past the per-sender limit. */
  contactRateLimited: 'Too many messages from this address. Please try again later.',
  /** 429 on POST /beta/submit past the per-client (network address) limit. */
  contactRateLimitedClient: 'Too many messages from your network. Please try again later.',
  /** 200 on POST /beta/submit (the product spec's success text). */
  contactSent: 'Your message has been sent. Thank you!',
  /** 503 while the database stays paused past the retry budget. */
  databaseStarting: 'The database is starting up. Please try again shortly.',
  /** 409 on POST /api/account/calendar while a feed is on: its address cannot be shown again. */
  calendarFeedAlreadyOn:
    'The calendar feed is already on. Rotate it to get a new address (the old one stops working).',
  /** 409 on PUT /api/account/calendar while the feed is off. */
  calendarFeedOff: 'The calendar feed is off. Turn it on first.',
  /** 400 field message on DELETE /api/account when the typed email is not the account's. */
  deleteEmailMismatch: "does not match this account's email",
  /** 400 field message: an unsubscribe token that is malformed or not signed by us. */
  badUnsubscribeToken: 'is not a valid unsubscribe link',
  /** The page (and answer) once reminders are off. */
  unsubscribed: 'Reminder emails are off. You can turn them on again on your account page.',
  /** 400 field message: a credit naming a certification that is not the caller's. */
  creditNotYours: 'is not one of your certifications',
  /** 400 field message: a category the certification's catalogue rules do not name. */
  categoryNotInRules: "is not a category or activity kind of the certification's rules",
  /** 400 field message: a submission for a certification the activity does not count for. */
  noSuchCredit: 'is not a certification this activity counts for',
  /** 400 field message (upload_id): no pending upload of the caller by that id. */
  uploadMissing: 'is not an upload waiting to be attached (missing, expired or already attached)',
  /** 400 field message (upload_id): the uploaded object is not what was declared. */
  uploadMismatch: 'does not match the file that was declared (missing, another size or type)',
  /** 400 field message (upload_id): the activity already has the most files it may have. */
  tooManyFiles: 'cannot be attached: an activity has at most 10 files',
  /** 409 on POST /api/proposals/{id}/accept when the proposal's proof file is no longer stored. */
  proposalProofMissing:
    'The proof file of this proposal is no longer stored. Dismiss it and add the activity yourself.',
  /** 400 field message (upload_id): the file's bytes are not a file of the type it declared. */
  uploadNotItsType: (fileName: string, typeName: string) =>
    `cannot be attached: "${fileName}" is not ${typeName} (its contents are another kind of file)`,
  /** 409 on a PUT whose version is not the stored one; `current` holds the record as stored. */
  staleVersion: 'This record changed in another window',
  /** 400 field message (version): a PUT must say which version of the record it read. */
  versionRequired: 'is required: send the version of the record you read',
  /** 409 on PUT /api/account/calendar when another rotation replaced the address after this one was sent. */
  calendarFeedChanged:
    'The calendar feed address was just changed by another request. Rotate again if you need a new one.',
  /** 400 field message (credits.N.cpe_units): a credit above its activity's units. */
  creditOverUnits: "must not be more than the activity's CPE Units",
  /** 400 field message (earned_date): a renewed certification's cycle start moved (decision 126). */
  renewedStartFixed: (start: string) =>
    `must stay ${start}, the day after the cycle renewed before it ended: another date would leave days in no cycle or in two`,
  /** 400 field message (cycle): no cycle of the certification starts on that date. */
  noSuchCycle: 'is not the start date of a cycle of this certification',
  /** 503 when the database connection was lost during the request (nothing of it was stored). */
  databaseInterrupted: 'The database connection was interrupted. Please try again.',
  /** 503 when a service the app depends on (sign-in, secrets, file storage, mail) failed. */
  dependencyUnavailable: 'A service the app depends on is unavailable. Please try again shortly.',
  /** 504 when a service the app depends on did not answer in time. */
  dependencyTimeout:
    'A service the app depends on did not answer in time. Please try again shortly.',
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  internal: 'Internal server error',
} as const;

/** What the web app shows when sending the contact form fails for any reason (the product spec's text). */
export const CONTACT_FAILED_TEXT =
  'There was a problem sending your message. Please try again later.';
