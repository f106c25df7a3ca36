/**
 * THE wire contract of the Data Comparison Service API (seed document + service-api-facts.md), shared
 * by the client (src/api/client.ts) and our server (src/server/). Request schemas are what our server
 * accepts (strict about values, FastAPI-like about unknown fields: ignored); response schemas are
 * loose (unknown fields kept) so a client copes with the hosted service adding fields. Query
 * parameters arrive as strings, so their schemas coerce. `/openapi.json` is generated from here.
 *
 * Compatibility: change this file additively only; the client and the server both depend on it.
 */
import { z } from 'zod';
import { ACCEPTABLE_KINDS } from '../engine/value-patterns.js';

// ───────────────────────────── building blocks ─────────────────────────────

export const uuidSchema = z.uuid();
const nonEmpty = z.string().trim().min(1, 'must not be empty');
const columnList = z.array(nonEmpty).min(1, 'must list at least one column');
/** Compared columns: an empty list compares the keys only (rows only in one side, duplicates). */
const comparedColumnList = z.array(nonEmpty);
/** Timestamps: ISO 8601 text; a timestamp without an offset means UTC (Celery's naive `date_done`). */
export const timestampSchema = z.string();
const nullableTimestamp = timestampSchema.nullable();

/** The job statuses of section 3, strict: the server only ever emits these. */
export const JOB_STATUSES = ['PENDING', 'STARTED', 'SUCCESS', 'FAILURE', 'REVOKED'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof jobStatusSchema>;
/** What a client accepts: a known status or any other string (unknown = not terminal, warn once). */
export const lenientJobStatusSchema = z.union([jobStatusSchema, z.string()]);
export const TERMINAL_JOB_STATUSES: readonly JobStatus[] = ['SUCCESS', 'FAILURE', 'REVOKED'];
export function isTerminalJobStatus(status: string): boolean {
  return (TERMINAL_JOB_STATUSES as readonly string[]).includes(status);
}

export const diffStatusSchema = z.enum(['MATCH', 'MISMATCH']);

/** A boolean query parameter (FastAPI accepts true/false/1/0/yes/no/on/off). */
const queryBool = z.stringbool({ truthy: ['true', '1', 'yes', 'on'], falsy: ['false', '0', 'no', 'off'] });
const queryInt = z.coerce.number<string>().int();
/** An integer job id; a numeric string is accepted too (pydantic's lax mode). */
export const jobIdSchema = z.union([
  z.number().int().positive(),
  z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer').transform(Number),
]);
const isoQueryTime = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO 8601 timestamp, e.g. 2026-01-31T12:00:00Z');

// ───────────────────────────── pagination (fastapi-pagination) ─────────────────────────────

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 50;
export const paginationQuerySchema = z.object({
  page: queryInt.pipe(z.number().int().min(1, 'must be at least 1')).default(1),
  size: queryInt.pipe(z.number().int().min(1, 'must be at least 1').max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)).default(DEFAULT_PAGE_SIZE),
});

/** `data` of every list response. `pages` = ceil(total/size), 0 when total is 0. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  });
}
export interface Page<T> {
  items: T[];
  page: number;
  size: number;
  total: number;
  pages: number;
}

/** `{message, meta, data}` envelope of most responses. */
function envelope<T extends z.ZodType>(data: T, meta: z.ZodType = z.looseObject({})) {
  return z.looseObject({ message: z.string().optional(), meta: meta.optional(), data });
}

// ───────────────────────────── headers ─────────────────────────────

/** Headers every endpoint requires (4.1). Header names are lower-case as Node delivers them. */
export const requestHeadersSchema = z.object({
  authorization: z.string().optional(),
  'workspace-id': uuidSchema,
});

// ───────────────────────────── 2.2 configuration ─────────────────────────────

