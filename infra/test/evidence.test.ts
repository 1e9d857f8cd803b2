/**
 * The evidence bucket (issue 11): private, encrypted, TLS only, CORS for the
 * site's uploads only, downloads as attachments on the bucket's own host,
 * lifecycle rules for unattached uploads and for downloads, and each
 * function granted only the S3 actions it needs on users' objects and
 * downloads.
 */
import { DOWNLOADS_EXPIRATION, downloadKey, httpFunctions } from '@cpe/api/functions';
import type { HandlerGroup } from '@cpe/shared/routes';
import { createS3Storage } from '@cpe/api/aws/s3';
import { PENDING_UPLOAD_TAG as PENDING_TAG } from '@cpe/api/aws/storage';
import { logicalId, PROD_CONTEXT, resources, synthesized } from './support/stack';

const prodBuilt = synthesized(PROD_CONTEXT);
const prod = prodBuilt.template;
const dev = synthesized({ stage: 'dev' }).template;

const bucketId = logicalId(prod, 'AWS::S3::Bucket', 'EvidenceBucket');
const bucket = () => resources(prod, 'AWS::S3::Bucket')[bucketId]!;

describe('the evidence bucket', () => {
  it('is private and encrypted at rest', () => {
    expect(bucket().Properties).toMatchObject({
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
      LoggingConfiguration: { LogFilePrefix: 'evidence/' },
    });
  });

  it('refuses every request without TLS 1.2 or later', () => {
    const policy = Object.values(resources(prod, 'AWS::S3::BucketPolicy')).find(
      (p) => (p.Properties as { Bucket: { Ref: string } }).Bucket.Ref === bucketId,
    );
    const statements = (
      policy!.Properties as { PolicyDocument: { Statement: Record<string, unknown>[] } }
    ).PolicyDocument.Statement;
    expect(statements).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { Bool: { 'aws:SecureTransport': 'false' } },
        }),
        expect.objectContaining({
          Effect: 'Deny',
          Action: 's3:*',
          Condition: { NumericLessThan: { 's3:TlsVersion': 1.2 } },
        }),
      ]),
    );
  });

  it("allows CORS only from the site's origin and only for uploads: no page script reads an object", () => {
    const rules = (bucket().Properties as { CorsConfiguration: { CorsRules: unknown[] } })
      .CorsConfiguration.CorsRules;
    const prodDomain = prodBuilt.config.domain?.name;
    expect(rules).toHaveLength(1);
    expect(rules[0]).not.toHaveProperty('AllowedHeaders');
    expect(rules).toEqual([
      expect.objectContaining({
        AllowedMethods: ['POST'],
        AllowedOrigins: [
          prodDomain
            ? `https://${prodDomain}`
            : {
                'Fn::Join': [
                  '',
                  [
                    'https://',
                    {
                      'Fn::GetAtt': [
                        logicalId(prod, 'AWS::CloudFront::Distribution', 'WebDistribution'),
                        'DomainName',
                      ],
                    },
                  ],
                ],
              },
        ],
      }),
    ]);
  });

  it("hands out downloads as attachments on the bucket's own host, never inline on the site's origin", async () => {
    const storage = createS3Storage(
      {
        region: 'ap-southeast-2',
        credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'not-a-real-secret' },
      },
      'cpe-tracker-prod-evidence-123456789012-ap-southeast-2',
    );
    const link = new URL(
      await storage.presignedGet('users/u1/files/f1/page.html', {
        expiresSeconds: 300,
        filename: 'page.html',
      }),
    );
    expect(link.origin).toBe(
      'https://cpe-tracker-prod-evidence-123456789012-ap-southeast-2.s3.ap-southeast-2.amazonaws.com',
    );
    expect(link.searchParams.get('response-content-disposition')).toBe(
      "attachment; filename*=UTF-8''page.html",
    );
    // The disposition is signed: a link cannot be changed to open inline.
    expect(link.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('expires downloads (reports and exports handed out by link) a day after they were written', () => {
    const rules = (bucket().Properties as { LifecycleConfiguration: { Rules: unknown[] } })
      .LifecycleConfiguration.Rules;
    expect(rules).toEqual(
      expect.arrayContaining([
        {
          Id: 'expire-downloads',
          Status: 'Enabled',
          Prefix: 'downloads/',
          ExpirationInDays: 1,
        },
      ]),
    );
    // The rule the local emulator runs, and the prefix both handlers write under.
    expect(DOWNLOADS_EXPIRATION).toEqual({ id: 'expire-downloads', prefix: 'downloads/', days: 1 });
    expect(downloadKey('sub-1', 'id-1', 'report.pdf')).toBe('downloads/sub-1/id-1/report.pdf');
  });

  it('expires uploads never attached (still tagged pending) and aborts incomplete multipart uploads', () => {
    const rules = (bucket().Properties as { LifecycleConfiguration: { Rules: unknown[] } })
      .LifecycleConfiguration.Rules;
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          Status: 'Enabled',
          ExpirationInDays: 1,
          TagFilters: [{ Key: PENDING_TAG.key, Value: PENDING_TAG.value }],
        }),
        expect.objectContaining({
          Status: 'Enabled',
          AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        }),
      ]),
    );
  });

  it('is kept in prod and removed with a development stage', () => {
    expect(bucket().DeletionPolicy).toBe('RetainExceptOnCreate');
    const devBucket = resources(dev, 'AWS::S3::Bucket')[
      logicalId(dev, 'AWS::S3::Bucket', 'EvidenceBucket')
    ]!;
    expect(devBucket.DeletionPolicy).toBe('Delete');
  });

  it("lets the SPA's CSP connect to the bucket's regional endpoint", () => {
    const policy = Object.values(resources(prod, 'AWS::CloudFront::ResponseHeadersPolicy'))[0]!;
    const csp = JSON.stringify(
      (policy.Properties as { ResponseHeadersPolicyConfig: { SecurityHeadersConfig: unknown } })
        .ResponseHeadersPolicyConfig.SecurityHeadersConfig,
    );
    // prod has a domain: the bucket is named by CloudFormation, its regional endpoint read from it.
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/cognito-idp\.[a-z0-9-]+\.amazonaws\.com https:\/\/","?\{"Fn::GetAtt":\["EvidenceBucket\w+","RegionalDomainName"\]\}/,
    );
  });
});

