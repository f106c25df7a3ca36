/**
 * results.json: the RunResult itself, with every string redacted and keys in a stable order (the
 * model's order for known fields; diff rows keep the engine's column order), two-space indented.
 * Pure.
 */
import type { RunResult } from '../engine/model.js';
import { boundDiff } from '../engine/cut-values.js';
import { redact } from '../shared/redact.js';

/** The model's field order for the objects we know; other keys follow in their own order. */
const ORDER = [
  'version', 'name', 'status', 'mode', 'started_at', 'finished_at', 'comparisons',
  'location', 'file', 'line', 'column', 'sides', 'datasource', 'dataset', 'query',
  'result', 'diff_status', 'diff_reasons', 'time_taken',
  'within_thresholds', 'error', 'kind', 'message', 'hint',
  'stats', 'source_rows', 'target_rows', 'matched_rows', 'mismatched_rows', 'only_in_source', 'only_in_target',
  'duplicate_keys_source', 'duplicate_keys_target', 'null_keys_source', 'null_keys_target', 'accepted_rows',
  'plan', 'reason', 'source', 'target', 'rows_sent', 'bytes_sent',
  'service', 'comparison_id', 'run_id', 'task_id', 'url', 'diff_rows_unavailable', 'diff_rows_capped', 'requested', 'kept',
  'schema_diff', 'type_mismatches', 'source_column', 'target_column', 'source_type', 'target_type', 'type',
  'diff', 'primary_key_columns', 'column_mapping', 'mismatched_columns_mapping', 'mismatch_count', 'details',
  'patterns', 'accepted', 'patterns_from', 'rows', 'of', 'detail', 'example', 'compared_as',
  'diff_rows_total', 'truncated', 'diff_rows_max_bytes', 'cut_values', 'diff_rows',
];
const RANK = new Map(ORDER.map((key, index) => [key, index]));

/** Objects whose keys are data (column names), not fields: keep their order as produced. */
const DATA_KEYED = new Set(['column_mapping', 'mismatched_columns_mapping', 'compared_as', 'diff_rows']);

function normalise(value: unknown, dataKeyed: boolean): unknown {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((item) => normalise(item, dataKeyed));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  if (!dataKeyed) {
    entries.sort(([a], [b]) => (RANK.get(a) ?? ORDER.length) - (RANK.get(b) ?? ORDER.length));
  }
  return Object.fromEntries(
    entries.map(([key, v]) => [dataKeyed ? redact(key) : key, normalise(v, DATA_KEYED.has(key) && !dataKeyed ? true : false)]),
  );
}

/** The run as results.json: every value over 64 Ki characters cut and listed in its diff's `cut_values`. */
export function renderJson(run: RunResult): string {
  const bounded = { ...run, comparisons: run.comparisons.map((c) => (c.diff ? { ...c, diff: boundDiff(c.diff) } : c)) };
  return JSON.stringify(normalise(bounded, false), null, 2) + '\n';
}
