import { afterEach, describe, expect, it } from 'vitest';
import { describeHeld, endProcess, registerExitHold, releaseExitHolds, RELEASE_WITHIN_MS } from '../../../src/shared/exit-holds.js';

/** A process that records how it was ended. */
function fakeProcess() {
  const ends: string[] = [];
  let ended: () => void = () => undefined;
  const end = new Promise<void>((resolve) => (ended = resolve));
  const proc = {
    pid: 4242,
    exit: (...args: unknown[]) => {
      ends.push(args.length === 0 ? 'exit()' : `exit(${String(args[0])})`);
      ended();
      return undefined as never;
    },
    kill: (pid: number, signal: string) => {
      ends.push(`kill(${pid}, ${signal})`);
      ended();
      return true;
    },
  };
  return { proc: proc as unknown as NodeJS.Process, ends, end };
}

/** A hold like a worker thread: held until released, and then gone after `releaseMs` (never when undefined). */
function fakeHold(name: string, releaseMs: number | undefined) {
  let alive = true;
  const hold = {
    held: () => (alive ? [name] : []),
    release: () =>
      new Promise<void>((resolve) => {
        if (releaseMs === undefined) return;
        setTimeout(() => {
          alive = false;
          resolve();
        }, releaseMs);
      }),
  };
  return hold;
}

const unregister: (() => void)[] = [];
afterEach(() => unregister.splice(0).forEach((remove) => remove()));

describe('endProcess', () => {
  it('exits at once with the status when nothing holds the exit; undefined keeps process.exitCode (exit())', () => {
    const a = fakeProcess();
    const seen: string[][] = [];
    endProcess(2, { process: a.proc, onEnd: (held) => seen.push(held) });
    expect(a.ends).toEqual(['exit(2)']);
    expect(seen).toEqual([[]]);
    const b = fakeProcess();
    endProcess(undefined, { process: b.proc });
    expect(b.ends).toEqual(['exit()']);
  });

  it('exits with the status once the holds let go in time', async () => {
    unregister.push(registerExitHold(fakeHold('a SQLite query of data source "idle"', 20)));
    const fake = fakeProcess();
    endProcess(1, { process: fake.proc });
    expect(fake.ends).toEqual([]);
    await fake.end;
    expect(fake.ends).toEqual(['exit(1)']);
  });

  it('kills the process (SIGKILL) when a hold has not let go within RELEASE_WITHIN_MS, saying what held it first', async () => {
    unregister.push(registerExitHold(fakeHold('a SQLite query of data source "stuck"', undefined)));
    unregister.push(registerExitHold(fakeHold('a DuckDB query of data source "dw"', 10)));
    const fake = fakeProcess();
    let said = '';
    const started = performance.now();
    endProcess(2, { process: fake.proc, onEnd: (held) => (said = describeHeld(held)) });
    await fake.end;
    expect(performance.now() - started).toBeGreaterThanOrEqual(RELEASE_WITHIN_MS - 5);
    expect(fake.ends).toEqual(['kill(4242, SIGKILL)']);
    expect(said).toBe('a SQLite query of data source "stuck"');
    // Once: a second end (the hard exit after the run's own) does nothing more.
    endProcess(2, { process: fake.proc });
    expect(fake.ends).toEqual(['kill(4242, SIGKILL)']);
  });
});

describe('releaseExitHolds', () => {
  it('returns what still holds after the wait, in words', async () => {
    unregister.push(registerExitHold(fakeHold('one', undefined)), registerExitHold(fakeHold('two', undefined)), registerExitHold(fakeHold('three', 5)));
    const held = await releaseExitHolds(50);
    expect(held).toEqual(['one', 'two']);
    expect(describeHeld([...held, 'four', 'one'])).toBe('one, two and four');
  });
});