/** Configuration as a request sends it (4.3): defaults applied, paired lists checked. */
export const comparisonConfigurationInputSchema = z
  .object({
    source_columns: comparedColumnList,
    target_columns: comparedColumnList,
    primary_keys_source: columnList,
    primary_keys_target: columnList,
    source_filter: nonEmpty.optional(),
    target_filter: nonEmpty.optional(),
    source_query: nonEmpty.optional(),
    target_query: nonEmpty.optional(),
    case_sensitive: z.boolean().default(false),
    quick_comparison: z.boolean().default(false),
    schema_diff: z.boolean().default(false),
    /** Ours: absolute numeric tolerance per source column. */
    tolerance: z.record(z.string(), z.number().nonnegative()).optional(),
    /** Ours: how many differing rows to keep for diff-details (the server caps it). */
    max_diff_rows: z.number().int().min(0).max(10_000).optional(),
    /**
     * Ours: kinds of difference that count as equal (engine/value-patterns.ts); a service that applies
     * them says so with `stats.accepted_rows`. Any kind but `other`, each once.
     */
    accept: z.array(z.enum(ACCEPTABLE_KINDS, { error: `must be one of ${ACCEPTABLE_KINDS.join(', ')}` })).optional(),
  })
  .superRefine((config, ctx) => {
    if (config.source_columns.length !== config.target_columns.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['target_columns'],
        message: `must list as many columns as source_columns (${config.source_columns.length}); columns are paired by position`,
        input: config.target_columns,
      });
    }
    if (config.primary_keys_source.length !== config.primary_keys_target.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['primary_keys_target'],
        message: `must list as many columns as primary_keys_source (${config.primary_keys_source.length}); keys are paired by position`,
        input: config.primary_keys_target,
      });
    }
  });
export type ComparisonConfigurationInput = z.infer<typeof comparisonConfigurationInputSchema>;

/** Configuration as stored and returned (2.1 / 2.2); loose. */
export const comparisonConfigurationSchema = z.looseObject({
  source_columns: z.array(z.string()),
  target_columns: z.array(z.string()),
  primary_keys_source: z.array(z.string()),
  primary_keys_target: z.array(z.string()),
  source_filter: z.string().nullish(),
  target_filter: z.string().nullish(),
  source_query: z.string().nullish(),
  target_query: z.string().nullish(),
  case_sensitive: z.boolean(),
  quick_comparison: z.boolean(),
  schema_diff: z.boolean().optional(),
  /** Ours: the kinds it accepts, when the service echoes them. */
  accept: z.array(z.string()).optional(),
});
export type ComparisonConfiguration = z.infer<typeof comparisonConfigurationSchema>;

// ───────────────────────────── 4.3 create comparison ─────────────────────────────

function requireDatasetOrQuery(
  body: { source_dataset_id?: string | null | undefined; target_dataset_id?: string | null | undefined; configuration: ComparisonConfigurationInput },
  ctx: z.RefinementCtx,
): void {
  for (const side of ['source', 'target'] as const) {
    if (!body[`${side}_dataset_id`] && !body.configuration[`${side}_query`]) {
      ctx.addIssue({
        code: 'custom',
        path: [`${side}_dataset_id`],
        message: `is required when configuration.${side}_query is not set`,
        input: body[`${side}_dataset_id`],
      });
    }
  }
}

const comparisonCreateFields = {
  name: nonEmpty.max(200, 'must be at most 200 characters'),
  source_datasource_id: uuidSchema,
  target_datasource_id: uuidSchema,
  /** A dataset UUID or a dataset (table) name; required unless configuration.source_query is set. */
  source_dataset_id: nonEmpty.nullish(),
  target_dataset_id: nonEmpty.nullish(),
  configuration: comparisonConfigurationInputSchema,
};
export const comparisonCreateBodySchema = z.object(comparisonCreateFields).superRefine(requireDatasetOrQuery);
export type ComparisonCreateBody = z.infer<typeof comparisonCreateBodySchema>;

export const comparisonCreateQuerySchema = z.object({
  create_only: queryBool.default(false),
});

/** 2.1: a comparison (creation response fields; other operations return the same plus extras). */
export const comparisonSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  source_dataset_id: z.string().nullable(),
  target_dataset_id: z.string().nullable(),
  configuration: comparisonConfigurationSchema,
  workspace_id: z.string(),
  user_id: z.string(),
  /** Ours. */
  source_datasource_id: z.string().optional(),
  target_datasource_id: z.string().optional(),
  created_at: timestampSchema.optional(),
});
export type Comparison = z.infer<typeof comparisonSchema>;

