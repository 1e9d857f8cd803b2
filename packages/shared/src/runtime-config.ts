/**
 * The SPA's runtime configuration, served as /config.json: written by the CDK
 * stack at deploy, built by the local runtime, validated by the SPA at load.
 * Public values only: nothing here is a secret.
 */
import './zod-config';
import * as z from 'zod/mini';

export const runtimeConfig = z.object({
  region: z.string().check(z.minLength(1)),
  userPoolId: z.string().check(z.regex(/^[a-z]{2}-(gov-)?[a-z]+-\d_[a-zA-Z0-9]+$/)),
  userPoolClientId: z.string().check(z.minLength(1)),
  /** The Cognito endpoint when it is not AWS's own (the local emulator); absent in AWS. */
  userPoolEndpoint: z.optional(z.url()),
  /** Base of the "api" routes: '' for the same origin (CloudFront or the local runtime). */
  apiBase: z.string(),
  /** Base of the "contact" routes: '/beta' on the same origin. */
  contactBase: z.string(),
  /** The home page's product video (a YouTube id, played through youtube-nocookie). */
  homeVideoId: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{6,20}$/))),
});

export type RuntimeConfig = z.infer<typeof runtimeConfig>;
