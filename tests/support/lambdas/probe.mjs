// A stand-in Lambda for the runtime's own tests, loaded by a container as
// index.handler is: it reports which container answered and what it sees,
// and on request waits, throws, or ends its process.
import { threadId } from 'node:worker_threads';

const startedAt = Date.now();

export async function handler(event) {
  const query = event.queryStringParameters ?? {};
  if (query.wait) await new Promise((resolve) => setTimeout(resolve, Number(query.wait)));
  if (query.exit) process.exit(1);
  if (query.throw) throw new Error('the handler failed');
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      container: threadId,
      startedAt,
      env: Object.fromEntries(
        Object.entries(process.env).filter(
          ([name]) =>
            /^(AWS_|DB_|CONTACT_|OPENAI_|EVIDENCE_)/.test(name) && name !== 'AWS_SECRET_ACCESS_KEY',
        ),
      ),
    }),
  };
}
