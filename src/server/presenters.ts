/** Stored records → the wire shapes of the contract (2.1, 2.3, 2.4, 2.5, 2.6). Pure. */
import type { Comparison, DataSource, DiffDetailsData, JobDetail, JobListItem } from '../api/contract.js';
import type { ComparisonRecord, DatasourceRow, JobRecord } from './storage/store.js';

export function presentComparison(record: ComparisonRecord): Comparison {
  return {
    id: record.id,
    name: record.name,
    source_dataset_id: record.source_dataset_id,
    target_dataset_id: record.target_dataset_id,
    configuration: record.configuration as Comparison['configuration'],
    workspace_id: record.workspace_id,
    user_id: record.user_id,
    source_datasource_id: record.source_datasource_id,
    target_datasource_id: record.target_datasource_id,
    created_at: record.created_at,
  };
}

export function presentDatasource(row: DatasourceRow, settingsPage: boolean): DataSource {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    is_interactive: row.is_interactive,
    dataset_count: row.dataset_count,
    validation_count: 0,
    failed_validation_count: 0,
    // counted by the last catalog scan; 0 when never scanned (then `scan` is null)
    column_count: row.scan?.column_count ?? 0,
    sensitive_column_count: row.scan?.sensitive_column_count ?? 0,
    last_scanned_at: row.last_scanned_at,
    database_version: row.database_version,
    workspace_id: row.workspace_id,
    created_at: row.created_at,
    scan: row.scan && { status: row.scan.status, message: row.scan.message, started_at: row.scan.started_at, duration_ms: row.scan.duration_ms },
    ...(settingsPage
      ? { connection: { kind: row.connection_kind, ...(row.url_env ? { url_env: row.url_env } : {}) } }
      : {}),
  };
}

export function presentJobListItem(job: JobRecord): JobListItem {
  return {
    job_id: job.id,
    comparison_id: job.comparison_id,
    comparison_name: job.comparison_name,
    comparison_result_id: job.comparison_result_id,
    status: job.status,
    source_datasource_name: job.source_datasource_name,
    target_datasource_name: job.target_datasource_name,
    source_dataset_name: job.source_dataset_name,
    target_dataset_name: job.target_dataset_name,
    source_datasource_type: job.source_datasource_type,
    target_datasource_type: job.target_datasource_type,
    task_id: job.task_id,
    created_at: job.created_at,
    started_at: job.started_at,
    date_done: job.date_done,
    time_taken: job.time_taken,
    retry_count: job.retry_count,
    message: job.message,
    agent_run_id: job.agent_run_id,
    config_id: job.config_id,
    idempotency_key: job.idempotency_key,
  };
}

export function presentJobDetail(job: JobRecord): JobDetail {
  return {
    run_id: job.id,
    comparison_id: job.comparison_id,
    comparison_name: job.comparison_name,
    status: job.status,
    failure_reason: job.status === 'SUCCESS' ? null : job.failure_reason,
    started_at: job.started_at,
    finished_at: job.date_done,
    ...(job.status === 'SUCCESS' && job.result ? { result: job.result as JobDetail['result'] } : {}),
    task_id: job.task_id,
    retry_count: job.retry_count,
    message: job.message,
    time_taken: job.time_taken,
    agent_run_id: job.agent_run_id,
    config_id: job.config_id,
    idempotency_key: job.idempotency_key,
  };
}

/**
 * The stored diff's head, `diff_rows` empty (its rows are read a page at a time: server/diff-view.ts;
 * a job stored before rows had a table of their own keeps them here), or (quick comparison, nothing
 * stored) an empty one built from the configuration.
 */
export function presentDiff(job: JobRecord): DiffDetailsData {
  if (job.diff) return { ...(job.diff as DiffDetailsData), diff_rows: Array.isArray(job.diff.diff_rows) ? (job.diff.diff_rows as DiffDetailsData['diff_rows']) : [] };
  const config = job.snapshot.configuration as Record<string, string[]>;
  const sourceKeys = config.primary_keys_source ?? [];
  const targetKeys = config.primary_keys_target ?? [];
  const sourceColumns = config.source_columns ?? [];
  const targetColumns = config.target_columns ?? [];
  const mapping: Record<string, string> = {};
  sourceKeys.forEach((key, i) => (mapping[key] = targetKeys[i] ?? key));
  sourceColumns.forEach((column, i) => (mapping[column] = targetColumns[i] ?? column));
  return {
    primary_key_columns: sourceKeys,
    column_mapping: mapping,
    mismatched_columns_mapping: {},
    diff_rows: [],
    diff_rows_total: 0,
    truncated: false,
  };
}

/** fastapi-pagination's page object: pages = ceil(total/size), 0 when empty. */
export function page<T>(items: T[], total: number, request: { page: number; size: number }) {
  return { items, page: request.page, size: request.size, total, pages: total === 0 ? 0 : Math.ceil(total / request.size) };
}
