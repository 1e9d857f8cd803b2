/** `pnpm start`: the whole product on one port with no AWS account, from the sources as they are. */
import { buildArtifacts } from './build';
import { readEnv } from './env';
import { startLocalRuntime } from './runtime';

async function main(): Promise<void> {
  const env = readEnv();
  buildArtifacts();
  const runtime = await startLocalRuntime({
    port: env.PORT,
    host: env.HOST,
    dataDir: env.LOCAL_DATA_DIR,
    webDistDir: env.WEB_DIST_DIR,
    allowedHosts: env.ALLOWED_HOSTS,
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    ...(env.OPENAI_API_KEY
      ? {
          openAi: {
            apiKey: env.OPENAI_API_KEY,
            ...(env.OPENAI_MODEL ? { model: env.OPENAI_MODEL } : {}),
            ...(env.OPENAI_BASE_URL ? { baseUrl: env.OPENAI_BASE_URL } : {}),
          },
        }
      : {}),
    ...(env.CONTACT_TO_ADDRESS ? { contactToAddress: env.CONTACT_TO_ADDRESS } : {}),
    badgeFetchAllowLoopback: env.BADGE_FETCH_ALLOW_LOOPBACK,
  });
  const shown = runtime.url.replace('127.0.0.1', 'localhost');
  console.log(`CPE Tracker is running at ${shown}`);
  console.log(
    `  database: ${env.DATABASE_URL ? 'PostgreSQL server (DATABASE_URL)' : `embedded PGlite in ${env.LOCAL_DATA_DIR}`}`,
  );
  console.log(`  outbox:   ${shown}/_dev/mail`);

  const stop = () => {
    runtime.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
