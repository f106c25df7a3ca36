/**
 * Fetch batches bounded by bytes. A driver that pushes rows as they arrive (mysql2's 'result' events)
 * is paused while more than MAX_BATCH_BYTES of rows wait, unread, and resumed once the reader has
 * taken them; each batch handed over holds at most MAX_BATCH_BYTES of row data, or a single larger
 * row. A count of rows bounds nothing: 5,000 rows of 30 MB values are 150 GB.
 */
import type { ResultRow } from './types.js';

/** The most row data one batch holds (and a paused driver buffers), unless it is a single larger row. */
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;
/**
 * The most rows one batch holds (and a paused driver buffers), however short: a row's objects cost
 * several times its bytes, and 4 MiB of short rows are 70,000 of them (mysql2's stream held 5,000).
 */
export const MAX_BATCH_ROWS = 5_000;

/** What a value costs in a batch, about: a text its characters, binary data its bytes, anything else 8. */
export function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (value instanceof Uint8Array) return value.byteLength;
  return 8;
}

/** A row's bytes, about (valueBytes of each value). */
export function rowBytes(row: Record<string, unknown> | readonly unknown[]): number {
  let bytes = 0;
  for (const value of Array.isArray(row) ? row : Object.values(row)) bytes += valueBytes(value);
  return bytes;
}

/** A query's rows as events ('result' a row, 'end', 'error'): mysql2's Query without a callback. */
export interface RowEvents {
  on(event: 'result', listener: (row: ResultRow) => void): unknown;
  on(event: 'end', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Stops and restarts the rows' arrival (mysql2's connection: its socket). */
export interface RowFlow {
  pause(): void;
  resume(): void;
}

/**
 * The rows of `events` in batches of at most `maxBytes` (or one row) and MAX_BATCH_ROWS; `flow` paused
 * while more than `maxBytes` or MAX_BATCH_ROWS wait.
 */
export async function* boundedBatches(events: RowEvents, flow: RowFlow, maxBytes = MAX_BATCH_BYTES): AsyncGenerator<ResultRow[]> {
  const rows: ResultRow[] = [];
  const sizes: number[] = [];
  let waiting = 0;
  let paused = false;
  let ended = false;
  let stopped = false;
  let failure: { error: Error } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resume = wake;
    wake = undefined;
    resume?.();
  };
  events.on('result', (row) => {
    if (stopped) return; // the reader stopped early: the connection is dropped
    const bytes = rowBytes(row);
    rows.push(row);
    sizes.push(bytes);
    waiting += bytes;
    if ((waiting > maxBytes || rows.length > MAX_BATCH_ROWS) && !paused) {
      paused = true;
      flow.pause();
    }
    notify();
  });
  events.on('end', () => {
    ended = true;
    notify();
  });
  // Kept after the reader stopped: an error then (the connection dropped) must not be thrown at no one.
  events.on('error', (error) => {
    failure ??= { error };
    notify();
  });
  try {
    for (;;) {
      if (failure) throw failure.error;
      if (rows.length > 0) {
        let count = 0;
        let bytes = 0;
        while (count < rows.length && count < MAX_BATCH_ROWS && (count === 0 || bytes + sizes[count]! <= maxBytes)) bytes += sizes[count++]!;
        const batch = rows.splice(0, count);
        sizes.splice(0, count);
        waiting -= bytes;
        if (paused && waiting <= maxBytes && rows.length <= MAX_BATCH_ROWS) {
          paused = false;
          flow.resume();
        }
        yield batch;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stopped = true;
    rows.length = 0;
    if (paused) flow.resume();
  }
}
