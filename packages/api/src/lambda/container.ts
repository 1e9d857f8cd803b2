/**
 * What every Lambda entry shares: the validated configuration and the AWS
 * setup of the container (the SDK's defaults: the region's endpoints and the
 * function role's credentials), each made once per container.
 */
import { type AwsSetup, dependencyTimingOf } from '../aws/setup';
import type { ApiConfig } from '../config';
import { lambdaConfig } from '../env';

export function container(): { config: ApiConfig; aws: AwsSetup } {
  const config = lambdaConfig();
  return { config, aws: { region: config.AWS_REGION, timing: dependencyTimingOf(config) } };
}