describe('grants on the evidence bucket', () => {
  const functions = resources(prod, 'AWS::Lambda::Function');
  const policies = resources(prod, 'AWS::IAM::Policy');
  const functionId = (group: string) =>
    logicalId(
      prod,
      'AWS::Lambda::Function',
      `Api${group.charAt(0).toUpperCase()}${group.slice(1)}Handler`,
    );

  function s3Statements(
    id: string,
  ): Array<{ Action: string | string[]; Resource: unknown; Condition?: unknown }> {
    const role = (functions[id]!.Properties as { Role: { 'Fn::GetAtt': [string, string] } }).Role[
      'Fn::GetAtt'
    ][0];
    return Object.values(policies)
      .filter((p) =>
        (p.Properties as { Roles: { Ref: string }[] }).Roles.some((r) => r.Ref === role),
      )
      .flatMap(
        (p) =>
          (
            p.Properties as {
              PolicyDocument: {
                Statement: Array<{
                  Action: string | string[];
                  Resource: unknown;
                  Condition?: unknown;
                }>;
              };
            }
          ).PolicyDocument.Statement,
      )
      .filter((s) => [s.Action].flat().some((a) => a.startsWith('s3:')));
  }

  /** arn:<partition>:s3:::cpe-tracker-prod-evidence-<account>-<region>/<pattern> */
  const objectsArn = (pattern: string) => ({
    'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${pattern}`]],
  });
  const isUsersObjects = (resource: unknown) =>
    JSON.stringify(resource) === JSON.stringify(objectsArn('users/*'));
  const isDownloads = (resource: unknown) =>
    JSON.stringify(resource) === JSON.stringify(objectsArn('downloads/*'));

  it.each(Object.keys(httpFunctions) as HandlerGroup[])(
    '%s gets exactly its actions, on users/* and downloads/* only, and EVIDENCE_BUCKET',
    (group) => {
      const wanted = httpFunctions[group].evidenceActions ?? [];
      const all = s3Statements(functionId(group));
      const listing = all.filter((st) => [st.Action].flat().includes('s3:ListBucket'));
      const downloads = all.filter((st) => isDownloads(st.Resource));
      const statements = all.filter((st) => !listing.includes(st) && !downloads.includes(st));
      // Listing is only for a function that removes whole prefixes, and only under users/ and downloads/.
      expect(listing.map((st) => ({ Action: st.Action, Condition: st.Condition }))).toEqual(
        httpFunctions[group].evidenceList
          ? [
              {
                Action: 's3:ListBucket',
                Condition: { StringLike: { 's3:prefix': ['users/*', 'downloads/*'] } },
              },
            ]
          : [],
      );
      // Downloads: one statement of exactly the function's download actions, or none.
      expect(downloads.map((st) => [st.Action].flat().sort())).toEqual(
        httpFunctions[group].downloadActions
          ? [[...httpFunctions[group].downloadActions].sort()]
          : [],
      );
      const variables = (
        functions[functionId(group)]!.Properties as {
          Environment?: { Variables?: Record<string, unknown> };
        }
      ).Environment?.Variables;
      if (wanted.length === 0) {
        expect(statements).toEqual([]);
        expect(variables?.EVIDENCE_BUCKET).toBeUndefined();
        return;
      }
      expect(statements).toHaveLength(1);
      expect([statements[0]!.Action].flat().sort()).toEqual([...wanted].sort());
      expect({
        resource: statements[0]!.Resource,
        usersObjects: isUsersObjects(statements[0]!.Resource),
      }).toEqual({
        resource: statements[0]!.Resource,
        usersObjects: true,
      });
      // The bucket itself: prod has a domain, so CloudFormation names the bucket.
      expect(variables?.EVIDENCE_BUCKET).toEqual({ Ref: bucketId });
    },
  );

  it('the files function may sign uploads (PutObject with its tag), read and delete, and nothing else; activities may only delete', () => {
    expect([...(httpFunctions.files.evidenceActions ?? [])].sort()).toEqual([
      's3:DeleteObject',
      's3:GetObject',
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    expect(httpFunctions.activities.evidenceActions).toEqual(['s3:DeleteObject']);
  });

  it('only reports and account write and sign downloads, and only account (deleting one) deletes them', () => {
    const granted = Object.fromEntries(
      Object.entries(httpFunctions).flatMap(([group, def]) =>
        def.downloadActions ? [[group, [...def.downloadActions].sort()]] : [],
      ),
    );
    expect(granted).toEqual({
      account: ['s3:DeleteObject', 's3:GetObject', 's3:PutObject'],
      reports: ['s3:GetObject', 's3:PutObject'],
    });
  });
});
