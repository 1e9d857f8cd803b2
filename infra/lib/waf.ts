/**
 * AWS WAF web ACLs (decision 041):
 *
 * - CloudFront (scope CLOUDFRONT, which AWS keeps in us-east-1: built by the
 *   stage's edge stack): the AWS managed Common and KnownBadInputs rule
 *   groups, a site-wide rate limit per client IP, and a much tighter one on
 *   the public contact form (/beta/*), so no single client can flood the
 *   owner's mailbox or use up the contact stage's throttle;
 * - the Cognito user pool (scope REGIONAL): rate limits per client IP on the
 *   operations that send email (sign-up, resend code, forgot password) and on
 *   sign-in, which Cognito's own quotas only cap account-wide.
 *
 * Rate-based rules count per client IP over a 5-minute window (the shortest
 * AWS offers at these limits without extra cost) and block past the limit
 * until the rate falls again.
 */
import { Stack } from 'aws-cdk-lib';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { APIS } from '@cpe/shared/routes';

/** Requests per client IP per 5 minutes. WAF's smallest limit is 10. */
export const RATE_LIMITS = {
  /** Everything through CloudFront: the SPA's assets, the API. A busy user makes a few hundred. */
  sitePerIp: 1000,
  /** POST /beta/submit: the contact form (the handler also limits per sender and per IP per hour). */
  contactPerIp: 10,
  /** Every Cognito call. */
  cognitoPerIp: 500,
  /** Cognito operations that send an email or SMS. */
  cognitoEmailPerIp: 10,
  /** Sign-in attempts (each sign-in is one InitiateAuth plus one RespondToAuthChallenge with SRP). */
  cognitoSignInPerIp: 100,
} as const;

export const RATE_WINDOW_SECONDS = 300;

/** Cognito's JSON 1.1 operation header: the only way WAF can tell one Cognito operation from another. */
export const COGNITO_EMAIL_OPERATIONS = ['SignUp', 'ResendConfirmationCode', 'ForgotPassword'];
export const COGNITO_SIGN_IN_OPERATIONS = ['InitiateAuth', 'RespondToAuthChallenge'];

type Rule = wafv2.CfnWebACL.RuleProperty;

function visibility(metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty {
  return { cloudWatchMetricsEnabled: true, metricName, sampledRequestsEnabled: true };
}

function managedGroup(name: string, priority: number, countInstead: string[] = []): Rule {
  return {
    name,
    priority,
    overrideAction: { none: {} },
    statement: {
      managedRuleGroupStatement: {
        vendorName: 'AWS',
        name,
        ...(countInstead.length > 0
          ? {
              ruleActionOverrides: countInstead.map((r) => ({
                name: r,
                actionToUse: { count: {} },
              })),
            }
          : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

export function rateRule(
  name: string,
  priority: number,
  limit: number,
  scopeDownStatement?: wafv2.CfnWebACL.StatementProperty,
): Rule {
  return {
    name,
    priority,
    action: { block: {} },
    statement: {
      rateBasedStatement: {
        limit,
        aggregateKeyType: 'IP',
        evaluationWindowSec: RATE_WINDOW_SECONDS,
        ...(scopeDownStatement ? { scopeDownStatement } : {}),
      },
    },
    visibilityConfig: visibility(name),
  };
}

function pathStartsWith(prefix: string): wafv2.CfnWebACL.StatementProperty {
  return {
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'STARTS_WITH',
      searchString: prefix,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  };
}

function cognitoOperation(operations: string[]): wafv2.CfnWebACL.StatementProperty {
  const matches = operations.map((op): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
      positionalConstraint: 'EXACTLY',
      searchString: `AWSCognitoIdentityProviderService.${op}`,
      textTransformations: [{ priority: 0, type: 'NONE' }],
    },
  }));
  return matches.length === 1 ? matches[0]! : { orStatement: { statements: matches } };
}

/** The contact API's public prefix on the distribution: `/beta/`. */
export const CONTACT_PATH_PREFIX = `${APIS.contact.publicPrefix}/`;

export interface WebAclProps {
  stage: string;
}

/** CLOUDFRONT scope: create it in a us-east-1 stack (see edge.ts). */
export class CloudFrontWebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;
  readonly name: string;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    if (Stack.of(this).region !== 'us-east-1') {
      throw new Error('A CLOUDFRONT web ACL must be created in us-east-1');
    }
    this.name = `cpe-tracker-${props.stage}-cloudfront`;
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      name: this.name,
      description: `CPE Tracker ${props.stage}: CloudFront distribution`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(this.name),
      rules: [
        // Rate limits first: a flood is blocked before the managed groups spend WCUs on it.
        rateRule(
          'contact-per-ip',
          0,
          RATE_LIMITS.contactPerIp,
          pathStartsWith(CONTACT_PATH_PREFIX),
        ),
        rateRule('site-per-ip', 1, RATE_LIMITS.sitePerIp),
        // The API bounds body sizes itself (contact messages reach 5,000 characters,
        // over the group's 8 KB body rule in multi-byte scripts): counted, not blocked.
        managedGroup('AWSManagedRulesCommonRuleSet', 2, ['SizeRestrictions_BODY']),
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}

export interface UserPoolWebAclProps extends WebAclProps {
  userPoolArn: string;
}

/** REGIONAL scope, associated with the user pool. */
export class UserPoolWebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;
  readonly name: string;

  constructor(scope: Construct, id: string, props: UserPoolWebAclProps) {
    super(scope, id);
    this.name = `cpe-tracker-${props.stage}-cognito`;
    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      name: this.name,
      description: `CPE Tracker ${props.stage}: Cognito user pool`,
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(this.name),
      rules: [
        rateRule(
          'email-operations-per-ip',
          0,
          RATE_LIMITS.cognitoEmailPerIp,
          cognitoOperation(COGNITO_EMAIL_OPERATIONS),
        ),
        rateRule(
          'sign-in-per-ip',
          1,
          RATE_LIMITS.cognitoSignInPerIp,
          cognitoOperation(COGNITO_SIGN_IN_OPERATIONS),
        ),
        rateRule('all-per-ip', 2, RATE_LIMITS.cognitoPerIp),
        managedGroup('AWSManagedRulesKnownBadInputsRuleSet', 3),
      ],
    });
    new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPoolArn,
      webAclArn: this.acl.attrArn,
    });
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
