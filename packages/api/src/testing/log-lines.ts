/**
 * Test support: what the api's logger (log.ts) writes, one JSON object a
 * line on stdout or stderr as Lambda sends it to CloudWatch, caught for a
 * test to read. The logger loads with its first line, so a line is written a
 * few microtasks after the call that logs it: `entries()` lets those run.
 */
export type LogEntry = Record<string, unknown>;

export interface LogLines {
  /** The entries written since the capture started, parsed. */
  entries(): Promise<LogEntry[]>;
  /** Every byte written since the capture started, JSON or not. */
  written(): string;
  /** Gives stdout and stderr back. */
  restore(): void;
}

export function captureLogLines(): LogLines {
  const chunks: string[] = [];
  const restores = [process.stdout, process.stderr].map((stream) => {
    const write = stream.write.bind(stream);
    stream.write = (chunk: string | Uint8Array) => {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    };
    return () => {
      stream.write = write;
    };
  });
  const written = () => chunks.join('');
  return {
    async entries() {
      await new Promise((resolve) => setImmediate(resolve));
      return written()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as LogEntry);
    },
    written,
    restore() {
      for (const restore of restores) restore();
    },
  };
}
