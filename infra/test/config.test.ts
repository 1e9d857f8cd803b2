import { App } from 'aws-cdk-lib';
import { DEFAULT_REGION, stageConfigFromContext } from '../lib/config';

function config(context: Record<string, string>) {
  return stageConfigFromContext(new App({ context }).node, {
    account: undefined,
    deployNonce: 'n',
  });
}

describe('stage configuration from CDK context', () => {
  it('defaults to a disposable dev stage in ap-southeast-2', () => {
    expect(config({})).toMatchObject({
      stage: 'dev',
      region: DEFAULT_REGION,
      retainData: false,
      priceClass: 'All',
      deployNonce: 'n',
    });
    expect(DEFAULT_REGION).toBe('ap-southeast-2');
  });

  it('retains data in prod and needs the contact address there', () => {
    expect(() => config({ stage: 'prod' })).toThrow(/contactToAddress/);
    expect(config({ stage: 'prod', contactToAddress: 'me@example.com' })).toMatchObject({
      retainData: true,
      contactToAddress: 'me@example.com',
      mailFromAddress: 'me@example.com',
    });
  });

  it('lets retention be chosen per stage', () => {
    expect(config({ stage: 'staging', retainData: 'true' }).retainData).toBe(true);
    expect(() => config({ retainData: 'yes' })).toThrow(/true or false/);
  });

  it('refuses bad values', () => {
    expect(() => config({ stage: 'Prod!' })).toThrow(/stage/);
    expect(() => config({ contactToAddress: 'nobody' })).toThrow(/email/);
    expect(() => config({ priceClass: '300' })).toThrow(/priceClass/);
    expect(() => config({ domainName: 'cpe.example.com' })).toThrow(/together/);
  });
});
