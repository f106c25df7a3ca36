/**
 * The worker process's side of a SQLite connection (see worker-protocol.ts): opens the file
 * read-only with the canonical functions and the read-only authorizer, and answers one request at
 * a time over the IPC channel. Streams keep their iterator between `next` requests. The process
 * lives only as long as its parent wants it (see orphan-watch.ts): signals are its parent's to
 * act on, and a parent that is gone ends it.
 */
import { existsSync } from 'node:fs';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import { endWhenOrphaned } from './orphan-watch.js';
import { registerCanonicalFunctions } from './functions.js';
import { authorizeReadsOnly, trailingStatement } from './read-only.js';
import type { WorkerError, WorkerReply, WorkerRequest } from './worker-protocol.js';
import { MAX_BATCH_BYTES, rowBytes } from '../bounded-batches.js';

let db: DatabaseSync | undefined;
/** `held`: a row read that did not fit the last batch (the first of the next). */
const iterators = new Map<number, { iterator: Iterator<unknown>; batch: number; held?: { row: unknown; bytes: number } }>();

class TrailingStatement extends Error {
  readonly rest: string;
  constructor(rest: string) {
    super('more than one statement');
    this.rest = rest;
  }
}

function database(): DatabaseSync {
  if (!db) throw new Error('the SQLite database is not open');
  return db;
}

function prepare(sql: string): StatementSync {
  const statement = database().prepare(sql);
  const rest = trailingStatement(sql, statement.sourceSQL);
  if (rest !== undefined) throw new TrailingStatement(rest);
  statement.setReadBigInts(false);
  return statement;
}

function nextBatch(id: number, iterator: number): WorkerReply {
  const entry = iterators.get(iterator);
  if (!entry) return { id, ok: true, rows: [], done: true };
  // At most `batch` rows and MAX_BATCH_BYTES of them (or one larger row): each is copied into the reply.
  const rows: unknown[] = [];
  let bytes = 0;
  while (rows.length < entry.batch && bytes < MAX_BATCH_BYTES) {
    let held = entry.held;
    entry.held = undefined;
    if (!held) {
      const next = entry.iterator.next();
      if (next.done) {
        iterators.delete(iterator);
        return { id, ok: true, rows, done: true };
      }
      held = { row: next.value, bytes: rowBytes(next.value as Record<string, unknown>) };
    }
    if (rows.length > 0 && bytes + held.bytes > MAX_BATCH_BYTES) {
      entry.held = held;
      break;
    }
    rows.push(held.row);
    bytes += held.bytes;
  }
  return { id, ok: true, rows, done: false };
}

function handle(request: WorkerRequest): WorkerReply {
  switch (request.op) {
    case 'open': {
      // A file that does not exist is an error (a typo would otherwise compare two empty new databases).
      if (request.path !== ':memory:' && !existsSync(request.path)) return { id: request.id, ok: false, error: { message: 'no such file', missingFile: true } };
      // Read-only: the file cannot be written, and the authorizer refuses all but reading.
      const opened = new DatabaseSync(request.path, { enableForeignKeyConstraints: false, readOnly: true });
      registerCanonicalFunctions(opened);
      authorizeReadsOnly(opened);
      db = opened;
      return { id: request.id, ok: true };
    }
    case 'all':
      return { id: request.id, ok: true, rows: prepare(request.sql).all(...(request.params as never[])) };
    case 'get':
      return { id: request.id, ok: true, row: prepare(request.sql).get(...(request.params as never[])) };
    case 'columns':
      return { id: request.id, ok: true, columns: prepare(request.sql).columns().map((c) => ({ name: c.name, type: c.type ?? null })) };
    case 'iterate':
      iterators.set(request.id, { iterator: prepare(request.sql).iterate(...(request.params as never[])), batch: request.batch });
      return nextBatch(request.id, request.id);
    case 'next':
      return nextBatch(request.id, request.iterator);
    case 'return':
      iterators.get(request.iterator)?.iterator.return?.();
      iterators.delete(request.iterator);
      return { id: request.id, ok: true };
  }
}

function plain(error: unknown): WorkerError {
  if (error instanceof TrailingStatement) return { message: error.message, trailing: error.rest };
  const fields = error as { message?: unknown; name?: unknown; code?: unknown; errcode?: unknown; errstr?: unknown };
  return {
    message: error instanceof Error ? error.message : String(error),
    ...(typeof fields.name === 'string' ? { name: fields.name } : {}),
    ...(typeof fields.code === 'string' ? { code: fields.code } : {}),
    ...(typeof fields.errcode === 'number' ? { errcode: fields.errcode } : {}),
    ...(typeof fields.errstr === 'string' ? { errstr: fields.errstr } : {}),
  };
}

if (!process.send) throw new Error('the SQLite worker runs as a child process with an IPC channel (child_process.fork)');
const send = process.send.bind(process);
endWhenOrphaned();
process.on('message', (request: WorkerRequest) => {
  let reply: WorkerReply;
  try {
    reply = handle(request);
  } catch (error) {
    if (request.op === 'iterate') iterators.delete(request.id);
    if (request.op === 'next') iterators.delete(request.iterator);
    reply = { id: request.id, ok: false, error: plain(error) };
  }
  // A channel closed under the reply means the parent is gone: 'disconnect' ends the process.
  send(reply, undefined, undefined, () => undefined);
});
