/**
 * The SPA behind CloudFront: a private bucket reached only through Origin
 * Access Control, the two REST APIs as further origins of the same
 * distribution (same origin for page and API: no CORS, a strict CSP), the
 * security headers of packages/shared/src/security-headers.ts on every
 * answer, and the build plus /config.json uploaded at deploy. With WAF on,
 * the stage's CLOUDFRONT web ACL (from its us-east-1 edge stack) guards it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { APIS } from '@cpe/shared/routes';
import {
  type RuntimeConfig,
  runtimeConfig as runtimeConfigSchema,
} from '@cpe/shared/runtime-config';
import { securityHeaders } from '@cpe/shared/security-headers';
import { CONTACT_CLIENT_ADDRESS_HEADER } from './api';
import { acknowledge, acknowledgeGuard, bootstrapAssetsBucketFinding } from './nag';

/** What /config.json holds in AWS: the shared schema, without userPoolEndpoint (Amplify uses Cognito's own). */
export type DeployedRuntimeConfig = Omit<RuntimeConfig, 'userPoolEndpoint'>;

/** Stand-ins for deploy-time values, so the shared schema can check everything else at synth. */
const TOKEN_EXAMPLES: Record<keyof DeployedRuntimeConfig, string> = {
  region: 'ap-southeast-2',
  userPoolId: 'ap-southeast-2_Example1',
  userPoolClientId: 'example-client-id',
  apiBase: '',
  contactBase: '/beta',
  homeVideoId: 'example-id',
};

/**
 * Validates /config.json with the schema the SPA checks it against at load.
 * Values CloudFormation fills in at deploy (the pool ids) are checked by type
 * only; everything known at synth must pass the schema as is.
 */
