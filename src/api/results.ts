/**
 * A finished service job as the same ComparisonResult local mode produces, so every report renders
 * both modes alike. Fails closed: a SUCCESS without a readable result, a diff_status other than
 * MATCH/MISMATCH, or numbers that contradict each other (result-checks.ts) are an error, never a
 * verdict; a threshold needing a counter the service did not send leaves the MISMATCH standing.
 */
import type { Comparison, DiffDetailsData, JobDetail } from './contract.js';
import type {
  ColumnMismatch,
  ComparisonDefinition,
  ComparisonResult,
  DiffDetails,
  DiffRow,
  DiffType,
  PlanInfo,
  ReportedValue,
} from '../engine/model.js';
import { boundDiff } from '../engine/cut-values.js';
import { caseFoldingNotesOf, decideStatus } from '../engine/outcome.js';
import { checkServiceResult, DIFF_TYPES, statsOf, type Asked } from './result-checks.js';
import { keptPatterns, patternsFromRows } from './row-patterns.js';
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

/**
 * What a comparison of the spec asks for. A stored comparison (`comparison_id`) asks for what its
 * configuration on the service says, not the spec: unknown until askedByStored has read it.
 */
export function askedBySpec(definition: ComparisonDefinition): Asked {
  if (definition.comparisonId !== undefined) return { kind: 'unknown', schemaDiffAsked: undefined, unknownWhy: "the stored comparison's configuration was not read" };
  return { kind: definition.quickComparison ? 'quick' : 'full', schemaDiffAsked: definition.schemaDiff };
}

/**
 * What a stored comparison asks for, from the comparison GET /comparisons/{id} answered: quick or
 * full, and schema_diff when the service echoes it (the document leaves that open: not echoed is
 * not known, never "not asked"). An answer about another comparison proves nothing.
 */
export function askedByStored(id: string, comparison: Comparison): Asked {
  if (comparison.id !== id) return { kind: 'unknown', schemaDiffAsked: undefined, unknownWhy: `the service answered GET /comparisons/${id} with comparison ${comparison.id}` };
  const { quick_comparison: quick, schema_diff: schemaDiff } = comparison.configuration;
  return {
    kind: quick ? 'quick' : 'full',
    schemaDiffAsked: schemaDiff,
    ...(schemaDiff === undefined ? { unknownWhy: "the stored comparison's configuration does not say whether it asks for them (schema_diff)" } : {}),
  };
}

/**
 * The result of a job in a terminal state. `diff` is the job's diff details (SUCCESS only); `serviceAt`
 * the service's address as messages show it; `asked` what the comparison asked for (default: the spec's).
 */
export function jobResult(
  definition: ComparisonDefinition,
  detail: JobDetail,
  diff: DiffDetailsData | undefined,
  service: ServiceRef,
  options: { serviceAt?: string; asked?: Asked } = {},
): ComparisonResult {
  const { serviceAt, asked = askedBySpec(definition) } = options;
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
  const check = checkServiceResult({
    diffStatus: summary.diff_status,
    reasons: summary.diff_reasons,
    stats: summary.stats as Record<string, unknown> | undefined,
    total: summary.diff_rows_total,
    schemaDiff: summary.schema_diff,
    diff,
    ...asked,
  });
  if (check.contradictions.length > 0) {
    const shown = check.contradictions.slice(0, 4).join('; ') + (check.contradictions.length > 4 ? ` (and ${check.contradictions.length - 4} more)` : '');
    return errorResult(
      definition,
      {
        kind: 'service',
        message: `The service${serviceAt ? ` at ${serviceAt}` : ''} reports ${job} with numbers that contradict each other: ${shown}. datacompare reports no verdict from them.`,
        hint: `Tell the service's operator (${job}); compare in local mode (--mode local, or the mode input) for a verdict you can trust.`,
      },
      service,
    );
  }
  // A service says it applied `accept` by counting the rows it accepted; without that count no kind is
  // marked accepted and its verdict stands as it is.
  const acceptedRows = check.acceptedRows;
  const acceptApplied = acceptedRows !== undefined;
  const acceptIgnored = !acceptApplied && (definition.accept?.length ?? 0) > 0;
  const diffDetails = diff ? diffOf(diff, summary.diff_rows_total, { caseSensitive: definition.caseSensitive, acceptApplied }) : undefined;
  // The service says how each column was compared in the diff details: the same note as local mode's.
  const keys = new Set(diffDetails?.primary_key_columns ?? []);
  const notes = diffDetails?.compared_as ? caseFoldingNotesOf(Object.entries(diffDetails.compared_as).filter(([name]) => !keys.has(name))) : [];
  if (acceptIgnored) {
    notes.push(`The service did not say it applied accept (${definition.accept!.join(', ')}): it sent no count of accepted rows, so its verdict stands and no difference is marked accepted.`);
  }
  const base: ComparisonResult = {
    name: definition.name,
    status: summary.diff_status === 'MATCH' ? 'match' : 'mismatch',
    result: { diff_status: summary.diff_status, diff_reasons: summary.diff_reasons, time_taken: summary.time_taken },
    ...(summary.stats ? { stats: { ...statsOf(check.counters), ...(acceptApplied ? { accepted_rows: acceptedRows } : {}) } } : {}),
    ...(diffDetails ? { diff: diffDetails } : {}),
    ...(check.schemaDiff ? { schema_diff: check.schemaDiff } : {}),
    ...(notes.length > 0 ? { notes } : {}),
    plan: servicePlan(detail.run_id),
    service,
  };
  return applyThresholds(base, definition, check.thresholdGaps);
}

