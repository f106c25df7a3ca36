/**
 * A finished service job as the same ComparisonResult local mode produces, so every report renders
 * both modes alike. Fails closed: a SUCCESS without a readable result, or a diff_status other than
 * MATCH/MISMATCH, is an error, never a match.
 */
import type { DiffDetailsData, JobDetail } from './contract.js';
import type {
  ComparisonDefinition,
  ComparisonResult,
  ComparisonStats,
  DiffDetails,
  DiffRow,
  DiffType,
  PlanInfo,
  ReportedValue,
  SchemaDiff,
} from '../engine/model.js';
import { caseFoldingNotesOf, decideStatus } from '../engine/outcome.js';
import type { ErrorKind } from '../shared/errors.js';

export interface ServiceRef {
  comparison_id?: string;
  run_id?: number;
  task_id?: string;
  url?: string;
}

export function servicePlan(runId: number | undefined): PlanInfo {
  return {
    kind: 'service',
    reason: runId === undefined ? 'Run by the Data Comparison Service.' : `Run by the Data Comparison Service as job ${runId}.`,
    source: { rows_sent: 0, bytes_sent: 0 },
    target: { rows_sent: 0, bytes_sent: 0 },
  };
}

export function errorResult(
  definition: Pick<ComparisonDefinition, 'name'>,
  error: { kind: ErrorKind; message: string; hint?: string | undefined },
  service?: ServiceRef,
): ComparisonResult {
  return {
    name: definition.name,
    status: 'error',
    error: { kind: error.kind, message: error.message, ...(error.hint !== undefined ? { hint: error.hint } : {}) },
    ...(service?.run_id !== undefined ? { plan: servicePlan(service.run_id) } : {}),
    ...(service ? { service } : {}),
  };
}

/** The result of a job in a terminal state. `diff` is the job's diff details (SUCCESS only). */
export function jobResult(definition: ComparisonDefinition, detail: JobDetail, diff: DiffDetailsData | undefined, service: ServiceRef): ComparisonResult {
  const job = `job ${detail.run_id}`;
  if (detail.status === 'FAILURE') {
    const reason = detail.failure_reason?.trim() || detail.message?.trim() || 'the service gave no reason';
    return errorResult(definition, { kind: 'service', message: `The service ${job} failed: ${reason}` }, service);
  }
  if (detail.status === 'REVOKED') {
    return errorResult(definition, { kind: 'cancelled', message: `The service ${job} was terminated (REVOKED) before it finished.` }, service);
  }
  const summary = detail.result;
  if (!summary || typeof summary !== 'object') {
    return errorResult(
      definition,
      { kind: 'service', message: `The service ${job} reports SUCCESS but no readable result; treated as an error, not a match.` },
      service,
    );
  }
  if (summary.diff_status !== 'MATCH' && summary.diff_status !== 'MISMATCH') {
    return errorResult(
      definition,
      {
        kind: 'service',
        message: `The service ${job} reports diff_status "${summary.diff_status}", which datacompare does not know (MATCH or MISMATCH); treated as an error, not a match.`,
      },
      service,
    );
  }
  const stats = statsOf(summary.stats);
  const diffDetails = diff ? diffOf(diff, summary.diff_rows_total) : undefined;
  const schemaDiff = schemaDiffOf(summary.schema_diff);
  // The service says how each column was compared in the diff details: the same note as local mode's.
  const keys = new Set(diffDetails?.primary_key_columns ?? []);
  const notes = diffDetails?.compared_as ? caseFoldingNotesOf(Object.entries(diffDetails.compared_as).filter(([name]) => !keys.has(name))) : [];
  const base: ComparisonResult = {
    name: definition.name,
    status: summary.diff_status === 'MATCH' ? 'match' : 'mismatch',
    result: { diff_status: summary.diff_status, diff_reasons: summary.diff_reasons, time_taken: summary.time_taken },
    ...(stats ? { stats } : {}),
    ...(diffDetails ? { diff: diffDetails } : {}),
    ...(schemaDiff ? { schema_diff: schemaDiff } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    plan: servicePlan(detail.run_id),
    service,
  };
  return applyThresholds(base, definition);
}

/** A MISMATCH within the comparison's thresholds passes (`within_thresholds`), by local mode's rule; needs the stats. */
export function applyThresholds(result: ComparisonResult, definition: ComparisonDefinition): ComparisonResult {
  if (result.status !== 'mismatch' || !result.stats || !result.result) return result;
  const schemaDiffers = result.schema_diff
    ? result.schema_diff.only_in_source.length + result.schema_diff.only_in_target.length + result.schema_diff.type_mismatches.length > 0
    : false;
  const decided = decideStatus(definition, result.result.diff_status, result.stats, schemaDiffers);
  return { ...result, ...decided };
}

function num(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

function statsOf(stats: Record<string, unknown> | undefined): ComparisonStats | undefined {
  if (!stats) return undefined;
  return {
    source_rows: num(stats.source_rows),
    target_rows: num(stats.target_rows),
    matched_rows: num(stats.matched_rows),
    mismatched_rows: num(stats.mismatched_rows),
    only_in_source: num(stats.only_in_source),
    only_in_target: num(stats.only_in_target),
    duplicate_keys_source: num(stats.duplicate_keys_source),
    duplicate_keys_target: num(stats.duplicate_keys_target),
    null_keys_source: num(stats.null_keys_source),
    null_keys_target: num(stats.null_keys_target),
  };
}

const DIFF_TYPES: readonly string[] = ['changed', 'only_in_source', 'only_in_target'];

function reported(value: unknown): ReportedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

function diffOf(data: DiffDetailsData, totalFromResult: number | undefined): DiffDetails {
  const rows: DiffRow[] = data.diff_rows.map((raw) => {
    const type = typeof raw._diff_type === 'string' && DIFF_TYPES.includes(raw._diff_type) ? (raw._diff_type as DiffType) : 'changed';
    const row: DiffRow = { _diff_type: type };
    for (const [key, value] of Object.entries(raw)) {
      if (key !== '_diff_type') row[key] = reported(value);
    }
    return row;
  });
  const total = data.diff_rows_total ?? totalFromResult ?? rows.length;
  return {
    primary_key_columns: data.primary_key_columns,
    column_mapping: data.column_mapping,
    mismatched_columns_mapping: Object.fromEntries(
      Object.entries(data.mismatched_columns_mapping).map(([column, m]) => [column, { mismatch_count: m.mismatch_count, details: m.details }]),
    ),
    diff_rows: rows,
    diff_rows_total: total,
    truncated: data.truncated ?? rows.length < total,
    ...(data.compared_as ? { compared_as: data.compared_as } : {}),
  };
}

function schemaDiffOf(value: unknown): SchemaDiff | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const record = value as Record<string, unknown>;
  if (!Array.isArray(record.only_in_source) || !Array.isArray(record.only_in_target) || !Array.isArray(record.type_mismatches)) return undefined;
  return record as unknown as SchemaDiff;
}
