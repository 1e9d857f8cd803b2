import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { Match } from 'aws-cdk-lib/assertions';
import { securityHeaders } from '@cpe/shared/security-headers';
import { responseHeadersPolicyProps, SPA_REWRITE_FUNCTION } from '../lib/web';
import {
  CUSTOM_DOMAIN_CONTEXT,
  logicalId,
  PROD_CONTEXT,
  REGION,
  resources,
  synthesized,
} from './support/stack';

const prod = synthesized(PROD_CONTEXT);
const { template } = prod;
/** The evidence bucket's endpoint, its account and region as the template's pseudo parameters. */
// prod has a domain: CloudFormation names the evidence bucket, and the CSP reads its endpoint.
const EVIDENCE_ENDPOINT = `https://<${logicalId(template, 'AWS::S3::Bucket', 'EvidenceBucket')}.RegionalDomainName>`;
const expectedHeaders = securityHeaders({
  connectOrigins: [`https://cognito-idp.${REGION}.amazonaws.com`, EVIDENCE_ENDPOINT],
});

/** A template string (an Fn::Join of text and pseudo parameters) as one string. */
function joined(value: unknown): unknown {
  const join = (value as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) return value;
  return join[1]
    .map((part) => {
      if (typeof part === 'string') return part;
      const att = (part as { 'Fn::GetAtt'?: [string, string] })['Fn::GetAtt'];
      return att ? `<${att[0]}.${att[1]}>` : `<${(part as { Ref: string }).Ref}>`;
    })
    .join(join[0]);
}

const distribution = Object.values(resources(template, 'AWS::CloudFront::Distribution'))[0]!
  .Properties!.DistributionConfig as Record<string, unknown>;
type Origin = { Id: string; DomainName: unknown; OriginPath?: string } & Record<string, unknown>;
const origins = distribution.Origins as Origin[];
type Behaviour = Record<string, unknown> & { TargetOriginId: string };
const behaviours = distribution.CacheBehaviors as (Behaviour & { PathPattern: string })[];
const defaultBehaviour = distribution.DefaultCacheBehavior as Behaviour;

const MANAGED = {
  cachingDisabled: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad',
  cachingOptimized: '658327ea-f89d-4fab-a63d-7e88639e58f6',
  allViewerExceptHostHeader: 'b689b0a8-53d0-40ab-baf2-68738e2966ac',
};

const siteBucketId = logicalId(template, 'AWS::S3::Bucket', 'WebSiteBucket');
const headersPolicyId = logicalId(
  template,
  'AWS::CloudFront::ResponseHeadersPolicy',
  'WebSecurityHeaders',
);

function originOf(behaviour: Behaviour): Origin {
  return origins.find((o) => o.Id === behaviour.TargetOriginId)!;
}

describe('the site bucket', () => {
  it('is private, encrypted, TLS-only and logged', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
        ],
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/' }),
    });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: siteBucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('is read by CloudFront through Origin Access Control only', () => {
    const oacId = logicalId(
      template,
      'AWS::CloudFront::OriginAccessControl',
      'WebDistributionOrigin1S3OriginAccessControl',
    );
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: Match.objectLike({
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      }),
    });
    const s3Origin = originOf(defaultBehaviour);
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: siteBucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
          }),
        ]),
      },
    });
  });
});

