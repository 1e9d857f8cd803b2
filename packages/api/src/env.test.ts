import { lambdaAwsEnvironment } from './env';

describe('lambdaAwsEnvironment', () => {
  it("reads the function role's credentials Lambda sets, session token included", () => {
    const aws = lambdaAwsEnvironment({
      AWS_ACCESS_KEY_ID: 'ASIAENV',
      AWS_SECRET_ACCESS_KEY: 'secret',
      AWS_SESSION_TOKEN: 'token',
    });

    expect(aws).toEqual({
      credentials: { accessKeyId: 'ASIAENV', secretAccessKey: 'secret', sessionToken: 'token' },
      endpoints: {},
    });
  });

  it('has no credentials when the environment has none, and no endpoints unless named', () => {
    expect(lambdaAwsEnvironment({ AWS_ACCESS_KEY_ID: 'only-the-id' })).toEqual({ endpoints: {} });
  });

  it("names endpoints as the SDK reads them: the service's variable, then AWS_ENDPOINT_URL", () => {
    const aws = lambdaAwsEnvironment({
      AWS_ENDPOINT_URL_RDS_DATA: 'http://127.0.0.1:3000/_aws/rds-data',
      AWS_ENDPOINT_URL: 'http://127.0.0.1:4566',
    });

    expect(aws.endpoints).toEqual({
      rdsData: 'http://127.0.0.1:3000/_aws/rds-data',
      secretsManager: 'http://127.0.0.1:4566',
    });
  });
});
