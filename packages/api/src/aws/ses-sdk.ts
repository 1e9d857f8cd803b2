/** The SES client: what ses.ts loads on its first email (as s3-sdk.ts, only the SDK). */
export { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
