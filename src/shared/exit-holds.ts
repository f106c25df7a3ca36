/**
 * Native work that holds even `process.exit()`: Node joins its worker threads and its thread pool
 * before the process ends, so a DuckDB statement still running on the thread pool keeps the process
 * alive until it returns, however the process was told to exit. Each dialect registers what it
 * runs; before the process ends every hold is asked to let go (statements interrupted) and given
 * RELEASE_WITHIN_MS; whatever still holds then is ended with the process itself: SIGKILL, exit
 * status 137 (the line saying why is written first: writes to a pipe or a file are synchronous on
 * Linux). SQLite registers nothing: its statements run in worker processes, killed on a stop and
 * when this process exits (dialects/sqlite/worker-process.ts), which never hold the exit.
 */

export interface ExitHold {
  /** Asks it to let go (interrupt its statements); settles once it has. */
  release(): Promise<unknown>;
  /** What of it could still hold the exit, one phrase each ('a DuckDB query of data source "local"'). */
  held(): string[];
}

/** How long the holds get to let go before the process is killed. */
export const RELEASE_WITHIN_MS = 300;

const holds = new Set<ExitHold>();

/** Registers `hold`; returns its removal. */
export function registerExitHold(hold: ExitHold): () => void {
  holds.add(hold);
  return () => holds.delete(hold);
}

const ending = new WeakSet<EndableProcess>();

const held = (): string[] => [...holds].flatMap((hold) => hold.held());

/** Asks every hold to let go and waits up to `withinMs`; returns what still holds the exit then. */
export async function releaseExitHolds(withinMs = RELEASE_WITHIN_MS): Promise<string[]> {
  if (held().length === 0) return [];
  let timer: NodeJS.Timeout | undefined;
  const releases = Promise.allSettled([...holds].map((hold) => hold.release()));
  await Promise.race([releases, new Promise((resolve) => (timer = setTimeout(resolve, withinMs)))]);
  clearTimeout(timer);
  return held();
}

export type EndableProcess = Pick<NodeJS.Process, 'exit' | 'kill' | 'pid'>;

export interface EndOptions {
  /**
   * Called just before the end: `held` is what still held the exit after RELEASE_WITHIN_MS (then the
   * process ends with SIGKILL, status 137); empty, it exits with the status asked for.
   */
  onEnd?: (held: string[]) => void;
  /** Test seam. */
  process?: EndableProcess;
}

/**
 * Ends the process with status `code` (undefined: process.exitCode), at once when nothing native
 * holds it; else once the holds let go, or with SIGKILL when they did not within RELEASE_WITHIN_MS.
 */
export function endProcess(code: number | undefined, options: EndOptions = {}): void {
  const proc = options.process ?? process;
  // Once: the run's end and the hard exit after a stop may both get here.
  if (ending.has(proc)) return;
  ending.add(proc);
  const end = (stillHeld: string[]) => {
    options.onEnd?.(stillHeld);
    // exit(undefined) is exit(0) on Node 24, not process.exitCode.
    if (stillHeld.length > 0) proc.kill(proc.pid, 'SIGKILL');
    else if (code === undefined) proc.exit();
    else proc.exit(code);
  };
  if (held().length === 0) {
    end([]);
    return;
  }
  void releaseExitHolds().then(end);
}

/**
 * What is said when the process is killed: '… did not stop (one native step still running): killing
 * the process (SIGKILL, <detail>)'.
 */
export function killNotice(stillHeld: string[], detail?: string): string {
  return `${describeHeld(stillHeld)} did not stop (one native step still running): killing the process (SIGKILL${detail ? `, ${detail}` : ''})`;
}

/** The words for what still holds the exit: 'a DuckDB query of data source "x" and a DuckDB query of data source "y"'. */
export function describeHeld(stillHeld: string[]): string {
  const unique = [...new Set(stillHeld)];
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} and ${unique.at(-1)}`;
}
