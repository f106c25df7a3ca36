/**
 * The SQLite worker processes: one per open SQLite connection, started with child_process.fork
 * (worker.ts; rows come back structured-cloned over the IPC channel), ended with SIGKILL.
 * node:sqlite has no interrupt and no progress handler, and a worker thread cannot be stopped inside
 * one long native step (an endless WITH RECURSIVE, a big sort): it ran on at 100 % of a core, and
 * held even process.exit(), until the step returned. A process is ended by the kernel wherever it
 * is: a stop takes milliseconds, and `ended` says when the process is gone (reaped). When this
 * process exits, every worker still running is killed; when it dies without exiting (SIGKILL), each
 * worker notices its parent is gone and ends itself (orphan-watch.ts).
 */
import { fork, type ChildProcess } from 'node:child_process';

export interface WorkerProcess {
  readonly child: ChildProcess;
  /** Settles once the process has ended and been reaped (its pid no longer exists), or never started. */
  readonly ended: Promise<void>;
  /** Ends it at once (SIGKILL); `ended` settles once it is gone. */
  kill(): void;
  /** Whether it keeps this process alive: only while something waits on it (once killed, until it is gone). */
  hold(held: boolean): void;
}

/** Every worker process not yet ended. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * The worker's entry: the compiled `worker.js`, or from the TypeScript sources (tests) `worker.ts`.
 * ncc turns the `new URL('./worker.js', import.meta.url)` into the path of dist/worker.js (a string).
 */
function entry(): URL | string {
  if (import.meta.url.endsWith('.ts')) {
    const source = './worker.ts';
    return new URL(source, import.meta.url);
  }
  return new URL('./worker.js', import.meta.url);
}

export function startWorkerProcess(): WorkerProcess {
  const child = fork(entry(), [], {
    // Structured clone: BigInt, Uint8Array and nested values as a worker thread's postMessage sent them.
    serialization: 'advanced',
    // Not the parent's flags (an --inspect port, --import hooks); Node 22 calls node:sqlite experimental.
    execArgv: ['--disable-warning=ExperimentalWarning'],
    // It never writes to stdout (the report may be there); a crash of Node itself shows on stderr.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  running.add(child);
  const ended = new Promise<void>((resolve) => {
    const gone = () => {
      running.delete(child);
      resolve();
    };
    child.once('exit', gone);
    // Not started at all (no 'exit' follows).
    child.once('error', () => child.pid === undefined && gone());
  });
  let killed = false;
  return {
    child,
    ended,
    kill: () => {
      if (killed || child.exitCode !== null || child.signalCode !== null) return;
      killed = true;
      // Held until it is gone (milliseconds), so whoever awaits `ended` sees it.
      child.ref();
      child.kill('SIGKILL');
    },
    hold: (held) => {
      if (killed) return;
      if (held) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    },
  };
}

