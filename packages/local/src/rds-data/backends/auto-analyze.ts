/**
 * Aurora PostgreSQL runs autovacuum, which analyzes a table once enough of its
 * rows have changed, so the planner works from real statistics. PGlite runs no
 * autovacuum daemon, and a PostgreSQL server may have it turned off (this
 * project's CI server does): left alone, their tables never get statistics and
 * the planner keeps its default guesses. On a never-analyzed database the
 * certification list's statement costs 1.5x (PGlite) to 3.6x (PostgreSQL)
 * what it costs once analyzed. A backend on such an engine applies
 * autovacuum's analyze rule itself, a naptime after the app's statements.
 */
import type { SqlResult, SqlStatement } from '../backend';

/**
 * autovacuum's analyze rule with PostgreSQL's and Aurora's defaults
 * (autovacuum_analyze_threshold 50, autovacuum_analyze_scale_factor 0.1): a
 * table whose rows changed since its last analyze number more than 50 plus
 * 10% of its rows is analyzed.
 */
const ANALYZE_TABLES_DUE = `do $$
declare r record;
begin
  for r in select s.relid::regclass as t
             from pg_stat_user_tables s join pg_class c on c.oid = s.relid
            where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) loop
    -- One table's failure (dropped meanwhile, say) leaves the others' analyzes standing.
    begin
      execute format('analyze %s', r.t);
    exception when others then
      null;
    end;
  end loop;
end $$`;

/**
 * Run first, on its own: a session's table counts reach the statistics the
 * rule reads when it goes idle, at most once a second, unless forced.
 */
const FLUSH_TABLE_COUNTS = 'select pg_stat_force_next_flush()';

/** The statements of one check, in order, each on its own (autocommit). */
export const AUTO_ANALYZE_STATEMENTS: readonly SqlStatement[] = [
  { text: FLUSH_TABLE_COUNTS, parameters: [] },
  { text: ANALYZE_TABLES_DUE, parameters: [] },
];

/** How soon after the app's statements the rule is checked (autovacuum's naptime is a minute; sooner here). */
export const AUTO_ANALYZE_NAPTIME_MS = 1_000;

/** What the checks did so far (SqlBackend.statistics). */
export interface AutoAnalyzeState {
  /** Checks finished, whether or not they succeeded. */
  checks: number;
  /** Why the last check failed; undefined when it succeeded. */
  lastError: string | undefined;
}

export interface AutoAnalyze {
  /** The app ran a statement: check the rule a naptime from now, unless a check is already due. */
  note(): void;
  state(): AutoAnalyzeState;
  /** No more checks (the backend is closing). */
  stop(): void;
}

/**
 * Schedules `run` (AUTO_ANALYZE_STATEMENTS on a free connection) a naptime
 * after the app's statements; an idle database is never woken. A failed check
 * is dropped, as autovacuum leaves the old statistics: the app's statements
 * go on.
 */
export function autoAnalyze(
  run: (statements: readonly SqlStatement[]) => Promise<SqlResult[] | void>,
): AutoAnalyze {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let noted = false;
  let stopped = false;
  const done: AutoAnalyzeState = { checks: 0, lastError: undefined };
  const schedule = () => {
    timer = setTimeout(check, AUTO_ANALYZE_NAPTIME_MS);
    timer.unref();
  };
  function check() {
    timer = undefined;
    noted = false;
    running = true;
    run(AUTO_ANALYZE_STATEMENTS)
      .then(
        () => {
          done.lastError = undefined;
        },
        (error: unknown) => {
          done.lastError = error instanceof Error ? error.message : String(error);
        },
      )
      .finally(() => {
        done.checks += 1;
        running = false;
        // Statements the app ran while this check waited or ran get a check of their own.
        if (noted && !stopped) schedule();
      });
  }
  return {
    note() {
      if (stopped || timer) return;
      if (running) noted = true;
      else schedule();
    },
    state: () => ({ ...done }),
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
