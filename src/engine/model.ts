/**
 * The engine's contract: what a comparison to run looks like once the spec is resolved
 * (`ComparisonDefinition`), and what every way of running it returns (`ComparisonResult`). Local
 * mode, API mode and the self-hosted server all produce exactly these shapes, which follow the API
 * document (sections 2.5 and 2.6), so every report renders both modes alike.
 */
import type { Logger } from '../shared/logger.js';
import type { ErrorKind } from '../shared/errors.js';
import type { ConnectionConfig, DatabaseConnection, SessionGate } from '../dialects/types.js';
import type { ReportedValue } from '../sql/types.js';
import type { PatternKind } from './value-patterns.js';

export type { PatternKind } from './value-patterns.js';
export type { ConnectionConfig, CsvReadOptions } from '../dialects/types.js';
export type { ReportedValue } from '../sql/types.js';

// ───────────────────────────── what to compare ─────────────────────────────

export interface SideDefinition {
  /** The spec's datasource key (used in messages; never the URL). */
  datasourceName: string;
  /** null in api mode for datasources that only exist on the service. */
  connection: ConnectionConfig | null;
  /** Name (or UUID) of the data source on the service, for api mode. */
  serviceDatasource: string;
  /** Exactly one of dataset / query is set. */
  dataset?: string;
  query?: string;
  filter?: string;
}

export interface ComparisonDefinition {
  name: string;
  /** Where the comparison is declared in the spec (for annotations); line 0 when unknown. */
  location: { file: string; line: number; column: number };
  /** api mode: run this comparison stored on the service instead of creating one. */
  comparisonId?: string;
  source: SideDefinition;
  target: SideDefinition;
  /**
   * Compared columns, paired by position (source[i] ↔ target[i]). `null`: every column both sides
   * share by name (case-insensitively), keys excluded; local mode resolves it by introspection.
   */
  columns: { source: string[]; target: string[] } | null;
  /** Key columns, paired by position. `null`: the table's declared primary key (local mode). */
  primaryKeys: { source: string[]; target: string[] } | null;
  caseSensitive: boolean;
  quickComparison: boolean;
  schemaDiff: boolean;
  /** Absolute numeric tolerance per *source* column name. */
  tolerance: Record<string, number>;
  /** How a column is compared, per *source* column name (spec `compare_as`); absent: by its types. */
  compareAs?: Record<string, CompareAs>;
  /**
   * `strict`: timestamps and times compare at the higher precision of the two sides, so fractions
   * one side dropped are differences; absent or `common`: at the lower one (and the result says so).
   */
  precision?: 'strict' | 'common';
  thresholds: { maxMismatchedRows?: number; maxMismatchRatio?: number };
  /** How many differing rows to keep as samples. */
  maxDiffRows: number;
  /** Per-comparison time limit in milliseconds; undefined = none. */
  timeoutMs?: number;
  /** Where that limit was set, for messages: `timeout_minutes: 1 (spec.yml:12)`. */
  timeoutSetting?: string;
  /**
   * How the user of this run raises the comparison's time limit and each statement's, in their words
   * (the hints of the timeout errors). Absent: the spec's (`timeout_minutes`, `query_timeout_seconds` or
   * the CLI's `--query-timeout`); the service names its operator's flags, which a tenant cannot set.
   */
  limitHints?: { comparison?: string; statement?: string };
  /** Each statement's time limit in milliseconds; undefined = DEFAULT_QUERY_TIMEOUT_MS. */
  queryTimeoutMs?: number;
  /** Which values reports mask: auto (detected), none, or these source columns; undefined = auto. */
  sensitive?: 'auto' | 'none' | string[];
  /**
   * Kinds of difference that count as equal for the verdict and the thresholds (spec `accept`): a
   * changed value pair of one of these kinds is reported as accepted, not as a mismatch.
   */
  accept?: PatternKind[];
  /** Forces the diff strategy (spec `strategy`); absent or 'auto': the planner chooses. */
  strategy?: DiffStrategyName;
  /** With quickComparison: also compare a per-column profile (counts, distinct, min/max/sum). */
  profile?: boolean;
  /** Columns left out when `columns` is null (compared case-insensitively by name). */
  excludeColumns?: string[];
  /**
   * dbt: the non-key columns both manifests declare for the model (excludeColumns left out). api mode
   * compares these when `columns` is null (the service cannot introspect for us); local mode ignores them.
   */
  declaredColumns?: string[];
  /** Set on comparisons derived from dbt manifests: which model and why. */
  dbt?: DbtComparisonInfo;
}

