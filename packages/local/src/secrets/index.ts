/**
 * Secrets Manager emulator: GetSecretValue over JSON 1.1, secrets from the
 * local runtime's config. Counts calls so tests can hold "one per container".
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { HttpRequest, HttpResponse, HttpService } from '../http/types';

export interface LocalSecret {
  arn: string;
  value: string;
}

export interface SecretsManagerEmulator {
  handle: HttpService;
  calls: { readonly total: number; reset(): void };
}

function awsError(type: string, message: string, status = 400): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message, Message: message }),
  };
}

const TARGET_PREFIX = 'secretsmanager.';

export function createSecretsManagerEmulator(options: {
  secrets: LocalSecret[];
  clock?: Clock;
}): SecretsManagerEmulator {
  const created = Math.floor((options.clock ?? systemClock).now().getTime() / 1000);
  const versions = new Map(options.secrets.map((s) => [s.arn, randomUUID()]));
  let total = 0;

  function find(secretId: string): LocalSecret | undefined {
    return options.secrets.find((s) => s.arn === secretId || nameOf(s.arn) === secretId);
  }

  async function handle(request: HttpRequest): Promise<HttpResponse> {
    if (request.method !== 'POST')
      return awsError('InvalidRequestException', 'Only POST is supported.');
    const target = request.headers['x-amz-target'] ?? '';
    const operation = target.startsWith(TARGET_PREFIX)
      ? target.slice(TARGET_PREFIX.length)
      : target;
    if (operation !== 'GetSecretValue') {
      return awsError(
        'UnknownOperationException',
        `The local Secrets Manager does not implement ${operation || 'this operation'}.`,
      );
    }
    total++;
    let input: { SecretId?: unknown };
    try {
      input = JSON.parse(request.body.toString('utf8') || '{}') as { SecretId?: unknown };
    } catch {
      return awsError('SerializationException', 'Malformed request body.');
    }
    if (typeof input.SecretId !== 'string' || input.SecretId === '') {
      return awsError('InvalidParameterException', 'SecretId is required.');
    }
    const secret = find(input.SecretId);
    if (!secret) {
      return awsError(
        'ResourceNotFoundException',
        "Secrets Manager can't find the specified secret.",
      );
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        ARN: secret.arn,
        Name: nameOf(secret.arn),
        VersionId: versions.get(secret.arn),
        SecretString: secret.value,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: created,
      }),
    };
  }

  return {
    handle,
    calls: {
      get total() {
        return total;
      },
      reset() {
        total = 0;
      },
    },
  };
}

/** `arn:aws:secretsmanager:region:acct:secret:name` -> `name`. */
function nameOf(arn: string): string {
  return arn.split(':secret:')[1] ?? arn;
}
