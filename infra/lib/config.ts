/**
 * What varies between deployments. Every stage is described once in
 * infra/stages.json (read by the CDK app and by the pipeline); CDK context
 * (`-c key=value`) may override a field for one run:
 * `pnpm --filter @cpe/infra cdk deploy --all -c stage=staging -c waf=false`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Node } from 'constructs';
import { z } from 'zod';

export const STAGES_FILE = path.resolve(__dirname, '../stages.json');

/** CloudFront's web ACLs and certificates live here, whatever the stage's region. */
export const EDGE_REGION = 'us-east-1';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const STAGE_NAME = /^[a-z][a-z0-9-]{0,19}$/;

const email = z.string().regex(EMAIL, 'must be an email address');
const hostname = z.string().regex(HOSTNAME, 'must be a lower-case host name');
/** Aurora Serverless v2 capacity moves in half-ACU steps. */
const acu = z.number().min(0).max(256).multipleOf(0.5);

const stageSchema = z
  .object({
    /** The AWS account the stage deploys into. */
    account: z.string().regex(/^\d{12}$/, 'must be a 12-digit AWS account id'),
    /** Where everything but CloudFront's web ACL lives. */
    region: z.string().regex(/^[a-z]{2}(-gov)?-[a-z]+-\d$/, 'must be an AWS region'),
    /** The GitHub environment whose jobs may assume this stage's deploy role. */
    githubEnvironment: z.string().regex(/^[A-Za-z0-9_.-]{1,255}$/),
    /** Keep the database, pool, secrets and logs on delete; deletion protection on. */
    retainData: z.boolean(),
    /** A custom domain on CloudFront; its ACM certificate must be in us-east-1. */
    domain: z
      .object({
        name: hostname,
        certificateArn: z
          .string()
          .regex(
            /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/,
            'must be an ACM certificate ARN in us-east-1',
          ),
      })
      .strict()
      .nullable(),
    /** Subscribed to the stage's alarm topics (confirm the subscription email once). */
    alarmEmail: email,
    aurora: z
      .object({ minCapacity: acu, maxCapacity: acu.min(1) })
      .strict()
      .refine((a) => a.minCapacity <= a.maxCapacity, 'minCapacity must not exceed maxCapacity'),
    /** CloudFront and Cognito web ACLs (monthly cost: see docs/deploy.md). */
    waf: z.boolean(),
    /** The verified SES identity Cognito and the contact form send from; null: Cognito's own sender, no contact mail. */
    ses: z
      .object({ fromAddress: email, verifiedDomain: hostname })
      .strict()
      .refine(
        (s) => s.fromAddress.toLowerCase().endsWith(`@${s.verifiedDomain}`),
        'fromAddress must be an address of verifiedDomain',
      )
      .nullable(),
    /** Where contact form messages go (needs ses). */
    contactToAddress: email.nullable(),
    /** CloudFront price class: All (Australia and New Zealand edges), 200 or 100. */
    priceClass: z.enum(['All', '200', '100']).default('All'),
    /** OPENAI_MODEL of the recommendations Lambda; absent: the api's default. */
    openAiModel: z.string().min(1).optional(),
    /**
     * Raised by one after putting a new origin key value (docs/deploy.md): it is
     * written into the API key and the distribution, so the next deploy
     * changes both and CloudFormation re-reads the secret for both.
     */
    originKeyVersion: z.number().int().min(1).default(1),
    /** The account's monthly cost budget in USD: alarmEmail hears at 80 % spent and at a forecast over it. */
    monthlyBudgetUsd: z.number().positive().default(50),
    /** Run the smoke test as a CloudWatch Synthetics canary every 15 minutes (about 3.50 USD a month). */
    canary: z.boolean().default(false),
    /**
     * Receive forwarded certificates at `in.<domain>` (needs domain and ses, and a
     * region where SES receives email: docs/deploy.md).
     */
    inboundMail: z.boolean().default(false),
  })
  .strict();

export const stagesFileSchema = z
  .object({
    github: z
      .object({
        /** owner/name: the only repository whose workflows may assume the deploy roles. */
        repository: z.string().regex(/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/, 'must be owner/name'),
        /** The stage pull requests are diffed against. */
        diffStage: z.string().regex(STAGE_NAME),
      })
      .strict(),
    stages: z.record(z.string().regex(STAGE_NAME, 'stage names are lower-case'), stageSchema),
  })
  .strict()
  .refine((f) => Object.hasOwn(f.stages, f.github.diffStage), 'github.diffStage must be a stage');

export type StagesFile = z.infer<typeof stagesFileSchema>;
export type StageEntry = z.infer<typeof stageSchema>;

