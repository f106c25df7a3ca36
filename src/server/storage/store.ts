/**
 * Everything the server keeps: API keys (hashed), data sources (URLs encrypted), datasets,
 * comparisons and jobs. One implementation over SqlDb for SQLite and PostgreSQL. Every read and
 * write of workspace data takes the workspace id, so no query can cross workspaces.
 *
 * Jobs are claimed atomically: `UPDATE … WHERE id = (SELECT … LIMIT 1 [FOR UPDATE SKIP LOCKED])`, so
 * several workers (and several server processes on PostgreSQL) never take the same job. A claimed
 * job carries a lease its worker renews; an expired lease means a dead worker (see reapExpired).
 * Every transition out of a state is conditional on that state: terminal states never change.
 */
import type { SqlDb, SqlParam } from './sql-db.js';
import {
  num,
  toComparison,
  toDatasource,
  toJob,
  type ComparisonRecord,
  type DatasetRecord,
  type DatasourceRecord,
  type DatasourceRow,
  type JobFilters,
  type JobRecord,
  type NewJob,
  type PageRequest,
  type Row,
} from './records.js';
import { CatalogStore } from './catalog-store.js';
import { KeyStore } from './key-store.js';
import { DEFAULT_MAX_DIFF_BYTES, DiffStore, splitDiff } from './diff-store.js';
import { SessionStore } from './session-store.js';
import { migrate } from './schema.js';

export type { ApiKeyRecord, ComparisonRecord, DatasetRecord, DatasourceRecord, DatasourceRow, JobFilters, JobRecord, NewJob, PageRequest } from './records.js';

