/** Powertools' Logger: what log.ts loads with the first line logged (as s3-sdk.ts, only the library). */
export { Logger } from '@aws-lambda-powertools/logger';