describe('the distribution', () => {
  it('serves the SPA from S3 by default, with the SPA rewrite and caching', () => {
    expect(defaultBehaviour).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      CachePolicyId: MANAGED.cachingOptimized,
      ResponseHeadersPolicyId: { Ref: headersPolicyId },
      FunctionAssociations: [
        {
          EventType: 'viewer-request',
          FunctionARN: {
            'Fn::GetAtt': [
              logicalId(template, 'AWS::CloudFront::Function', 'WebSpaRewrite'),
              'FunctionARN',
            ],
          },
        },
      ],
    });
    expect(JSON.stringify(originOf(defaultBehaviour).DomainName)).toContain(siteBucketId);
    expect(distribution.DefaultRootObject).toBe('index.html');
    // Error responses would apply to /api/* and /beta/* too.
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  it('sends /api/* to the "api" REST API, stage prod, uncached, all viewer headers but Host', () => {
    const api = behaviours.find((b) => b.PathPattern === '/api/*')!;
    expect(api).toMatchObject({
      CachePolicyId: MANAGED.cachingDisabled,
      OriginRequestPolicyId: MANAGED.allViewerExceptHostHeader,
      ResponseHeadersPolicyId: { Ref: headersPolicyId },
      ViewerProtocolPolicy: 'https-only',
      AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']) as unknown,
    });
    expect(api.FunctionAssociations).toBeUndefined();
    const origin = originOf(api);
    expect(origin.OriginPath).toBe('/prod');
    expect(JSON.stringify(origin.DomainName)).toContain('ApiApiApi');
  });

  it('sends /beta/* to the "contact" REST API, whose stage is the /beta prefix, with the viewer address', () => {
    const beta = behaviours.find((b) => b.PathPattern === '/beta/*')!;
    expect(beta).toMatchObject({
      CachePolicyId: MANAGED.cachingDisabled,
      ResponseHeadersPolicyId: { Ref: headersPolicyId },
    });
    const policyId = logicalId(
      template,
      'AWS::CloudFront::OriginRequestPolicy',
      'WebContactRequests',
    );
    expect(beta.OriginRequestPolicyId).toEqual({ Ref: policyId });
    const policy = resources(template, 'AWS::CloudFront::OriginRequestPolicy')[policyId]!
      .Properties!.OriginRequestPolicyConfig as { HeadersConfig: { Headers: string[] } };
    // The contact handler limits per visitor by this header (CONTACT_CLIENT_ADDRESS_HEADER); Host stays the API's.
    expect(policy.HeadersConfig.Headers).toContain('CloudFront-Viewer-Address');
    expect(policy.HeadersConfig.Headers).not.toContain('Host');
    const origin = originOf(beta);
    expect(origin.OriginPath ?? '').toBe('');
    expect(JSON.stringify(origin.DomainName)).toContain('ApiContactApi');
  });

  it('caches the public catalogue at the edge by its query string, before the uncached /api/*', () => {
    const patterns = behaviours.map((b) => b.PathPattern);
    expect(patterns.indexOf('/api/catalogue*')).toBeLessThan(patterns.indexOf('/api/*'));
    const catalogue = behaviours.find((b) => b.PathPattern === '/api/catalogue*')!;
    const cacheId = logicalId(template, 'AWS::CloudFront::CachePolicy', 'WebCatalogueCache');
    expect(catalogue).toMatchObject({
      CachePolicyId: { Ref: cacheId },
      AllowedMethods: ['GET', 'HEAD'],
      ResponseHeadersPolicyId: { Ref: headersPolicyId },
    });
    expect(catalogue.OriginRequestPolicyId).toBeUndefined();
    const config = resources(template, 'AWS::CloudFront::CachePolicy')[cacheId]!.Properties!
      .CachePolicyConfig as Record<
      string,
      { QueryStringsConfig?: unknown; HeadersConfig?: unknown }
    >;
    expect(config.ParametersInCacheKeyAndForwardedToOrigin).toMatchObject({
      QueryStringsConfig: { QueryStringBehavior: 'all' },
      HeadersConfig: { HeaderBehavior: 'none' },
    });
    expect(originOf(catalogue)).toEqual(
      originOf(behaviours.find((b) => b.PathPattern === '/api/*')!),
    );
  });

  it('has exactly these behaviours', () => {
    expect(behaviours.map((b) => b.PathPattern)).toEqual(['/api/catalogue*', '/api/*', '/beta/*']);
  });

  it('speaks HTTP/2 and 3, IPv6, logs, and all edge locations (Australia is in All only)', () => {
    expect(distribution).toMatchObject({
      HttpVersion: 'http2and3',
      IPV6Enabled: true,
      PriceClass: 'PriceClass_All',
      Logging: expect.objectContaining({ Prefix: 'cloudfront/' }) as unknown,
    });
  });

  it('uses TLS 1.2+ with a custom certificate', () => {
    const custom = synthesized(CUSTOM_DOMAIN_CONTEXT).template;
    const config = Object.values(resources(custom, 'AWS::CloudFront::Distribution'))[0]!.Properties!
      .DistributionConfig as Record<string, unknown>;
    expect(config).toMatchObject({
      Aliases: ['cpe.example.com'],
      ViewerCertificate: {
        AcmCertificateArn: 'arn:aws:acm:us-east-1:111111111111:certificate/abc',
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
  });
});

describe('the security headers', () => {
  const policy = resources(template, 'AWS::CloudFront::ResponseHeadersPolicy')[headersPolicyId]!
    .Properties!.ResponseHeadersPolicyConfig as Record<
    string,
    Record<string, Record<string, unknown>>
  >;

  it("has the CSP of securityHeaders() with the Cognito endpoint and the evidence bucket's", () => {
    const csp = policy.SecurityHeadersConfig!.ContentSecurityPolicy!;
    expect({ ...csp, ContentSecurityPolicy: joined(csp.ContentSecurityPolicy) }).toEqual({
      ContentSecurityPolicy: expectedHeaders['content-security-policy'],
      Override: true,
    });
    expect(expectedHeaders['content-security-policy']).toContain(
      `connect-src 'self' https://cognito-idp.${REGION}.amazonaws.com`,
    );
  });

  it('has every other header of securityHeaders()', () => {
    expect(policy.SecurityHeadersConfig).toMatchObject({
      StrictTransportSecurity: {
        AccessControlMaxAgeSec: 63072000,
        IncludeSubdomains: true,
        Preload: true,
        Override: true,
      },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { ReferrerPolicy: expectedHeaders['referrer-policy'], Override: true },
      FrameOptions: { FrameOption: expectedHeaders['x-frame-options'], Override: true },
    });
    expect(policy.CustomHeadersConfig).toEqual({
      Items: [
        {
          Header: 'permissions-policy',
          Value: expectedHeaders['permissions-policy'],
          Override: true,
        },
      ],
    });
  });

  it('maps any securityHeaders() output or refuses it', () => {
    expect(() =>
      responseHeadersPolicyProps({ 'strict-transport-security': 'max-age=abc' }),
    ).toThrow();
    expect(() => responseHeadersPolicyProps({ 'referrer-policy': 'sometimes' })).toThrow();
    expect(responseHeadersPolicyProps({ 'x-custom': 'yes' }).customHeadersBehavior).toEqual({
      customHeaders: [{ header: 'x-custom', value: 'yes', override: true }],
    });
  });
});

describe('the SPA rewrite function', () => {
  function rewrite(uri: string): string {
    const handler = runInNewContext(`${SPA_REWRITE_FUNCTION}; handler`) as (event: unknown) => {
      uri: string;
    };
    return handler({ request: { uri } }).uri;
  }

  it.each([
    ['/', '/index.html'],
    ['/mycertifications', '/index.html'],
    ['/certification/0b9d6c8e-1f1e-4f55-9d5c-5a3c2b1f0e9a', '/index.html'],
    ['/assets/app-ABC123.js', '/assets/app-ABC123.js'],
    ['/config.json', '/config.json'],
    ['/favicon.svg', '/favicon.svg'],
  ])('%s -> %s', (uri, expected) => {
    expect(rewrite(uri)).toBe(expected);
  });
});

describe('the deployment', () => {
  const deployments = resources(template, 'Custom::CDKBucketDeployment');

  it('uploads the build and /config.json, and invalidates the distribution', () => {
    const site = Object.entries(deployments).find(([id]) => id.startsWith('WebDeploySite'))![1];
    expect(site.Properties).toMatchObject({
      DestinationBucketName: { Ref: siteBucketId },
      Prune: true,
      Exclude: ['assets/*'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/*'],
    });
    // Source.jsonData: the tokens of config.json become markers the handler substitutes at deploy.
    const markers = JSON.stringify(site.Properties!.SourceMarkers);
    expect(markers).toContain(logicalId(template, 'AWS::Cognito::UserPool', 'AuthUserPool'));
    expect(markers).toContain(
      logicalId(template, 'AWS::Cognito::UserPoolClient', 'AuthUserPoolWebClient'),
    );
    const assets = Object.entries(deployments).find(([id]) => id.startsWith('WebDeployAssets'))![1];
    expect(assets.Properties).toMatchObject({
      DestinationBucketKeyPrefix: 'assets/',
      Prune: false,
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('writes config.json with the region, pool, client and API bases (no userPoolEndpoint)', () => {
    const site = Object.entries(deployments).find(([id]) => id.startsWith('WebDeploySite'))![1]
      .Properties as { SourceObjectKeys: string[]; SourceMarkers: Record<string, unknown>[] };
    const assets = (
      JSON.parse(readFileSync(path.join(prod.dir, `${prod.stackName}.assets.json`), 'utf8')) as {
        files: Record<string, { source: { path: string } }>;
      }
    ).files;
    // What the deploy writes: the asset's config.json, its markers replaced by their values.
    const written = site.SourceObjectKeys.flatMap((key, i) => {
      const file = path.resolve(
        prod.dir,
        assets[key.replace(/\.zip$/, '')]!.source.path,
        'config.json',
      );
      if (!existsSync(file)) return [];
      let text = readFileSync(file, 'utf8');
      for (const [marker, value] of Object.entries(site.SourceMarkers[i] ?? {}))
        text = text.replaceAll(`"${marker}"`, JSON.stringify(value));
      return [JSON.parse(text) as unknown];
    });
    expect(written).toHaveLength(1);
    expect(written[0]).toEqual({
      region: REGION,
      userPoolId: { Ref: logicalId(template, 'AWS::Cognito::UserPool', 'AuthUserPool') },
      userPoolClientId: {
        Ref: logicalId(template, 'AWS::Cognito::UserPoolClient', 'AuthUserPoolWebClient'),
      },
      apiBase: '',
      contactBase: '/beta',
    });
  });
});
