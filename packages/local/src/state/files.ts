/**
 * How the local runtime keeps its state on disk so that a crash (SIGKILL, a
 * power cut of the laptop) never leaves a file it cannot start from: whole
 * files are replaced atomically (temp file in the same directory, fsync,
 * rename), logs are appended one line at a time, and a file that does not
 * parse at start is moved aside with a warning naming it instead of stopping
 * the runtime.
 */
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/** Replaces `file` with `content` so that a reader sees the old or the new file, never half of one. */
export function writeFileAtomic(file: string, content: string | Buffer, mode = 0o600): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'w', mode);
  try {
    writeSync(fd, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    renameSync(temporary, file);
  } catch (error) {
    unlinkSync(temporary);
    throw error;
  }
}

/** Appends one line (a JSON document without newlines) to a log file. */
export function appendLine(file: string, line: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${line}\n`, { mode: 0o600 });
}

export type Warn = (line: string) => void;

/** Moves a file the runtime cannot read out of the way, keeping it for inspection. */
export function quarantine(file: string, reason: string, warn: Warn): string {
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(file, aside);
  warn(`[local] ${file} could not be read (${reason}); moved it to ${aside} and started afresh`);
  return aside;
}

/**
 * The parsed content of a JSON state file; undefined when it does not exist,
 * or when it does not parse or `validate` refuses it (then it is quarantined).
 */
export function readJsonState<T>(
  file: string,
  validate: (value: unknown) => value is T,
  warn: Warn,
): T | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    quarantine(file, error instanceof Error ? error.message : String(error), warn);
    return undefined;
  }
  if (!validate(value)) {
    quarantine(file, 'not a state file this runtime understands', warn);
    return undefined;
  }
  return value;
}

/**
 * The documents of a JSON Lines log; lines that do not parse or validate
 * (the tail of a write cut short by a crash) are skipped with a warning.
 */
export function readJsonLines<T>(
  file: string,
  validate: (value: unknown) => value is T,
  warn: Warn,
): T[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const out: T[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (validate(value)) out.push(value);
      else skipped += 1;
    } catch {
      skipped += 1;
    }
  }
  if (skipped > 0) warn(`[local] ${file}: skipped ${skipped} unreadable line(s)`);
  return out;
}
