/**
 * A query's rows read through a portal of the extended protocol (Parse/Bind/Describe/Execute n), in
 * batches bounded by bytes: a batch holds at most MAX_BATCH_BYTES of row data (its DataRow messages),
 * or one row larger than that. Two things keep it there:
 * - n, the rows an Execute asks for, follows the rows last read: 64 at first, then as many of the
 *   largest row just read as fit the bound (at most twice the last n, at most MAX_ROWS), so a
 *   table of 30 MB values is read a row a round trip and one of short rows thousands at a time;
 * - rows beyond the bound within one Execute (short rows followed by long ones) close the batch, and
 *   while a closed batch waits for the reader the socket is paused: the server waits on TCP, and no
 *   more than one batch waits in memory besides the one being read and the one being filled.
 * One Execute is asked ahead while the reader works through a batch (one round trip hidden per batch),
 * unless the last held a row over the bound: then the next is read only once the reader asks for it.
 * The whole read is one extended-protocol exchange, ended by one Sync, as pg-query-stream's was:
 * the same statement timeout, a cancel stops it, and node-pg's type parsers read the values.
 */
import pg from 'pg';
import type { ResultRow } from '../types.js';

/** The most row data (bytes on the wire) one batch holds, unless it is a single larger row. */
export const MAX_BATCH_BYTES = 4 * 1024 * 1024;
/**
 * The rows the first Execute asks for, before any row's size is known: one, then twice as many each
 * time while they fit the bound. A reader that stops after the first batch of huge values then leaves
 * one row to read and throw away, not 64.
 */
const FIRST_ROWS = 1;
/**
 * The most rows one Execute asks for, however short they are: pg-query-stream's 5,000. A row's objects
 * cost several times its bytes on the wire: 20,000 short rows a round trip took the streaming merge of
 * 1M rows from 228 to 329 MB resident, and 8.4 to 10.6 s.
 */
const MAX_ROWS = 5_000;

export interface FetchCursorOptions {
  /** Tests only: a smaller bound. */
  maxBatchBytes?: number;
  /** Once aborted, no further batch is read or handed over (the connection cancels the query). */
  signal?: AbortSignal;
}

/** The parts of node-pg's Result (exported, its row parsing untyped) this reader uses. */
interface RowParser {
  addFields(fields: unknown[]): void;
  parseRow(fields: unknown[]): ResultRow;
}

/** The parts of node-pg's (untyped) Connection this reader speaks through. */
interface Wire {
  stream: NodeJS.ReadableStream & { writable: boolean };
  parse(message: { text: string }): void;
  bind(message: { portal: string; values: unknown[]; valueMapper: (value: unknown) => unknown }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string; rows: number }): void;
  close(message: { type: 'P'; name: string }): void;
  flush(): void;
  sync(): void;
}

type Phase = 'queued' | 'executing' | 'suspended' | 'complete' | 'closing' | 'done';

let portals = 0;

/**
 * A node-pg Submittable (client.query(cursor)): the client hands it the protocol messages of its
 * exchange, from RowDescription to ReadyForQuery. `next()` gives the batches in order.
 */
