/**
 * `pnpm preflight <stage>`: what a deploy of the stage needs from its AWS
 * account that the deploy itself cannot create, checked with read-only calls
 * before the first deploy (docs/deploy.md walks through each):
 *
 * - the SES identity the stage sends from is verified, and the account is
 *   out of the SES sandbox (else: who can receive mail);
 * - the custom domain's ACM certificate is issued, in us-east-1, for the domain;
 * - the stage's region and us-east-1 are bootstrapped for CDK (the version
 *   parameter the bootstrap stack writes);
 * - the quotas the stack needs;
 * - GitHub's OIDC provider and the stage's deploy role exist in the account.
 *
 * Each check answers ok, or what is wrong and how to fix it. The clients are
 * passed in, so the tests run the checks against recorded AWS answers.
 */
import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { GetRoleCommand, IAMClient, ListOpenIDConnectProvidersCommand } from '@aws-sdk/client-iam';
import { GetServiceQuotaCommand, ServiceQuotasClient } from '@aws-sdk/client-service-quotas';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  ListEmailIdentitiesCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { GetParameterCommand, SSMClient } from '@aws-sdk/client-ssm';
import { EDGE_REGION, type StageEntry } from '../lib/config';
import { GITHUB_OIDC_ISSUER, deployRoleName } from '../lib/github-oidc';

export interface CheckResult {
  name: string;
  ok: boolean;
  /** What was found; when not ok, what to do. */
  detail: string;
}

/** The bootstrap version the CDK app's assets and roles need (cdk-hnb659fds). */
export const MIN_BOOTSTRAP_VERSION = 6;
export const BOOTSTRAP_QUALIFIER = 'hnb659fds';

/** Service quotas the stack needs, with the least value that will do. */
export const QUOTAS = [
  {
    serviceCode: 'lambda',
    quotaCode: 'L-B99A9384',
    name: 'Lambda concurrent executions',
    // 14 functions; new accounts start at 10, which one burst of the SPA's requests exhausts.
    minimum: 100,
  },
  {
    serviceCode: 'vpc',
    quotaCode: 'L-F678F1CE',
    name: 'VPCs per region',
    // The stack adds one (the cluster's isolated subnets); the default is 5.
    minimum: 2,
  },
] as const;

export interface PreflightClients {
  /** In the stage's region. */
  ses: SESv2Client;
  /** In us-east-1 (CloudFront's certificates live there). */
  acm: ACMClient;
  /** One per region: the stage's and us-east-1. */
  ssm: (region: string) => SSMClient;
  quotas: ServiceQuotasClient;
  iam: IAMClient;
}