/** What `compare_as` may ask for: a collection by its members in order (`list`) or not (`set`), JSON by value, or the texts as written. */
export type CompareAs = 'list' | 'set' | 'json' | 'text';

/** Why a dbt model was compared, and where its key came from (see src/dbt/). */
export interface DbtComparisonInfo {
  unique_id: string;
  /** "modified: body, columns", "downstream of stg_orders"... */
  reason: string;
  /** override, meta, constraint, unique_key, unique_test, unique_combination, none */
  key_source: string;
  /** True for a model only downstream of a change (its own code did not change). */
  downstream: boolean;
}

/** The run's dbt part: models new in the pull request and models it removed (not diffed). */
export interface DbtRunInfo {
  manifest: string;
  base_manifest: string;
  select: string;
  added: { unique_id: string; name: string; relation: string }[];
  removed: { unique_id: string; name: string; relation: string }[];
  /** Changed models left out by dbt.exclude. */
  excluded: { unique_id: string; name: string }[];
}

/** A statement running longer than this (30 min) is stopped by its database unless the spec says otherwise. */
export const DEFAULT_QUERY_TIMEOUT_MS = 30 * 60_000;

// ───────────────────────────── what came out ─────────────────────────────

export type ComparisonStatus = 'match' | 'mismatch' | 'error';
export type DiffStatus = 'MATCH' | 'MISMATCH';
/** The diff strategies a spec may force. */
export type DiffStrategyName = 'auto' | 'join' | 'checksum' | 'stream';

export type DiffType = 'changed' | 'only_in_source' | 'only_in_target';

/** The document's result summary (2.5). */
export interface ResultSummary {
  diff_status: DiffStatus;
  /** Human sentences, e.g. "3 rows have different values in column amount." */
  diff_reasons: string[];
  /** Seconds. */
  time_taken: number;
}

export interface ComparisonStats {
  source_rows: number;
  target_rows: number;
  /** Keys on both sides whose compared values are all equal. */
  matched_rows: number;
  /** Keys on both sides with at least one differing compared value. */
  mismatched_rows: number;
  only_in_source: number;
  only_in_target: number;
  /** Number of key values that occur more than once on that side. */
  duplicate_keys_source: number;
  duplicate_keys_target: number;
  /** Rows whose key has a NULL in any key column. */
  null_keys_source: number;
  null_keys_target: number;
  /**
   * Ours: rows counted in matched_rows although values differ, every difference of a kind the
   * comparison accepts (`accept`); present (0 included) exactly when the comparison accepts kinds.
   */
  accepted_rows?: number;
}

/**
 * Why values of one column differ: how many differing rows fall in one kind (value-patterns.ts), with
 * its detail (`×100`, `+02:00`, `to 2 decimals`) where the kind has several, and which kept row shows one.
 */
export interface PatternCount {
  /** One of PATTERN_KINDS when this engine classified it; api mode keeps what a (newer) service sends. */
  kind: string;
  rows: number;
  detail?: string;
  /** Index in diff_rows of a kept row whose value pair in this column is of this kind. */
  example?: number;
}

/** One entry of mismatched_columns_mapping: the document's count and sentence, and ours: why. */
export interface ColumnMismatch {
  /** Rows whose values in this column differ (accepted kinds not counted). */
  mismatch_count: number;
  details: string;
  /** Ours: the kinds of those differences, most rows first; their rows add up to mismatch_count. */
  patterns?: PatternCount[];
  /** Ours: differences of kinds the comparison accepts (not in mismatch_count), most rows first. */
  accepted?: PatternCount[];
  /**
   * Ours (api mode): the patterns were computed here from the `rows` differing rows the service sent of
   * the `of` that differ in this column; absent when they were computed over every differing row.
   */
  patterns_from?: { rows: number; of: number };
}

