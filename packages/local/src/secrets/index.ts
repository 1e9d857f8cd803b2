/**
 * Secrets Manager emulator: GetSecretValue over JSON 1.1, secrets from the
 * local runtime's config. Each secret is created at start, as the stack
 * creates its secrets: an ARN with Secrets Manager's random six-character
 * suffix (`...:secret:<name>-AbC123`) and one version, labelled AWSCURRENT.
 * A secret is found, as in AWS, by its full ARN, by its ARN without the
 * suffix (a partial ARN) or by its name; VersionId and VersionStage choose
 * the version and answer AWS's errors when they name none. Counts calls so
 * tests can hold "one per container".
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Clock } from '../clock';
import { systemClock } from '../clock';
import type { HttpRequest, HttpResponse, HttpService } from '../http/types';

export interface LocalSecret {
  /** The secret's name, e.g. `cpe-local-db`. */
  name: string;
  value: string;
}

export interface SecretsManagerOptions {
  region: string;
  accountId: string;
  secrets: LocalSecret[];
  clock?: Clock;
}

export interface SecretsManagerEmulator {
  handle: HttpService;
  /** The full ARN of a secret by name (with its random suffix), as CDK's `secretArn` gives it. */
  arnOf(name: string): string;
  calls: { readonly total: number; reset(): void };
}

interface StoredSecret {
  name: string;
  arn: string;
  /** The ARN without the suffix. */
  partialArn: string;
  value: string;
  versionId: string;
  stages: readonly string[];
  created: number;
}

/** The wordings AWS answers GetSecretValue with. UNCONFIRMED where marked. */
export const secretsMessages = {
  notFound: () => "Secrets Manager can't find the specified secret.",
  noSuchVersionId: (id: string) =>
    `Secrets Manager can't find the specified secret value for VersionId: ${id}`,
  noSuchStage: (stage: string) =>
    `Secrets Manager can't find the specified secret value for staging label: ${stage}`,
  // UNCONFIRMED: the exception type AWS answers a VersionId and a VersionStage of different versions with.
  stageNotOfVersion: () =>
    'You provided a VersionStage that is not associated to the provided VersionId.',
  missingSecretId: () => 'You must provide a value for the SecretId parameter.',
  // UNCONFIRMED: the JSON protocols' answer to a member of the wrong type.
  wrongType: (member: string) => `The value of ${member} must be a string.`,
};

function awsError(type: string, message: string, status = 400): HttpResponse {
  return {
    status,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-errortype': type },
    body: JSON.stringify({ __type: type, message, Message: message }),
  };
}

const TARGET_PREFIX = 'secretsmanager.';
const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Six random letters and digits, as Secrets Manager appends to every secret's ARN. */
function randomSuffix(): string {
  let suffix = '';
  for (let i = 0; i < 6; i += 1) suffix += SUFFIX_ALPHABET[randomInt(SUFFIX_ALPHABET.length)];
  return suffix;
}

export function createSecretsManagerEmulator(
  options: SecretsManagerOptions,
): SecretsManagerEmulator {
  const created = Math.floor((options.clock ?? systemClock).now().getTime() / 1000);
  const secrets: StoredSecret[] = options.secrets.map((secret) => {
    const partialArn = `arn:aws:secretsmanager:${options.region}:${options.accountId}:secret:${secret.name}`;
    return {
      name: secret.name,
      arn: `${partialArn}-${randomSuffix()}`,
      partialArn,
      value: secret.value,
      versionId: randomUUID(),
      stages: ['AWSCURRENT'],
      created,
    };
  });
  let total = 0;

  function find(secretId: string): StoredSecret | undefined {
    return (
      secrets.find((s) => s.arn === secretId) ??
      secrets.find((s) => s.partialArn === secretId || s.name === secretId)
    );
  }

  function getSecretValue(input: Record<string, unknown>): HttpResponse {
    const { SecretId, VersionId, VersionStage } = input;
    if (SecretId === undefined || SecretId === '')
      return awsError('InvalidParameterException', secretsMessages.missingSecretId());
    for (const [member, value] of Object.entries({ SecretId, VersionId, VersionStage }))
      if (value !== undefined && typeof value !== 'string')
        return awsError('InvalidParameterException', secretsMessages.wrongType(member));
    const secret = find(SecretId as string);
    if (!secret) return awsError('ResourceNotFoundException', secretsMessages.notFound());
    // Each secret has one version: VersionId must be its id, VersionStage one of its labels.
    if (typeof VersionId === 'string' && VersionId !== secret.versionId)
      return awsError('ResourceNotFoundException', secretsMessages.noSuchVersionId(VersionId));
    if (typeof VersionStage === 'string' && !secret.stages.includes(VersionStage))
      return typeof VersionId === 'string'
        ? awsError('ResourceNotFoundException', secretsMessages.stageNotOfVersion())
        : awsError('ResourceNotFoundException', secretsMessages.noSuchStage(VersionStage));
    return {
      status: 200,
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: JSON.stringify({
        ARN: secret.arn,
        Name: secret.name,
        VersionId: secret.versionId,
        SecretString: secret.value,
        VersionStages: secret.stages,
        CreatedDate: secret.created,
      }),
    };
  }

  function answer(request: HttpRequest): HttpResponse {
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
    let input: unknown;
    try {
      input = JSON.parse(request.body.toString('utf8') || '{}');
    } catch {
      return awsError('SerializationException', 'Malformed request body.');
    }
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      return awsError('SerializationException', 'Malformed request body.');
    return getSecretValue(input as Record<string, unknown>);
  }

  return {
    handle: (request) => Promise.resolve(answer(request)),
    arnOf(name) {
      const secret = secrets.find((s) => s.name === name);
      if (!secret) throw new Error(`no local secret named ${name}`);
      return secret.arn;
    },
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
