/**
 * Counts the steps regular expressions take, for tests that bound them (every
 * regex over user input must run in time linear in the input: 1 MB of
 * pathological input, steps bounded, never wall time).
 *
 * While `countRegexSteps(work)` runs, every `RegExp.prototype.exec` call (and
 * so every `test`, `match`, `matchAll`, `replace`, `search` and `split` with
 * a regex, which the language defines through `exec` once it is replaced) is
 * also run on a backtracking matcher that follows ECMAScript's matching
 * semantics (ECMA-262 22.2.2: alternatives and greedy or lazy repetition
 * tried in order, a search from each start position in turn), counting each
 * instruction it executes. This is the work a backtracking engine such as
 * V8's Irregexp does without the optimisations that only ever cut it (a
 * quadratic or exponential pattern is quadratic or exponential here too).
 * Each call's match (index and length) must equal V8's own answer, or the
 * harness throws: it measures the pattern V8 runs, not a guess at it.
 *
 * One character's test (a class, `.`, a case-folded letter) is asked of V8
 * itself, one character at a time, so classes, Unicode properties and case
 * folding read exactly as V8 reads them.
 *
 * Not supported (the harness throws rather than count wrong): backreferences,
 * lookbehind other than of one character, and a repetition whose body can
 * match the empty string.
 */
import { RegExpParser } from '@eslint-community/regexpp';
import type {
  Alternative,
  CapturingGroup,
  Element,
  Group,
  LookaroundAssertion,
  Pattern,
} from '@eslint-community/regexpp/ast';

type Instruction =
  | { op: 'char'; test: (code: number) => boolean }
  | { op: 'split'; first: number; second: number }
  | { op: 'jump'; to: number }
  | { op: 'start' }
  | { op: 'end' }
  | { op: 'word'; negate: boolean }
  | { op: 'look'; program: Program; negate: boolean }
  | { op: 'behind'; test: (code: number) => boolean; negate: boolean }
  | { op: 'match' };

interface Program {
  code: Instruction[];
  unicode: boolean;
  multiline: boolean;
  isWord: (code: number) => boolean;
}

export class StepLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`regular expressions took more than ${limit} steps`);
    this.name = 'StepLimitExceeded';
  }
}

const LINE_TERMINATORS = new Set([0x0a, 0x0d, 0x2028, 0x2029]);

/** A one-character test answered by V8 (cached per code point). */
function charTest(raw: string, flags: string): (code: number) => boolean {
  const single = new RegExp(`^(?:${raw})$`, flags.replace(/[gyd]/g, ''));
  // 0: not asked yet, 1: no, 2: yes (the Basic Multilingual Plane; the rest in a map).
  const bmp = new Uint8Array(0x10000);
  const astral = new Map<number, boolean>();
  return (code) => {
    if (code < 0x10000) {
      let known = bmp[code] as number;
      if (known === 0) {
        known = single.test(String.fromCharCode(code)) ? 2 : 1;
        bmp[code] = known;
      }
      return known === 2;
    }
    let hit = astral.get(code);
    if (hit === undefined) {
      hit = single.test(String.fromCodePoint(code));
      astral.set(code, hit);
    }
    return hit;
  };
}

function nullable(element: Element | Alternative | Pattern | Group | CapturingGroup): boolean {
  switch (element.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return element.alternatives.some(nullable);
    case 'Alternative':
      return element.elements.every(nullable);
    case 'Quantifier':
      return element.min === 0 || nullable(element.element);
    case 'Assertion':
      return true;
    case 'Character':
    case 'CharacterClass':
    case 'CharacterSet':
    case 'ExpressionCharacterClass':
      return false;
    default:
      throw new Error(`The step counter does not handle ${element.type}`);
  }
}

