/**
 * A badge's refusals. They are not the app's ValidationError on purpose: this
 * folder loads as a lazy file of its own (handlers/badges.ts), which would
 * carry a second copy of errors.ts whose instances the HTTP layer's
 * `instanceof` misses (a 500). The handler turns a BadgeRefusal into the
 * app's ValidationError (a 400 naming content_base64).
 */
export class BadgeRefusal extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
    this.name = 'BadgeRefusal';
  }
}

/** A file that is not a readable badge: a 400 naming why. */
export class BadgeError extends BadgeRefusal {
  constructor(why: string) {
    super(`Invalid request: content_base64 is not a badge we can read: ${why}`, {
      content_base64: `is not a badge we can read: ${why}`,
    });
  }
}

/** A signed badge whose signature does not match its contents. */
export class TamperedBadgeError extends BadgeRefusal {
  constructor(why: string) {
    super(`Invalid request: content_base64 ${why}`, { content_base64: why });
  }
}

/** A badge its issuer has revoked (a hosted assertion marked `revoked`, or answered 410 Gone). */
export class RevokedBadgeError extends BadgeRefusal {
  constructor(reason: string | null) {
    const why = `is a badge its issuer has revoked${reason ? ` (${reason.slice(0, 200)})` : ''}, so it is refused`;
    super(`Invalid request: content_base64 ${why}`, { content_base64: why });
  }
}
