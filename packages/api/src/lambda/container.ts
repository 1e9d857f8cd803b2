/**
 * What every Lambda entry shares: the validated configuration and the AWS
 * setup of the container (the region's endpoints and the function role's
 * credentials, unless the environment names others), each made once per
 * container.
 */
import { type AwsSetup, dependencyTimingOf } from '../aws/setup';
import type { ApiConfig } from '../config';
import { lambdaAwsEnvironment, lambdaConfig } from '../env';

export function container(): { config: ApiConfig; aws: AwsSetup } {
  const config = lambdaConfig();
  return {
    config,
    aws: {
      region: config.AWS_REGION,
      timing: dependencyTimingOf(config),
      ...lambdaAwsEnvironment(),
    },
  };
}
