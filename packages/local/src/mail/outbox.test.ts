import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ManualClock } from '../clock';
import { createOutbox } from './outbox';

const lines = (file: string) => readFileSync(file, 'utf8').split('\n').filter(Boolean);

describe('the outbox', () => {
  let dir: string;
  const warnings: string[] = [];
  const log = (line: string) => {
    if (!line.startsWith('mail to')) warnings.push(line);
  };

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'cpe-outbox-'));
    warnings.length = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('appends each message as one line, so sending does not rewrite what is there', async () => {
    const outbox = createOutbox({ dataDir: dir, clock: new ManualClock(), log });
    const file = path.join(dir, 'mail.jsonl');
    await outbox.send({ to: 'a@example.com', subject: 'one', text: 'x'.repeat(10_000) });
    const inode = statSync(file).ino;
    const sizeAfterFirst = statSync(file).size;
    await outbox.send({ to: 'b@example.com', subject: 'two', text: 'y' });
    // Same file (not replaced by a rename), grown by about one short line.
    expect(statSync(file).ino).toBe(inode);
    expect(statSync(file).size - sizeAfterFirst).toBeLessThan(300);
    expect(lines(file)).toHaveLength(2);
    expect(outbox.list().map((m) => m.subject)).toEqual(['two', 'one']);
  });

  it('keeps the newest messages only, compacting the log when it doubles', async () => {
    const outbox = createOutbox({ dataDir: dir, clock: new ManualClock(), log, limit: 3 });
    for (let i = 1; i <= 7; i++)
      await outbox.send({ to: 'a@example.com', subject: `m${i}`, text: '' });
    expect(outbox.list().map((m) => m.subject)).toEqual(['m7', 'm6', 'm5']);
    expect(lines(path.join(dir, 'mail.jsonl')).length).toBeLessThanOrEqual(6);
    const reopened = createOutbox({ dataDir: dir, clock: new ManualClock(), log, limit: 3 });
    expect(reopened.list().map((m) => m.subject)).toEqual(['m7', 'm6', 'm5']);
  });

  it('starts after a crash cut the last line short, keeping every whole message', async () => {
    const first = createOutbox({ dataDir: dir, clock: new ManualClock(), log });
    await first.send({ to: 'a@example.com', subject: 'kept', text: '' });
    writeFileSync(
      path.join(dir, 'mail.jsonl'),
      `${readFileSync(path.join(dir, 'mail.jsonl'), 'utf8')}{"id":"cut`,
    );
    const reopened = createOutbox({ dataDir: dir, clock: new ManualClock(), log });
    expect(reopened.list().map((m) => m.subject)).toEqual(['kept']);
    expect(warnings.join('\n')).toContain('mail.jsonl');
  });

  it('moves a corrupt outbox of the earlier format aside, naming it, and starts empty', () => {
    const legacy = path.join(dir, 'mail.json');
    writeFileSync(legacy, '[{"id": "1", "subject": "Unterminated');
    const outbox = createOutbox({ dataDir: dir, clock: new ManualClock(), log });
    expect(outbox.list()).toEqual([]);
    expect(warnings.join('\n')).toContain(legacy);
    expect(readdirSync(dir).some((f) => f.startsWith('mail.json.corrupt-'))).toBe(true);
  });

  it('carries over an outbox of the earlier format', () => {
    const legacy = path.join(dir, 'mail.json');
    const mail = (subject: string) => ({
      id: subject,
      from: 'no-reply@cpetracker.local',
      to: 'a@example.com',
      subject,
      text: '',
      sentAt: '2026-01-01T00:00:00.000Z',
    });
    writeFileSync(legacy, JSON.stringify([mail('newer'), mail('older')]));
    const outbox = createOutbox({ dataDir: dir, clock: new ManualClock(), log });
    expect(outbox.list().map((m) => m.subject)).toEqual(['newer', 'older']);
    expect(readdirSync(dir)).not.toContain('mail.json');
  });
});
