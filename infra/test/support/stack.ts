/**
 * Builds a stage the way bin/app.ts does (infra/stages.json, cdk.json's
 * feature flags), with fixed inputs: a fixed deploy nonce and a tiny SPA
 * build, so templates are deterministic and the suite does not depend on the
 * web package's build. The api bundles are the real ones (built once if missing).
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { ensureApiBundles, REPO_ROOT } from '../../lib/assets';
import { type StageConfig, readStagesFile, stageConfigFromContext } from '../../lib/config';
import type { EdgeStack } from '../../lib/edge';
import { applyPolicyChecks } from '../../lib/nag';
import type { CpeTrackerStack } from '../../lib/stack';
import { addStage } from '../../lib/stage';

export const STAGES = readStagesFile();
export const STAGE_NAMES = Object.keys(STAGES.stages);
export const REGION = 'ap-southeast-2';
export const DEPLOY_NONCE = 'test-nonce';

/** The context cdk.json gives the CLI (the feature flags), so tests see what synth makes. */
export const CDK_JSON_CONTEXT = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context: Record<string, unknown>;
  }
).context;

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
  edge: EdgeStack | undefined;
  config: StageConfig;
  template: Template;
  /** The us-east-1 stack's template (WAF on), else undefined. */
  edgeTemplate: Template | undefined;
}

const cache = new Map<string, Built>();

/** The stage's app, not yet synthesized (a test may still add to it). */
export function buildStage(context: Record<string, string> = {}) {
  ensureApiBundles();
  const app = new App({
    context: { ...CDK_JSON_CONTEXT, stage: 'dev', ...context },
    outdir: mkdtempSync(path.join(tmpdir(), 'cpe-cdk-out-')),
  });
  const config = stageConfigFromContext(app.node, {
    deployNonce: DEPLOY_NONCE,
    stagesFile: STAGES,
  });
  return { app, config, ...addStage(app, config, { webDist: fixtureWebDist() }) };
}

/**
 * The stage for the given context (default stage dev; memoised per test
 * file). With `policy`, cdk-nag and the Control Tower guard rules are
 * registered as bin/app.ts does, so synth fails on any finding.
 */
export function buildStack(
  context: Record<string, string> = {},
  options: { policy?: boolean } = {},
): Built {
  const key = JSON.stringify([context, options]);
  const cached = cache.get(key);
  if (cached) return cached;
  const { app, stack, edge, config } = buildStage(context);
  if (options.policy) applyPolicyChecks(app);
  const built = {
    app,
    stack,
    edge,
    config,
    template: Template.fromStack(stack),
    edgeTemplate: edge ? Template.fromStack(edge) : undefined,
  };
  cache.set(key, built);
  return built;
}

/** The prod stage of infra/stages.json: data retained, WAF on, SES configured. */
export const PROD_CONTEXT = { stage: 'prod' };

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
