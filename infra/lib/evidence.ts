/**
 * The evidence bucket (issue 11): proof files uploaded straight from the
 * browser with presigned POSTs, and large reports handed out by presigned
 * GETs. Private (public access blocked, objects owned by the bucket), SSE-S3,
 * TLS 1.2 or later only, CORS for the site's origin only and for uploads only
 * (downloads open as attachments on the bucket's own host, never read by a
 * page's script), access logs into the stage's log bucket.
 *
 * An upload carries the tag `cpe-upload=pending` from its POST (the policy
 * fixes it) until the files function attaches it and removes the tag; the
 * lifecycle rule expires objects still pending after a day
 * (docs/decisions/050). Every object of a user lives under `users/{sub}/`
 * but the reports and exports handed out by link, which live under
 * `downloads/{sub}/` and expire after a day (docs/decisions/123); each
 * function is granted only its actions on `users/*` and on `downloads/*`.
 */
import { Aws, Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PENDING_UPLOAD_EXPIRATION } from '@cpe/api/aws/storage';
import {
  DOWNLOADS_EXPIRATION,
  DOWNLOADS_PREFIX,
  type EvidenceAction,
  INBOUND_PREFIX,
} from '@cpe/api/functions';
import { acknowledge, acknowledgeGuard } from './nag';

/** Where every user's objects live; grants never reach further. */
export const USER_OBJECTS = 'users/*';
/** Where the reports and exports handed out by link live, until their lifecycle rule expires them. */
export const DOWNLOAD_OBJECTS = `${DOWNLOADS_PREFIX}*`;

/**
 * The bucket's name where it must be fixed: on a stage without a domain the
 * bucket's CORS rule names the distribution's own domain, and the SPA's CSP
 * (part of that distribution) names the bucket's endpoint, so neither may
 * wait for the other. A stage with a domain lets CloudFormation name the
 * bucket (a failed first deploy leaves no name behind).
 */
export function evidenceBucketName(stage: string): string {
  return `cpe-tracker-${stage}-evidence-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** The regional virtual-hosted endpoint the presigned POST targets (the CSP's connect-src). */
export function evidenceEndpoint(stage: string, region: string): string {
  return `https://${evidenceBucketName(stage)}.s3.${region}.amazonaws.com`;
}

export interface EvidenceProps {
  stage: string;
  /** RETAIN_ON_UPDATE_OR_DELETE keeps users' proof files when the stack goes. */
  removalPolicy: RemovalPolicy;
  /** The stage's access-log bucket. */
  logBucket: s3.IBucket;
  /** The site's origin (https://host): the only one CORS allows. */
  siteOrigin: string;
}

export class Evidence extends Construct {
  readonly bucket: s3.Bucket;
  /** The bucket's name: fixed (evidenceBucketName) on a stage without a domain, else CloudFormation's. */
  readonly name: string;
  /** https://<bucket>.s3.<region>.amazonaws.com: where the presigned POSTs go (the CSP's connect-src). */
  readonly endpoint: string;
  /** Whether the name is fixed (the site's origin is the distribution's own domain). */
  readonly fixedName: boolean;
  private readonly stage: string;

