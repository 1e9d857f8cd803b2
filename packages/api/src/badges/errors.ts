import { ValidationError } from '../errors';

/** A file that is not a readable badge, or one whose signature does not match: a 400 naming why. */
export class BadgeError extends ValidationError {
  constructor(why: string) {
    super(`Invalid request: content_base64 is not a badge we can read: ${why}`, {
      content_base64: `is not a badge we can read: ${why}`,
    });
  }
}

/** A signed badge whose signature does not match its contents. */
export class TamperedBadgeError extends ValidationError {
  constructor(why: string) {
    super(`Invalid request: content_base64 ${why}`, { content_base64: why });
  }
}