/** 201. When create_only is false the run started too: run_id / worker_task_id / celery_task_id (ours, extra). */
export const comparisonCreateResponseSchema = z.looseObject({
  message: z.string(),
  data: comparisonSchema,
  run_id: z.number().int().optional(),
  worker_task_id: z.string().optional(),
  celery_task_id: z.string().optional(),
});
export type ComparisonCreateResponse = z.infer<typeof comparisonCreateResponseSchema>;

// ───────────────────────────── extra: get / list / delete comparisons ─────────────────────────────

export const comparisonPathSchema = z.object({ comparison_id: uuidSchema });
export const comparisonGetResponseSchema = envelope(comparisonSchema);
export const comparisonListQuerySchema = paginationQuerySchema.extend({ filter: z.string().optional() });
export const comparisonListResponseSchema = envelope(pageSchema(comparisonSchema));
export const messageResponseSchema = z.looseObject({ message: z.string() });

// ───────────────────────────── 4.4 execute ─────────────────────────────

export const executeQuerySchema = z.object({
  /** A running job's task id: that job is terminated before the new execution starts. */
  celery_task_id: nonEmpty.optional(),
  enable_priority: queryBool.default(false),
  translation_iteration_no: queryInt.pipe(z.number().int().min(0)).optional(),
  translation_run_id: nonEmpty.optional(),
  current_event_key: nonEmpty.optional(),
});
export type ExecuteQuery = z.infer<typeof executeQuerySchema>;

/** Fields at the top level (no data wrapper). The server emits both task id names; a client reads either. */
export const executeResponseSchema = z.looseObject({
  message: z.string(),
  run_id: z.number().int(),
  worker_task_id: z.string().optional(),
  celery_task_id: z.string().optional(),
});
export type ExecuteResponse = z.infer<typeof executeResponseSchema>;

// ───────────────────────────── 4.5 execute multiple ─────────────────────────────

export const MAX_BATCH = 500;
export const executeMultipleBodySchema = z.object({
  agent_run_id: uuidSchema,
  comparison_agent_configs: z
    .array(
      z.object({
        id: z.number().int(),
        configuration: comparisonCreateBodySchema,
      }),
    )
    .min(1, 'must list at least one comparison')
    .max(MAX_BATCH, `must list at most ${MAX_BATCH} comparisons`)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: `duplicate config id ${item.id}`, input: item.id });
        seen.add(item.id);
      });
    }),
});
export type ExecuteMultipleBody = z.infer<typeof executeMultipleBodySchema>;

export const executeMultipleResponseSchema = z.looseObject({
  message: z.string(),
  /** Config id (as a string key) → job id. */
  mapped_run_ids: z.record(z.string(), z.number().int()),
});
export type ExecuteMultipleResponse = z.infer<typeof executeMultipleResponseSchema>;

// ───────────────────────────── 2.5 / 4.6 job details ─────────────────────────────

export const MAX_DETAIL_IDS = 1000;
const jobIdList = z.array(jobIdSchema).max(MAX_DETAIL_IDS, `must list at most ${MAX_DETAIL_IDS} job ids`);
/** A bare array of job ids, or `{"job_ids": [...]}`; both become an array. */
export const jobDetailsBodySchema = z.preprocess(
  (input) => (input !== null && typeof input === 'object' && !Array.isArray(input) && 'job_ids' in input ? input.job_ids : input),
  jobIdList,
);

export const jobStatsSchema = z.looseObject({
  source_rows: z.number(),
  target_rows: z.number(),
  matched_rows: z.number(),
  mismatched_rows: z.number(),
  only_in_source: z.number(),
  only_in_target: z.number(),
  /** Ours: rows counted as matched whose every difference is of an accepted kind. */
  accepted_rows: z.number().int().min(0).optional(),
});

/** 2.5 `result`: present only when status is SUCCESS. stats / schema_diff / diff_rows_total are ours. */
export const jobResultSchema = z.looseObject({
  diff_status: z.string(),
  diff_reasons: z.array(z.string()),
  time_taken: z.number(),
  stats: jobStatsSchema.optional(),
  schema_diff: z.unknown().optional(),
  diff_rows_total: z.number().int().optional(),
});
export type JobResult = z.infer<typeof jobResultSchema>;

