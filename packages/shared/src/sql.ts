/**
 * A small PostgreSQL lexer: just enough to find statement boundaries and
 * `:name` placeholders without being fooled by literals, quoted identifiers,
 * dollar-quoted bodies or comments. Pure, no I/O.
 */

export type SqlSegmentKind = 'code' | 'string' | 'identifier' | 'dollar' | 'comment';

export interface SqlSegment {
  kind: SqlSegmentKind;
  text: string;
  /** Offset of the segment's first character in the scanned text. */
  start: number;
}

const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

function isIdentPart(ch: string | undefined): boolean {
  return ch !== undefined && IDENT_PART.test(ch);
}

/** End (exclusive) of a quoted run starting at `start` (the opening quote). */
function endOfQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const ch = sql[i];
    if (backslashEscapes && ch === '\\') {
      i += 2;
      continue;
    }
    if (ch === quote) {
      // A doubled quote is an escaped quote, not the end.
      if (sql[i + 1] === quote) {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  // Unterminated: the rest is the literal; PostgreSQL will report the error.
  return sql.length;
}

function endOfBlockComment(sql: string, start: number): number {
  // PostgreSQL block comments nest.
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql.startsWith('/*', i)) {
      depth += 1;
      i += 2;
    } else if (sql.startsWith('*/', i)) {
      depth -= 1;
      i += 2;
      if (depth === 0) return i;
    } else {
      i += 1;
    }
  }
  return sql.length;
}

/** Splits SQL text into code and non-code segments; concatenating their texts gives the input back. */
export function scanSql(sql: string): SqlSegment[] {
  const segments: SqlSegment[] = [];
  let codeStart = 0;
  const push = (kind: SqlSegmentKind, start: number, end: number) => {
    if (codeStart < start)
      segments.push({ kind: 'code', text: sql.slice(codeStart, start), start: codeStart });
    segments.push({ kind, text: sql.slice(start, end), start });
    codeStart = end;
  };

  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const prev = i > 0 ? sql[i - 1] : undefined;
    if (ch === '-' && sql[i + 1] === '-') {
      const newline = sql.indexOf('\n', i);
      const end = newline === -1 ? sql.length : newline;
      push('comment', i, end);
      i = end;
    } else if (ch === '/' && sql[i + 1] === '*') {
      const end = endOfBlockComment(sql, i);
      push('comment', i, end);
      i = end;
    } else if (ch === "'") {
      // E'...' (and e'...') allow backslash escapes; the prefix belongs to the literal.
      const prefixed = (prev === 'E' || prev === 'e') && !isIdentPart(sql[i - 2]);
      const start = prefixed ? i - 1 : i;
      const end = endOfQuoted(sql, i, "'", prefixed);
      push('string', start, end);
      i = end;
    } else if (ch === '"') {
      const end = endOfQuoted(sql, i, '"', false);
      push('identifier', i, end);
      i = end;
    } else if (ch === '$' && !isIdentPart(prev)) {
      const tag = DOLLAR_TAG.exec(sql.slice(i))?.[0];
      if (tag === undefined) {
        i += 1; // `$1` and friends are positional parameters, plain code
        continue;
      }
      const close = sql.indexOf(tag, i + tag.length);
      const end = close === -1 ? sql.length : close + tag.length;
      push('dollar', i, end);
      i = end;
    } else {
      i += 1;
    }
  }
  if (codeStart < sql.length)
    segments.push({ kind: 'code', text: sql.slice(codeStart), start: codeStart });
  return segments;
}

/**
 * Splits a script into statements at top-level semicolons. Statements are
 * trimmed; statements holding nothing but whitespace and comments are dropped.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current = '';
  let hasCode = false;
  const flush = () => {
    if (hasCode) statements.push(current.trim());
    current = '';
    hasCode = false;
  };
  for (const segment of scanSql(sql)) {
    if (segment.kind !== 'code') {
      current += segment.text;
      if (segment.kind !== 'comment') hasCode = true;
      continue;
    }
    const parts = segment.text.split(';');
    parts.forEach((part, index) => {
      if (index > 0) flush();
      current += part;
      if (part.trim() !== '') hasCode = true;
    });
  }
  flush();
  return statements;
}

export interface NamedParameterSql {
  /** The SQL with every `:name` replaced by `$n`. */
  text: string;
  /** names[n - 1] is the parameter bound to `$n`; a name used twice gets one number. */
  names: string[];
}

const NAMED_PARAMETER = /(?<![:\w$])(:)([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * Rewrites `:name` placeholders to PostgreSQL positional parameters, leaving
 * `::type` casts, literals, quoted identifiers and comments alone.
 */
export function toPositionalParameters(sql: string): NamedParameterSql {
  const names: string[] = [];
  const numberOf = (name: string): number => {
    const existing = names.indexOf(name);
    if (existing !== -1) return existing + 1;
    names.push(name);
    return names.length;
  };
  const text = scanSql(sql)
    .map((segment) => {
      if (segment.kind !== 'code') return segment.text;
      // `::name` is a cast: the lookbehind refuses a colon before the colon, and
      // the `::` pair itself is skipped because its second colon is preceded by one.
      return segment.text.replace(NAMED_PARAMETER, (_match, _colon: string, name: string) => {
        return `$${numberOf(name)}`;
      });
    })
    .join('');
  return { text, names };
}