function compile(source: string, flags: string): Program {
  const literal = new RegExpParser({ ecmaVersion: 2025 }).parseLiteral(`/${source}/${flags}`);
  const unicode = flags.includes('u') || flags.includes('v');
  const code: Instruction[] = [];
  const word = charTest('\\w', flags);
  const emit = (i: Instruction) => code.push(i) - 1;

  const disjunction = (alternatives: readonly Alternative[]) => {
    const jumps: number[] = [];
    alternatives.forEach((alternative, i) => {
      if (i < alternatives.length - 1) {
        const split = emit({ op: 'split', first: code.length + 1, second: -1 });
        sequence(alternative.elements);
        jumps.push(emit({ op: 'jump', to: -1 }));
        (code[split] as { second: number }).second = code.length;
      } else sequence(alternative.elements);
    });
    for (const j of jumps) (code[j] as { to: number }).to = code.length;
  };

  const sequence = (elements: readonly Element[]) => {
    for (const element of elements) one(element);
  };

  const one = (element: Element): void => {
    switch (element.type) {
      case 'Character':
      case 'CharacterClass':
      case 'CharacterSet':
      case 'ExpressionCharacterClass':
        if (element.type === 'CharacterSet' && element.kind === 'property' && element.strings) {
          throw new Error('The step counter does not handle properties of strings');
        }
        emit({ op: 'char', test: charTest(element.raw, flags) });
        return;
      case 'Group':
      case 'CapturingGroup':
        disjunction(element.alternatives);
        return;
      case 'Assertion':
        switch (element.kind) {
          case 'start':
            emit({ op: 'start' });
            return;
          case 'end':
            emit({ op: 'end' });
            return;
          case 'word':
            emit({ op: 'word', negate: element.negate });
            return;
          case 'lookahead': {
            const look = element as LookaroundAssertion;
            const inner = compileAlternatives(look.alternatives, flags, unicode, word);
            emit({ op: 'look', program: inner, negate: look.negate });
            return;
          }
          case 'lookbehind': {
            const [only] = element.alternatives;
            const [char] = only?.elements ?? [];
            if (
              element.alternatives.length !== 1 ||
              only?.elements.length !== 1 ||
              !char ||
              !['Character', 'CharacterClass', 'CharacterSet'].includes(char.type)
            ) {
              throw new Error('The step counter handles lookbehind of one character only');
            }
            emit({ op: 'behind', test: charTest(char.raw, flags), negate: element.negate });
            return;
          }
          default:
            throw new Error(
              `The step counter does not handle ${(element as { kind: string }).kind} assertions`,
            );
        }
      case 'Quantifier': {
        const body = element.element as Element;
        if (element.max > 1 && nullable(body)) {
          throw new Error(`The step counter does not handle a repeated empty-matching ${body.raw}`);
        }
        for (let i = 0; i < element.min; i++) one(body);
        if (element.max === Infinity) {
          const loop = emit({ op: 'split', first: -1, second: -1 });
          const bodyStart = code.length;
          one(body);
          emit({ op: 'jump', to: loop });
          const after = code.length;
          code[loop] = element.greedy
            ? { op: 'split', first: bodyStart, second: after }
            : { op: 'split', first: after, second: bodyStart };
        } else {
          const splits: number[] = [];
          for (let i = element.min; i < element.max; i++) {
            splits.push(emit({ op: 'split', first: -1, second: -1 }));
            one(body);
          }
          const after = code.length;
          splits.forEach((at, i) => {
            const next = at + 1;
            const skip = i === 0 ? after : after;
            code[at] = element.greedy
              ? { op: 'split', first: next, second: skip }
              : { op: 'split', first: skip, second: next };
          });
        }
        return;
      }
      case 'Backreference':
        throw new Error('The step counter does not handle backreferences');
      default:
        throw new Error(`The step counter does not handle ${(element as Element).type}`);
    }
  };

  disjunction(literal.pattern.alternatives);
  emit({ op: 'match' });
  return { code, unicode, multiline: flags.includes('m'), isWord: word };
}

function compileAlternatives(
  alternatives: readonly Alternative[],
  flags: string,
  unicode: boolean,
  isWord: (code: number) => boolean,
): Program {
  const source = alternatives.map((a) => a.raw).join('|');
  return { ...compile(source, flags), unicode, isWord };
}

const programs = new Map<string, Program>();
const compiled = new WeakMap<RegExp, { program: Program; key: string }>();

/** The regex's program and its name (`/source/flags`), once per regex object. */
function programOf(regex: RegExp): { program: Program; key: string } {
  let found = compiled.get(regex);
  if (!found) {
    const key = `/${regex.source}/${regex.flags}`;
    let program = programs.get(key);
    if (!program) {
      program = compile(regex.source, regex.flags);
      programs.set(key, program);
    }
    found = { program, key };
    compiled.set(regex, found);
  }
  return found;
}

/** One backtracking stack per lookahead depth, reused across runs. */
const stacks: number[][] = [];

interface Counter {
  steps: number;
  limit: number;
}

