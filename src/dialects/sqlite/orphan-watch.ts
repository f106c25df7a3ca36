/**
 * A SQLite worker process lives only while its parent wants it. The parent stops a statement by
 * killing the process (node:sqlite has no interrupt), so the process itself never acts on a stop:
 * SIGINT and SIGTERM are ignored (a Ctrl-C in the terminal reaches the whole process group, systemd
 * signals the whole cgroup: the parent decides, and a job in its grace period keeps its statement).
 * A parent that is gone ends it: its IPC channel closes (idle: the process exits), and a watchdog
 * thread, which runs while the main thread is held in one native step, kills the process once its
 * parent is no longer the one that started it (a parent killed with SIGKILL leaves no one to do it).
 */
import { Worker } from 'node:worker_threads';

/** How often the watchdog looks at the parent: an orphan stops within this. */
export const ORPHAN_CHECK_MS = 200;

/** The watchdog, evaluated in a thread of its own (no file to bundle): its workerData is the parent's pid. */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.parent) process.kill(process.pid, 'SIGKILL');
}, workerData.everyMs);
`;

export function endWhenOrphaned(): void {
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => {});
  process.on('disconnect', () => process.exit(0));
  const watchdog = new Worker(WATCHDOG, { eval: true, workerData: { parent: process.ppid, everyMs: ORPHAN_CHECK_MS } });
  // The process ends when its work does (the channel closed); the watchdog never holds it.
  watchdog.unref();
}
