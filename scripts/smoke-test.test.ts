/**
 * Which sites the smoke test checks after a deploy: the distribution's own
 * domain always (DNS for a custom domain is set after the first deploy), and
 * the custom domain once DNS answers for it.
 */
import { smokeTargets } from './smoke-test';

const outputs = {
  SiteUrl: 'https://cpetracker.example',
  DistributionDomainName: 'd111111abcdef8.cloudfront.net',
};

describe('smoke test targets', () => {
  it('checks the distribution only, and says so, while DNS does not answer for the custom domain', async () => {
    const asked: string[] = [];
    const targets = await smokeTargets(outputs, (host) => {
      asked.push(host);
      return Promise.resolve(false);
    });
    expect(targets).toEqual({
      urls: ['https://d111111abcdef8.cloudfront.net'],
      skipped: ['https://cpetracker.example'],
    });
    expect(asked).toEqual(['cpetracker.example']);
  });

  it('checks both once DNS answers', async () => {
    expect(await smokeTargets(outputs, () => Promise.resolve(true))).toEqual({
      urls: ['https://d111111abcdef8.cloudfront.net', 'https://cpetracker.example'],
      skipped: [],
    });
  });

  it('checks a stage without a domain once (its site is the distribution)', async () => {
    const dev = {
      SiteUrl: 'https://d222.cloudfront.net',
      DistributionDomainName: 'd222.cloudfront.net',
    };
    expect(await smokeTargets(dev, () => Promise.reject(new Error('not asked')))).toEqual({
      urls: ['https://d222.cloudfront.net'],
      skipped: [],
    });
  });

  it('asks the real resolver by default (a reserved name never resolves)', async () => {
    const targets = await smokeTargets({
      SiteUrl: 'https://cpe-tracker.invalid',
      DistributionDomainName: 'd333.cloudfront.net',
    });
    expect(targets.skipped).toEqual(['https://cpe-tracker.invalid']);
  });
});
