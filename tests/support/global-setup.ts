/**
 * The integration and browser projects' global setup: the web app and the
 * Lambda bundles built once (through turbo, so only what changed) before any
 * suite starts a runtime that serves them.
 */
import { buildArtifacts } from '@cpe/local/build';

export default function globalSetup(): void {
  buildArtifacts();
}