export function parseStagesFile(text: string, source = 'stages file'): StagesFile {
  const parsed = stagesFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (i) => `${i.path.join('.') || '(root)'}: ${i.message}`,
    );
    throw new Error(`${source} is invalid:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data;
}

export function readStagesFile(file = STAGES_FILE): StagesFile {
  return parseStagesFile(readFileSync(file, 'utf8'), file);
}

export interface StageConfig {
  /** Names the stacks (`CpeTracker-<stage>`, `CpeTracker-<stage>-edge`) and resources. */
  stage: string;
  account: string;
  region: string;
  /** owner/name of the GitHub repository that deploys it. */
  githubRepository: string;
  githubEnvironment: string;
  retainData: boolean;
  domain: { name: string; certificateArn: string } | undefined;
  alarmEmail: string;
  aurora: { minCapacity: number; maxCapacity: number };
  waf: boolean;
  ses: { fromAddress: string; verifiedDomain: string } | undefined;
  contactToAddress: string | undefined;
  priceClass: 'All' | '200' | '100';
  openAiModel: string | undefined;
  /** The origin key's version (stagesFile originKeyVersion). */
  originKeyVersion: number;
  monthlyBudgetUsd: number;
  canary: boolean;
  /** SES receives forwarded certificates at `in.<domain name>` (stagesFile inboundMail). */
  inboundMail: boolean;
  /** Changes every deploy so the migration trigger runs every deploy; fixed in tests. */
  deployNonce: string;
}

function text(node: Node, key: string): string | undefined {
  const value: unknown = node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function flag(node: Node, key: string): boolean | undefined {
  const value = text(node, key);
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`Context ${key} must be true or false, not ${value}`);
}

function num(node: Node, key: string): number | undefined {
  const value = text(node, key);
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error(`Context ${key} must be a number, not ${value}`);
  return n;
}

/**
 * The stage named by context `stage` (default dev) from the stages file
 * (context `stagesFile`, default infra/stages.json), with context overrides:
 * account, region, retainData, alarmEmail, minCapacity, maxCapacity, waf,
 * domainName + certificateArn, sesFromAddress + sesVerifiedDomain,
 * contactToAddress, priceClass, openAiModel, originKeyVersion, githubRepository.
 */
export function stageConfigFromContext(
  node: Node,
  defaults: { deployNonce: string; stagesFile?: StagesFile },
): StageConfig {
  const file = defaults.stagesFile ?? readStagesFile(text(node, 'stagesFile'));
  const stage = text(node, 'stage') ?? 'dev';
  const entry = Object.hasOwn(file.stages, stage) ? file.stages[stage] : undefined;
  if (!entry) {
    throw new Error(
      `No stage ${stage} in the stages file (known: ${Object.keys(file.stages).join(', ')}); add it there`,
    );
  }

  const domainName = text(node, 'domainName');
  const certificateArn = text(node, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('Context domainName and certificateArn go together');
  }
  const sesFrom = text(node, 'sesFromAddress');
  const sesDomain = text(node, 'sesVerifiedDomain');
  if ((sesFrom === undefined) !== (sesDomain === undefined)) {
    throw new Error('Context sesFromAddress and sesVerifiedDomain go together');
  }

  // Overrides are validated by the same schema as the file.
  const merged = {
    ...entry,
    account: text(node, 'account') ?? entry.account,
    region: text(node, 'region') ?? entry.region,
    retainData: flag(node, 'retainData') ?? entry.retainData,
    alarmEmail: text(node, 'alarmEmail') ?? entry.alarmEmail,
    aurora: {
      minCapacity: num(node, 'minCapacity') ?? entry.aurora.minCapacity,
      maxCapacity: num(node, 'maxCapacity') ?? entry.aurora.maxCapacity,
    },
    waf: flag(node, 'waf') ?? entry.waf,
    domain: domainName && certificateArn ? { name: domainName, certificateArn } : entry.domain,
    ses: sesFrom && sesDomain ? { fromAddress: sesFrom, verifiedDomain: sesDomain } : entry.ses,
    contactToAddress: text(node, 'contactToAddress') ?? entry.contactToAddress,
    priceClass: text(node, 'priceClass') ?? entry.priceClass,
    openAiModel: text(node, 'openAiModel') ?? entry.openAiModel,
    originKeyVersion: num(node, 'originKeyVersion') ?? entry.originKeyVersion,
    monthlyBudgetUsd: num(node, 'monthlyBudgetUsd') ?? entry.monthlyBudgetUsd,
    canary: flag(node, 'canary') ?? entry.canary,
    inboundMail: flag(node, 'inboundMail') ?? entry.inboundMail,
  };
  const checked = stageSchema.safeParse(merged);
  if (!checked.success) {
    const problems = checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Stage ${stage} (stages file + context) is invalid: ${problems.join('; ')}`);
  }
  const s = checked.data;
  if (s.contactToAddress !== null && s.ses === null) {
    throw new Error(
      `Stage ${stage}: contactToAddress needs ses (a verified identity to send from)`,
    );
  }
  if (stage === 'prod' && (s.ses === null || s.contactToAddress === null)) {
    throw new Error('Stage prod needs ses and contactToAddress: real users get real email');
  }
  if (s.inboundMail && (s.domain === null || s.ses === null)) {
    throw new Error(
      `Stage ${stage}: inboundMail needs a domain (mail is received at in.<domain>) and ses (the confirmation's sender)`,
    );
  }
  const repository = text(node, 'githubRepository') ?? file.github.repository;
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) {
    throw new Error(`Context githubRepository must be owner/name, not ${repository}`);
  }

  return {
    stage,
    account: s.account,
    region: s.region,
    githubRepository: repository,
    githubEnvironment: s.githubEnvironment,
    retainData: s.retainData,
    domain: s.domain ?? undefined,
    alarmEmail: s.alarmEmail,
    aurora: s.aurora,
    waf: s.waf,
    ses: s.ses ?? undefined,
    contactToAddress: s.contactToAddress ?? undefined,
    priceClass: s.priceClass,
    openAiModel: s.openAiModel,
    originKeyVersion: s.originKeyVersion,
    monthlyBudgetUsd: s.monthlyBudgetUsd,
    canary: s.canary,
    inboundMail: s.inboundMail,
    deployNonce: text(node, 'deployNonce') ?? defaults.deployNonce,
  };
}
