/**
 * Builds the stack the way bin/app.ts does, with fixed inputs: a known
 * account, a fixed deploy nonce and a tiny SPA build, so templates are
 * deterministic and the suite does not depend on the web package's build.
 * The api bundles are the real ones (built once if missing).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ensureApiBundles } from '../../lib/assets';
import { type StageConfig, stageConfigFromContext } from '../../lib/config';
import { applyNagChecks } from '../../lib/nag';
import { CpeTrackerStack } from '../../lib/stack';

export const ACCOUNT = '123456789012';
export const REGION = 'ap-southeast-2';
export const DEPLOY_NONCE = 'test-nonce';

let webDist: string | undefined;

/** A minimal SPA build: the shell, one hashed asset and a public file. */
export function fixtureWebDist(): string {
  if (!webDist) {
    webDist = mkdtempSync(path.join(tmpdir(), 'cpe-web-dist-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><script type="module" src="/assets/app-TEST.js"></script>',
    );
    writeFileSync(path.join(webDist, 'assets', 'app-TEST.js'), 'console.log("app")');
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  return webDist;
}

export interface Built {
  app: App;
  stack: CpeTrackerStack;
  config: StageConfig;
  template: Template;
}

const cache = new Map<string, Built>();

/**
 * The stack for the given context (memoised per test file). With `nag`, the
 * cdk-nag pack is registered as bin/app.ts does, so synth fails on any finding.
 */
export function buildStack(
  context: Record<string, string> = {},
  options: { nag?: boolean } = {},
): Built {
  const key = JSON.stringify([context, options]);
  const cached = cache.get(key);
  if (cached) return cached;
  ensureApiBundles();
  const app = new App({ context: { stage: 'test', ...context } });
  const config = stageConfigFromContext(app.node, { account: ACCOUNT, deployNonce: DEPLOY_NONCE });
  const stack = new CpeTrackerStack(app, `CpeTracker-${config.stage}`, {
    config,
    env: { account: config.account, region: config.region },
    webDist: fixtureWebDist(),
  });
  if (options.nag) applyNagChecks(app);
  const built = { app, stack, config, template: Template.fromStack(stack) };
  cache.set(key, built);
  return built;
}

/** A prod-like stack: data retained, contact addresses set. */
export const PROD_CONTEXT = {
  stage: 'prod',
  contactToAddress: 'owner@cpetracker.example',
  mailFromAddress: 'no-reply@cpetracker.example',
};

type Resources = Record<
  string,
  { Type: string; Properties?: Record<string, unknown> } & Record<string, unknown>
>;

export function resources(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}

/** The one logical id of `type` whose id starts with `prefix` (construct path without slashes). */
export function logicalId(template: Template, type: string, prefix: string): string {
  const ids = Object.keys(resources(template, type)).filter((id) => id.startsWith(prefix));
  if (ids.length !== 1)
    throw new Error(`${ids.length} ${type} resources start with ${prefix}: ${ids.join(', ')}`);
  return ids[0]!;
}
