/**
 * A finished job's differing rows, one database row each (`job_diff_rows`, in order by `seq`), beside the rest of its diff
 * (the head: keys, mappings, counts, cut values) in `jobs.diff`. Two bounds hold whatever a comparison
 * returns: each value is at most 64 Ki characters already (the engine cuts as it keeps rows), and the
 * rows a job stores add up to at most `maxBytes` of JSON (later rows are left out, and the head says
 * so). Rows are read a page at a time, so nothing that shows or sends them holds a whole job's rows;
 * a job list or a job's details never reads them at all.
 */
import type { DiffRow } from '../../engine/model.js';
import type { SqlDb } from './sql-db.js';

/** Default bound on the JSON of one job's stored rows (16 MiB). */
export const DEFAULT_MAX_DIFF_BYTES = 16 * 1024 * 1024;
/** Rows per INSERT statement. */
const INSERT_BATCH = 50;

/** What a job's diff looks like once split for storage. */
export interface StoredDiff {
  /** The diff without `diff_rows` (for `jobs.diff`). */
  head: Record<string, unknown>;
  /** The rows' JSON texts, in order. */
  rows: string[];
}

/**
 * Splits a diff for storage: its rows as JSON texts while they fit in `maxBytes`, and a head that says
 * how many were kept (`truncated`, `diff_rows_max_bytes` when rows were left out for size) and keeps
 * only the cut values of kept rows.
 */
export function splitDiff(diff: Record<string, unknown>, maxBytes: number): StoredDiff {
  const { diff_rows: rawRows, ...head } = diff;
  const all = Array.isArray(rawRows) ? (rawRows as unknown[]) : [];
  const rows: string[] = [];
  let bytes = 0;
  for (const row of all) {
    const text = JSON.stringify(row);
    const size = Buffer.byteLength(text, 'utf8');
    if (bytes + size > maxBytes) break;
    bytes += size;
    rows.push(text);
  }
  if (rows.length === all.length) return { head, rows };
  const kept: Record<string, unknown> = { ...head, truncated: true, diff_rows_max_bytes: maxBytes };
  const cuts = Array.isArray(head.cut_values) ? (head.cut_values as { row: number }[]).filter((cut) => cut.row < rows.length) : [];
  if (cuts.length > 0) kept.cut_values = cuts;
  else delete kept.cut_values;
  return { head: kept, rows };
}

export class DiffStore {
  constructor(private readonly db: SqlDb) {}

  /** Stores a job's rows (in the caller's transaction, with the job's own update). */
  async write(tx: SqlDb, jobId: number, rows: readonly string[]): Promise<void> {
    await tx.run('DELETE FROM job_diff_rows WHERE job_id = ?', [jobId]);
    for (let at = 0; at < rows.length; at += INSERT_BATCH) {
      const batch = rows.slice(at, at + INSERT_BATCH);
      await tx.run(
        `INSERT INTO job_diff_rows (job_id, seq, row_json) VALUES ${batch.map(() => '(?, ?, ?)').join(', ')}`,
        batch.flatMap((row, i) => [jobId, at + i, row]),
      );
    }
  }

  /** How many rows the job stored. */
  async count(jobId: number): Promise<number> {
    const rows = await this.db.all<{ n: unknown }>('SELECT COUNT(*) AS n FROM job_diff_rows WHERE job_id = ?', [jobId]);
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * The job's rows from `offset`, in order: at most `maxRows`, and past the first no more than fit in
   * `maxBytes` of JSON (the sizes are read first, so no row beyond the bound is ever loaded).
   */
  async pageWithin(jobId: number, offset: number, maxRows: number, maxBytes: number): Promise<DiffRow[]> {
    const sizes = await this.db.all<{ size: unknown }>('SELECT octet_length(row_json) AS size FROM job_diff_rows WHERE job_id = ? AND seq >= ? ORDER BY seq LIMIT ?', [
      jobId,
      offset,
      maxRows,
    ]);
    let rows = 0;
    for (let bytes = 0; rows < sizes.length; rows++) {
      bytes += Number(sizes[rows]!.size);
      if (rows > 0 && bytes > maxBytes) break;
    }
    return rows === 0 ? [] : this.page(jobId, offset, rows);
  }

  /** The job's rows [offset, offset + limit), in order. */
  async page(jobId: number, offset: number, limit: number): Promise<DiffRow[]> {
    const rows = await this.db.all<{ row_json: string }>('SELECT row_json FROM job_diff_rows WHERE job_id = ? AND seq >= ? ORDER BY seq LIMIT ?', [
      jobId,
      offset,
      limit,
    ]);
    return rows.map((r) => JSON.parse(r.row_json) as DiffRow);
  }
}
