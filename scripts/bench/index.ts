/** `pnpm bench`: every benchmark, printed against docs budgets. Exits non-zero when one is over budget. */
import { benchLambdaBundles } from './lambda-bundles';
import { benchLighthouse } from './lighthouse';
import { benchLocalApi } from './local-api';
import { benchWebBundle } from './web-bundle';

async function main(): Promise<void> {
  const only = process.argv[2];
  const benches: Record<string, () => Promise<boolean>> = {
    'web-bundle': benchWebBundle,
    'lambda-bundles': benchLambdaBundles,
    'local-api': benchLocalApi,
    lighthouse: benchLighthouse,
  };
  let ok = true;
  for (const [name, run] of Object.entries(benches)) {
    if (only && only !== name) continue;
    ok = (await run()) && ok;
  }
  console.log(ok ? '\nAll figures within budget.' : '\nSome figures are over budget.');
  process.exitCode = ok ? 0 : 1;
}

void main();