/**
 * One differing row: the key columns by their *source* names, `_diff_type`, then `source_<col>` and
 * `target_<col>` (source column names) for each differing column; for a row on one side only, that
 * side's values of every compared column.
 */
export type DiffRow = { _diff_type: DiffType } & Record<string, ReportedValue>;

/** The document's diff details (2.6), plus how many rows differ in all and whether samples were cut. */
export interface DiffDetails {
  primary_key_columns: string[];
  /** Source column name → target column name, keys included. */
  column_mapping: Record<string, string>;
  /** Keyed by source column name. */
  mismatched_columns_mapping: Record<string, ColumnMismatch>;
  /**
   * Ours: how each compared column (keys first, by source name) was compared: `set`, `list`, `JSON`,
   * `text`, `text, case-insensitive`, `timestamp at whole seconds`, `decimal at scale 2`... Local mode only.
   */
  compared_as?: Record<string, string>;
  diff_rows: DiffRow[];
  /** Differing rows in all (changed + only in source + only in target). */
  diff_rows_total: number;
  /** True when diff_rows holds fewer rows than diff_rows_total. */
  truncated: boolean;
  /**
   * Ours: the values of diff_rows kept only in part (longer than 64 Ki characters; see
   * engine/cut-values.ts), by row index and field; absent when every value is whole.
   */
  cut_values?: CutValue[];
  /**
   * Ours (the service): set when differing rows were left out so that a job's stored rows stay
   * within this many bytes (its per-job cap), whatever max_diff_rows asked.
   */
  diff_rows_max_bytes?: number;
}

/** A value of a diff row kept only in part: the window kept is the row's value, this says what it is part of. */
export interface CutValue {
  /** Index in diff_rows. */
  row: number;
  /** The row's field: `source_<col>`, `target_<col>` or a key column. */
  field: string;
  /** The whole value's length in characters (code points). */
  length: number;
  /** Characters of the whole value before the kept text (0: kept from its start). */
  start: number;
  /** SHA-256 of the whole value's UTF-8, in hex: equal hashes, equal values. */
  sha256: string;
}

export interface ColumnInfo {
  name: string;
  /** The database's own type name, e.g. `numeric(12,2)`. */
  type: string;
}

export interface SchemaDiff {
  only_in_source: ColumnInfo[];
  only_in_target: ColumnInfo[];
  /**
   * Paired columns of different types; `compared_as` (ours) where they were still compared, at a
   * common precision or scale (`timestamp at whole seconds`).
   */
  type_mismatches: { source_column: string; target_column: string; source_type: string; target_type: string; compared_as?: string }[];
}

/** How a comparison was executed and what it cost; "plan" is ours, not the document's. */
export interface PlanInfo {
  kind: 'join' | 'checksum' | 'stream' | 'quick' | 'service';
  /** One sentence: why this plan. */
  reason: string;
  source: { rows_sent: number; bytes_sent: number };
  target: { rows_sent: number; bytes_sent: number };
  /** Where the time went: milliseconds per phase (estimate, probe, buckets, chunk_sample, checksum_scan, refine_scan, fetch_diff, stream). */
  phases_ms?: Record<string, number>;
}

/** What one side of a comparison read, for reports: the spec's datasource name and its table, or a query. */
export interface SideLabel {
  datasource: string;
  /** The table (or view, or file) as the spec names it; absent when the side is a query. */
  dataset?: string;
  query?: true;
}

/** The two sides' labels of a definition (never a connection URL). */
export function sideLabels(definition: Pick<ComparisonDefinition, 'source' | 'target'>): { source: SideLabel; target: SideLabel } {
  const label = (side: SideDefinition): SideLabel => (side.dataset !== undefined ? { datasource: side.datasourceName, dataset: side.dataset } : { datasource: side.datasourceName, query: true });
  return { source: label(definition.source), target: label(definition.target) };
}