/** The code point (or code unit, without the u flag) at `pos`, and its width. */
function at(input: string, pos: number, unicode: boolean): [number, number] {
  const unit = input.charCodeAt(pos);
  if (unicode && unit >= 0xd800 && unit <= 0xdbff && pos + 1 < input.length) {
    const next = input.charCodeAt(pos + 1);
    if (next >= 0xdc00 && next <= 0xdfff) {
      return [(unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000, 2];
    }
  }
  return [unit, 1];
}

function before(input: string, pos: number, unicode: boolean): number {
  const unit = input.charCodeAt(pos - 1);
  if (unicode && unit >= 0xdc00 && unit <= 0xdfff && pos >= 2) {
    const high = input.charCodeAt(pos - 2);
    if (high >= 0xd800 && high <= 0xdbff)
      return (high - 0xd800) * 0x400 + (unit - 0xdc00) + 0x10000;
  }
  return unit;
}

/** Runs the program anchored at `start`: the end of the match, or -1. */
function run(program: Program, input: string, start: number, counter: Counter, depth = 0): number {
  const { code, unicode } = program;
  const stack = (stacks[depth] ??= []);
  stack.length = 0;
  stack.push(0, start);
  while (stack.length > 0) {
    let pos = stack.pop() as number;
    let pc = stack.pop() as number;
    for (;;) {
      if (++counter.steps > counter.limit) throw new StepLimitExceeded(counter.limit);
      const instruction = code[pc] as Instruction;
      let ok = true;
      switch (instruction.op) {
        case 'char':
          if (pos < input.length) {
            const unit = input.charCodeAt(pos);
            if (unicode && unit >= 0xd800 && unit <= 0xdbff) {
              const [c, width] = at(input, pos, unicode);
              if (instruction.test(c)) pos += width;
              else ok = false;
            } else if (instruction.test(unit)) pos++;
            else ok = false;
          } else ok = false;
          pc++;
          break;
        case 'split':
          stack.push(instruction.second, pos);
          pc = instruction.first;
          break;
        case 'jump':
          pc = instruction.to;
          break;
        case 'start':
          ok = pos === 0 || (program.multiline && LINE_TERMINATORS.has(input.charCodeAt(pos - 1)));
          pc++;
          break;
        case 'end':
          ok =
            pos === input.length ||
            (program.multiline && LINE_TERMINATORS.has(input.charCodeAt(pos)));
          pc++;
          break;
        case 'word': {
          const a = pos > 0 && program.isWord(before(input, pos, unicode));
          const b = pos < input.length && program.isWord(at(input, pos, unicode)[0]);
          ok = (a !== b) !== instruction.negate;
          pc++;
          break;
        }
        case 'look': {
          const found = run(instruction.program, input, pos, counter, depth + 1) !== -1;
          ok = found !== instruction.negate;
          pc++;
          break;
        }
        case 'behind': {
          const found = pos > 0 && instruction.test(before(input, pos, unicode));
          ok = found !== instruction.negate;
          pc++;
          break;
        }
        case 'match':
          return pos;
      }
      if (!ok) break;
    }
  }
  return -1;
}

/** Searches as RegExpBuiltinExec does: from lastIndex (global, sticky) or 0, each start in turn. */
function search(
  regex: RegExp,
  program: Program,
  input: string,
  counter: Counter,
): { index: number; end: number } | null {
  const from = regex.global || regex.sticky ? regex.lastIndex : 0;
  if (from > input.length) return null;
  for (let start = from; start <= input.length;) {
    const end = run(program, input, start, counter);
    if (end !== -1) return { index: start, end };
    if (regex.sticky) return null;
    start += start < input.length ? at(input, start, program.unicode)[1] : 1;
    counter.steps++;
  }
  return null;
}

/** Every pattern (`/source/flags`) whose exec ran while counting, with its steps. */
export type StepsByPattern = Map<string, number>;

/**
 * Runs `work` with every regex exec counted; answers the total steps and the
 * steps per pattern. Throws StepLimitExceeded as soon as the total passes
 * `limit` (so a quadratic pattern fails fast instead of running for hours).
 */
export async function countRegexSteps(
  work: () => unknown,
  limit: number,
): Promise<{ steps: number; byPattern: StepsByPattern }> {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- lib.d.ts types exec as a method; it is called with each regex as `this` below.
  const original = RegExp.prototype.exec;
  const counter: Counter = { steps: 0, limit };
  const byPattern: StepsByPattern = new Map();
  /** The counter's own patterns (and the parser's) run uncounted. */
  let inside = false;
  RegExp.prototype.exec = function exec(this: RegExp, value: string) {
    if (inside) return original.call(this, value);
    inside = true;
    try {
      return counted.call(this, value);
    } finally {
      inside = false;
    }
  };
  function counted(this: RegExp, value: string) {
    const input = String(value);
    const before = counter.steps;
    const { program, key } = programOf(this);
    const found = search(this, program, input, counter);
    byPattern.set(key, (byPattern.get(key) ?? 0) + counter.steps - before);
    const real = original.call(this, input);
    const agrees =
      real === null
        ? found === null
        : found !== null &&
          real.index === found.index &&
          real[0].length === found.end - found.index;
    if (!agrees) {
      const v8 = real ? `${real.index}+${real[0].length}` : 'no match';
      const ours = found ? `${found.index}+${found.end - found.index}` : 'no match';
      throw new Error(`The step counter disagrees with V8 on ${key}: V8 ${v8}, counted ${ours}`);
    }
    return real;
  }
  try {
    await work();
  } finally {
    RegExp.prototype.exec = original;
  }
  return { steps: counter.steps, byPattern };
}
