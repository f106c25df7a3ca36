/**
 * Runs ONE contender on ONE scenario in its own process, so its peak RSS is its own; prints a JSON
 * line with wall time, rows, bytes received from each database (socket level) and max RSS.
 * Started by bench/main.ts as `node --import ./bench/register.js bench/child.ts` with BENCH_TASK set.
 */
import { readFileSync } from 'node:fs';
import { installSocketMeter, bytesForPort } from './socket-meter.js';
import type { ContenderInput, Contender } from './contenders/types.js';

installSocketMeter();

interface Task extends ContenderInput {
  contender: string;
}

async function load(name: string): Promise<Contender> {
  switch (name) {
    case 'count':
      return (await import('./contenders/count.js')).countRows;
    case 'floor':
      return (await import('./contenders/floor.js')).checksumFloor;
    case 'naive':
      return (await import('./contenders/naive.js')).naiveMerge;
    case 'join-sql':
      return (await import('./contenders/join-sql.js')).joinSql;
    case 'datacompare':
      return (await import('./contenders/datacompare.js')).datacompare;
    default:
      throw new Error(`unknown contender ${name}`);
  }
}

/**
 * This process's own peak RSS in MB. Linux keeps ru_maxrss across fork + exec, so
 * `process.resourceUsage().maxRSS` can report the PARENT's RSS (the bench, with the proxy's buffers);
 * VmHWM is the peak of this process's own memory since exec.
 */
function peakRssMb(): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (match) return Number(match[1]) / 1024;
  } catch {
    // not Linux
  }
  return process.resourceUsage().maxRSS / 1024;
}

// BENCH_MEMORY_TRACE=1: one stderr line a second (BENCH_MEMORY_TRACE_MS apart) with this process's memory, to find where a peak comes from.
if (process.env.BENCH_MEMORY_TRACE === '1') {
  const mb = (n: number) => Math.round(n / 1048576);
  setInterval(() => {
    const m = process.memoryUsage();
    process.stderr.write(`memory ${new Date().toISOString().slice(11, 19)} rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} external ${mb(m.external)} buffers ${mb(m.arrayBuffers)}\n`);
  }, Number(process.env.BENCH_MEMORY_TRACE_MS ?? 1000)).unref();
}

const task = JSON.parse(process.env.BENCH_TASK ?? '{}') as Task;
const contender = await load(task.contender);
const started = performance.now();
const output = await contender(task);
const wallMs = performance.now() - started;
const source = bytesForPort(Number(new URL(task.postgresUrl).port));
const target = bytesForPort(Number(new URL(task.mysqlUrl).port));
process.stdout.write(
  `${JSON.stringify({ ...output, wallMs, bytes: { source: source.received, target: target.received }, maxRssMb: peakRssMb(), maxRssInheritedMb: process.resourceUsage().maxRSS / 1024 })}\n`,
);
process.exit(0);
