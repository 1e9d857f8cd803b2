/**
 * What varies between deployments, read from CDK context (`-c key=value`) so
 * one app serves every stage: `npx cdk deploy --all -c stage=prod -c contactToAddress=...`.
 */
import type { Node } from 'constructs';

export const DEFAULT_REGION = 'ap-southeast-2';

export interface StageConfig {
  /** Names the stack (`CpeTracker-<stage>`) and its resources. */
  stage: string;
  region: string;
  /** Undefined: an environment-agnostic account (synth needs no AWS credentials). */
  account: string | undefined;
  /**
   * Keep the database, the user pool, their secrets and the logs when the stack
   * or resource is deleted, and turn deletion protection on. Default: true for prod.
   */
  retainData: boolean;
  /** Where contact form messages go (CONTACT_TO_ADDRESS); a verified SES identity in sandbox. */
  contactToAddress: string | undefined;
  /** Who sends them (MAIL_FROM_ADDRESS); must be a verified SES identity. Default: contactToAddress. */
  mailFromAddress: string | undefined;
  /** OPENAI_MODEL for the recommender. Undefined: the api's default. */
  openAiModel: string | undefined;
  /** A custom domain for the distribution, with an ACM certificate in us-east-1. */
  domainName: string | undefined;
  certificateArn: string | undefined;
  /** CloudFront price class: 'All' (default: Australia and New Zealand are only in All), '200', '100'. */
  priceClass: 'All' | '200' | '100';
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

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function stageConfigFromContext(
  node: Node,
  defaults: { account?: string | undefined; deployNonce: string },
): StageConfig {
  const stage = text(node, 'stage') ?? 'dev';
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(`Context stage must be lower-case letters, digits and dashes, not ${stage}`);
  }
  const contactToAddress = text(node, 'contactToAddress');
  const mailFromAddress = text(node, 'mailFromAddress') ?? contactToAddress;
  for (const [key, value] of Object.entries({ contactToAddress, mailFromAddress })) {
    if (value !== undefined && !EMAIL.test(value)) {
      throw new Error(`Context ${key} must be an email address, not ${value}`);
    }
  }
  if (stage === 'prod' && contactToAddress === undefined) {
    throw new Error('Deploying stage prod needs -c contactToAddress=<where contact messages go>');
  }
  const priceClass = text(node, 'priceClass') ?? 'All';
  if (priceClass !== 'All' && priceClass !== '200' && priceClass !== '100') {
    throw new Error(`Context priceClass must be All, 200 or 100, not ${priceClass}`);
  }
  const domainName = text(node, 'domainName');
  const certificateArn = text(node, 'certificateArn');
  if ((domainName === undefined) !== (certificateArn === undefined)) {
    throw new Error('Context domainName and certificateArn go together');
  }
  return {
    stage,
    region: text(node, 'region') ?? DEFAULT_REGION,
    account: text(node, 'account') ?? defaults.account,
    retainData: flag(node, 'retainData') ?? stage === 'prod',
    contactToAddress,
    mailFromAddress,
    openAiModel: text(node, 'openAiModel'),
    domainName,
    certificateArn,
    priceClass,
    deployNonce: text(node, 'deployNonce') ?? defaults.deployNonce,
  };
}
