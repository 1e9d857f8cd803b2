/**
 * The stages the tests read, built the way bin/app.ts does
 * (infra/stages.json, cdk.json's feature flags) with fixed inputs: a fixed
 * deploy nonce and a tiny SPA build, so templates are deterministic and the
 * suite does not depend on the web package's build. The api bundles are the
 * real ones (turbo builds them before the synth).
 *
 * Templates come from the cloud assemblies synthesize-all.ts makes, run once
 * per jest run through turbo by global-setup.ts (`synthesized`); `buildStage`
 * builds a live app for the few tests that add to it.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { REPO_ROOT } from '../../lib/assets';
import { type StageConfig, readStagesFile, stageConfigFromContext } from '../../lib/config';
import { addStage } from '../../lib/stage';
import { type Context, SYNTH_DIR, SYNTHS, synthDirName } from './synths';

export {
  CUSTOM_DOMAIN_CONTEXT,
  INBOUND_MAIL_CONTEXT,
  PROD_CONTEXT,
  rotatedContext,
} from './synths';

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

/**
 * Context that only spares the tests work: no creation stack traces in the
 * construct metadata. It changes no template.
 */
const TEST_ONLY_CONTEXT = {
  'aws:cdk:disable-creation-stack-traces': true,
  'aws:cdk:disable-stack-trace': true,
};

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

/** The stage's app, not yet synthesized (a test may still add to it). */
export function buildStage(context: Context = {}, outdir?: string) {
  const app = new App({
    context: { ...CDK_JSON_CONTEXT, ...TEST_ONLY_CONTEXT, stage: 'dev', ...context },
    outdir: outdir ?? mkdtempSync(path.join(tmpdir(), 'cpe-cdk-out-')),
  });
  const config = stageConfigFromContext(app.node, {
    deployNonce: DEPLOY_NONCE,
    stagesFile: STAGES,
  });
  return { app, config, ...addStage(app, config, { webDist: fixtureWebDist() }) };
}

/** What synthesize.ts leaves for one configuration, beside its cloud assembly. */
export const SYNTH_ERROR_FILE = 'synth-error.txt';
export const SYNTH_CONFIG_FILE = 'stage-config.json';

interface StackArtifact {
  type: string;
  environment?: string;
  properties?: { templateFile?: string; terminationProtection?: boolean };
  /** The stack's construct metadata (acknowledgments among it), relative to the assembly. */
  additionalMetadataFile?: string;
}

export interface Synthesized {
  config: StageConfig;
  /** The cloud assembly directory: templates, manifest, metadata and validation report. */
  dir: string;
  template: Template;
  /** The us-east-1 stack's template (WAF on), else undefined. */
  edgeTemplate: Template | undefined;
  stackName: string;
  edgeStackName: string | undefined;
  /** The stacks' artifacts in manifest.json, by stack name. */
  artifacts: Record<string, StackArtifact>;
}

const read = new Map<string, Synthesized>();

/**
 * The stage synthesized for `context`, read from this run's cloud assembly.
 * Throws what synth threw, e.g. an unacknowledged cdk-nag or guard finding.
 */
export function synthesized(context: Context): Synthesized {
  const name = synthDirName(context);
  const cached = read.get(name);
  if (cached) return cached;
  if (!SYNTHS.some((s) => synthDirName(s.context) === name))
    throw new Error(
      `No synth of ${JSON.stringify(context)}: add it to SYNTHS in support/synths.ts`,
    );
  const dir = path.join(SYNTH_DIR, name);
  const errorFile = path.join(dir, SYNTH_ERROR_FILE);
  if (existsSync(errorFile)) throw new Error(readFileSync(errorFile, 'utf8'));
  const config = JSON.parse(readFileSync(path.join(dir, SYNTH_CONFIG_FILE), 'utf8')) as StageConfig;
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<string, StackArtifact>;
  };
  const artifacts = Object.fromEntries(
    Object.entries(manifest.artifacts).filter(([, a]) => a.type === 'aws:cloudformation:stack'),
  );
  const templateOf = (stackName: string) =>
    Template.fromJSON(
      JSON.parse(
        readFileSync(path.join(dir, artifacts[stackName]!.properties!.templateFile!), 'utf8'),
      ) as Record<string, unknown>,
    );
  const stackName = `CpeTracker-${config.stage}`;
  const edgeStackName = artifacts[`${stackName}-edge`] ? `${stackName}-edge` : undefined;
  const result: Synthesized = {
    config,
    dir,
    template: templateOf(stackName),
    edgeTemplate: edgeStackName ? templateOf(edgeStackName) : undefined,
    stackName,
    edgeStackName,
    artifacts,
  };
  read.set(name, result);
  return result;
}

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
