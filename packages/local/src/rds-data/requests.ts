import { z } from 'zod';
import { DataApiError, messages } from './errors';

/** Request shapes from the rds-data 2018-08-01 model; unknown members are ignored like AWS does. */

const field = z.object({
  isNull: z.boolean().optional(),
  booleanValue: z.boolean().optional(),
  longValue: z.number().int().optional(),
  doubleValue: z.number().optional(),
  stringValue: z.string().optional(),
  blobValue: z.string().optional(),
  arrayValue: z.unknown().optional(),
});

const sqlParameter = z.object({
  name: z.string().optional(),
  value: field.optional(),
  typeHint: z.enum(['DATE', 'DECIMAL', 'JSON', 'TIME', 'TIMESTAMP', 'UUID']).optional(),
});

const target = {
  resourceArn: z.string().min(1).max(100),
  secretArn: z.string().min(11).max(100),
  database: z.string().max(64).optional(),
  schema: z.string().max(64).optional(),
};

export const executeStatementRequest = z.object({
  ...target,
  sql: z.string().max(65536),
  parameters: z.array(sqlParameter).optional(),
  transactionId: z.string().max(192).optional(),
  includeResultMetadata: z.boolean().optional(),
  continueAfterTimeout: z.boolean().optional(),
  resultSetOptions: z
    .object({
      decimalReturnType: z.enum(['STRING', 'DOUBLE_OR_LONG']).optional(),
      longReturnType: z.enum(['STRING', 'LONG']).optional(),
    })
    .optional(),
  formatRecordsAs: z.enum(['NONE', 'JSON']).optional(),
});

export const batchExecuteStatementRequest = z.object({
  ...target,
  sql: z.string().max(65536),
  parameterSets: z.array(z.array(sqlParameter)).optional(),
  transactionId: z.string().max(192).optional(),
});

export const beginTransactionRequest = z.object(target);

export const endTransactionRequest = z.object({
  resourceArn: target.resourceArn,
  secretArn: target.secretArn,
  transactionId: z.string().max(192),
});

export type Target = {
  resourceArn: string;
  secretArn: string;
  database?: string | undefined;
  /** A call in a transaction runs on the transaction's connection, to its database. */
  transactionId?: string | undefined;
};

/** AWS writes member paths like `parameters.1.member.typeHint` (1-based list positions). */
function memberPath(path: PropertyKey[]): string {
  return path
    .map((part) => (typeof part === 'number' ? `${part + 1}.member` : String(part)))
    .join('.');
}

/** Validates a request body, answering BadRequestException naming the first offending member. */
export function parseRequest<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new DataApiError('BadRequestException', messages.malformedBody());
  const path = memberPath(issue.path);
  const missing =
    issue.code === 'invalid_type' && (!('input' in issue) || issue.input === undefined);
  const message = missing
    ? messages.missingMember(path)
    : messages.invalidMember(path, issue.message);
  throw new DataApiError('BadRequestException', message);
}
