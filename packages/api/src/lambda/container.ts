/**
 * What every Lambda entry shares: the validated configuration and the AWS
 * setup of the container (the region, the api's limits and the endpoints the
 * environment names; the SDK finds the role's credentials itself), each made
 * once per container.
 */
import { type AwsSetup, dependencyTimingOf } from '../aws/setup';
import type { ApiConfig } from '../config';
import { lambdaConfig, lambdaEndpoints } from '../env';

export function container(): { config: ApiConfig; aws: AwsSetup } {
  const config = lambdaConfig();
  return {
    config,
    aws: {
      region: config.AWS_REGION,
      timing: dependencyTimingOf(config),
      endpoints: lambdaEndpoints(),
    },
  };
}
