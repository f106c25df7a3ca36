/**
 * The messages between a SqliteConnection and its worker process, which owns the node:sqlite
 * database: every statement runs there, so a long query never blocks the event loop (the service's
 * HTTP server, timers, signals), and killing the worker stops it. Rows come back in batches, one
 * batch per `next` request, structured-cloned over the IPC channel: at most `batch` rows and 4 MiB of
 * them, or one larger row (bounded-batches.ts).
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

/** A driver error as plain data (errors do not keep their fields across processes). */
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