export const jobDetailSchema = z.looseObject({
  run_id: z.number().int(),
  comparison_id: z.string(),
  comparison_name: z.string(),
  status: lenientJobStatusSchema,
  failure_reason: z.string().nullable().optional(),
  started_at: nullableTimestamp.optional(),
  finished_at: nullableTimestamp.optional(),
  result: jobResultSchema.nullable().optional(),
  /** Ours. */
  task_id: z.string().optional(),
  retry_count: z.number().int().optional(),
  message: z.string().nullable().optional(),
  /** Ours: what identifies the execute that made the job (a client whose answer was lost finds it by these). */
  agent_run_id: z.string().nullable().optional(),
  config_id: z.number().int().nullable().optional(),
  idempotency_key: z.string().nullable().optional(),
});
export type JobDetail = z.infer<typeof jobDetailSchema>;

export const jobDetailsResponseSchema = z.looseObject({
  message: z.string().optional(),
  /** Ours: `not_found` lists requested ids that are not (visible) jobs. */
  meta: z.looseObject({ not_found: z.array(z.number().int()).optional() }),
  data: z.array(jobDetailSchema),
});
export type JobDetailsResponse = z.infer<typeof jobDetailsResponseSchema>;

// ───────────────────────────── 2.4 / 4.7 job list ─────────────────────────────

const commaList = z
  .string()
  .transform((text) => text.split(',').map((part) => part.trim()).filter((part) => part.length > 0));

