import { App } from 'aws-cdk-lib';
import { parseStagesFile, readStagesFile, stageConfigFromContext } from '../lib/config';

const file = readStagesFile();

function config(context: Record<string, string>) {
  return stageConfigFromContext(new App({ context }).node, { deployNonce: 'n', stagesFile: file });
}

describe('stages from infra/stages.json', () => {
  it('describes dev, staging and prod, diffing pull requests against dev', () => {
    expect(Object.keys(file.stages)).toEqual(['dev', 'staging', 'prod']);
    expect(file.github.diffStage).toBe('dev');
  });

  it('defaults to the disposable dev stage: no retention, no WAF, Aurora pausing', () => {
    expect(config({})).toMatchObject({
      stage: 'dev',
      region: 'ap-southeast-2',
      retainData: false,
      waf: false,
      ses: undefined,
      aurora: { minCapacity: 0 },
      deployNonce: 'n',
      githubRepository: file.github.repository,
    });
  });

  it('keeps staging data like prod, smaller, with WAF and SES', () => {
    const staging = config({ stage: 'staging' });
    const prod = config({ stage: 'prod' });
    expect(staging).toMatchObject({
      retainData: true,
      waf: true,
      ses: expect.any(Object) as unknown,
    });
    expect(prod).toMatchObject({ retainData: true, waf: true, ses: expect.any(Object) as unknown });
    expect(staging.aurora.maxCapacity).toBeLessThanOrEqual(prod.aurora.maxCapacity);
  });

  it('lets context override a field for one run, checked by the same rules', () => {
    expect(config({ stage: 'staging', waf: 'false', minCapacity: '1' })).toMatchObject({
      waf: false,
      aurora: { minCapacity: 1 },
    });
    expect(config({ account: '999999999999' }).account).toBe('999999999999');
    expect(() => config({ retainData: 'yes' })).toThrow(/true or false/);
    expect(() => config({ minCapacity: '3', maxCapacity: '2' })).toThrow(/minCapacity/);
    expect(() => config({ minCapacity: '0.3' })).toThrow(/aurora.minCapacity/);
    expect(() => config({ account: '12' })).toThrow(/account/);
  });

  it('refuses unknown stages and inconsistent settings', () => {
    expect(() => config({ stage: 'qa' })).toThrow(/No stage qa.*dev, staging, prod/);
    expect(() => config({ domainName: 'cpe.example.com' })).toThrow(/together/);
    expect(() => config({ contactToAddress: 'me@example.com' })).toThrow(/needs ses/);
    expect(() => config({ priceClass: '300' })).toThrow(/priceClass/);
    expect(() => config({ githubRepository: 'no-slash' })).toThrow(/owner\/name/);
  });

  it('names the field at fault in a broken stages file', () => {
    const broken = JSON.parse(JSON.stringify(file)) as {
      stages: Record<string, Record<string, unknown>>;
    };
    broken.stages.dev!.alarmEmail = 'nobody';
    broken.stages.dev!.ses = { fromAddress: 'a@other.example', verifiedDomain: 'cpe.example' };
    expect(() => parseStagesFile(JSON.stringify(broken), 'stages.json')).toThrow(
      /stages\.dev\.alarmEmail: must be an email address[\s\S]*stages\.dev\.ses: fromAddress must be an address of verifiedDomain/,
    );
  });
});