class FetchCursor {
  /** Read by node-pg's client, which gives it the client's type parsers (`_types`). */
  readonly _result = new pg.Result('', undefined as never) as unknown as RowParser;
  private readonly portal = `datacompare_fetch_${++portals}`;
  private readonly values: unknown[];
  private wire: Wire | undefined;
  private phase: Phase = 'queued';
  private failure: { error: unknown } | undefined;
  /** Batches closed (full, or their Execute ended) and not yet taken. */
  private readonly ready: ResultRow[][] = [];
  private filling: ResultRow[] = [];
  private fillingBytes = 0;
  private rowsToAsk = FIRST_ROWS;
  /** The largest row (bytes) of the Execute under way, and of the last one that ended. */
  private largest = 0;
  private lastLargest = 0;
  private paused = false;
  /** Our Sync is sent: the one ReadyForQuery of this exchange is coming (a second would be taken for the next query's). */
  private synced = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly text: string,
    values: readonly unknown[],
    private readonly maxBytes: number,
  ) {
    this.values = [...values];
  }

  submit(connection: pg.Connection): void {
    const wire = connection as unknown as Wire;
    this.wire = wire;
    if (this.phase === 'closing') return this.end(); // stopped before it was sent
    wire.parse({ text: this.text });
    // node-pg's own conversion of parameters (dates, arrays, buffers…), as for any query
    wire.bind({ portal: this.portal, values: this.values, valueMapper: (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue });
    wire.describe({ type: 'P', name: this.portal });
    this.execute();
  }

  handleRowDescription(message: { fields: unknown[] }): void {
    this._result.addFields(message.fields);
  }

  handleDataRow(message: { length: number; fields: unknown[] }): void {
    if (this.phase === 'closing') return; // read after an early stop: dropped
    const bytes = message.length;
    if (this.filling.length > 0 && this.fillingBytes + bytes > this.maxBytes) this.closeBatch();
    this.filling.push(this._result.parseRow(message.fields));
    this.fillingBytes += bytes;
    this.largest = Math.max(this.largest, bytes);
    if (this.fillingBytes >= this.maxBytes) this.closeBatch();
    // A full batch waits for the reader: the server waits too (the rows of a chunk already received still come).
    if (this.ready.length > 0) this.pause();
    this.notify();
  }

  handlePortalSuspended(): void {
    if (this.phase === 'closing') return;
    this.closeBatch();
    this.phase = 'suspended';
    this.lastLargest = this.largest;
    this.largest = 0;
    this.rowsToAsk = Math.max(1, Math.min(MAX_ROWS, this.rowsToAsk * 2, Math.floor(this.maxBytes / Math.max(1, this.lastLargest))));
    this.executeAhead();
    this.notify();
  }

  handleCommandComplete(): void {
    if (this.phase !== 'closing') {
      this.closeBatch();
      this.phase = 'complete';
    }
    this.end();
  }

  handleEmptyQuery(): void {
    if (this.phase !== 'closing') this.phase = 'complete';
    this.end();
  }

  handleReadyForQuery(): void {
    this.phase = 'done';
    this.resume();
    this.notify();
  }

  /** A server error (the client then waits for the ReadyForQuery our Sync brings) or a dead socket. */
  handleError(error: unknown): void {
    if (this.phase === 'done') return;
    this.failure ??= { error };
    this.phase = 'done';
    this.ready.length = 0;
    this.filling = [];
    this.resume();
    // The server skips what follows an error up to a Sync: ours, unless it is on its way already.
    if (!this.synced && this.wire?.stream.writable) {
      this.synced = true;
      this.wire.sync();
    }
    this.notify();
  }

  /** The next batch, or undefined once every row was read. */
  async next(): Promise<ResultRow[] | undefined> {
    for (;;) {
      if (this.failure) throw this.failure.error;
      const batch = this.ready.shift();
      if (batch) {
        if (this.ready.length === 0) this.resume();
        this.executeAhead();
        return batch;
      }
      if (this.phase === 'done' || this.phase === 'closing') return undefined;
      this.executeAhead(true);
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** Stops early: the rows still coming are dropped, the portal closed; resolves once the client is free. */
  close(): Promise<void> {
    if (this.phase === 'done') return Promise.resolve();
    const closing = new Promise<void>((resolve) => {
      const check = () => (this.phase === 'done' ? resolve() : void (this.wake = check));
      this.wake = check;
    });
    if (this.phase !== 'closing') {
      const sent = this.phase !== 'queued';
      this.phase = 'closing';
      this.ready.length = 0;
      this.filling = [];
      this.resume();
      // Close and Sync follow the Execute under way: its last rows are dropped as they come.
      if (sent) this.end();
    }
    return closing;
  }

  private execute(): void {
    const wire = this.wire!;
    wire.execute({ portal: this.portal, rows: this.rowsToAsk });
    wire.flush();
    this.phase = 'executing';
  }

  /**
   * The next Execute, once the last one ended and no batch waits: sent ahead while the reader works
   * through the last batch, unless that held a row over the bound: then only once the reader asks for
   * more (`asked`), so a row of 30 MB is never read while the one before it is still held.
   */
  private executeAhead(asked = false): void {
    if (this.phase !== 'suspended' || this.ready.length > 0) return;
    if (asked || this.lastLargest <= this.maxBytes) this.execute();
  }

  /** Closes the portal and ends the exchange (once). */
  private end(): void {
    if (this.synced) return;
    this.synced = true;
    const wire = this.wire!;
    wire.close({ type: 'P', name: this.portal });
    wire.sync();
  }

  private closeBatch(): void {
    if (this.filling.length === 0) return;
    this.ready.push(this.filling);
    this.filling = [];
    this.fillingBytes = 0;
  }

  private pause(): void {
    if (this.paused || !this.wire) return;
    this.paused = true;
    this.wire.stream.pause();
  }

  private resume(): void {
    if (!this.paused || !this.wire) return;
    this.paused = false;
    this.wire.stream.resume();
  }

  private notify(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}

/**
 * The rows of `sql` on `client`, a batch at a time, each batch at most MAX_BATCH_BYTES of row data
 * or a single row. Stopping early (return, an error) closes the portal; the client is free once
 * the generator has ended.
 */
export async function* fetchBatches(client: pg.ClientBase, sql: string, params: readonly unknown[] = [], options: FetchCursorOptions = {}): AsyncGenerator<ResultRow[]> {
  const cursor = new FetchCursor(sql, params, options.maxBatchBytes ?? MAX_BATCH_BYTES);
  client.query(cursor);
  let finished = false;
  try {
    // The batch handed over is let go before the next is awaited: a row over the bound is never read
    // while the previous one is still held here.
    const stopped = () => {
      if (options.signal?.aborted) throw options.signal.reason;
    };
    let batch = await cursor.next();
    while (batch) {
      stopped();
      yield batch;
      batch = undefined;
      stopped();
      batch = await cursor.next();
    }
    finished = true;
  } finally {
    if (!finished) await cursor.close();
  }
}