export function defaultClients(region: string): PreflightClients {
  const ssm = new Map<string, SSMClient>();
  return {
    ses: new SESv2Client({ region }),
    acm: new ACMClient({ region: EDGE_REGION }),
    ssm: (r) => {
      if (!ssm.has(r)) ssm.set(r, new SSMClient({ region: r }));
      return ssm.get(r)!;
    },
    quotas: new ServiceQuotasClient({ region }),
    iam: new IAMClient({ region }),
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : String(error);
}

async function check(name: string, run: () => Promise<[boolean, string]>): Promise<CheckResult> {
  try {
    const [ok, detail] = await run();
    return { name, ok, detail };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { name, ok: false, detail: `${errorName(error)}: ${message}` };
  }
}

export async function sesChecks(stage: StageEntry, ses: SESv2Client): Promise<CheckResult[]> {
  if (!stage.ses) {
    return [
      {
        name: 'SES',
        ok: true,
        detail:
          "no ses in the stage: Cognito's own sender (about 50 emails a day), contact messages not mailed",
      },
    ];
  }
  const { verifiedDomain, fromAddress } = stage.ses;
  return [
    await check(`SES identity ${verifiedDomain}`, async () => {
      try {
        const identity = await ses.send(
          new GetEmailIdentityCommand({ EmailIdentity: verifiedDomain }),
        );
        const ok = identity.VerifiedForSendingStatus === true;
        return [
          ok,
          ok
            ? `verified for sending (DKIM ${identity.DkimAttributes?.Status ?? 'unknown'})`
            : `not verified yet (status ${identity.VerificationStatus ?? 'unknown'}): publish its DKIM CNAME records in DNS and wait for SES to see them`,
        ];
      } catch (error) {
        if (errorName(error) !== 'NotFoundException') throw error;
        return [
          false,
          `no such identity in ${stage.region}: create it (SES console, Identities, Create identity, domain ${verifiedDomain}) and publish its DKIM records`,
        ];
      }
    }),
    await check('SES production access', async () => {
      const account = await ses.send(new GetAccountCommand({}));
      if (account.ProductionAccessEnabled) {
        const quota = account.SendQuota?.Max24HourSend;
        return [true, `out of the sandbox${quota !== undefined ? `, ${quota} emails a day` : ''}`];
      }
      const verified: string[] = [];
      let token: string | undefined;
      do {
        const page = await ses.send(new ListEmailIdentitiesCommand({ NextToken: token }));
        for (const i of page.EmailIdentities ?? []) {
          if (i.SendingEnabled && i.IdentityName && i.IdentityType === 'EMAIL_ADDRESS')
            verified.push(i.IdentityName);
        }
        token = page.NextToken;
      } while (token);
      const who = verified.length
        ? `only these verified addresses can receive mail: ${verified.join(', ')}`
        : 'no address can receive mail (none is verified)';
      return [
        false,
        `the account is in the SES sandbox: ${who}; sign-up codes to anyone else, and mail from ${fromAddress}, fail. Request production access (SES console, Account dashboard)`,
      ];
    }),
  ];
}

export async function certificateCheck(stage: StageEntry, acm: ACMClient): Promise<CheckResult[]> {
  if (!stage.domain) return [];
  const { name, certificateArn } = stage.domain;
  return [
    await check(`ACM certificate for ${name}`, async () => {
      if (!certificateArn.startsWith(`arn:aws:acm:${EDGE_REGION}:`)) {
        return [
          false,
          `${certificateArn} is not in ${EDGE_REGION}: CloudFront takes certificates from ${EDGE_REGION} only`,
        ];
      }
      const { Certificate: cert } = await acm.send(
        new DescribeCertificateCommand({ CertificateArn: certificateArn }),
      );
      const names = [cert?.DomainName, ...(cert?.SubjectAlternativeNames ?? [])].filter(
        (n): n is string => !!n,
      );
      const covers = names.some(
        (n) =>
          n === name ||
          (n.startsWith('*.') &&
            name.endsWith(n.slice(1)) &&
            name.split('.').length === n.split('.').length),
      );
      if (cert?.Status !== 'ISSUED') {
        return [
          false,
          `status ${cert?.Status ?? 'unknown'}: publish the DNS validation CNAME and wait for ISSUED`,
        ];
      }
      if (!covers) return [false, `issued for ${names.join(', ')}, not ${name}`];
      return [true, `issued for ${names.join(', ')}`];
    }),
  ];
}

export async function bootstrapChecks(
  stage: StageEntry,
  ssm: (region: string) => SSMClient,
): Promise<CheckResult[]> {
  const regions = [...new Set([stage.region, EDGE_REGION])];
  return Promise.all(
    regions.map((region) =>
      check(`CDK bootstrap in ${region}`, async () => {
        try {
          const { Parameter } = await ssm(region).send(
            new GetParameterCommand({ Name: `/cdk-bootstrap/${BOOTSTRAP_QUALIFIER}/version` }),
          );
          const version = Number(Parameter?.Value);
          return version >= MIN_BOOTSTRAP_VERSION
            ? [true, `version ${version}`]
            : [
                false,
                `version ${Parameter?.Value}, below ${MIN_BOOTSTRAP_VERSION}: run cdk bootstrap again`,
              ];
        } catch (error) {
          if (errorName(error) !== 'ParameterNotFound') throw error;
          return [
            false,
            `not bootstrapped: pnpm --filter @cpe/infra cdk bootstrap aws://${stage.account}/${region}`,
          ];
        }
      }),
    ),
  );
}

export async function quotaChecks(quotas: ServiceQuotasClient): Promise<CheckResult[]> {
  return Promise.all(
    QUOTAS.map((q) =>
      check(q.name, async () => {
        const { Quota } = await quotas.send(
          new GetServiceQuotaCommand({ ServiceCode: q.serviceCode, QuotaCode: q.quotaCode }),
        );
        const value = Quota?.Value ?? 0;
        return value >= q.minimum
          ? [true, `${value} (needs ${q.minimum})`]
          : [
              false,
              `${value}, needs at least ${q.minimum}: request an increase (Service Quotas, ${q.serviceCode} ${q.quotaCode})`,
            ];
      }),
    ),
  );
}

export async function oidcChecks(
  stageName: string,
  stage: StageEntry,
  iam: IAMClient,
): Promise<CheckResult[]> {
  return [
    await check('GitHub OIDC provider', async () => {
      const { OpenIDConnectProviderList: list = [] } = await iam.send(
        new ListOpenIDConnectProvidersCommand({}),
      );
      const found = list.find((p) => p.Arn?.endsWith(`:oidc-provider/${GITHUB_OIDC_ISSUER}`));
      return found
        ? [true, found.Arn!]
        : [
            false,
            `none in account ${stage.account}: pnpm --filter @cpe/infra cdk:github deploy --all`,
          ];
    }),
    await check(`deploy role ${deployRoleName(stageName)}`, async () => {
      try {
        const { Role } = await iam.send(
          new GetRoleCommand({ RoleName: deployRoleName(stageName) }),
        );
        return [true, Role?.Arn ?? 'exists'];
      } catch (error) {
        if (errorName(error) !== 'NoSuchEntityException') throw error;
        return [false, 'missing: pnpm --filter @cpe/infra cdk:github deploy --all'];
      }
    }),
  ];
}

/** Every check of the stage, in the order of docs/deploy.md's first deploy. */
export async function preflight(
  stageName: string,
  stage: StageEntry,
  clients: PreflightClients,
): Promise<CheckResult[]> {
  return [
    ...(await bootstrapChecks(stage, clients.ssm)),
    ...(await sesChecks(stage, clients.ses)),
    ...(await certificateCheck(stage, clients.acm)),
    ...(await oidcChecks(stageName, stage, clients.iam)),
    ...(await quotaChecks(clients.quotas)),
  ];
}
