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
  notFound: 'Not found',
  unauthorized: 'Unauthorized',
  internal: 'Internal server error',
} as const;

/** What the web app shows when sending the contact form fails for any reason (the product spec's text). */
export const CONTACT_FAILED_TEXT =
  'There was a problem sending your message. Please try again later.';