export const jobListQuerySchema = paginationQuerySchema.extend({
  /** Search in the comparison name (case-insensitive substring). */
  filter: z.string().optional(),
  status_filters: commaList
    .pipe(z.array(z.string().transform((s) => s.toUpperCase()).pipe(jobStatusSchema)))
    .optional(),
  source_dataset_filters: commaList.optional(),
  target_dataset_filters: commaList.optional(),
  /** Default 30 days before now. */
  start_time: isoQueryTime.optional(),
  /** Default now. */
  end_time: isoQueryTime.optional(),
  /** Ours: only the jobs made by the execute with this Idempotency-Key / of this agent run. */
  idempotency_key: z.string().min(1).max(200).optional(),
  agent_run_id: z.string().min(1).max(200).optional(),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;

export const jobListItemSchema = z.looseObject({
  job_id: z.number().int(),
  comparison_id: z.string(),
  comparison_name: z.string(),
  comparison_result_id: z.string().nullable().optional(),
  status: lenientJobStatusSchema,
  source_datasource_name: z.string().nullable().optional(),
  target_datasource_name: z.string().nullable().optional(),
  source_dataset_name: z.string().nullable().optional(),
  target_dataset_name: z.string().nullable().optional(),
  source_datasource_type: z.string().nullable().optional(),
  target_datasource_type: z.string().nullable().optional(),
  task_id: z.string(),
  created_at: timestampSchema,
  started_at: nullableTimestamp.optional(),
  date_done: nullableTimestamp.optional(),
  time_taken: z.number().nullable().optional(),
  retry_count: z.number().int().optional(),
  message: z.string().nullable().optional(),
  /** Ours: what identifies the execute that made the job (a client whose answer was lost finds it by these). */
  agent_run_id: z.string().nullable().optional(),
  config_id: z.number().int().nullable().optional(),
  idempotency_key: z.string().nullable().optional(),
});
export type JobListItem = z.infer<typeof jobListItemSchema>;

export const jobListMetaSchema = z.looseObject({
  status_filters: z.array(z.string()),
  source_dataset_filters: z.array(z.string()),
  target_dataset_filters: z.array(z.string()),
});
export const jobListResponseSchema = z.looseObject({
  message: z.string().optional(),
  meta: jobListMetaSchema,
  data: pageSchema(jobListItemSchema),
});
export type JobListResponse = z.infer<typeof jobListResponseSchema>;

// ───────────────────────────── 2.6 / 4.8 diff details ─────────────────────────────

export const jobPathSchema = z.object({
  job_id: z.string().regex(/^[1-9][0-9]{0,15}$/, 'must be a positive integer').transform(Number),
});

/**
 * Ours: why one column's values differ, one kind per changed value pair (engine/value-patterns.ts):
 * rows of the kind, its detail (`×100`, `+02:00`), and the index in diff_rows of a row showing it. The
 * kind is any string here, so a client reads a newer service's kinds as they come.
 */
const patternCountSchema = z.looseObject({
  kind: z.string().min(1),
  rows: z.number().int().min(0),
  detail: z.string().optional(),
  /** A service may send null, or an index it cannot vouch for: such an example is left out, never the diff. */
  example: z.number().int().min(0).optional().catch(undefined),
});

export const diffDetailsSchema = z.looseObject({
  primary_key_columns: z.array(z.string()),
  column_mapping: z.record(z.string(), z.string()),
  mismatched_columns_mapping: z.record(
    z.string(),
    z.looseObject({
      mismatch_count: z.number().int(),
      details: z.string(),
      /** Ours: the kinds of the column's differences, most rows first; their rows add up to mismatch_count. */
      patterns: z.array(patternCountSchema).optional(),
      /** Ours: differences of kinds the comparison accepts (counted as equal, not in mismatch_count). */
      accepted: z.array(patternCountSchema).optional(),
    }),
  ),
  diff_rows: z.array(z.record(z.string(), z.unknown())),
  /** Ours: differing rows in all, and whether diff_rows was capped. */
  diff_rows_total: z.number().int().optional(),
  truncated: z.boolean().optional(),
  /** Ours: how each column was compared (`set`, `decimal at scale 2`, `text, case-insensitive`…). */
  compared_as: z.record(z.string(), z.string()).optional(),
  /**
   * Ours: values of diff_rows kept only in part (over 64 Ki characters, around the first difference):
   * the row's index and field, the whole value's length and where the kept part starts (characters),
   * and the SHA-256 of the whole value. Clients that do not know it see the kept part as the value.
   */
  cut_values: z
    .array(z.object({ row: z.number().int().min(0), field: z.string(), length: z.number().int().min(0), start: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) }))
    .optional(),
  /** Ours: set when rows were left out so that the job's stored rows stay within this many bytes. */
  diff_rows_max_bytes: z.number().int().positive().optional(),
});
export type DiffDetailsData = z.infer<typeof diffDetailsSchema>;
export const diffDetailsResponseSchema = z.looseObject({
  message: z.string().optional(),
  meta: z.looseObject({}),
  data: diffDetailsSchema,
});
export type DiffDetailsResponse = z.infer<typeof diffDetailsResponseSchema>;

// ───────────────────────────── 4.9 terminate ─────────────────────────────

export const terminatePathSchema = z.object({ task_id: nonEmpty.max(200) });
export const terminateResponseSchema = z.looseObject({
  message: z.string(),
  /** Ours: the job's status after the call (a finished job stays as it was). */
  status: lenientJobStatusSchema.optional(),
  run_id: z.number().int().optional(),
});
export type TerminateResponse = z.infer<typeof terminateResponseSchema>;

// ───────────────────────────── 2.3 / 4.10 data sources ─────────────────────────────

export const sourcesQuerySchema = paginationQuerySchema.extend({
  filter: z.string().optional(),
  sort_by: z.enum(['last_scanned', 'name', 'type']).default('last_scanned'),
  sort_order: z.enum(['asc', 'desc']).default('desc'),
  interactive: queryBool.optional(),
  is_settings_page: queryBool.default(false),
});
export type SourcesQuery = z.infer<typeof sourcesQuerySchema>;

export const dataSourceSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  is_interactive: z.boolean(),
  dataset_count: z.number().int(),
  validation_count: z.number().int(),
  failed_validation_count: z.number().int(),
  column_count: z.number().int(),
  sensitive_column_count: z.number().int(),
  last_scanned_at: nullableTimestamp,
  database_version: z.string().nullable(),
  workspace_id: z.string(),
  /** Ours, settings page only: how the connection is configured (never the URL itself). */
  connection: z.looseObject({ kind: z.enum(['url', 'url_env', 'path']), url_env: z.string().optional() }).optional(),
  created_at: timestampSchema.optional(),
  /**
   * Ours: the last catalog scan (null: never scanned, and then the counts are 0 because nothing was
   * counted). `partial`: the time limit was reached and the counts cover the tables read so far.
   */
  scan: z
    .looseObject({
      status: z.enum(['complete', 'partial', 'failed']),
      message: z.string().nullable(),
      started_at: timestampSchema,
      duration_ms: z.number().int(),
    })
    .nullable()
    .optional(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;

/** Ours: one table or view of a data source's catalog, with the sensitive columns marked. */
export const catalogTableSchema = z.looseObject({
  name: z.string(),
  kind: z.enum(['table', 'view']),
  sampled: z.boolean(),
  columns: z.array(
    z.looseObject({
      name: z.string(),
      type: z.string(),
      sensitive: z.looseObject({ kind: z.string(), confidence: z.number(), reason: z.string() }).optional(),
    }),
  ),
});
export type CatalogTableInfo = z.infer<typeof catalogTableSchema>;

export const catalogQuerySchema = paginationQuerySchema.extend({
  filter: z.string().optional(),
  sensitive_only: queryBool.default(false),
});
export const catalogResponseSchema = z.looseObject({
  message: z.string(),
  data: pageSchema(catalogTableSchema),
});
export const sourcePathSchema = z.object({ source_id: uuidSchema });
export const scanQuerySchema = z.object({
  time_limit_seconds: z.coerce.number().positive().max(300).default(30),
});

export const sourcesResponseSchema = z.looseObject({
  message: z.string(),
  meta: z.looseObject({}),
  data: pageSchema(dataSourceSchema),
});
export type SourcesResponse = z.infer<typeof sourcesResponseSchema>;

export const DATA_SOURCE_TYPES = ['sqlite', 'postgres', 'mysql', 'mariadb'] as const;
/**
 * Ours: create a data source. Exactly one connection setting: `url` (stored encrypted, never
 * returned), `url_env` (the name of an environment variable of the server holding the URL), or
 * `path` (SQLite only: a database file on the server).
 */
export const dataSourceCreateBodySchema = z
  .object({
    name: nonEmpty.max(200, 'must be at most 200 characters'),
    type: z.enum(DATA_SOURCE_TYPES),
    url: nonEmpty.optional(),
    url_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be an environment variable name').optional(),
    path: nonEmpty.optional(),
    is_interactive: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    const given = (['url', 'url_env', 'path'] as const).filter((key) => body[key] !== undefined);
    if (given.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: given.length > 1 ? [given[1]!] : ['url'],
        message: 'exactly one of url, url_env or path must be set',
        input: undefined,
      });
    }
    if (body.path !== undefined && body.type !== 'sqlite') {
      ctx.addIssue({ code: 'custom', path: ['path'], message: 'is only for type sqlite; use url or url_env', input: body.path });
    }
  });