export function checkRuntimeConfig(config: DeployedRuntimeConfig): DeployedRuntimeConfig {
  const probe = Object.fromEntries(
    Object.entries(config).map(([key, value]) => [
      key,
      typeof value === 'string' && Token.isUnresolved(value)
        ? TOKEN_EXAMPLES[key as keyof DeployedRuntimeConfig]
        : value,
    ]),
  );
  const parsed = runtimeConfigSchema.safeParse(probe);
  if (!parsed.success) {
    throw new Error(
      `/config.json would not pass the SPA's schema: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return config;
}

export interface WebProps {
  /** packages/web/dist: index.html, assets/ (hashed), public files. */
  webDist: string;
  apis: Record<keyof typeof APIS, apigw.RestApi>;
  runtimeConfig: DeployedRuntimeConfig;
  region: string;
  priceClass: cloudfront.PriceClass;
  /** RETAIN keeps the access logs. The site bucket is always emptied and removed: its content is a build. */
  logRemovalPolicy: RemovalPolicy;
  domainName?: string | undefined;
  certificateArn?: string | undefined;
  /** ARN of a CLOUDFRONT-scope web ACL (us-east-1); undefined: no WAF. */
  webAclArn?: string | undefined;
  /** Headers CloudFront adds to every API origin request (the API key). */
  apiOriginHeaders: Record<string, string>;
  /** Origins the SPA calls besides its own and Cognito's (the evidence bucket's endpoint). */
  connectOrigins?: string[];
}

/**
 * Viewer-request function of the default (S3) behaviour: a path whose last
 * segment has no extension is an SPA route and gets the app shell. Not done
 * with the distribution's error responses, which apply to every behaviour
 * and would turn the API's 403/404 answers into index.html.
 */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var last = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const HSTS = /^max-age=(\d+)((?:;\s*(?:includeSubDomains|preload))*)$/i;

/**
 * securityHeaders() as a CloudFront response headers policy: the headers
 * CloudFront models natively go there (it refuses them as custom headers), the
 * rest as custom headers. Unknown forms throw, so the two cannot drift apart silently.
 */
export function responseHeadersPolicyProps(
  headers: Record<string, string>,
): Pick<
  cloudfront.ResponseHeadersPolicyProps,
  'securityHeadersBehavior' | 'customHeadersBehavior'
> {
  const security: Mutable<cloudfront.ResponseSecurityHeadersBehavior> = {};
  const custom: cloudfront.ResponseCustomHeader[] = [];
  for (const [rawName, value] of Object.entries(headers)) {
    const name = rawName.toLowerCase();
    switch (name) {
      case 'content-security-policy':
        security.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'strict-transport-security': {
        const match = HSTS.exec(value);
        if (!match) throw new Error(`Unsupported strict-transport-security value: ${value}`);
        const flags = (match[2] ?? '').toLowerCase();
        security.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(Number(match[1])),
          includeSubdomains: flags.includes('includesubdomains'),
          preload: flags.includes('preload'),
          override: true,
        };
        break;
      }
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`Unsupported x-content-type-options: ${value}`);
        security.contentTypeOptions = { override: true };
        break;
      case 'referrer-policy': {
        const policy = new Map<string, cloudfront.HeadersReferrerPolicy>(
          Object.values(cloudfront.HeadersReferrerPolicy).map((p) => [p, p]),
        ).get(value);
        if (!policy) throw new Error(`Unsupported referrer-policy: ${value}`);
        security.referrerPolicy = { referrerPolicy: policy, override: true };
        break;
      }
      case 'x-frame-options': {
        const option = new Map<string, cloudfront.HeadersFrameOption>(
          Object.values(cloudfront.HeadersFrameOption).map((o) => [o, o]),
        ).get(value.toUpperCase());
        if (!option) throw new Error(`Unsupported x-frame-options: ${value}`);
        security.frameOptions = { frameOption: option, override: true };
        break;
      }
      case 'x-xss-protection':
        throw new Error('x-xss-protection: map it to securityHeadersBehavior.xssProtection');
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    ...(custom.length > 0 ? { customHeadersBehavior: { customHeaders: custom } } : {}),
  };
}

export class Web extends Construct {
  readonly bucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  /** What /config.json holds (tokens, substituted at deploy). */
  readonly runtimeConfig: DeployedRuntimeConfig;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    this.runtimeConfig = checkRuntimeConfig(props.runtimeConfig);
    if (!existsSync(path.join(props.webDist, 'index.html'))) {
      throw new Error(
        `No ${props.webDist}/index.html: build the SPA first (pnpm --filter @cpe/web build)`,
      );
    }

    const retainLogs = props.logRemovalPolicy !== RemovalPolicy.DESTROY;
    // S3 server access logs and CloudFront standard logs. Both deliver with
    // ACLs, hence BUCKET_OWNER_PREFERRED instead of the ACL-less default.
    this.logBucket = new s3.Bucket(this, 'LogBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy: props.logRemovalPolicy,
      autoDeleteObjects: !retainLogs,
    });

    this.bucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });

    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'CPE Tracker security headers (packages/shared/src/security-headers.ts)',
      ...responseHeadersPolicyProps(
        securityHeaders({
          connectOrigins: [
            `https://cognito-idp.${props.region}.amazonaws.com`,
            ...(props.connectOrigins ?? []),
          ],
        }),
      ),
    });

    const spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Extension-less paths are SPA routes: serve /index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const apiBehaviour = (origin: cloudfront.IOrigin): cloudfront.BehaviorOptions => ({
      origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Every viewer header (Authorization included: allowed when caching is
      // disabled) except Host, which must be the API's own domain.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeadersPolicy,
      compress: true,
    });

    // The public catalogue is the same for everyone: cached at the edge by its query string,
    // for as long as the handler's Cache-Control says.
    const catalogueCache = new cloudfront.CachePolicy(this, 'CatalogueCache', {
      comment: 'CPE Tracker catalogue search: keyed by query string, TTL from the origin',
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.minutes(5),
      maxTtl: Duration.days(1),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    // The contact form needs no Authorization, and its handler limits per visitor by the
    // address CloudFront puts in CloudFront-Viewer-Address (Host must stay the API's own).
    const contactRequests = new cloudfront.OriginRequestPolicy(this, 'ContactRequests', {
      comment: 'CPE Tracker contact form: body headers and the viewer address',
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(
        'Content-Type',
        'Accept',
        'Origin',
        CONTACT_CLIENT_ADDRESS_HEADER,
      ),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.none(),
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.none(),
    });
    const apiOrigin = new origins.RestApiOrigin(props.apis.api, {
      originPath: `/${APIS.api.stage}`,
      customHeaders: props.apiOriginHeaders,
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'CPE Tracker',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        compress: true,
        functionAssociations: [
          { function: spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      // In this order: CloudFront takes the first pattern that matches.
      additionalBehaviors: {
        '/api/catalogue*': {
          ...apiBehaviour(apiOrigin),
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: catalogueCache,
          originRequestPolicy: undefined,
        },
        // /api/health -> <api>/prod/api/health
        '/api/*': apiBehaviour(apiOrigin),
        // /beta/submit -> <contact>/beta/submit: the path prefix is the stage itself.
        '/beta/*': {
          ...apiBehaviour(
            new origins.RestApiOrigin(props.apis.contact, {
              originPath: '',
              customHeaders: props.apiOriginHeaders,
            }),
          ),
          originRequestPolicy: contactRequests,
        },
      },
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass,
      enableIpv6: true,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(props.domainName && props.certificateArn
        ? {
            domainNames: [props.domainName],
            // Only a custom certificate lets the distribution set the TLS floor.
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            certificate: acm.Certificate.fromCertificateArn(
              this,
              'Certificate',
              props.certificateArn,
            ),
          }
        : {}),
    });

    // Hashed assets first, cached for a year; kept on later deploys (prune
    // off) so a tab still running the previous build can load its chunks.
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      destinationBucket: this.bucket,
      destinationKeyPrefix: 'assets/',
      sources: [
        s3deploy.Source.asset(path.join(props.webDist, 'assets'), { exclude: ['*.br', '*.gz'] }),
      ],
      cacheControl: [s3deploy.CacheControl.fromString('public, max-age=31536000, immutable')],
      prune: false,
      memoryLimit: 512,
    });

    // Then the shell, the public files and /config.json, revalidated on every
    // load (no-cache), and an invalidation so the new shell is served at once.
    const site = new s3deploy.BucketDeployment(this, 'DeploySite', {
      destinationBucket: this.bucket,
      sources: [
        s3deploy.Source.asset(props.webDist, {
          // meta.json describes the build; it is not part of the site.
          exclude: ['assets', 'assets/*', '*.br', '*.gz', 'meta.json', 'config.json'],
        }),
        s3deploy.Source.jsonData('config.json', this.runtimeConfig),
      ],
      // Not part of this deployment, so not pruned by it.
      exclude: ['assets/*'],
      cacheControl: [s3deploy.CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    site.node.addDependency(assets);

    const buckets = {
      s3_bucket_default_encryption_kms_check:
        'SSE-S3: the site bucket holds the public SPA build and the log bucket access logs; a KMS key would add a key policy CloudFront (OAC) and the log delivery need, and a cost per request, to protect nothing secret.',
      s3_bucket_versioning_enabled_check:
        'The site bucket holds a build that every deploy rewrites from git (a rollback is a redeploy); access logs expire after 90 days by design.',
      s3_event_notifications_enabled_check:
        'Nothing reacts to objects arriving: the site is written only by the deploy, the logs only by AWS log delivery.',
      s3_bucket_object_lock_enabled_check:
        'Object Lock would stop the deploy from replacing the build and the lifecycle rule from expiring logs.',
    };
    acknowledgeGuard(this.bucket, {
      ...buckets,
      s3_lifecycle_policy_check:
        'The deploy prunes the shell and public files; hashed assets are kept on purpose so open tabs can load the chunks of the build they run.',
    });
    acknowledgeGuard(this.logBucket, {
      ...buckets,
      s3_bucket_logging_enabled_check:
        'The bucket that receives the access logs: logging it into itself would loop.',
      s3_bucket_acl_prohibited_check:
        'CloudFront standard logging delivers with the awslogsdelivery ACL grant, which needs ACLs enabled (BUCKET_OWNER_PREFERRED); nothing else uses them.',
    });
    acknowledgeGuard(this.distribution, {
      cloudfront_origin_failover_enabled_check:
        'Origin groups only fail over GET and HEAD, so the API behaviours could not use them; the S3 origin is regional and as available as the API it serves beside.',
      ...(props.certificateArn
        ? {}
        : {
            cloudfront_custom_ssl_certificate_check:
              "A stage without a domain in infra/stages.json serves on its *.cloudfront.net name with CloudFront's certificate.",
            cloudfront_sni_enabled_check:
              "A stage without a domain has no custom certificate to serve by SNI: CloudFront's own certificate is used.",
            cloudfront_security_policy_check:
              "With CloudFront's own certificate CloudFront fixes the TLS floor; stages with a domain use TLSv1.2_2021.",
          }),
    });
    acknowledge(this.distribution, {
      'AwsSolutions-CFR1':
        'No geo restriction: CPE holders anywhere may use the app; nothing served is region-licensed.',
      ...(props.webAclArn
        ? {}
        : {
            'AwsSolutions-CFR2':
              'WAF is off for this stage in infra/stages.json (a development stage: a web ACL costs a monthly fee plus per request); the APIs behind it stay throttled, Cognito-authorised or rate-limited per sender.',
          }),
      ...(props.certificateArn
        ? {}
        : {
            'AwsSolutions-CFR4':
              'Without -c domainName/certificateArn the distribution uses the *.cloudfront.net certificate, whose TLS floor CloudFront fixes; with a custom certificate the policy is TLSv1.2_2021.',
          }),
    });
    this.acknowledgeBucketDeploymentHandler();
  }

  /** The stack-wide Lambda that CDK's BucketDeployment runs (one for both deployments). */
  private acknowledgeBucketDeploymentHandler(): void {
    const stack = Stack.of(this);
    const handler = stack.node.children.find((c) =>
      c.node.id.startsWith('Custom::CDKBucketDeployment'),
    );
    if (!handler) throw new Error('No BucketDeployment handler in the stack');
    const siteBucket = stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket);
    const cdkOwned =
      "CDK's BucketDeployment handler (aws-cdk-lib), not our code: its role and runtime are set by the library";
    acknowledge(handler, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]': `${cdkOwned}; the managed policy only lets it write its own logs.`,
      'AwsSolutions-L1': `${cdkOwned}; the library bumps the runtime of its handler.`,
      'AwsSolutions-IAM5[Action::s3:GetObject*]': `${cdkOwned}; it reads the deploy assets and the site bucket.`,
      'AwsSolutions-IAM5[Action::s3:GetBucket*]': `${cdkOwned}; it reads the deploy assets and the site bucket.`,
      'AwsSolutions-IAM5[Action::s3:List*]': `${cdkOwned}; it lists the site bucket to prune it.`,
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]': `${cdkOwned}; it prunes files the new build no longer has.`,
      'AwsSolutions-IAM5[Action::s3:Abort*]': `${cdkOwned}; it aborts failed multipart uploads.`,
      [`AwsSolutions-IAM5[Resource::<${siteBucket}.Arn>/*]`]: `${cdkOwned}; it writes every object of the site bucket, and only that bucket.`,
      [`AwsSolutions-IAM5[${bootstrapAssetsBucketFinding(this)}]`]: `${cdkOwned}; it reads the uploaded asset zips from the CDK bootstrap bucket.`,
      'AwsSolutions-IAM5[Resource::*]': `${cdkOwned}; CloudFront invalidations (Get/CreateInvalidation) cannot be scoped to a distribution ARN by the library.`,
    });
  }
}
