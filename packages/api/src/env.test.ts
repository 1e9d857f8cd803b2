import { lambdaEndpoints } from './env';

describe('lambdaEndpoints', () => {
  it('names no endpoint when the environment names none: the SDK resolves the Region', () => {
    expect(lambdaEndpoints({ AWS_REGION: 'ap-southeast-2', AWS_ACCESS_KEY_ID: 'ASIAENV' })).toEqual(
      {},
    );
  });

  it("names endpoints as the SDK reads them: the service's variable, then AWS_ENDPOINT_URL", () => {
    const endpoints = lambdaEndpoints({
      AWS_ENDPOINT_URL_RDS_DATA: 'http://127.0.0.1:3000/_aws/rds-data',
      AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:3000/_aws/s3',
      AWS_ENDPOINT_URL: 'http://127.0.0.1:4566',
    });

    expect(endpoints).toEqual({
      rdsData: 'http://127.0.0.1:3000/_aws/rds-data',
      s3: 'http://127.0.0.1:3000/_aws/s3',
      secretsManager: 'http://127.0.0.1:4566',
      sesv2: 'http://127.0.0.1:4566',
      cognitoIdentityProvider: 'http://127.0.0.1:4566',
    });
  });
});