/**
 * A MISMATCH within the comparison's thresholds passes (`within_thresholds`), by local mode's rule,
 * only when every counter they need was sent (`gaps` says why not: the MISMATCH then stands, and a
 * note says why the thresholds were not applied).
 */
export function applyThresholds(result: ComparisonResult, definition: ComparisonDefinition, gaps: readonly string[]): ComparisonResult {
  if (result.status !== 'mismatch' || !result.result) return result;
  const { maxMismatchedRows, maxMismatchRatio } = definition.thresholds;
  if (maxMismatchedRows === undefined && maxMismatchRatio === undefined) return result;
  if (gaps.length > 0 || !result.stats) {
    const why = gaps.length > 0 ? gaps.join('; ') : 'the service sent no counters (stats)';
    return { ...result, notes: [...(result.notes ?? []), `The thresholds were not applied, so the MISMATCH stands: ${why}.`] };
  }
  const schemaDiffers = result.schema_diff
    ? result.schema_diff.only_in_source.length + result.schema_diff.only_in_target.length + result.schema_diff.type_mismatches.length > 0
    : false;
  const decided = decideStatus(definition, result.result.diff_status, result.stats, schemaDiffers);
  return { ...result, ...decided };
}

function reported(value: unknown): ReportedValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/**
 * One column's entry as the reports read it: its count and sentence, and why its values differ — the
 * service's patterns when it sends them, else computed from the rows it sent (row-patterns.ts); the
 * kinds it accepted only when it said it applied accept.
 */
function columnOf(data: DiffDetailsData, column: string, rowCount: number, options: DiffOptions): ColumnMismatch {
  const m = data.mismatched_columns_mapping[column]!;
  // A service's patterns are read when their rows add up to the column's count; else the rows it sent say why.
  const sent = m.patterns && m.patterns.reduce((sum, pattern) => sum + pattern.rows, 0) === m.mismatch_count ? m.patterns : undefined;
  const why = sent ? { patterns: keptPatterns(sent, rowCount) } : patternsFromRows(data, column, { caseSensitive: options.caseSensitive });
  const accepted = options.acceptApplied && m.accepted && m.accepted.length > 0 ? keptPatterns(m.accepted, rowCount) : undefined;
  return { mismatch_count: m.mismatch_count, details: m.details, ...(why ?? {}), ...(accepted ? { accepted } : {}) };
}

interface DiffOptions {
  caseSensitive: boolean;
  acceptApplied: boolean;
}

function diffOf(data: DiffDetailsData, totalFromResult: number | undefined, options: DiffOptions): DiffDetails {
  const rows: DiffRow[] = data.diff_rows.map((raw) => {
    const type = typeof raw._diff_type === 'string' && DIFF_TYPES.includes(raw._diff_type) ? (raw._diff_type as DiffType) : 'changed';
    const row: DiffRow = { _diff_type: type };
    for (const [key, value] of Object.entries(raw)) {
      if (key !== '_diff_type') row[key] = reported(value);
    }
    return row;
  });
  const total = data.diff_rows_total ?? totalFromResult ?? rows.length;
  // Every value over 64 Ki characters cut here, once, whatever the service kept: no report holds more.
  return boundDiff({
    primary_key_columns: data.primary_key_columns,
    column_mapping: data.column_mapping,
    mismatched_columns_mapping: Object.fromEntries(
      Object.keys(data.mismatched_columns_mapping).map((column) => [column, columnOf(data, column, rows.length, options)]),
    ),
    diff_rows: rows,
    diff_rows_total: total,
    truncated: data.truncated ?? rows.length < total,
    ...(data.compared_as ? { compared_as: data.compared_as } : {}),
    ...(data.cut_values ? { cut_values: data.cut_values.filter((cut) => cut.row < rows.length) } : {}),
    ...(data.diff_rows_max_bytes ? { diff_rows_max_bytes: data.diff_rows_max_bytes } : {}),
  });
}
