import { Match } from 'aws-cdk-lib/assertions';
import { APIS, type RouteDef, routes } from '@cpe/shared/routes';
import { API_SCOPE } from '@cpe/shared/user-pool';
import { httpFunctions, httpHandlers, otherFunctions } from '@cpe/api/functions';
import { BAD_REQUEST_BODY_TEMPLATE, bodyIsRequired } from '../lib/api';
import { logicalId, PROD_CONTEXT, resources, STAGES, synthesized } from './support/stack';

const table = routes as readonly RouteDef[];
const { template, config } = synthesized(PROD_CONTEXT);

const restApis = resources(template, 'AWS::ApiGateway::RestApi');
const apiResources = resources(template, 'AWS::ApiGateway::Resource');
const methods = resources(template, 'AWS::ApiGateway::Method');
const functions = resources(template, 'AWS::Lambda::Function');

function restApiId(name: keyof typeof APIS): string {
  return logicalId(
    template,
    'AWS::ApiGateway::RestApi',
    `Api${name[0]!.toUpperCase()}${name.slice(1)}Api`,
  );
}

/** The full path of an API Gateway resource, from its PathPart and parents. */
function resourcePath(resourceRef: unknown): string {
  const ref = resourceRef as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (ref['Fn::GetAtt']) return '';
  const resource = apiResources[ref.Ref!]!;
  const props = resource.Properties as { PathPart: string; ParentId: unknown };
  return `${resourcePath(props.ParentId)}/${props.PathPart}`;
}

interface DeployedMethod {
  api: string;
  path: string;
  method: string;
  props: Record<string, unknown>;
}

const deployed: DeployedMethod[] = Object.values(methods).map((m) => {
  const props = m.Properties as Record<string, unknown>;
  return {
    api: (props.RestApiId as { Ref: string }).Ref,
    path: resourcePath(props.ResourceId) || '/',
    method: props.HttpMethod as string,
    props,
  };
});

function deployedRoute(route: RouteDef): DeployedMethod {
  const found = deployed.filter(
    (m) => m.api === restApiId(route.api) && m.path === route.path && m.method === route.method,
  );
  expect(found).toHaveLength(1);
  return found[0]!;
}

function handlerFunctionId(group: string): string {
  return logicalId(
    template,
    'AWS::Lambda::Function',
    `Api${group[0]!.toUpperCase()}${group.slice(1)}HandlerFunction`,
  );
}

describe('the REST APIs built from the route table', () => {
  it('has exactly the two APIs, with their stages', () => {
    expect(Object.keys(restApis)).toHaveLength(2);
    for (const name of Object.keys(APIS) as (keyof typeof APIS)[]) {
      template.hasResourceProperties('AWS::ApiGateway::Stage', {
        RestApiId: { Ref: restApiId(name) },
        StageName: APIS[name].stage,
      });
    }
  });

  it('throttles the public contact API hard', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      RestApiId: { Ref: restApiId('contact') },
      StageName: 'beta',
      MethodSettings: Match.arrayWith([
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 5,
          ThrottlingBurstLimit: 10,
        }),
      ]),
    });
  });

  it('answers PDF and ZIP as bytes on the api API only (binary media types)', () => {
    const binaryTypes = (name: keyof typeof APIS) =>
      (restApis[restApiId(name)]!.Properties as { BinaryMediaTypes?: string[] }).BinaryMediaTypes;
    expect(binaryTypes('api')).toEqual(['application/pdf', 'application/zip']);
    expect(binaryTypes('contact')).toBeUndefined();
  });

  it('keeps access logs for both stages', () => {
    for (const name of Object.keys(APIS) as (keyof typeof APIS)[]) {
      template.hasResourceProperties('AWS::ApiGateway::Stage', {
        RestApiId: { Ref: restApiId(name) },
        AccessLogSetting: Match.objectLike({ DestinationArn: Match.anyValue() }),
      });
    }
  });

  it('has one method per route and nothing else', () => {
    expect(deployed).toHaveLength(table.length);
  });

  it.each(table.map((r) => [`${r.method} ${r.path} (${r.api})`, r] as const))(
    '%s: method, authorization, integration',
    (_, route) => {
      const { props } = deployedRoute(route);
      expect(props.OperationName).toBe(route.operation);
      if (route.auth) {
        expect(props.AuthorizationType).toBe('COGNITO_USER_POOLS');
        expect(props.AuthorizationScopes).toEqual([API_SCOPE]);
        expect(props.AuthorizerId).toEqual({
          Ref: logicalId(template, 'AWS::ApiGateway::Authorizer', 'ApiAuthorizer'),
        });
      } else {
        expect(props.AuthorizationType).toBe('NONE');
        expect(props.AuthorizerId).toBeUndefined();
      }
      const integration = props.Integration as Record<string, unknown>;
      expect(integration.Type).toBe('AWS_PROXY');
      expect(integration.IntegrationHttpMethod).toBe('POST');
      expect(JSON.stringify(integration.Uri)).toContain(handlerFunctionId(route.group));
      expect(props.RequestValidatorId).toBeDefined();
      for (const name of route.path.matchAll(/\{([a-zA-Z_]+)\}/g)) {
        expect(props.RequestParameters).toMatchObject({ [`method.request.path.${name[1]}`]: true });
      }
    },
  );

  it('puts the Cognito authorizer on the user pool', () => {
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [
        { 'Fn::GetAtt': [logicalId(template, 'AWS::Cognito::UserPool', 'AuthUserPool'), 'Arn'] },
      ],
    });
  });

  it('requires a JSON object body exactly where the zod schema needs fields', () => {
    const models = resources(template, 'AWS::ApiGateway::Model');
    for (const route of table) {
      const { props } = deployedRoute(route);
      if (!bodyIsRequired(route)) {
        expect(props.RequestModels).toBeUndefined();
        continue;
      }
      const modelRef = (props.RequestModels as Record<string, { Ref: string }>)[
        'application/json'
      ]!;
      const model = models[modelRef.Ref]!.Properties as Record<string, unknown>;
      expect(model.Schema).toMatchObject({
        $schema: 'http://json-schema.org/draft-04/schema#',
        type: 'object',
      });
    }
    // ensureUser accepts an empty body: API Gateway must not refuse it.
    expect(bodyIsRequired(table.find((r) => r.operation === 'ensureUser')!)).toBe(false);
    expect(bodyIsRequired(table.find((r) => r.operation === 'createCertification')!)).toBe(true);
  });

  it("answers a non-object body in the handler's words", () => {
    for (const name of Object.keys(APIS) as (keyof typeof APIS)[]) {
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        RestApiId: { Ref: restApiId(name) },
        ResponseType: 'BAD_REQUEST_BODY',
        StatusCode: '400',
        ResponseTemplates: { 'application/json': BAD_REQUEST_BODY_TEMPLATE },
      });
    }
  });
});

