/**
 * The local runtime's AWS access key: one random key and secret per data
 * folder, written on first start to `<dataDir>/aws-credentials.json` (mode
 * 0600) and read from there by the runtime, local tools and tests. Every
 * emulator verifies SigV4 signatures against it, and it is never served over
 * HTTP: a web page the developer opens cannot sign a request (a fixed,
 * published key would let any page do what the functions do).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { chmodSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { readJsonState, writeFileAtomic, type Warn } from './state/files';

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
}

/** The file's name inside the data folder. */
export const CREDENTIALS_FILE = 'aws-credentials.json';

/** Access key ids look like AWS's (20 characters, upper case and digits); `LKIA` marks a local one. */
const ACCESS_KEY_ID = /^LKIA[A-Z2-7]{16}$/;
/** Secret keys are 40 characters of base64, as AWS issues them. */
const SECRET_ACCESS_KEY = /^[A-Za-z0-9+/]{40}$/;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function isCredentials(value: unknown): value is AwsCredentials {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { accessKeyId, secretAccessKey } = value as Record<string, unknown>;
  return (
    typeof accessKeyId === 'string' &&
    ACCESS_KEY_ID.test(accessKeyId) &&
    typeof secretAccessKey === 'string' &&
    SECRET_ACCESS_KEY.test(secretAccessKey)
  );
}

/** A fresh random key: 80 bits of id, 240 bits of secret. */
export function newCredentials(): AwsCredentials {
  let id = 'LKIA';
  for (let i = 0; i < 16; i += 1) id += BASE32[randomInt(32)];
  return { accessKeyId: id, secretAccessKey: randomBytes(30).toString('base64') };
}

export function credentialsFile(dataDir: string): string {
  return path.join(dataDir, CREDENTIALS_FILE);
}

/**
 * The data folder's key, created on first start. A file that does not hold
 * a key is moved aside with a warning and a new key written (the old one is
 * then refused by every emulator). Without a data folder the key lives as
 * long as the runtime.
 */
export function loadOrCreateCredentials(dataDir: string | undefined, warn: Warn): AwsCredentials {
  if (dataDir === undefined) return newCredentials();
  const file = credentialsFile(dataDir);
  const existing = readJsonState(file, isCredentials, warn);
  if (existing) {
    // Whoever else can read the key can sign as the functions: keep it the owner's.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return { accessKeyId: existing.accessKeyId, secretAccessKey: existing.secretAccessKey };
  }
  const created = newCredentials();
  writeFileAtomic(file, `${JSON.stringify(created, null, 2)}\n`, 0o600);
  return created;
}

/**
 * The key of a data folder a runtime has started on, for tools and tests
 * that sign their own calls to its emulators.
 */
export function readLocalCredentials(dataDir: string): AwsCredentials {
  const file = credentialsFile(dataDir);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(
      `${file} could not be read (${error instanceof Error ? error.message : String(error)}); start the local runtime once on this data folder to create it`,
    );
  }
  if (!isCredentials(value)) throw new Error(`${file} does not hold an access key and secret`);
  return { accessKeyId: value.accessKeyId, secretAccessKey: value.secretAccessKey };
}
