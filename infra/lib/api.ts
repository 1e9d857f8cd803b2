/**
 * The two REST APIs, built by iterating the route table (packages/shared/src/routes.ts):
 *
 * - "api", stage prod: every `/api/...` route; `auth: true` routes need a Cognito
 *   access token with scope aws.cognito.signin.user.admin;
 * - "contact", stage beta: the public contact form, throttled hard.
 *
 * Both answer only requests that came through CloudFront (decision 043):
 * every method requires an API key, and the only holder of the key is the
 * distribution, which adds it to each origin request as `x-api-key` (an origin
 * custom header replaces a header of the same name sent by the viewer). The
 * key's value is generated in Secrets Manager and reaches the API key and the
 * distribution as a CloudFormation dynamic reference, never the template.
 *
 * One Lambda per handler group, Lambda proxy integration, the handler answers.
 *
 * Request validation: API Gateway only checks that a body route that needs
 * fields received a JSON object; the handler (zod) validates the rest. The zod
 * schemas cannot be carried over faithfully: they trim, coerce numeric strings,
 * map '' and 1970-01-01 to null, refine real calendar dates and cross-check
 * fields, none of which JSON Schema draft 4 can say, so a generated model would
 * reject valid requests or accept invalid ones. And API Gateway answers a
 * failed model with one generic message, where the handler names every wrong
 * field and the local runtime behaves exactly the same (it runs the handlers,
 * not API Gateway). Routes whose schema accepts an empty body (the handler
 * reads a missing body as {}) get no model, because API Gateway would refuse
 * the missing body the handler accepts. The gateway's own 400 for a non-object
 * body is rewritten to the handler's words for the same fault.
 */