  constructor(scope: Construct, id: string, props: EvidenceProps) {
    super(scope, id);
    this.stage = props.stage;
    this.fixedName = Token.isUnresolved(props.siteOrigin);
    const retain = props.removalPolicy !== RemovalPolicy.DESTROY;
    this.bucket = new s3.Bucket(this, 'Bucket', {
      ...(this.fixedName ? { bucketName: evidenceBucketName(props.stage) } : {}),
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      minimumTLSVersion: 1.2,
      serverAccessLogsBucket: props.logBucket,
      serverAccessLogsPrefix: 'evidence/',
      // The site's pages post uploads here (a form: no preflight, no headers of their own) and
      // read the answer. Downloads are navigations to presigned GETs, which the api signs with
      // `response-content-disposition: attachment`: no page script reads an object's bytes.
      cors: [
        {
          allowedOrigins: [props.siteOrigin],
          allowedMethods: [s3.HttpMethods.POST],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        {
          id: PENDING_UPLOAD_EXPIRATION.id,
          tagFilters: PENDING_UPLOAD_EXPIRATION.tags,
          expiration: Duration.days(PENDING_UPLOAD_EXPIRATION.days),
        },
        {
          id: DOWNLOADS_EXPIRATION.id,
          prefix: DOWNLOADS_EXPIRATION.prefix,
          expiration: Duration.days(DOWNLOADS_EXPIRATION.days),
        },
        {
          id: 'abort-incomplete-multipart-uploads',
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: props.removalPolicy,
      autoDeleteObjects: !retain,
    });

    this.name = this.fixedName ? evidenceBucketName(props.stage) : this.bucket.bucketName;
    this.endpoint = this.fixedName
      ? evidenceEndpoint(props.stage, Stack.of(this).region)
      : `https://${this.bucket.bucketRegionalDomainName}`;

    acknowledgeGuard(this.bucket, {
      s3_bucket_default_encryption_kms_check:
        'SSE-S3: the objects are private to their owner through the app; a KMS key would add a key policy every presigned POST and GET must satisfy, and a cost per request, without excluding any reader IAM does not already exclude.',
      s3_bucket_versioning_enabled_check:
        'Deleting a proof file, an activity or an account must delete the object itself (the product promises it); versions would keep deleted files.',
      s3_event_notifications_enabled_check:
        'Nothing reacts to uploads: the API checks an upload when it is attached (HeadObject) and the lifecycle rule expires the rest.',
      s3_bucket_object_lock_enabled_check:
        'Object Lock would stop users from deleting their own proof files and accounts.',
      s3_bucket_replication_enabled_check:
        'Proof files are copies of certificates their owners keep; S3 Standard stores them across availability zones, and a second region would double where personal files live.',
    });
  }

  /**
   * Lets `grantee` do exactly `actions` on users' objects, and tells it the
   * bucket (EVIDENCE_BUCKET). A fixed name is used as text, not a reference:
   * the bucket's CORS rule then follows the distribution, which follows the
   * API and its functions, so a reference back would be a cycle.
   */
  grantObjects(
    grantee: iam.IGrantable & { addEnvironment(key: string, value: string): unknown },
    actions: readonly EvidenceAction[],
  ): void {
    grantee.addEnvironment('EVIDENCE_BUCKET', this.name);
    iam.Grant.addToPrincipal({
      grantee,
      actions: [...actions],
      resourceArns: [
        this.fixedName
          ? `arn:${Stack.of(this).partition}:s3:::${this.name}/${USER_OBJECTS}`
          : this.bucket.arnForObjects(USER_OBJECTS),
      ],
    });
  }

  /** Lets `grantee` do exactly `actions` on the downloads under `downloads/`, nothing more. */
  grantDownloads(grantee: iam.IGrantable, actions: readonly EvidenceAction[]): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: [...actions],
      resourceArns: [this.objectsArn(DOWNLOAD_OBJECTS)],
    });
  }

  /** s3:GetObject and s3:DeleteObject on the messages SES stores under `inbound/` (infra/lib/inbound.ts). */
  grantInboundMessages(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:GetObject', 's3:DeleteObject'],
      resourceArns: [this.objectsArn(`${INBOUND_PREFIX}*`)],
    });
  }

  /** How cdk-nag names the inbound grant's resource in an IAM5 finding. */
  inboundObjectsFinding(): string {
    return this.userObjectsFinding().replace(USER_OBJECTS, `${INBOUND_PREFIX}*`);
  }

  /** The ARN of the bucket's objects matching `pattern`: text for a fixed name (see grantObjects). */
  private objectsArn(pattern: string): string {
    return this.fixedName
      ? `arn:${Stack.of(this).partition}:s3:::${this.name}/${pattern}`
      : this.bucket.arnForObjects(pattern);
  }

  /**
   * s3:ListBucket on the bucket, for keys under `users/` and `downloads/`
   * only (the s3:prefix condition): a user's prefixes there.
   */
  grantListUsers(grantee: iam.IGrantable): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:ListBucket'],
      resourceArns: [
        this.fixedName
          ? `arn:${Stack.of(this).partition}:s3:::${this.name}`
          : this.bucket.bucketArn,
      ],
      conditions: { StringLike: { 's3:prefix': [USER_OBJECTS, DOWNLOAD_OBJECTS] } },
    });
  }

  /** How cdk-nag names the grant's resource in an IAM5 finding. */
  userObjectsFinding(): string {
    const stack = Stack.of(this);
    if (!this.fixedName) {
      const id = stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket);
      return `AwsSolutions-IAM5[Resource::<${id}.Arn>/${USER_OBJECTS}]`;
    }
    const partition = Token.isUnresolved(stack.partition) ? '<AWS::Partition>' : stack.partition;
    const name = `cpe-tracker-${this.stage}-evidence-<AWS::AccountId>-<AWS::Region>`;
    return `AwsSolutions-IAM5[Resource::arn:${partition}:s3:::${name}/${USER_OBJECTS}]`;
  }

  /** Acknowledges the `downloads/*` grant (grantDownloads) on a function's role. */
  acknowledgeDownloadsGrant(role: iam.IRole): void {
    acknowledge(role, {
      [this.userObjectsFinding().replace(USER_OBJECTS, DOWNLOAD_OBJECTS)]:
        "Downloads are keyed downloads/{cognito sub}/{uuid}/...: the function serves every user, so it may reach every user's prefix, and the handler builds each key from the caller's own sub and a new uuid.",
    });
  }

  /** Acknowledges the `users/*` grant on a function's role. */
  acknowledgeGrant(role: iam.IRole): void {
    acknowledge(role, {
      [this.userObjectsFinding()]:
        "Objects are keyed users/{cognito sub}/...: the function serves every user, so it may reach every user's prefix, and the handler builds each key from the caller's own sub (another user's key is never signed or read).",
    });
  }
}