export type DataSourceCreateBody = z.infer<typeof dataSourceCreateBodySchema>;
export const dataSourceCreateResponseSchema = z.looseObject({ message: z.string(), data: dataSourceSchema });

// ───────────────────────────── API keys (ours) ─────────────────────────────

export const API_KEY_SCOPES = ['read', 'write', 'read:datasource', 'read:job', 'write:job', 'write:comparison', 'read:sensitive'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const apiKeySchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.string()),
  workspaces: z.array(z.string()),
  enabled: z.boolean(),
  expires_at: nullableTimestamp,
  created_at: timestampSchema,
  last_used_at: nullableTimestamp.optional(),
  /** The first characters of the key, to recognise it; never the key. */
  prefix: z.string(),
});
export type ApiKeyInfo = z.infer<typeof apiKeySchema>;
/** The only response ever holding a key value: creation. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ key: z.string() });

// ───────────────────────────── errors ─────────────────────────────

/** FastAPI's 422: `loc[0]` is body, query, path or header. Ours adds message and code. */
export const validationIssueSchema = z.looseObject({
  type: z.string(),
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  input: z.unknown().optional(),
});
export const validationErrorBodySchema = z.looseObject({
  detail: z.array(validationIssueSchema),
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** Every other error: `detail` (FastAPI), plus ours: `message` (a sentence) and `code` (snake_case). */
export const errorBodySchema = z.looseObject({
  detail: z.string(),
  message: z.string().optional(),
  code: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
/** Either error shape. */
export const anyErrorBodySchema = z.union([validationErrorBodySchema, errorBodySchema]);

export const healthResponseSchema = z.looseObject({ status: z.literal('ok'), version: z.string().optional() });
