import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { StopRequest, stopRequestOf, untilAborted } from '../../../src/shared/abort.js';
import { registerExitHold } from '../../../src/shared/exit-holds.js';
import { graceFromEnv, stopOnSignals, STOP_GRACE_MS } from '../../../src/shared/process-stop.js';

/** A process whose signals the test sends and whose exit it records. */
function fakeProcess() {
  const emitter = new EventEmitter();
  const exits: number[] = [];
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const proc = {
    on: (name: string, listener: (...args: unknown[]) => void) => (emitter.on(name, listener), proc),
    off: (name: string, listener: (...args: unknown[]) => void) => (emitter.off(name, listener), proc),
    exit: (code?: number) => {
      exits.push(code ?? 0);
      exited(code ?? 0);
      return undefined as never;
    },
    pid: 4242,
    kill: (_pid: number, signal: string) => {
      exits.push(signal === 'SIGKILL' ? 137 : -1);
      exited(137);
      return true;
    },
  };
  return { proc: proc as unknown as NodeJS.Process, send: (name: NodeJS.Signals) => emitter.emit(name, name), exits, exit };
}

describe('stopOnSignals', () => {
  it('aborts with a StopRequest naming the signal, then exits hard once the grace period ran out', async () => {
    const fake = fakeProcess();
    const forced: string[] = [];
    const stop = stopOnSignals({ exitCode: 2, secondSignal: 'exit', graceMs: 20, process: fake.proc, onForcedExit: (why) => forced.push(why) });
    expect(stop.signal.aborted).toBe(false);
    fake.send('SIGTERM');
    expect(stopRequestOf(stop.signal)).toMatchObject({ kind: 'cancelled', why: 'SIGTERM', name: 'AbortError' });
    expect(await fake.exit).toBe(2);
    expect(forced).toEqual(['still running 0 s after SIGTERM']);
    expect(fake.exits).toEqual([2]);
  });

  it('kills the process at the hard exit when native work still holds it (a SQLite worker in one native step), saying so', async () => {
    const remove = registerExitHold({ held: () => ['a SQLite query of data source "local"'], release: () => new Promise(() => undefined) });
    try {
      const fake = fakeProcess();
      const forced: [string, string[]][] = [];
      stopOnSignals({ exitCode: 2, secondSignal: 'exit', graceMs: 20, process: fake.proc, onForcedExit: (why, held) => forced.push([why, held]) });
      fake.send('SIGTERM');
      expect(await fake.exit).toBe(137);
      expect(fake.exits).toEqual([137]);
      expect(forced).toEqual([['still running 0 s after SIGTERM', ['a SQLite query of data source "local"']]]);
    } finally {
      remove();
    }
  });

  it('exits at once on a second signal when told to (Ctrl-C twice)', () => {
    const fake = fakeProcess();
    stopOnSignals({ exitCode: 2, secondSignal: 'exit', graceMs: 60_000, process: fake.proc });
    fake.send('SIGINT');
    expect(fake.exits).toEqual([]);
    fake.send('SIGINT');
    expect(fake.exits).toEqual([2]);
  });

  it('only hurries on a second signal in the action (the runner sends SIGTERM 7.5 s after SIGINT)', async () => {
    const fake = fakeProcess();
    const forced: string[] = [];
    stopOnSignals({ exitCode: 1, secondSignal: 'hurry', graceMs: 60_000, process: fake.proc, onForcedExit: (why) => forced.push(why) });
    fake.send('SIGINT');
    fake.send('SIGTERM');
    expect(fake.exits).toEqual([]);
    expect(await fake.exit).toBe(1);
    expect(forced).toEqual(['still running 1.5 s after a second signal (SIGTERM)']);
  });

  it('stops at the run time limit with a timeout StopRequest naming it', async () => {
    const fake = fakeProcess();
    const stop = stopOnSignals({ exitCode: 1, secondSignal: 'hurry', graceMs: 10, process: fake.proc });
    stop.setLimit(5, "timeout-minutes: 4 (the action's input)");
    await expect(untilAborted(new Promise(() => undefined), stop.signal)).rejects.toBeInstanceOf(StopRequest);
    expect(stopRequestOf(stop.signal)).toMatchObject({ kind: 'timeout', why: "timeout-minutes: 4 (the action's input)", name: 'TimeoutError' });
    expect(await fake.exit).toBe(1);
  });

  it('has no hard exit once disposed before any stop, and ignores later signals', () => {
    const fake = fakeProcess();
    const stop = stopOnSignals({ exitCode: 2, secondSignal: 'exit', graceMs: 10, process: fake.proc });
    stop.dispose();
    fake.send('SIGINT');
    expect(stop.signal.aborted).toBe(false);
  });

  it('reads the grace period from DATACOMPARE_STOP_GRACE_SECONDS within 1–60 s', () => {
    expect(graceFromEnv({ DATACOMPARE_STOP_GRACE_SECONDS: '3' })).toBe(3000);
    expect(graceFromEnv({ DATACOMPARE_STOP_GRACE_SECONDS: '0' })).toBe(STOP_GRACE_MS);
    expect(graceFromEnv({})).toBe(STOP_GRACE_MS);
  });
});
