/**
 * The records the server keeps, as the store returns them, and how database rows become records
 * (JSON text parsed, 0/1 as booleans, PostgreSQL's bigint/count strings as numbers).
 */
import type { JobStatus } from '../../api/contract.js';

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  hash: string;
  scopes: string[];
  workspaces: string[];
  enabled: boolean;
  expires_at: string | null;
  created_at: string;
  last_used_at: string | null;
}

export interface DatasourceRecord {
  id: string;
  workspace_id: string;
  name: string;
  type: string;
  connection_kind: 'url' | 'url_env' | 'path';
  /** AES-256-GCM ciphertext of the URL (connection_kind url). */
  secret: string | null;
  url_env: string | null;
  path: string | null;
  is_interactive: boolean;
  status: string;
  database_version: string | null;
  last_scanned_at: string | null;
  created_at: string;
}

export interface DatasourceRow extends DatasourceRecord {
  dataset_count: number;
  /** From the last catalog scan; null when never scanned. */
  scan: ScanSummary | null;
}

/** What the last catalog scan of a data source found (its tables are read separately). */
export interface ScanSummary {
  status: 'complete' | 'partial' | 'failed';
  message: string | null;
  dataset_count: number;
  column_count: number;
  sensitive_column_count: number;
  started_at: string;
  duration_ms: number;
}

export interface DatasetRecord {
  id: string;
  workspace_id: string;
  datasource_id: string;
  name: string;
  created_at: string;
}

export interface ComparisonRecord {
  id: string;
  workspace_id: string;
  user_id: string;
  name: string;
  source_datasource_id: string;
  target_datasource_id: string;
  source_dataset_id: string | null;
  target_dataset_id: string | null;
  source_dataset_name: string | null;
  target_dataset_name: string | null;
  configuration: Record<string, unknown>;
  created_at: string;
}

export interface JobRecord {
  id: number;
  task_id: string;
  workspace_id: string;
  comparison_id: string;
  comparison_name: string;
  /** The comparison as it was when executed: the job runs exactly that. */
  snapshot: ComparisonRecord;
  source_datasource_name: string | null;
  target_datasource_name: string | null;
  source_datasource_type: string | null;
  target_datasource_type: string | null;
  source_dataset_name: string | null;
  target_dataset_name: string | null;
  status: JobStatus;
  priority: number;
  created_at: string;
  started_at: string | null;
  date_done: string | null;
  time_taken: number | null;
  retry_count: number;
  message: string | null;
  failure_reason: string | null;
  worker_id: string | null;
  lease_expires_at: string | null;
  /** How many times a worker started it (1 normally; more after a retry). */
  runs: number;
  comparison_result_id: string | null;
  result: Record<string, unknown> | null;
  diff: Record<string, unknown> | null;
  agent_run_id: string | null;
  config_id: number | null;
  translation_iteration_no: number | null;
  translation_run_id: string | null;
  current_event_key: string | null;
  /** The Idempotency-Key of the execute request that made the job (null without one). */
  idempotency_key: string | null;
  /**
   * Why what the job's SQL reads cannot be proven, as its run found before reading (a function the data
   * source defines itself, created since its last scan); null when nothing was found. Keys without
   * read:sensitive then see the job fully masked.
   */
  unproven_reads: string | null;
}

export type NewJob = Pick<
  JobRecord,
  | 'task_id' | 'workspace_id' | 'comparison_id' | 'comparison_name' | 'snapshot'
  | 'source_datasource_name' | 'target_datasource_name' | 'source_datasource_type' | 'target_datasource_type'
  | 'source_dataset_name' | 'target_dataset_name' | 'priority' | 'created_at'
  | 'agent_run_id' | 'config_id' | 'translation_iteration_no' | 'translation_run_id' | 'current_event_key' | 'idempotency_key'
>;

export interface JobFilters {
  nameSearch?: string;
  /** Only the jobs of this comparison. */
  comparisonId?: string;
  /** Only the jobs made by the execute with this Idempotency-Key / of this agent run. */
  idempotencyKey?: string;
  agentRunId?: string;
  statuses?: string[];
  sourceDatasets?: string[];
  targetDatasets?: string[];
  from: string;
  to: string;
}

export interface PageRequest {
  page: number;
  size: number;
}

export type Row = Record<string, unknown>;

export const bool = (value: unknown): boolean => value === true || value === 1 || value === '1';
export const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
export const num = (value: unknown): number => Number(value);
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export function toKey(row: Row): ApiKeyRecord {
  return {
    ...(row as unknown as ApiKeyRecord),
    scopes: json<string[]>(row.scopes),
    workspaces: json<string[]>(row.workspaces),
    enabled: bool(row.enabled),
  };
}

/** A datasources row, with the scan's columns (`scan_*`, from a LEFT JOIN) folded into `scan`. */
export function toDatasource(row: Row): DatasourceRow {
  const { scan_status, scan_message, scan_column_count, scan_sensitive_column_count, scan_dataset_count, scan_started_at, scan_duration_ms, ...rest } = row;
  const scan: ScanSummary | null =
    scan_status == null
      ? null
      : {
          status: scan_status as ScanSummary['status'],
          message: (scan_message as string | null) ?? null,
          dataset_count: num(scan_dataset_count),
          column_count: num(scan_column_count),
          sensitive_column_count: num(scan_sensitive_column_count),
          started_at: String(scan_started_at),
          duration_ms: num(scan_duration_ms),
        };
  return { ...(rest as unknown as DatasourceRow), is_interactive: bool(row.is_interactive), dataset_count: num(row.dataset_count ?? 0), scan };
}

export function toComparison(row: Row): ComparisonRecord {
  return { ...(row as unknown as ComparisonRecord), configuration: json<Record<string, unknown>>(row.configuration) };
}

export function toJob(row: Row): JobRecord {
  return {
    ...(row as unknown as JobRecord),
    id: num(row.id),
    snapshot: json<ComparisonRecord>(row.snapshot),
    priority: num(row.priority),
    time_taken: numOrNull(row.time_taken),
    retry_count: num(row.retry_count),
    runs: num(row.runs),
    result: row.result == null ? null : json<Record<string, unknown>>(row.result),
    diff: row.diff == null ? null : json<Record<string, unknown>>(row.diff),
    config_id: numOrNull(row.config_id),
    idempotency_key: row.idempotency_key == null ? null : String(row.idempotency_key),
    unproven_reads: row.unproven_reads == null ? null : String(row.unproven_reads),
    translation_iteration_no: numOrNull(row.translation_iteration_no),
  };
}
