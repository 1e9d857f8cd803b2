#!/usr/bin/env node
/**
 * Finds the system Chromium the browser suites and Lighthouse drive, and
 * provisions it when there is none, the way `playwright install --with-deps`
 * does for its own browsers: through the system package manager when running
 * as root (Debian's `chromium` and a font, with apt-get, non-interactive),
 * otherwise stopping at once with the one command that fixes it. Nothing is
 * downloaded from anywhere but the distribution's package mirror, and no test
 * is skipped for want of a browser.
 *
 * Looked at, in order: CHROMIUM_PATH (when set, only it: an explicit choice is
 * never replaced), /usr/bin/chromium, /usr/bin/chromium-browser. A candidate
 * counts only when it starts headless and renders a blank page, so a package
 * whose files are gone (e.g. /usr/lib/chromium deleted) is reinstalled rather
 * than trusted.
 *
 *   node scripts/chromium.mjs     prints the path of a working Chromium, provisioning it if needed
 *
 * How this was tried on machines without Chromium (as root and as an
 * unprivileged user): in a mount namespace (`unshare -m`) whose /usr, /etc and
 * /var are overlays over the host's, with Chromium's files deleted there (the
 * package still recorded as installed: apt-get reinstalls it) or the package
 * purged and apt's lists emptied (apt-get updates, then installs it); run
 * through `runuser -u <user>`, it stops within a second naming the command
 * (`sudo apt-get install -y chromium fonts-liberation`, or `--reinstall` for a
 * broken install). scripts/fresh-machine.sh sets up that namespace.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEFAULT_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
/** Debian's browser, and a font so pages render text as users see it. */
const APT_PACKAGES = ['chromium', 'fonts-liberation'];

/** Null when `executable` starts headless and renders a page; else why not. */
export function chromiumProblem(executable) {
  if (!existsSync(executable)) return 'not found';
  const profile = mkdtempSync(path.join(tmpdir(), 'cpe-chromium-check-'));
  try {
    const run = spawnSync(
      executable,
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        // The machine may have no network: no background connections to refuse.
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${profile}`,
        '--dump-dom',
        'about:blank',
      ],
      { encoding: 'utf8', timeout: 30_000 },
    );
    if (run.error) return run.error.message;
    if (run.status === 0 && run.stdout.includes('<body')) return null;
    const lastLine = run.stderr.trim().split('\n').pop() ?? '';
    return `does not start (exit ${run.status ?? run.signal}): ${lastLine}`;
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The first working Chromium, or null; `problems` says what was wrong with each candidate. */
export function findChromium(env = process.env) {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : DEFAULT_CANDIDATES;
  const problems = [];
  for (const candidate of candidates) {
    const problem = chromiumProblem(candidate);
    if (!problem) return { path: candidate, problems };
    problems.push(`${candidate}: ${problem}`);
  }
  return { path: null, problems };
}

const onPath = (command) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

function debInstalled(pkg) {
  const query = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
  return query.status === 0 && query.stdout.includes('install ok installed');
}

function apt(args) {
  console.log(`chromium: apt-get ${args.join(' ')}`);
  const run = spawnSync('apt-get', args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status})`);
}

export class ChromiumMissingError extends Error {
  constructor(message) {
    super(message);
    this.name = 'ChromiumMissingError';
  }
}

/**
 * A working Chromium's path, installed through apt-get when absent and this
 * runs as root; otherwise throws ChromiumMissingError naming the fix.
 */
export function ensureChromium(env = process.env) {
  const found = findChromium(env);
  if (found.path) return found.path;
  const looked = found.problems.map((p) => `  ${p}`).join('\n');
  if (env.CHROMIUM_PATH) {
    throw new ChromiumMissingError(
      `CHROMIUM_PATH does not point at a working Chromium:\n${looked}\n` +
        'Point it at a Chromium or Chrome binary, or unset it to use /usr/bin/chromium.',
    );
  }

  const hasApt = onPath('apt-get') && onPath('dpkg-query');
  // Installed by dpkg but its files gone or broken: install --reinstall puts them back.
  const reinstall = hasApt && debInstalled('chromium');
  const packages = reinstall
    ? ['chromium', ...(debInstalled('chromium-common') ? ['chromium-common'] : [])]
    : APT_PACKAGES;
  const command = `apt-get install -y${reinstall ? ' --reinstall' : ''} ${packages.join(' ')}`;
  const isRoot = process.getuid?.() === 0;
  if (!hasApt) {
    throw new ChromiumMissingError(
      `No working Chromium:\n${looked}\n` +
        "Install Chromium with the system's package manager, or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  if (!isRoot) {
    throw new ChromiumMissingError(
      `No working Chromium:\n${looked}\n` +
        `Install it with:\n\n  sudo ${command}\n\n(or set CHROMIUM_PATH to a Chromium or Chrome binary)`,
    );
  }

  console.log(`chromium: no working Chromium (${found.problems.join('; ')})`);
  console.log("chromium: installing it from the distribution's packages");
  // A fresh container has no package lists at all; a stale one may name a version the mirror dropped.
  apt(['update', '-qq']);
  apt([
    'install',
    '-y',
    '-qq',
    // No progress bar redrawn line after line in logs.
    '-o',
    'Dpkg::Use-Pty=0',
    // Headless needs the libraries, not the desktop extras chromium recommends (upower, udev, printing).
    '--no-install-recommends',
    ...(reinstall ? ['--reinstall'] : []),
    ...packages,
  ]);
  const after = findChromium(env);
  if (!after.path) {
    throw new ChromiumMissingError(
      `Chromium was installed but does not start:\n${after.problems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  console.log(`chromium: ready at ${after.path}`);
  return after.path;
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
