/**
 * `pnpm bench [name]`: every benchmark (or the one named), printed against
 * the docs' budgets and recorded in bench/results.json: each figure with its
 * budget and verdict, the date, the commit and the machine, so figures can be
 * compared over time. A run of one bench replaces only that bench's entry.
 * The benches in `namedOnly` (the minutes-long synth) run only when named.
 * Exits non-zero when a figure is over budget or a bench fails to run.
 *
 * Each bench runs in a process of its own, so one bench's runtimes, worker
 * threads and garbage never weigh on the next one's figures.
 */
import { execFileSync, fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildArtifacts } from '@cpe/local/build';
import { benchAuditReport } from './audit-report';
import { benchImport } from './import';
import { benchInbound } from './inbound';
import { benchLambdaBundles } from './lambda-bundles';
import { benchLighthouse } from './lighthouse';
import { benchLocalApiBackends } from './local-api';
import { benchReminders } from './reminders';
import { type Report, takeReports } from './report';
import { benchStart } from './start';
import { benchSynth } from './synth';
import { benchWebBundle } from './web-bundle';

const RESULTS = path.resolve(__dirname, '../../bench/results.json');

interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  node: string;
  os: string;
  /** Load average over the minute before the bench: the cores may be shared. */
  loadAverage1m: number;
}

interface BenchResult {
  date: string;
  commit: string | null;
  machine: Machine;
  ok: boolean;
  seconds: number;
  error?: string;
  reports: Report[];
}

interface Results {
  updated: string;
  ok: boolean;
  benches: Record<string, BenchResult>;
}

function machine(): Machine {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage1m: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
  };
}

function commit(): string | null {
  try {
    const root = path.resolve(__dirname, '../..');
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: root,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return null; // not a git checkout
  }
}

function previousResults(): Results['benches'] {
  if (!existsSync(RESULTS)) return {};
  try {
    return (JSON.parse(readFileSync(RESULTS, 'utf8')) as Results).benches ?? {};
  } catch {
    return {}; // unreadable: start over rather than fail the bench
  }
}

const benches: Record<string, () => Promise<boolean>> = {
  // First: it resets the install record and the builds, which the others then rebuild.
  start: benchStart,
  'web-bundle': benchWebBundle,
  'lambda-bundles': benchLambdaBundles,
  'local-api': benchLocalApiBackends,
  lighthouse: benchLighthouse,
  reminders: () => benchReminders(),
  'audit-report': benchAuditReport,
  import: benchImport,
  inbound: () => benchInbound(),
};

/** Benches that take minutes, run only when named (`pnpm bench synth`). */
const namedOnly: Record<string, () => Promise<boolean>> = {
  synth: benchSynth,
};

interface Outcome {
  ok: boolean;
  error?: string;
  reports: Report[];
}

/** In the child: runs one bench and sends its outcome to the parent. */
async function runOne(name: string): Promise<void> {
  const run = benches[name] ?? namedOnly[name];
  let outcome: Outcome;
  try {
    if (!run) throw new Error(`no bench named ${name}`);
    const ok = await run();
    outcome = { ok, reports: takeReports() };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`\n## ${name}: failed to run\n\n${message}`);
    outcome = { ok: false, error: message, reports: takeReports() };
  }
  process.send?.(outcome, () => process.exit(0));
}

/** Runs one bench in a fresh process (same Node flags, so tsx too) and collects its outcome. */
function inChild(name: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let outcome: Outcome | undefined;
    const child = fork(__filename, ['--one', name], {
      execArgv: process.execArgv,
      stdio: 'inherit',
    });
    child.on('message', (message) => {
      outcome = message as Outcome;
    });
    child.on('exit', (code, signal) => {
      resolve(
        outcome ?? {
          ok: false,
          error: `the bench process ended without a result (${signal ?? `exit ${code}`})`,
          reports: [],
        },
      );
    });
  });
}

async function main(): Promise<void> {
  const only = process.argv[2];
  if (only && !(only in benches) && !(only in namedOnly)) {
    const names = [...Object.keys(benches), ...Object.keys(namedOnly)];
    console.error(`No bench named ${only}; there are: ${names.join(', ')}`);
    process.exitCode = 2;
    return;
  }

  // Every bench measures the code as it is: the web app and the bundles built first (turbo skips what is unchanged).
  buildArtifacts();
  const results = previousResults();
  const head = commit();
  let ok = true;
  for (const name of only ? [only] : Object.keys(benches)) {
    const started = performance.now();
    const result: BenchResult = {
      date: new Date().toISOString(),
      commit: head,
      machine: machine(),
      ok: false,
      seconds: 0,
      reports: [],
    };
    const outcome = await inChild(name);
    result.ok = outcome.ok;
    result.reports = outcome.reports;
    if (outcome.error) result.error = outcome.error;
    result.seconds = Math.round((performance.now() - started) / 100) / 10;
    results[name] = result;
    ok = result.ok && ok;
  }

  const all: Results = {
    updated: new Date().toISOString(),
    ok: Object.values(results).every((r) => r.ok),
    benches: results,
  };
  mkdirSync(path.dirname(RESULTS), { recursive: true });
  writeFileSync(RESULTS, `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(process.cwd(), RESULTS)}.`);
  console.log(ok ? 'All figures within budget.' : 'Some figures are over budget.');
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[2] === '--one') void runOne(process.argv[3] ?? '');
else void main();
