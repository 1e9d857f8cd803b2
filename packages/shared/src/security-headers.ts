/**
 * The security headers every page carries: production's CloudFront response
 * headers policy and the local static server are both built from this.
 */

/** Third-party origins the SPA embeds: the home page video and the footer's donation button. */
export const EMBED_ORIGINS = {
  video: 'https://www.youtube-nocookie.com',
  donation: 'https://www.buymeacoffee.com',
  donationScript: 'https://cdnjs.buymeacoffee.com',
} as const;

export interface CspOptions {
  /** Origins the browser may call besides 'self' (the Cognito endpoint in AWS). */
  connectOrigins?: string[];
}

export function contentSecurityPolicy(options: CspOptions = {}): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", EMBED_ORIGINS.donationScript],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', EMBED_ORIGINS.donation, EMBED_ORIGINS.donationScript],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...(options.connectOrigins ?? [])],
    'frame-src': [EMBED_ORIGINS.video, EMBED_ORIGINS.donation],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(options: CspOptions = {}): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}