const clusterId = logicalId(template, 'AWS::RDS::DBCluster', 'DataCluster');
const managedSecretArn = { 'Fn::GetAtt': [clusterId, 'MasterUserSecret.SecretArn'] };
/** How the template spells the cluster ARN (the Data API grant and DB_CLUSTER_ARN). */
const clusterArn = {
  'Fn::Join': [
    '',
    [
      // enablePartitionLiterals (cdk.json): the partition is a literal once the region is known.
      `arn:aws:rds:ap-southeast-2:${STAGES.stages.prod!.account}:cluster:`,
      { Ref: clusterId },
    ],
  ],
};

describe('the Lambda functions', () => {
  const groups = [...new Set(table.map((r) => r.group))];

  it('has one per handler group plus migrate, post-confirmation and the scheduled jobs (and CDK handlers)', () => {
    // Ours run on the Node runtime from the api bundles; CDK's own handlers are Python or have no architecture set.
    const ours = Object.values(functions).filter(
      (f) =>
        f.Properties?.Runtime === 'nodejs24.x' &&
        (f.Properties?.Architectures as string[] | undefined)?.[0] === 'arm64',
    );
    // Every other function of the table: migrate, post-confirmation, the contact and reminder
    // digests, and the inbound mail's where the stage receives mail (infra/lib/inbound.ts).
    const others = Object.keys(otherFunctions).filter(
      (name) => name !== 'inbound' || config.inboundMail,
    );
    expect(ours).toHaveLength(groups.length + others.length);
    expect(groups.sort()).toEqual(Object.keys(httpHandlers).sort());
  });

  it.each(groups)(
    '%s: Node 20 on arm64, the bundle, its timeout and memory, the DB environment only when it needs it',
    (group) => {
      const def = httpFunctions[group];
      const fn = functions[handlerFunctionId(group)]!.Properties as Record<string, unknown>;
      expect(fn).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        Timeout: def.timeoutSeconds,
        MemorySize: def.memoryMb,
        LoggingConfig: { LogGroup: { Ref: expect.stringMatching(/Logs/) as unknown } },
      });
      expect(fn.TracingConfig).toEqual({ Mode: 'Active' });
      const variables = (fn.Environment as { Variables?: Record<string, unknown> } | undefined)
        ?.Variables;
      if (def.needs.includes('database')) {
        expect(variables).toMatchObject({
          DB_NAME: 'cpe',
          DB_CLUSTER_ARN: clusterArn,
          // The secret RDS manages (and rotates) for the cluster.
          DB_SECRET_ARN: managedSecretArn,
        });
      } else {
        expect(variables?.DB_CLUSTER_ARN).toBeUndefined();
        expect(variables?.DB_SECRET_ARN).toBeUndefined();
      }
    },
  );

  it('gives the OpenAI secret to the functions that may call OpenAI only (recommendations, reports)', () => {
    const variables = (id: string) =>
      (functions[id]!.Properties as { Environment?: { Variables?: Record<string, unknown> } })
        .Environment?.Variables ?? {};
    const secret = logicalId(template, 'AWS::SecretsManager::Secret', 'DataOpenAiSecret');
    const withSecret = ['recommendations', 'reports'] as const;
    for (const group of withSecret) {
      expect(variables(handlerFunctionId(group)).OPENAI_SECRET_ARN).toEqual({ Ref: secret });
    }
    for (const group of groups.filter((g) => !(withSecret as readonly string[]).includes(g))) {
      expect(variables(handlerFunctionId(group)).OPENAI_SECRET_ARN).toBeUndefined();
    }
  });

  it('gives the contact handler its addresses, and the header naming the visitor behind CloudFront', () => {
    const fn = functions[handlerFunctionId('contact')]!.Properties as {
      Environment: { Variables: Record<string, unknown> };
    };
    expect(fn.Environment.Variables).toMatchObject({
      CONTACT_TO_ADDRESS: STAGES.stages.prod!.contactToAddress,
      MAIL_FROM_ADDRESS: STAGES.stages.prod!.ses!.fromAddress,
      CONTACT_CLIENT_ADDRESS_HEADER: 'CloudFront-Viewer-Address',
    });
  });
});

