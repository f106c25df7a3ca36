/**
 * What the operating system says about processes (Linux /proc): whether one still runs, its child
 * processes, the CPU time a process and its descendants have used, and its memory. Stop and bound tests
 * assert on these facts rather than on how fast something answered.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

interface Stat {
  pid: number;
  state: string;
  ppid: number;
  /** utime + stime of every thread, in clock ticks. */
  ticks: number;
}

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux almost everywhere). */
const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

function stat(pid: number): Stat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // `pid (comm) state ppid …`: comm may hold spaces and parentheses, so the fields start after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { pid, state: fields[0]!, ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
}

function allStats(): Stat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => stat(Number(name)) ?? []);
}

/** The process exists and is not a zombie (ended, waiting to be reaped by a parent that is gone). */
export function isRunning(pid: number): boolean {
  const found = stat(pid);
  return found !== undefined && found.state !== 'Z' && found.state !== 'X';
}

/** The running processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  return allStats()
    .filter((s) => s.ppid === pid && s.state !== 'Z')
    .map((s) => s.pid);
}

/** CPU seconds (user + system, all threads) used so far by `pid` and every running descendant of it. */
export function cpuSecondsOfTree(pid: number): number {
  const stats = allStats();
  const inTree = new Set([pid]);
  // Parents come before their children in no particular order: repeat until nothing is added.
  for (let added = true; added; ) {
    added = false;
    for (const s of stats) {
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        added = true;
      }
    }
  }
  return stats.filter((s) => inTree.has(s.pid)).reduce((sum, s) => sum + s.ticks, 0) / TICKS_PER_SECOND;
}

/** A kB figure of /proc/<pid>/status: VmRSS (resident now) or VmHWM (the peak since start, or since `resetPeakMemory`). */
export function memoryKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1]);
}

/** Resets the process's peak memory (VmHWM) to what it holds now, so a later VmHWM is the peak from here on. */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
