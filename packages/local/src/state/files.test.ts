import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readJsonLines, readJsonState, writeFileAtomic } from './files';

const isNumbers = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((n) => typeof n === 'number');
const isNumber = (v: unknown): v is number => typeof v === 'number';

describe('state files', () => {
  let dir: string;
  const warnings: string[] = [];
  const warn = (line: string) => warnings.push(line);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cpe-state-'));
    warnings.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces a file whole and leaves no temporary file behind', () => {
    const file = path.join(dir, 'a.json');
    writeFileAtomic(file, '[1]');
    writeFileAtomic(file, '[1,2]');
    expect(readFileSync(file, 'utf8')).toBe('[1,2]');
    expect(readdirSync(dir)).toEqual(['a.json']);
  });

  it('moves a truncated JSON file aside with a warning naming it, and reads nothing', () => {
    const file = path.join(dir, 'mail.json');
    writeFileSync(file, '[{"subject": "unterminated');
    expect(readJsonState(file, isNumbers, warn)).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(file);
    const left = readdirSync(dir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^mail\.json\.corrupt-/);
  });

  it('moves aside a file that parses but is not what it should be', () => {
    const file = path.join(dir, 'state.json');
    writeFileSync(file, '{"version": 9}');
    expect(readJsonState(file, isNumbers, warn)).toBeUndefined();
    expect(warnings[0]).toContain(file);
  });

  it('reads a missing file as nothing, silently', () => {
    expect(readJsonState(path.join(dir, 'none.json'), isNumbers, warn)).toBeUndefined();
    expect(readJsonLines(path.join(dir, 'none.jsonl'), isNumber, warn)).toEqual([]);
    expect(warnings).toEqual([]);
  });

  it('reads a log whose last line a crash cut short, skipping only that line', () => {
    const file = path.join(dir, 'log.jsonl');
    writeFileSync(file, '1\n2\n3\n{"cut');
    expect(readJsonLines(file, isNumber, warn)).toEqual([1, 2, 3]);
    expect(warnings).toEqual([`[local] ${file}: skipped 1 unreadable line(s)`]);
  });
});
