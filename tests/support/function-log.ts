/**
 * What the functions of a local runtime write to their log, as Lambda sends
 * it to CloudWatch. Pass `sink` as the runtime's `log` option (with the
 * worker-thread containers: inline handlers write to this process instead):
 * each line a container writes reaches it as `[lambda <function>] <line>`,
 * and the JSON ones, the api's logger's entries, are parsed.
 */
export type LogEntry = Record<string, unknown>;

export interface FunctionLog {
  readonly sink: (line: string) => void;
  /**
   * The entries `fn` wrote since the last clear(), once there are at least
   * `expected` (a container's output crosses threads apart from its answer),
   * or after two seconds, whatever they are then.
   */
  entries(fn: string, expected?: number): Promise<LogEntry[]>;
  /** Every line since the last clear(), JSON or not. */
  text(): string;
  clear(): void;
}

const WAIT_MS = 2_000;

export function functionLog(): FunctionLog {
  let lines: string[] = [];
  const entriesOf = (fn: string) => {
    const prefix = `[lambda ${fn}] {`;
    return lines
      .filter((line) => line.startsWith(prefix))
      .map((line) => JSON.parse(line.slice(prefix.length - 1)) as LogEntry);
  };
  return {
    sink: (line) => lines.push(line),
    async entries(fn, expected = 0) {
      const until = Date.now() + WAIT_MS;
      while (entriesOf(fn).length < expected && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return entriesOf(fn);
    },
    text: () => lines.join('\n'),
    clear() {
      lines = [];
    },
  };
}
