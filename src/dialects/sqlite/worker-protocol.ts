/**
 * The messages between a SqliteConnection (main thread) and its worker thread, which owns the
 * node:sqlite database: every statement runs there, so a long query never blocks the main
 * thread's event loop (the service's HTTP server, timers, signals), and terminating the worker
 * stops it. Rows come back in batches, one batch per `next` request (bounded memory).
 */

export type WorkerRequest =
  | { op: 'open'; id: number; path: string }
  | { op: 'all'; id: number; sql: string; params: unknown[] }
  | { op: 'get'; id: number; sql: string; params: unknown[] }
  | { op: 'columns'; id: number; sql: string }
  | { op: 'iterate'; id: number; sql: string; params: unknown[]; batch: number }
  /** `iterator`: the id of the `iterate` request. */
  | { op: 'next'; id: number; iterator: number }
  | { op: 'return'; id: number; iterator: number };

/** A driver error as plain data (errors do not keep their fields across threads). */
export interface WorkerError {
  message: string;
  name?: string;
  code?: string;
  errcode?: number;
  errstr?: string;
  /** The text after the first statement, when more than one was sent (see read-only.ts). */
  trailing?: string;
  /** The file does not exist. */
  missingFile?: boolean;
}

export type WorkerReply =
  | { id: number; ok: true; rows?: unknown[]; row?: unknown; columns?: { name: string; type: string | null }[]; done?: boolean }
  | { id: number; ok: false; error: WorkerError };
