/**
 * `pnpm preflight <stage>` against recorded AWS answers (aws-sdk-client-mock
 * on the real SDK clients): the shapes are those the services return, the
 * errors are the SDK's own exception classes.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import {
  GetRoleCommand,
  IAMClient,
  ListOpenIDConnectProvidersCommand,
  NoSuchEntityException,
} from '@aws-sdk/client-iam';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  ListEmailIdentitiesCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { mockClient } from 'aws-sdk-client-mock';
import { type PreflightClients, preflight } from '../preflight/checks';
import { REPO_ROOT } from '../lib/assets';
import { STAGES } from './support/stack';

const prod = STAGES.stages.prod!;
const dev = STAGES.stages.dev!;

/** One mocked client per service (and per region for SSM), each answering as recorded below. */
function setup() {
  const real = {
    ses: new SESv2Client({ region: prod.region }),
    acm: new ACMClient({ region: 'us-east-1' }),
    ssmHome: new SSMClient({ region: prod.region }),
    ssmEdge: new SSMClient({ region: 'us-east-1' }),
    quotas: new ServiceQuotasClient({ region: prod.region }),
    iam: new IAMClient({ region: prod.region }),
  };
  const mocks = {
    ses: mockClient(real.ses),
    acm: mockClient(real.acm),
    ssmHome: mockClient(real.ssmHome),
    ssmEdge: mockClient(real.ssmEdge),
    quotas: mockClient(real.quotas),
    iam: mockClient(real.iam),
  };
  const clients: PreflightClients = {
    ses: real.ses,
    acm: real.acm,
    ssm: (region) => (region === 'us-east-1' ? real.ssmEdge : real.ssmHome),
    quotas: real.quotas,
    iam: real.iam,
  };
  return { mocks, clients };
}

const meta = { $metadata: { httpStatusCode: 400 } };

// Recorded answers (the services' JSON, as the SDK hands it back).
const VERIFIED_DOMAIN = {
  IdentityType: 'DOMAIN' as const,
  FeedbackForwardingStatus: true,
  VerifiedForSendingStatus: true,
  VerificationStatus: 'SUCCESS' as const,
  DkimAttributes: {
    SigningEnabled: true,
    Status: 'SUCCESS' as const,
    SigningAttributesOrigin: 'AWS_SES' as const,
  },
};
const PRODUCTION_ACCOUNT = {
  DedicatedIpAutoWarmupEnabled: false,
  EnforcementStatus: 'HEALTHY',
  ProductionAccessEnabled: true,
  SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 12 },
  SendingEnabled: true,
};
const ISSUED_CERTIFICATE = {
  Certificate: {
    CertificateArn: prod.domain!.certificateArn,
    DomainName: 'cpetracker.example',
    SubjectAlternativeNames: ['cpetracker.example', '*.cpetracker.example'],
    Status: 'ISSUED' as const,
    Type: 'AMAZON_ISSUED' as const,
    InUseBy: [],
  },
};
const OIDC_PROVIDERS = {
  OpenIDConnectProviderList: [
    { Arn: `arn:aws:iam::${prod.account}:oidc-provider/token.actions.githubusercontent.com` },
  ],
};

function allWell(mocks: ReturnType<typeof setup>['mocks']) {
  mocks.ses.on(GetEmailIdentityCommand).resolves(VERIFIED_DOMAIN);
  mocks.ses.on(GetAccountCommand).resolves(PRODUCTION_ACCOUNT);
  mocks.acm.on(DescribeCertificateCommand).resolves(ISSUED_CERTIFICATE);
  for (const ssm of [mocks.ssmHome, mocks.ssmEdge]) {
    ssm.on(GetParameterCommand, { Name: '/cdk-bootstrap/hnb659fds/version' }).resolves({
      Parameter: {
        Name: '/cdk-bootstrap/hnb659fds/version',
        Type: 'String',
        Value: '30',
        Version: 3,
      },
    });
  }
  mocks.quotas.on(GetServiceQuotaCommand, { QuotaCode: 'L-B99A9384' }).resolves({
    Quota: {
      ServiceCode: 'lambda',
      QuotaCode: 'L-B99A9384',
      QuotaName: 'Concurrent executions',
      Value: 1000,
      Adjustable: true,
    },
  });
  mocks.quotas.on(GetServiceQuotaCommand, { QuotaCode: 'L-F678F1CE' }).resolves({
    Quota: {
      ServiceCode: 'vpc',
      QuotaCode: 'L-F678F1CE',
      QuotaName: 'VPCs per Region',
      Value: 5,
      Adjustable: true,
    },
  });
  mocks.iam.on(ListOpenIDConnectProvidersCommand).resolves(OIDC_PROVIDERS);
  mocks.iam.on(GetRoleCommand).resolves({
    Role: {
      Path: '/',
      RoleName: 'cpe-tracker-github-deploy-prod',
      RoleId: 'AROAEXAMPLE',
      Arn: `arn:aws:iam::${prod.account}:role/cpe-tracker-github-deploy-prod`,
      CreateDate: new Date('2026-11-20T00:00:00Z'),
    },
  });
}