import { ArnFormat, Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import {
  APIS,
  type ApiName,
  BINARY_MEDIA_TYPES,
  type HandlerGroup,
  type RouteDef,
  routes as routeTable,
} from '@cpe/shared/routes';
import { API_SCOPE } from '@cpe/shared/user-pool';
import { type FunctionVariable, functionEnvironment, httpFunctions } from '@cpe/api/functions';
import type { Data } from './data';
import { HandlerFunction } from './functions';
import { acknowledge, acknowledgeGuard, LOG_GROUP_GUARD_REASONS } from './nag';

/** The gateway's answer to a body that is not a JSON object: the handler's words for it. */
export const BAD_REQUEST_BODY_TEMPLATE = JSON.stringify({
  message: 'Invalid request: the body must be a JSON object',
  errors: { body: 'must be a JSON object' },
});

/** The header CloudFront adds to every API origin request; API Gateway checks it as the API key. */
export const ORIGIN_KEY_HEADER = 'x-api-key';

/** Sent beside the key: the distribution's side of a rotation (see ApiProps.originKeyVersion). */
export const ORIGIN_KEY_VERSION_HEADER = 'x-cpe-origin-key-version';

/** The CloudFront header that carries the viewer's address and port to the contact API. */
export const CONTACT_CLIENT_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

export interface Throttle {
  rateLimit: number;
  burstLimit: number;
}

/** The groups that may call OpenAI: each reads the OpenAI key's secret, and only they do. */
const OPENAI_GROUPS: readonly HandlerGroup[] = ['recommendations', 'reports'];

export interface ApiProps {
  stage: string;
  apiDist: string;
  data: Data;
  userPool: cognito.IUserPool;
  openAiSecret: secretsmanager.ISecret;
  openAiModel?: string | undefined;
  /** CONTACT_TO_ADDRESS / MAIL_FROM_ADDRESS of the contact handler; unset: its defaults (and no SES grant). */
  contactToAddress?: string | undefined;
  mailFromAddress?: string | undefined;
  /** Signs the reminder emails' unsubscribe links (the reminders group verifies them). */
  reminderSecret: secretsmanager.ISecret;
  /** The site's public origin when it is known before the distribution (a custom domain). */
  siteUrl?: string | undefined;
  /** Where forwarded certificates are received (`in.<domain>`); absent: no forwarding address. */
  inboundMailDomain?: string | undefined;
  logRetention: logs.RetentionDays;
  logRemovalPolicy: RemovalPolicy;
  /** Default: api 50 rps / burst 100, contact 5 rps / burst 10. */
  throttle?: Partial<Record<ApiName, Throttle>>;
  /** Default: the route table. */
  routes?: readonly RouteDef[];
  /** RETAIN_ON_UPDATE_OR_DELETE keeps the origin key secret with the stage's other secrets. */
  secretRemovalPolicy: RemovalPolicy;
  /** Written into the API key (and, by the stack, the distribution): raising it re-reads the secret for both. */
  originKeyVersion: number;
}

const DEFAULT_THROTTLE: Record<ApiName, Throttle> = {
  api: { rateLimit: 50, burstLimit: 100 },
  contact: { rateLimit: 5, burstLimit: 10 },
};

function pascal(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `/api/users/{email}` -> `{ 'method.request.path.email': true }` */
function pathParameters(path: string): Record<string, boolean> | undefined {
  const names = [...path.matchAll(/\{([a-zA-Z_]+)\}/g)].map((m) => m[1]);
  if (names.length === 0) return undefined;
  return Object.fromEntries(names.map((n) => [`method.request.path.${n}`, true]));
}

/** The handler reads a missing body as {}; a route whose schema accepts {} must accept no body. */
export function bodyIsRequired(route: RouteDef): boolean {
  return route.body !== undefined && !route.body.safeParse({}).success;
}

/** ses:SendEmail as the given addresses (SES checks the sender and, in the sandbox, the recipient identity). */
export function grantSendEmail(
  grantee: iam.IGrantable,
  scope: Construct,
  addresses: string[],
): void {
  const stack = Stack.of(scope);
  const identities = [...new Set(addresses.flatMap((a) => [a, a.slice(a.indexOf('@') + 1)]))].map(
    (identity) =>
      stack.formatArn({
        service: 'ses',
        resource: 'identity',
        resourceName: identity,
        arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
      }),
  );
  iam.Grant.addToPrincipal({ grantee, actions: ['ses:SendEmail'], resourceArns: identities });
}

export class Api extends Construct {
  readonly restApis: Record<ApiName, apigw.RestApi>;
  readonly handlers: Record<HandlerGroup, HandlerFunction>;
  readonly authorizer: apigw.CognitoUserPoolsAuthorizer;
  readonly accessLogs: Record<ApiName, logs.LogGroup>;
  /** Generated value CloudFront sends as ORIGIN_KEY_HEADER; the APIs' only API key. */
  readonly originKeySecret: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const table = props.routes ?? routeTable;

    // API Gateway writes execution logs through one account-wide role. Created
    // once here for both APIs and kept on delete: other stacks of the account
    // (another stage) rely on the same account setting.
    const cloudWatchRole = new iam.Role(this, 'CloudWatchRole', {
      assumedBy: new iam.ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [
        iam.ManagedPolicy.fromAwsManagedPolicyName(
          'service-role/AmazonAPIGatewayPushToCloudWatchLogs',
        ),
      ],
    });
    cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    acknowledge(cloudWatchRole, {
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]':
        'The AWS-managed policy made for the API Gateway account logging role; API Gateway needs to create log groups named after API ids it only knows at runtime.',
    });
    const account = new apigw.CfnAccount(this, 'Account', {
      cloudWatchRoleArn: cloudWatchRole.roleArn,
    });
    account.applyRemovalPolicy(RemovalPolicy.RETAIN);

    const accessLogs: Partial<Record<ApiName, logs.LogGroup>> = {};
    const restApi = (name: ApiName, description: string): apigw.RestApi => {
      const throttle = { ...DEFAULT_THROTTLE[name], ...props.throttle?.[name] };
      const logGroup = new logs.LogGroup(this, `${pascal(name)}AccessLogs`, {
        retention: props.logRetention,
        removalPolicy: props.logRemovalPolicy,
      });
      accessLogs[name] = logGroup;
      acknowledgeGuard(logGroup, LOG_GROUP_GUARD_REASONS);
      const api = new apigw.RestApi(this, `${pascal(name)}Api`, {
        restApiName: `cpe-tracker-${props.stage}-${name}`,
        description,
        endpointConfiguration: { types: [apigw.EndpointType.REGIONAL] },
        cloudWatchRole: false,
        // CloudFront does not compress uncached (API) answers; API Gateway does, on Accept-Encoding.
        minCompressionSize: Size.kibibytes(1),
        // Audit reports (PDF, ZIP) leave the reports function base64-encoded.
        ...(name === 'api' ? { binaryMediaTypes: [...BINARY_MEDIA_TYPES] } : {}),
        deployOptions: {
          stageName: APIS[name].stage,
          throttlingRateLimit: throttle.rateLimit,
          throttlingBurstLimit: throttle.burstLimit,
          loggingLevel: apigw.MethodLoggingLevel.ERROR,
          dataTraceEnabled: false,
          metricsEnabled: true,
          tracingEnabled: false,
          accessLogDestination: new apigw.LogGroupLogDestination(logGroup),
          accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
        },
      });
      api.deploymentStage.node.addDependency(account);
      acknowledge(api.deploymentStage, {
        'AwsSolutions-APIG3':
          "Answers only CloudFront (every method requires the API key only the distribution holds), and the distribution's web ACL inspects every request on stages with WAF on; a second web ACL here would see the same requests again at the same price.",
      });
      acknowledgeGuard(api.deploymentStage, {
        api_gw_xray_enabled_check:
          "No X-Ray (see infra/lib/functions.ts): the handlers carry no tracing SDK, and access logs plus the handlers' JSON logs share the request id a request is followed by.",
      });
      // The invoke permissions LambdaIntegration adds under each method.
      acknowledgeGuard(api, {
        lambda_function_public_access_prohibited_check:
          'Each permission lets only apigateway.amazonaws.com invoke, and only from one method of this API (SourceArn names the API id, stage and route).',
      });
      api.addGatewayResponse('BadRequestBody', {
        type: apigw.ResponseType.BAD_REQUEST_BODY,
        statusCode: '400',
        templates: { 'application/json': BAD_REQUEST_BODY_TEMPLATE },
      });
      return api;
    };
    this.restApis = {
      api: restApi('api', 'CPE Tracker API (Cognito user pool authorizer)'),
      contact: restApi('contact', 'CPE Tracker public contact form'),
    };
    this.accessLogs = accessLogs as Record<ApiName, logs.LogGroup>;

    this.originKeySecret = new secretsmanager.Secret(this, 'OriginKey', {
      description: `The API key CloudFront sends to the CPE Tracker ${props.stage} APIs (${ORIGIN_KEY_HEADER})`,
      generateSecretString: { passwordLength: 40, excludePunctuation: true, includeSpace: false },
      removalPolicy: props.secretRemovalPolicy,
    });
    acknowledge(this.originKeySecret, {
      'AwsSolutions-SMG4':
        'CloudFormation resolves the value into the API key and the distribution at deploy; rotating it means putting a new value and raising originKeyVersion, which changes both in one deploy (docs/deploy.md); a rotation Lambda would change the secret without either.',
    });
    const apiKey = new apigw.ApiKey(this, 'CloudFrontKey', {
      apiKeyName: `cpe-tracker-${props.stage}-cloudfront`,
      // The version makes any rotation a change of this resource, so
      // CloudFormation resolves the secret again (it does so only for resources that change).
      description: `Held only by the CloudFront distribution: proves a request came through it (origin key version ${props.originKeyVersion})`,
      value: this.originKeySecret.secretValue.unsafeUnwrap(),
    });
    const usagePlan = new apigw.UsagePlan(this, 'CloudFrontUsagePlan', {
      name: `cpe-tracker-${props.stage}-cloudfront`,
      description: "The distribution's key on both API stages; throttling stays on the stages",
      apiStages: Object.values(this.restApis).map((api) => ({ api, stage: api.deploymentStage })),
    });
    usagePlan.addApiKey(apiKey);
    const validators = Object.fromEntries(
      (Object.keys(this.restApis) as ApiName[]).map((name) => [
        name,
        this.restApis[name].addRequestValidator('RequestValidator', {
          requestValidatorName: 'body-and-parameters',
          validateRequestBody: true,
          validateRequestParameters: true,
        }),
      ]),
    ) as Record<ApiName, apigw.RequestValidator>;

    this.authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      authorizerName: 'cognito-user-pool',
      cognitoUserPools: [props.userPool],
    });

    // One function per handler group of the table.
    const groups = [...new Set(table.map((r) => r.group))];
    this.handlers = Object.fromEntries(
      groups.map((group) => {
        const def = httpFunctions[group];
        const usesDatabase = def.needs.includes('database');
        const handler = new HandlerFunction(this, `${pascal(group)}Handler`, {
          module: def.module,
          apiDist: props.apiDist,
          description: `CPE Tracker ${props.stage}: ${def.description}`,
          memorySize: def.memoryMb,
          timeout: Duration.seconds(def.timeoutSeconds),
          environment: functionEnvironment(def, this.environmentValues(props)),
          logRetention: props.logRetention,
          logRemovalPolicy: props.logRemovalPolicy,
        });
        if (usesDatabase) props.data.grantDataAccess(handler.function);
        this.grantGroup(group, handler, props);
        return [group, handler];
      }),
    ) as Record<HandlerGroup, HandlerFunction>;

    const integrations = new Map<HandlerGroup, apigw.LambdaIntegration>();
    for (const route of table) {
      const api = this.restApis[route.api];
      if (route.auth && route.api !== 'api') {
        throw new Error(`${route.operation}: only the "api" REST API has an authorizer`);
      }
      let integration = integrations.get(route.group);
      if (!integration) {
        integration = new apigw.LambdaIntegration(this.handlers[route.group].function, {
          proxy: true,
          // One invoke permission per method, none for the console's test button.
          allowTestInvoke: false,
        });
        integrations.set(route.group, integration);
      }
      const parameters = pathParameters(route.path);
      const model = bodyIsRequired(route)
        ? api.addModel(`${pascal(route.operation)}Body`, {
            modelName: `${pascal(route.operation)}Body`,
            contentType: 'application/json',
            description: `${route.operation}: a JSON object (fields are validated by the handler)`,
            schema: {
              schema: apigw.JsonSchemaVersion.DRAFT4,
              title: `${pascal(route.operation)}Body`,
              type: apigw.JsonSchemaType.OBJECT,
            },
          })
        : undefined;
      const method = api.root.resourceForPath(route.path).addMethod(route.method, integration, {
        operationName: route.operation,
        requestValidator: validators[route.api],
        apiKeyRequired: true,
        ...(parameters ? { requestParameters: parameters } : {}),
        ...(model ? { requestModels: { 'application/json': model } } : {}),
        ...(route.auth
          ? {
              authorizationType: apigw.AuthorizationType.COGNITO,
              authorizer: this.authorizer,
              authorizationScopes: [API_SCOPE],
            }
          : { authorizationType: apigw.AuthorizationType.NONE }),
      });
      if (!route.auth) {
        const why = `${route.method} ${route.path} is public in the route table (${route.operation}: ${route.summary})`;
        acknowledge(method, {
          'AwsSolutions-APIG4': why,
          'AwsSolutions-COG4': why,
        });
      }
    }
  }

  /** What this stack knows for the functions' environments; each takes the variables its definition lists. */
  private environmentValues(props: ApiProps): Partial<Record<FunctionVariable, string>> {
    return {
      ...props.data.environment,
      OPENAI_SECRET_ARN: props.openAiSecret.secretArn,
      ...(props.openAiModel ? { OPENAI_MODEL: props.openAiModel } : {}),
      ...(props.contactToAddress ? { CONTACT_TO_ADDRESS: props.contactToAddress } : {}),
      ...(props.mailFromAddress ? { MAIL_FROM_ADDRESS: props.mailFromAddress } : {}),
      // Behind CloudFront, sourceIp is the edge's address; CloudFront names the viewer in
      // this header (forwarded for /beta/* only, web.ts), and only CloudFront reaches the API.
      CONTACT_CLIENT_ADDRESS_HEADER,
      REMINDER_SECRET_ARN: props.reminderSecret.secretArn,
      ...(props.siteUrl ? { SITE_URL: props.siteUrl } : {}),
      ...(props.inboundMailDomain ? { INBOUND_MAIL_DOMAIN: props.inboundMailDomain } : {}),
    };
  }

  private grantGroup(group: HandlerGroup, handler: HandlerFunction, props: ApiProps): void {
    if (OPENAI_GROUPS.includes(group)) props.openAiSecret.grantRead(handler.function);
    if (group === 'reminders') props.reminderSecret.grantRead(handler.function);
    // Every function that sends mail may send it as the stage's sender (contact also to its owner).
    if (httpFunctions[group].needs.includes('mail') && props.mailFromAddress) {
      const senders = [props.mailFromAddress];
      if (group === 'contact' && props.contactToAddress) senders.push(props.contactToAddress);
      grantSendEmail(handler.function, this, senders);
    }
    // users calls cognito-idp:GetUser with the caller's access token: a public operation, no grant.
  }
}