function insert(table: string, record: Record<string, SqlParam>): [string, SqlParam[]] {
  const columns = Object.keys(record);
  return [`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, Object.values(record)];
}

function insertComparison(record: ComparisonRecord): [string, SqlParam[]] {
  return insert('comparisons', { ...record, configuration: JSON.stringify(record.configuration) });
}

/** How many jobs may wait: in the queue all workspaces share, and per workspace. */
export interface QueueLimits {
  /** PENDING jobs of all workspaces past which only a workspace below its fair share is admitted (see fairShare). */
  maxPending: number;
  /** Most unfinished (PENDING or STARTED) jobs of one workspace. */
  maxPerWorkspace: number;
}

/**
 * A workspace's fair share of a full queue: the queue divided among every workspace the service's keys
 * name (at least one place). The shares add up to at most the queue, so admitting every workspace up to
 * its share whatever the others hold keeps the queue under twice `maxPending` (or `maxPending` plus one
 * per workspace when there are more workspaces than places).
 */
export function fairShare(maxPending: number, workspaces: number): number {
  return Math.max(1, Math.floor(maxPending / Math.max(1, workspaces)));
}

/** The jobs queued, or which limit refused them (with the counts that were at it). */
export type Admission =
  | { admitted: JobRecord[] }
  | { full: 'workspace'; unfinished: number }
  /** The queue is full, and the workspace already has `waiting` jobs waiting, at least its fair share. */
  | { full: 'queue'; pending: number; waiting: number; share: number; workspaces: number };

function offset(page: PageRequest): number {
  return (page.page - 1) * page.size;
}

/** A data source with its registered datasets counted and its last scan's counts (never its tables). */
const DATASOURCE_COLUMNS = `d.*, (SELECT COUNT(*) FROM datasets s WHERE s.datasource_id = d.id) AS dataset_count,
  sc.status AS scan_status, sc.message AS scan_message, sc.dataset_count AS scan_dataset_count, sc.column_count AS scan_column_count,
  sc.sensitive_column_count AS scan_sensitive_column_count, sc.started_at AS scan_started_at, sc.duration_ms AS scan_duration_ms`;
const DATASOURCE_FROM = 'datasources d LEFT JOIN datasource_scans sc ON sc.datasource_id = d.id';

const LIKE_ESCAPE = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class Store {
  /** API keys (hashed) and their names per workspace. */
  readonly keys: KeyStore;
  /** Catalog scans and the datasets they register. */
  readonly catalogs: CatalogStore;
  /** The web page's sign-in sessions. */
  readonly sessions: SessionStore;
  /** Finished jobs' differing rows, a page at a time. */
  readonly diffs: DiffStore;

  private constructor(
    readonly db: SqlDb,
    private readonly maxDiffBytes: number,
  ) {
    this.keys = new KeyStore(db);
    this.catalogs = new CatalogStore(db);
    this.sessions = new SessionStore(db);
    this.diffs = new DiffStore(db);
  }

  /** `maxDiffBytes`: the most JSON bytes of differing rows one job stores (default 16 MiB). */
  static async open(db: SqlDb, options: { maxDiffBytes?: number } = {}): Promise<Store> {
    await migrate(db);
    return new Store(db, options.maxDiffBytes ?? DEFAULT_MAX_DIFF_BYTES);
  }

  close(): Promise<void> {
    return this.db.close();
  }

  // ─────────── Idempotency-Key (a retried POST answers what the first one did) ───────────

  /** Claims the key for a request; false when it was already used (see idempotencyRecord). */
  async claimIdempotency(keyId: string, workspaceId: string, idemKey: string, fingerprint: string, now: Date): Promise<boolean> {
    await this.db.run('DELETE FROM idempotency_keys WHERE created_at < ?', [new Date(now.getTime() - 86_400_000).toISOString()]);
    const changed = await this.db.run(
      `INSERT INTO idempotency_keys (key_id, workspace_id, idem_key, fingerprint, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (key_id, workspace_id, idem_key) DO NOTHING`,
      [keyId, workspaceId, idemKey, fingerprint, now.toISOString()],
    );
    return changed > 0;
  }

  async idempotencyRecord(keyId: string, workspaceId: string, idemKey: string): Promise<{ fingerprint: string; status: number | null; body: string | null } | undefined> {
    const rows = await this.db.all<Row>('SELECT fingerprint, status, body FROM idempotency_keys WHERE key_id = ? AND workspace_id = ? AND idem_key = ?', [
      keyId,
      workspaceId,
      idemKey,
    ]);
    const row = rows[0];
    return row && { fingerprint: String(row.fingerprint), status: row.status == null ? null : num(row.status), body: row.body == null ? null : String(row.body) };
  }

  /** Records the answer (status + body) or, with `undefined`, frees the key (the request failed). */
  async settleIdempotency(keyId: string, workspaceId: string, idemKey: string, answer: { status: number; body: string } | undefined): Promise<void> {
    if (answer) {
      await this.db.run('UPDATE idempotency_keys SET status = ?, body = ? WHERE key_id = ? AND workspace_id = ? AND idem_key = ?', [
        answer.status,
        answer.body,
        keyId,
        workspaceId,
        idemKey,
      ]);
    } else {
      await this.db.run('DELETE FROM idempotency_keys WHERE key_id = ? AND workspace_id = ? AND idem_key = ?', [keyId, workspaceId, idemKey]);
    }
  }

  // ─────────── data sources and datasets ───────────

  async createDatasource(record: DatasourceRecord): Promise<void> {
    const [sql, params] = insert('datasources', { ...record, is_interactive: record.is_interactive ? 1 : 0 });
    await this.db.run(sql, params);
  }

  /** After a scan: the connection status, server version and scan time. */
  async updateDatasourceStatus(record: Pick<DatasourceRecord, 'id' | 'status' | 'database_version' | 'last_scanned_at'>): Promise<void> {
    await this.db.run('UPDATE datasources SET status = ?, database_version = ?, last_scanned_at = ? WHERE id = ?', [
      record.status,
      record.database_version,
      record.last_scanned_at,
      record.id,
    ]);
  }

  async datasourceByName(workspaceId: string, name: string): Promise<DatasourceRow | undefined> {
    const rows = await this.db.all<Row>('SELECT * FROM datasources WHERE workspace_id = ? AND name = ?', [workspaceId, name]);
    return rows[0] && toDatasource(rows[0]);
  }

  async getDatasource(workspaceId: string, id: string): Promise<DatasourceRow | undefined> {
    const rows = await this.db.all<Row>(
      `SELECT ${DATASOURCE_COLUMNS} FROM ${DATASOURCE_FROM} WHERE d.workspace_id = ? AND d.id = ?`,
      [workspaceId, id],
    );
    return rows[0] && toDatasource(rows[0]);
  }

  async listDatasources(
    workspaceId: string,
    query: PageRequest & { filter?: string; interactive?: boolean; sortBy: 'last_scanned' | 'name' | 'type'; sortOrder: 'asc' | 'desc' },
  ): Promise<{ items: DatasourceRow[]; total: number }> {
    const where = ['d.workspace_id = ?'];
    const params: SqlParam[] = [workspaceId];
    if (query.filter) {
      where.push("LOWER(d.name) LIKE ? ESCAPE '\\'");
      params.push(LIKE_ESCAPE(query.filter));
    }
    if (query.interactive !== undefined) {
      where.push('d.is_interactive = ?');
      params.push(query.interactive ? 1 : 0);
    }
    const column = { last_scanned: 'COALESCE(d.last_scanned_at, d.created_at)', name: 'LOWER(d.name)', type: 'd.type' }[query.sortBy];
    const direction = query.sortOrder === 'asc' ? 'ASC' : 'DESC';
    const total = await this.db.all<Row>(`SELECT COUNT(*) AS n FROM datasources d WHERE ${where.join(' AND ')}`, params);
    const rows = await this.db.all<Row>(
      `SELECT ${DATASOURCE_COLUMNS} FROM ${DATASOURCE_FROM} WHERE ${where.join(' AND ')} ORDER BY ${column} ${direction}, d.name ${direction}, d.id
       LIMIT ? OFFSET ?`,
      [...params, query.size, offset(query)],
    );
    return { items: rows.map(toDatasource), total: num(total[0]?.n ?? 0) };
  }

  async getDataset(workspaceId: string, id: string): Promise<DatasetRecord | undefined> {
    const rows = await this.db.all<DatasetRecord>('SELECT * FROM datasets WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return rows[0];
  }

  /** The dataset (table) of a data source by name, registered on first use. */
  async datasetByName(record: DatasetRecord): Promise<DatasetRecord> {
    const find = (): Promise<DatasetRecord[]> =>
      this.db.all<DatasetRecord>('SELECT * FROM datasets WHERE datasource_id = ? AND name = ?', [record.datasource_id, record.name]);
    const found = await find();
    if (found[0]) return found[0];
    const [sql, params] = insert('datasets', { ...record });
    await this.db.run(`${sql} ON CONFLICT (datasource_id, name) DO NOTHING`, params);
    const created = await find();
    return created[0]!;
  }

  // ─────────── workspace names ───────────

  /** The names given to these workspaces (a workspace without one is absent). */
  async workspaceNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.all<{ id: string; name: string }>(`SELECT id, name FROM workspace_names WHERE id IN (${ids.map(() => '?').join(', ')})`, [...ids]);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async nameWorkspace(id: string, name: string): Promise<void> {
    await this.db.run('INSERT INTO workspace_names (id, name) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name', [id, name]);
  }

  // ─────────── comparisons ───────────

  async createComparison(record: ComparisonRecord): Promise<void> {
    await this.db.run(...insertComparison(record));
  }

  async getComparison(workspaceId: string, id: string): Promise<ComparisonRecord | undefined> {
    const rows = await this.db.all<Row>('SELECT * FROM comparisons WHERE workspace_id = ? AND id = ?', [workspaceId, id]);
    return rows[0] && toComparison(rows[0]);
  }

  async listComparisons(workspaceId: string, query: PageRequest & { filter?: string }): Promise<{ items: ComparisonRecord[]; total: number }> {
    const where = ['workspace_id = ?'];
    const params: SqlParam[] = [workspaceId];
    if (query.filter) {
      where.push("LOWER(name) LIKE ? ESCAPE '\\'");
      params.push(LIKE_ESCAPE(query.filter));
    }
    const total = await this.db.all<Row>(`SELECT COUNT(*) AS n FROM comparisons WHERE ${where.join(' AND ')}`, params);
    const rows = await this.db.all<Row>(
      `SELECT * FROM comparisons WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id LIMIT ? OFFSET ?`,
      [...params, query.size, offset(query)],
    );
    return { items: rows.map(toComparison), total: num(total[0]?.n ?? 0) };
  }

  /** Replaces a comparison's definition (its id, owner and creation time stay; its jobs keep pointing at it). */
  async updateComparison(record: ComparisonRecord): Promise<boolean> {
    const changes = await this.db.run(
      `UPDATE comparisons SET name = ?, source_datasource_id = ?, target_datasource_id = ?, source_dataset_id = ?, target_dataset_id = ?,
         source_dataset_name = ?, target_dataset_name = ?, configuration = ? WHERE workspace_id = ? AND id = ?`,
      [record.name, record.source_datasource_id, record.target_datasource_id, record.source_dataset_id, record.target_dataset_id,
        record.source_dataset_name, record.target_dataset_name, JSON.stringify(record.configuration), record.workspace_id, record.id],
    );
    return changes > 0;
  }

  async deleteComparison(workspaceId: string, id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM comparisons WHERE workspace_id = ? AND id = ?', [workspaceId, id])) > 0;
  }

  // ─────────── jobs ───────────

  /**
   * Queues jobs of one workspace, all or none: never more than `limits.maxPerWorkspace` unfinished
   * (PENDING or STARTED) jobs of the workspace; while fewer than `limits.maxPending` jobs wait in all,
   * any workspace under that; once the queue is full, a workspace whose waiting jobs stay within its fair
   * share (fairShare), whatever the others hold. So no number of workspaces filling the queue refuses one
   * below its share. The counts and the inserts are one transaction, serialised across servers on
   * PostgreSQL (an advisory lock), so no race lets a workspace past a limit. New `comparisons` are stored
   * in the same transaction (none is kept when the jobs are refused).
   */
  async admitJobs(workspaceId: string, jobs: readonly NewJob[], limits: QueueLimits, comparisons: readonly ComparisonRecord[] = []): Promise<Admission> {
    return this.db.transaction(async (tx) => {
      if (tx.dialect === 'postgres') await tx.all('SELECT pg_advisory_xact_lock(7460032)');
      const count = async (sql: string, params: SqlParam[] = []): Promise<number> => num((await tx.all<Row>(sql, params))[0]?.n ?? 0);
      const unfinished = await count("SELECT COUNT(*) AS n FROM jobs WHERE workspace_id = ? AND status IN ('PENDING', 'STARTED')", [workspaceId]);
      if (unfinished + jobs.length > limits.maxPerWorkspace) return { full: 'workspace', unfinished };
      const pending = await count("SELECT COUNT(*) AS n FROM jobs WHERE status = 'PENDING'");
      if (pending + jobs.length > limits.maxPending) {
        const workspaces = await count('SELECT COUNT(DISTINCT workspace_id) AS n FROM api_key_names');
        const share = fairShare(limits.maxPending, workspaces);
        const waiting = await count("SELECT COUNT(*) AS n FROM jobs WHERE workspace_id = ? AND status = 'PENDING'", [workspaceId]);
        if (waiting + jobs.length > share) return { full: 'queue', pending, waiting, share, workspaces };
      }
      for (const record of comparisons) await tx.run(...insertComparison(record));
      const admitted: JobRecord[] = [];
      for (const job of jobs) {
        if (job.workspace_id !== workspaceId) throw new Error(`a job of workspace ${job.workspace_id} was queued with workspace ${workspaceId}'s`);
        const [sql, params] = insert('jobs', { ...job, snapshot: JSON.stringify(job.snapshot), status: 'PENDING', retry_count: 0, runs: 0 });
        admitted.push(toJob((await tx.all<Row>(`${sql} RETURNING *`, params))[0]!));
      }
      return { admitted };
    });
  }

  async activeJobCount(workspaceId: string, comparisonId: string): Promise<number> {
    const rows = await this.db.all<Row>(
      "SELECT COUNT(*) AS n FROM jobs WHERE workspace_id = ? AND comparison_id = ? AND status IN ('PENDING', 'STARTED')",
      [workspaceId, comparisonId],
    );
    return num(rows[0]?.n ?? 0);
  }

  async jobsByIds(workspaceId: string, ids: readonly number[]): Promise<JobRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.all<Row>(
      `SELECT * FROM jobs WHERE workspace_id = ? AND id IN (${ids.map(() => '?').join(', ')}) ORDER BY id`,
      [workspaceId, ...ids],
    );
    return rows.map(toJob);
  }

  async jobById(id: number): Promise<JobRecord | undefined> {
    const rows = await this.db.all<Row>('SELECT * FROM jobs WHERE id = ?', [id]);
    return rows[0] && toJob(rows[0]);
  }

  async jobByTaskId(workspaceId: string, taskId: string): Promise<JobRecord | undefined> {
    const rows = await this.db.all<Row>('SELECT * FROM jobs WHERE workspace_id = ? AND task_id = ?', [workspaceId, taskId]);
    return rows[0] && toJob(rows[0]);
  }

  private jobWhere(workspaceId: string, filters: JobFilters): [string, SqlParam[]] {
    const where = ['workspace_id = ?', 'created_at >= ?', 'created_at <= ?'];
    const params: SqlParam[] = [workspaceId, filters.from, filters.to];
    const inList = (column: string, values: string[] | undefined): void => {
      if (!values || values.length === 0) return;
      where.push(`${column} IN (${values.map(() => '?').join(', ')})`);
      params.push(...values);
    };
    if (filters.nameSearch) {
      where.push("LOWER(comparison_name) LIKE ? ESCAPE '\\'");
      params.push(LIKE_ESCAPE(filters.nameSearch));
    }
    if (filters.comparisonId) {
      where.push('comparison_id = ?');
      params.push(filters.comparisonId);
    }
    if (filters.idempotencyKey) {
      where.push('idempotency_key = ?');
      params.push(filters.idempotencyKey);
    }
    if (filters.agentRunId) {
      where.push('agent_run_id = ?');
      params.push(filters.agentRunId);
    }
    inList('status', filters.statuses);
    inList('source_dataset_name', filters.sourceDatasets);
    inList('target_dataset_name', filters.targetDatasets);
    return [where.join(' AND '), params];
  }

  async listJobs(workspaceId: string, filters: JobFilters, page: PageRequest): Promise<{ items: JobRecord[]; total: number }> {
    const [where, params] = this.jobWhere(workspaceId, filters);
    const total = await this.db.all<Row>(`SELECT COUNT(*) AS n FROM jobs WHERE ${where}`, params);
    const rows = await this.db.all<Row>(`SELECT * FROM jobs WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, [
      ...params,
      page.size,
      offset(page),
    ]);
    return { items: rows.map(toJob), total: num(total[0]?.n ?? 0) };
  }

  /** The filter values available in the time range (job list `meta`). */
  async jobFilterValues(workspaceId: string, from: string, to: string): Promise<{ statuses: string[]; sources: string[]; targets: string[] }> {
    const distinct = async (column: string): Promise<string[]> => {
      const rows = await this.db.all<Row>(
        `SELECT DISTINCT ${column} AS v FROM jobs WHERE workspace_id = ? AND created_at >= ? AND created_at <= ? AND ${column} IS NOT NULL ORDER BY ${column}`,
        [workspaceId, from, to],
      );
      return rows.map((row) => String(row.v));
    };
    return { statuses: await distinct('status'), sources: await distinct('source_dataset_name'), targets: await distinct('target_dataset_name') };
  }

  /** Takes the next PENDING job (priority first, then oldest) for `workerId`, or undefined. */
  /** Claims the next PENDING job, skipping the workspaces in `skipWorkspaces` (at their limit of running jobs). */
  async claimNext(workerId: string, now: string, leaseUntil: string, skipWorkspaces: readonly string[] = []): Promise<JobRecord | undefined> {
    const lock = this.db.dialect === 'postgres' ? 'FOR UPDATE SKIP LOCKED' : '';
    const skip = skipWorkspaces.length > 0 ? `AND workspace_id NOT IN (${skipWorkspaces.map(() => '?').join(', ')})` : '';
    const rows = await this.db.all<Row>(
      `UPDATE jobs SET status = 'STARTED', worker_id = ?, started_at = ?, lease_expires_at = ?, runs = runs + 1,
         message = 'The comparison is running.'
       WHERE id = (SELECT id FROM jobs WHERE status = 'PENDING' ${skip} ORDER BY priority DESC, id ASC LIMIT 1 ${lock})
         AND status = 'PENDING'
       RETURNING *`,
      [workerId, now, leaseUntil, ...skipWorkspaces],
    );
    return rows[0] && toJob(rows[0]);
  }

  /** Renews a running job's lease; returns the job's status (REVOKED tells the worker to stop). */
  async heartbeat(jobId: number, workerId: string, leaseUntil: string): Promise<string | undefined> {
    await this.db.run("UPDATE jobs SET lease_expires_at = ? WHERE id = ? AND worker_id = ? AND status = 'STARTED'", [leaseUntil, jobId, workerId]);
    const rows = await this.db.all<Row>('SELECT status, worker_id FROM jobs WHERE id = ?', [jobId]);
    const row = rows[0];
    if (!row) return undefined;
    return row.worker_id === workerId ? String(row.status) : 'LOST';
  }

  /** Records why a running job's reads cannot be proven (the first reason found is kept). */
  async markUnprovenReads(jobId: number, why: string): Promise<void> {
    await this.db.run('UPDATE jobs SET unproven_reads = ? WHERE id = ? AND unproven_reads IS NULL', [why, jobId]);
  }

  /**
   * Records a finished run, only if this worker still owns it and it is still STARTED: its diff's head
   * in the job, its rows (as many as fit in the per-job byte bound) in job_diff_rows, in one transaction.
   */
  async finishJob(
    jobId: number,
    workerId: string,
    outcome: Pick<JobRecord, 'status' | 'date_done' | 'time_taken' | 'message' | 'failure_reason' | 'comparison_result_id' | 'result' | 'diff'>,
  ): Promise<boolean> {
    const stored = outcome.diff === null ? null : splitDiff(outcome.diff, this.maxDiffBytes);
    return this.db.transaction(async (tx) => {
      const changed = await tx.run(
        `UPDATE jobs SET status = ?, date_done = ?, time_taken = ?, message = ?, failure_reason = ?, comparison_result_id = ?,
           result = ?, diff = ?, lease_expires_at = NULL
         WHERE id = ? AND worker_id = ? AND status = 'STARTED'`,
        [
          outcome.status,
          outcome.date_done,
          outcome.time_taken,
          outcome.message,
          outcome.failure_reason,
          outcome.comparison_result_id,
          outcome.result === null ? null : JSON.stringify(outcome.result),
          stored === null ? null : JSON.stringify(stored.head),
          jobId,
          workerId,
        ],
      );
      if (changed > 0 && stored) await this.diffs.write(tx, jobId, stored.rows);
      return changed > 0;
    });
  }

  /** PENDING or STARTED → REVOKED; returns false when the job had already finished. */
  async revokeJob(jobId: number, now: string, message: string): Promise<boolean> {
    const rows = await this.db.all<Row>('SELECT started_at FROM jobs WHERE id = ?', [jobId]);
    const startedAt = rows[0]?.started_at;
    const ran = typeof startedAt === 'string' ? Math.max(0, Math.round((Date.parse(now) - Date.parse(startedAt)) / 10) / 100) : null;
    const changed = await this.db.run(
      `UPDATE jobs SET status = 'REVOKED', date_done = ?, message = ?, failure_reason = ?, lease_expires_at = NULL, time_taken = ?
       WHERE id = ? AND status IN ('PENDING', 'STARTED')`,
      [now, message, message, ran, jobId],
    );
    return changed > 0;
  }

  /** Graceful shutdown: a job this worker could not finish goes back to the queue. */
  async requeueJob(jobId: number, workerId: string): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE jobs SET status = 'PENDING', worker_id = NULL, started_at = NULL, lease_expires_at = NULL,
         message = 'Requeued: the server running it shut down.'
       WHERE id = ? AND worker_id = ? AND status = 'STARTED'`,
      [jobId, workerId],
    );
    return changed > 0;
  }

  /**
   * STARTED jobs whose lease expired (their worker died): back to PENDING with retry_count + 1 while
   * retries are left, else FAILURE. `ignoreLease` (SQLite, one server per file) takes every STARTED
   * job not owned by `ownWorkerPrefix` at startup. Returns the number of jobs touched.
   */
  async reapExpired(now: string, maxRetries: number, options: { ignoreLeaseExceptPrefix?: string } = {}): Promise<number> {
    const [condition, params]: [string, SqlParam[]] =
      options.ignoreLeaseExceptPrefix === undefined
        ? ['lease_expires_at < ?', [now]]
        : ['(worker_id IS NULL OR worker_id NOT LIKE ?)', [`${options.ignoreLeaseExceptPrefix}%`]];
    const retried = await this.db.run(
      `UPDATE jobs SET status = 'PENDING', retry_count = retry_count + 1, worker_id = NULL, started_at = NULL, lease_expires_at = NULL,
         message = 'Retrying: the worker running this job stopped.'
       WHERE status = 'STARTED' AND ${condition} AND retry_count < ?`,
      [...params, maxRetries],
    );
    const failed = await this.db.run(
      `UPDATE jobs SET status = 'FAILURE', date_done = ?, lease_expires_at = NULL,
         message = 'The worker running this job stopped (server restart or crash) and no retries are left.',
         failure_reason = 'The worker running this job stopped (server restart or crash) and no retries are left.'
       WHERE status = 'STARTED' AND ${condition}`,
      [now, ...params],
    );
    return retried + failed;
  }
}