describe('pnpm preflight', () => {
  it('passes a prod account that has everything, in the order of the first deploy', async () => {
    const { mocks, clients } = setup();
    allWell(mocks);
    const results = await preflight('prod', prod, clients);
    expect(results.map((r) => [r.name, r.ok])).toEqual([
      [`CDK bootstrap in ${prod.region}`, true],
      ['CDK bootstrap in us-east-1', true],
      ['SES identity cpetracker.example', true],
      ['SES production access', true],
      ['ACM certificate for cpetracker.example', true],
      ['GitHub OIDC provider', true],
      ['deploy role cpe-tracker-github-deploy-prod', true],
      ['Lambda concurrent executions', true],
      ['VPCs per region', true],
    ]);
    expect(results.find((r) => r.name === 'SES production access')!.detail).toBe(
      'out of the sandbox, 50000 emails a day',
    );
    // It asked about the stage's own identity, certificate and role.
    expect(mocks.ses.commandCalls(GetEmailIdentityCommand)[0]!.args[0].input).toEqual({
      EmailIdentity: 'cpetracker.example',
    });
    expect(mocks.acm.commandCalls(DescribeCertificateCommand)[0]!.args[0].input).toEqual({
      CertificateArn: prod.domain!.certificateArn,
    });
    expect(mocks.iam.commandCalls(GetRoleCommand)[0]!.args[0].input).toEqual({
      RoleName: 'cpe-tracker-github-deploy-prod',
    });
  });

  it('says who can receive mail while the account is in the SES sandbox', async () => {
    const { mocks, clients } = setup();
    allWell(mocks);
    mocks.ses.on(GetAccountCommand).resolves({
      ...PRODUCTION_ACCOUNT,
      ProductionAccessEnabled: false,
      SendQuota: { Max24HourSend: 200, MaxSendRate: 1, SentLast24Hours: 0 },
    });
    mocks.ses
      .on(ListEmailIdentitiesCommand)
      .resolvesOnce({
        EmailIdentities: [
          {
            IdentityType: 'DOMAIN',
            IdentityName: 'cpetracker.example',
            SendingEnabled: true,
            VerificationStatus: 'SUCCESS',
          },
          {
            IdentityType: 'EMAIL_ADDRESS',
            IdentityName: 'owner@cpetracker.example',
            SendingEnabled: true,
            VerificationStatus: 'SUCCESS',
          },
        ],
        NextToken: 'page-2',
      })
      .resolvesOnce({
        EmailIdentities: [
          {
            IdentityType: 'EMAIL_ADDRESS',
            IdentityName: 'tester@cpetracker.example',
            SendingEnabled: true,
            VerificationStatus: 'SUCCESS',
          },
          {
            IdentityType: 'EMAIL_ADDRESS',
            IdentityName: 'pending@cpetracker.example',
            SendingEnabled: false,
            VerificationStatus: 'PENDING',
          },
        ],
      });
    const result = (await preflight('prod', prod, clients)).find(
      (r) => r.name === 'SES production access',
    )!;
    expect(result.ok).toBe(false);
    expect(result.detail).toContain(
      'only these verified addresses can receive mail: owner@cpetracker.example, tester@cpetracker.example;',
    );
    expect(result.detail).toContain('Request production access');
  });

  it('names each missing piece and how to make it', async () => {
    const { mocks, clients } = setup();
    allWell(mocks);
    mocks.ses.on(GetEmailIdentityCommand).rejects(
      new NotFoundException({
        message: 'Email identity cpetracker.example does not exist.',
        ...meta,
      }),
    );
    mocks.acm.on(DescribeCertificateCommand).resolves({
      Certificate: { ...ISSUED_CERTIFICATE.Certificate, Status: 'PENDING_VALIDATION' },
    });
    mocks.ssmEdge.on(GetParameterCommand).rejects(new ParameterNotFound({ message: '', ...meta }));
    mocks.quotas.on(GetServiceQuotaCommand, { QuotaCode: 'L-B99A9384' }).resolves({
      Quota: { ServiceCode: 'lambda', QuotaCode: 'L-B99A9384', Value: 10 },
    });
    mocks.iam.on(ListOpenIDConnectProvidersCommand).resolves({ OpenIDConnectProviderList: [] });
    mocks.iam.on(GetRoleCommand).rejects(
      new NoSuchEntityException({
        message: 'The role with name cpe-tracker-github-deploy-prod cannot be found.',
        ...meta,
      }),
    );
    const failed = Object.fromEntries(
      (await preflight('prod', prod, clients)).filter((r) => !r.ok).map((r) => [r.name, r.detail]),
    );
    expect(failed).toEqual({
      'CDK bootstrap in us-east-1': `not bootstrapped: pnpm --filter @cpe/infra cdk bootstrap aws://${prod.account}/us-east-1`,
      'SES identity cpetracker.example': expect.stringContaining(
        `no such identity in ${prod.region}`,
      ) as unknown,
      'ACM certificate for cpetracker.example': expect.stringContaining(
        'status PENDING_VALIDATION',
      ) as unknown,
      'GitHub OIDC provider': expect.stringContaining('cdk:github deploy --all') as unknown,
      'deploy role cpe-tracker-github-deploy-prod': expect.stringContaining(
        'cdk:github deploy --all',
      ) as unknown,
      'Lambda concurrent executions': expect.stringContaining('10, needs at least 100') as unknown,
    });
  });

  it('refuses a certificate for another name, and reports an access error as a failure', async () => {
    const { mocks, clients } = setup();
    allWell(mocks);
    mocks.acm.on(DescribeCertificateCommand).resolves({
      Certificate: {
        ...ISSUED_CERTIFICATE.Certificate,
        DomainName: 'other.example',
        SubjectAlternativeNames: ['other.example'],
      },
    });
    mocks.iam
      .on(ListOpenIDConnectProvidersCommand)
      .rejects(
        Object.assign(
          new Error('User is not authorized to perform: iam:ListOpenIDConnectProviders'),
          { name: 'AccessDenied' },
        ),
      );
    const results = await preflight('prod', prod, clients);
    expect(results.find((r) => r.name.startsWith('ACM'))).toMatchObject({
      ok: false,
      detail: 'issued for other.example, other.example, not cpetracker.example',
    });
    expect(results.find((r) => r.name === 'GitHub OIDC provider')).toMatchObject({
      ok: false,
      detail: 'AccessDenied: User is not authorized to perform: iam:ListOpenIDConnectProviders',
    });
  });

  it('skips SES and the certificate for a stage without them (dev)', async () => {
    const { mocks, clients } = setup();
    allWell(mocks);
    const results = await preflight('dev', dev, clients);
    expect(results.filter((r) => r.name.startsWith('SES') || r.name.startsWith('ACM'))).toEqual([
      expect.objectContaining({ name: 'SES', ok: true }),
    ]);
    expect(mocks.acm.commandCalls(DescribeCertificateCommand)).toHaveLength(0);
  });

  it('is the root package script, and refuses an unknown stage', () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.preflight).toBe('tsx infra/preflight/main.ts');
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'infra/preflight/main.ts'), 'nope'],
      {
        encoding: 'utf8',
      },
    );
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('usage: pnpm preflight <stage> (one of: dev, staging, prod)');
  });
});