export interface ComparisonResult {
  name: string;
  /** Which data each side read (set by the runner from the definition). */
  sides?: { source: SideLabel; target: SideLabel };
  /** After thresholds: `match` also when differences stay within the comparison's thresholds. */
  status: ComparisonStatus;
  /** Present unless status is `error` before anything was compared. */
  result?: ResultSummary;
  stats?: ComparisonStats;
  diff?: DiffDetails;
  schema_diff?: SchemaDiff;
  /** True when the data differs (diff_status MISMATCH) but the thresholds let it pass. */
  within_thresholds?: boolean;
  error?: { kind: ErrorKind; message: string; hint?: string };
  plan?: PlanInfo;
  /** api mode: where the run lives on the service. */
  service?: { comparison_id?: string; run_id?: number; task_id?: string; url?: string };
  /** api mode: the job's differing rows could not be read from the service (why); verdict and stats stand. */
  diff_rows_unavailable?: string;
  /** api mode: the service kept fewer differing rows than max_diff_rows asks (its own cap). */
  diff_rows_capped?: { requested: number; kept: number };
  /** Comparisons derived from dbt manifests: the model, why it was compared, where its key came from. */
  dbt?: DbtComparisonInfo;
  /**
   * Ours: what the comparison could not see, in sentences (a timestamp compared at whole seconds
   * because one side holds no fractions); absent when nothing was lost.
   */
  notes?: string[];
  /** Keyless comparisons with a profile: the columns whose profiles differ. */
  profile?: ProfileDifference[];
}

/** One column's profile on one side (numeric columns also have min, max and sum). */
export interface ColumnProfile {
  non_null: number;
  distinct: number;
  min?: number;
  max?: number;
  sum?: number;
}

export interface ProfileDifference {
  /** Source column name. */
  column: string;
  source: ColumnProfile;
  target: ColumnProfile;
  /** Which measures differ: non_null, distinct, min, max, sum. */
  differs: (keyof ColumnProfile)[];
}

/** The whole run, as written by `--json` and to results.json. */
export interface RunResult {
  version: 1;
  status: ComparisonStatus;
  mode: 'local' | 'api';
  started_at: string;
  finished_at: string;
  comparisons: (ComparisonResult & { location?: ComparisonDefinition['location'] })[];
  /** Present when the spec has a `dbt` section. */
  dbt?: DbtRunInfo;
}

// ───────────────────────────── how the engine is called ─────────────────────────────

export interface ProgressEvent {
  comparison: string;
  phase: 'connecting' | 'introspecting' | 'counting' | 'comparing' | 'fetching-diff' | 'done';
  message?: string;
  /** How far the phase got: `done` of `total` (when known) rows or key ranges; repeated as work advances. */
  work?: { done: number; total?: number; unit: 'rows' | 'ranges' };
}

export interface EngineOptions {
  logger: Logger;
  /** Aborts the comparison and stops its queries on the server. */
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Called once both sides are described and before any row is read, while their connections are idle:
   * the run asks each connection's role here (runner/privilege-warnings.ts) rather than on a connection
   * of its own. Awaited; its failure is the caller's, and the comparison goes on.
   */
  afterDescribe?: (opened: readonly OpenedConnection[], signal?: AbortSignal) => Promise<void>;
  /**
   * The gate of a side's database sessions, or undefined for none: asked on every session the
   * comparison opens there, before anything of the comparison is sent on it (the service: can this
   * session's role read the service's store, or do more than read?). Every session of a side's pool is
   * asked, so a server that answers the first one differently than the next cannot pass; a session the
   * gate throws for fails the comparison with that error.
   */
  sessionGate?: (side: SideDefinition) => SessionGate | undefined;
}

/** A connection a comparison opened, with the data source settings it was opened from. */
export interface OpenedConnection {
  config: ConnectionConfig;
  connection: DatabaseConnection;
}

/** Runs one comparison; never throws for data or user errors: they come back as `status: 'error'`. */
export type RunComparison = (definition: ComparisonDefinition, options: EngineOptions) => Promise<ComparisonResult>;

/** The overall status of several results: error beats mismatch beats match. */
export function overallStatus(results: readonly Pick<ComparisonResult, 'status'>[]): ComparisonStatus {
  if (results.some((r) => r.status === 'error')) return 'error';
  if (results.some((r) => r.status === 'mismatch')) return 'mismatch';
  return 'match';
}