describe('grants', () => {
  const policies = resources(template, 'AWS::IAM::Policy');
  function statementsOf(functionId: string): Record<string, unknown>[] {
    const role = (functions[functionId]!.Properties as { Role: { 'Fn::GetAtt': [string, string] } })
      .Role['Fn::GetAtt'][0];
    return Object.values(policies)
      .filter((p) =>
        (p.Properties as { Roles: { Ref: string }[] }).Roles.some((r) => r.Ref === role),
      )
      .flatMap(
        (p) =>
          (p.Properties as { PolicyDocument: { Statement: Record<string, unknown>[] } })
            .PolicyDocument.Statement,
      );
  }
  const actions = (s: Record<string, unknown>) => [s.Action].flat() as string[];

  const dbFunctions = [
    ...[...new Set(table.map((r) => r.group))]
      .filter((group) => httpFunctions[group].needs.includes('database'))
      .map(handlerFunctionId),
    logicalId(template, 'AWS::Lambda::Function', 'MigrationsHandlerFunction'),
    logicalId(template, 'AWS::Lambda::Function', 'PostConfirmationFunction'),
  ];

  it.each(dbFunctions)('%s may call the Data API on the cluster and read its secret', (id) => {
    const statements = statementsOf(id);
    const dataApi = statements.find((s) => actions(s).includes('rds-data:ExecuteStatement'));
    expect(dataApi?.Resource).toEqual(clusterArn);
    expect(actions(dataApi!)).toEqual(
      expect.arrayContaining(['rds-data:BeginTransaction', 'rds-data:CommitTransaction']),
    );
    const secret = statements.find((s) => actions(s).includes('secretsmanager:GetSecretValue'));
    expect([secret?.Resource].flat()).toContainEqual(managedSecretArn);
  });

  it('lets only the functions that mail send email (contact and account), as their own addresses', () => {
    const contact = handlerFunctionId('contact');
    const account = handlerFunctionId('account');
    for (const id of dbFunctions) {
      const ses = statementsOf(id).filter((s) => actions(s).some((a) => a.startsWith('ses:')));
      if (id !== contact && id !== account) {
        expect(ses).toEqual([]);
        continue;
      }
      expect(ses).toHaveLength(1);
      expect(actions(ses[0]!)).toEqual(['ses:SendEmail']);
      const arns = JSON.stringify(ses[0]!.Resource);
      const identities = ['no-reply@cpetracker.example', 'cpetracker.example'];
      if (id === contact) identities.push('owner@cpetracker.example');
      for (const identity of identities) expect(arns).toContain(`:identity/${identity}`);
      if (id === account) expect(arns).not.toContain('owner@');
      expect(arns).not.toContain('*');
    }
  });

  it('lets the recommendations handler read the OpenAI secret', () => {
    const secret = logicalId(template, 'AWS::SecretsManager::Secret', 'DataOpenAiSecret');
    const statements = statementsOf(handlerFunctionId('recommendations'));
    const reads = statements.filter((s) => actions(s).includes('secretsmanager:GetSecretValue'));
    expect(reads.flatMap((s) => [s.Resource].flat())).toContainEqual({ Ref: secret });
  });

  it('lets API Gateway invoke each handler for its own routes only', () => {
    const permissions = Object.values(resources(template, 'AWS::Lambda::Permission')).filter(
      (p) => (p.Properties as { Principal: string }).Principal === 'apigateway.amazonaws.com',
    );
    expect(permissions).toHaveLength(table.length);
  });
});
