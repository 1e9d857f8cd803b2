/**
 * Every app configuration the infra tests read, each synthesized once per
 * jest run (global-setup.ts, synthesize-all.ts: into SYNTH_DIR) and read back
 * as templates with `synthesized()`.
 * `policy` registers cdk-nag and the Control Tower guard rules as bin/app.ts
 * does; they leave the templates unchanged, so one synth serves both the
 * policy assertions and the template ones.
 */
import path from 'node:path';
import { REPO_ROOT } from '../../lib/assets';
import { readStagesFile } from '../../lib/config';

export type Context = Record<string, string>;

export interface Synth {
  context: Context;
  policy: boolean;
}

const STAGES = readStagesFile();
const STAGE_NAMES = Object.keys(STAGES.stages);

/** The prod stage of infra/stages.json: data retained, WAF on, SES configured. */
export const PROD_CONTEXT: Context = { stage: 'prod' };

/** dev with a domain and certificate given on the command line. */
export const CUSTOM_DOMAIN_CONTEXT: Context = {
  stage: 'dev',
  domainName: 'cpe.example.com',
  certificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
};

/** prod receiving forwarded certificates by email. */
export const INBOUND_MAIL_CONTEXT: Context = { stage: 'prod', inboundMail: 'true' };

/** The stage with its origin key's version raised: a rotation's deploy. */
export function rotatedContext(stage: string): Context {
  return { stage, originKeyVersion: String(STAGES.stages[stage]!.originKeyVersion + 1) };
}

export const SYNTHS: readonly Synth[] = [
  ...STAGE_NAMES.map((stage) => ({ context: { stage }, policy: true })),
  { context: CUSTOM_DOMAIN_CONTEXT, policy: true },
  { context: INBOUND_MAIL_CONTEXT, policy: true },
  ...STAGE_NAMES.map((stage) => ({ context: rotatedContext(stage), policy: false })),
];

/** The directory (under the run's synth directory) holding the cloud assembly for `context`. */
export function synthDirName(context: Context): string {
  return Object.entries(context)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}=${value}`)
    .join(',')
    .replace(/[^A-Za-z0-9=,.-]/g, '_');
}

/** Where synthesize-all.ts leaves the assemblies (turbo caches their templates and manifests). */
export const SYNTH_DIR = path.join(REPO_ROOT, 'infra/.synth');
