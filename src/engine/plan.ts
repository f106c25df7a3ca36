/**
 * The planner: which algorithm diffs a comparison. Strategies are tried in order; the first that
 * applies runs, and its reason sentence goes into the result's `plan`. Adding an algorithm (the
 * checksum diff) is one entry in `strategies`.
 */
import type { ConnectionConfig, DiffStrategyName, PlanInfo } from './model.js';
import { ConfigurationError } from '../shared/errors.js';
import { DEFAULT_TUNING, runChecksumDiff } from './checksum/checksum-diff.js';
import type { DiffContext, DiffOutcome, DiffStrategy } from './diff-outcome.js';
import { runJoinDiff } from './join-diff.js';
import { canUseKeyIndexes } from './join-diff-sql.js';
import { finishedInJs } from './resolve.js';
import { runStreamMerge } from './stream-merge.js';
import { checksumObstacle, checksumStrategy } from './checksum/strategy.js';

export type { DiffStrategy };

export interface PlannedDiff {
  kind: PlanInfo['kind'];
  reason: string;
  run(context: DiffContext): Promise<DiffOutcome>;
}

/** Both sides on one connection: same database type and the same URL (or SQLite/DuckDB file, or CSV/Parquet data source). */
export function sameConnection(a: ConnectionConfig | null, b: ConnectionConfig | null): boolean {
  if (!a || !b || a.type !== b.type) return false;
  if (a.type === 'sqlite' && b.type === 'sqlite') return a.path !== ':memory:' && a.path === b.path;
  if (a.type === 'duckdb' && b.type === 'duckdb') return a.path !== ':memory:' && a.path === b.path;
  // The same CSV/Parquet data source on both sides (e.g. two queries over one file): one in-memory DuckDB.
  if (a.type === 'csv' || a.type === 'parquet') return JSON.stringify(a) === JSON.stringify(b);
  return 'url' in a && 'url' in b && a.url === b.url;
}

/**
 * Columns the join diff cannot compare inside this database: MySQL/MariaDB have no canonical JSON
 * text (MariaDB keeps a JSON value's spelling and key order), so equal JSON values would differ; and
 * a JSON or text column compared as a collection is read as one in JavaScript (`finishedInJs`).
 */
function notComparableInSql(context: DiffContext): string[] {
  const { compiler } = context.source.connection;
  const json = compiler.dialect === 'mysql' ? context.resolved.columns.filter((pair) => pair.family === 'json') : [];
  const collections = context.resolved.columns.filter((pair) => finishedInJs(pair, 'source', compiler) || finishedInJs(pair, 'target', compiler));
  return [...json, ...collections].map((pair) => pair.source);
}

/**
 * Why SQLite cannot join these sides through the key index, if it cannot: a side is a query, or a
 * key may hold NULL. Its join would then group both sides in one sort, measured slower than
 * streaming (1M rows: query sides 11–15 s against 6.7–7.2 s, a nullable key 7.8–8.4 s against
 * 6.8–7.4 s; docs/benchmarks.md), so they stream.
 */
function sqliteJoinObstacle(context: DiffContext): string | undefined {
  if (context.source.connection.compiler.dialect !== 'sqlite' || canUseKeyIndexes(context.source, context.target, context.resolved)) return undefined;
  const query = [context.source, context.target].find((side) => side.definition.query);
  if (query) return `the ${query === context.source ? 'source' : 'target'} is a query, which has no key index to join through`;
  const nullable = [context.source, context.target].find((side) => side.schema.primaryKeyNullable);
  if (nullable) return `the ${nullable === context.source ? 'source' : 'target'} table's key may hold NULL (a SQLite PRIMARY KEY that is neither the rowid nor NOT NULL)`;
  return undefined;
}

/**
 * A name the join diff's query gives its own parts (dc_j, dc_c, dc_d…) in a side's table, query or filter:
 * there the query would read its part instead of the table (a count of `dc_d` counted the differing rows).
 */
function cteNameClash(context: DiffContext): string | undefined {
  for (const side of [context.source, context.target]) {
    const { dataset, query, filter } = side.definition;
    const clash = [dataset, query, filter].map((text) => unqualifiedOwnName(text ?? '')).find(Boolean);
    if (clash) return `the ${side === context.source ? 'source' : 'target'} names ${clash}, a name the join query gives its own parts`;
  }
  return undefined;
}

/** The first `dc_…` word of a text that is neither a schema (`dc_x.t`) nor qualified by one (`s.dc_x`). */
function unqualifiedOwnName(text: string): string | undefined {
  for (const match of text.matchAll(/dc_[a-z0-9_$]*/gi)) {
    const before = text.slice(0, match.index).replace(/["`[]$/, '');
    const after = text.slice(match.index + match[0].length).replace(/^["`\]]/, '');
    if (/[a-z0-9_$]$/i.test(before) || /\.\s*$/.test(before) || /^\s*\./.test(after)) continue;
    return match[0];
  }
  return undefined;
}

export const joinStrategy: DiffStrategy = {
  kind: 'join',
  applies: (context) =>
    sameConnection(context.definition.source.connection, context.definition.target.connection) && notComparableInSql(context).length === 0 && !sqliteJoinObstacle(context) && !cteNameClash(context)
      ? `Both sides are on the same connection (data source \`${context.definition.source.datasourceName}\`${context.definition.target.datasourceName !== context.definition.source.datasourceName ? ` and \`${context.definition.target.datasourceName}\`` : ''}), so one outer-join query computes the diff inside the database.`
      : undefined,
  run: runJoinDiff,
};

export const streamStrategy: DiffStrategy = {
  kind: 'stream',
  applies: (context) => {
    const json = notComparableInSql(context);
    if (json.length > 0 && sameConnection(context.definition.source.connection, context.definition.target.connection)) {
      const engine = context.source.connection.compiler.dialect === 'mysql' ? 'MySQL/MariaDB ' : '';
      return `Both sides are on one ${engine}connection, but JSON column ${json.map((c) => `\`${c}\``).join(', ')} can only be compared by value outside the database, so both sides are streamed ordered by key and merged in bounded memory.`;
    }
    const obstacle = sameConnection(context.definition.source.connection, context.definition.target.connection) ? sqliteJoinObstacle(context) : undefined;
    if (obstacle) {
      return `Both sides are in one SQLite file, but ${obstacle}: SQLite could only join them by sorting both sides together, slower than streaming them (1M rows: 1.1–2×), so both are streamed ordered by key and merged in bounded memory.`;
    }
    return `The sides are on different connections (\`${context.definition.source.datasourceName}\` and \`${context.definition.target.datasourceName}\`)${(() => {
      const obstacle = checksumObstacle(context);
      return obstacle ? ` and ${obstacle}, which checksums cannot compare exactly` : '';
    })()}, so both are streamed ordered by key and merged in bounded memory.`;
  },
  run: runStreamMerge,
};

/** In order of preference; the last one always applies. */
export const strategies: DiffStrategy[] = [joinStrategy, checksumStrategy(sameConnection), streamStrategy];

export function planDiff(context: DiffContext, candidates: readonly DiffStrategy[] = strategies): PlannedDiff {
  const forced = context.definition.strategy;
  if (forced && forced !== 'auto') return forcedPlan(context, forced);
  for (const strategy of candidates) {
    const reason = strategy.applies(context);
    if (reason !== undefined) return { kind: strategy.kind, reason, run: strategy.run };
  }
  /* c8 ignore next */
  throw new Error('no diff strategy applies');
}

/** The strategy the spec forces (`strategy:`), or a clear error when it cannot give an exact answer here. */
function forcedPlan(context: DiffContext, forced: Exclude<DiffStrategyName, 'auto'>): PlannedDiff {
  const { definition } = context;
  const because = `The spec sets \`strategy: ${forced}\``;
  if (forced === 'join') {
    if (!sameConnection(definition.source.connection, definition.target.connection)) {
      throw new ConfigurationError(`comparison "${definition.name}" sets strategy: join, but its sides are on different connections`, {
        hint: 'join runs one query inside one database: use it only when source and target are on the same data source, or remove `strategy`.',
      });
    }
    const json = notComparableInSql(context);
    if (json.length > 0) {
      throw new ConfigurationError(`comparison "${definition.name}" sets strategy: join, but JSON column ${json.join(', ')} cannot be compared inside ${context.source.connection.compiler.dialect === 'mysql' ? 'MySQL/MariaDB' : 'the database'}`, {
        hint: 'remove `strategy` (the planner streams such a comparison) or leave the JSON column out.',
      });
    }
    const clash = cteNameClash(context);
    if (clash) {
      throw new ConfigurationError(`comparison "${definition.name}" sets strategy: join, but ${clash}`, {
        hint: 'remove `strategy` (the planner compares such a table by checksums or streaming), or rename the table.',
      });
    }
    return { kind: 'join', reason: `${because}, so one outer-join query computes the diff inside the database.`, run: runJoinDiff };
  }
  if (forced === 'checksum') {
    const obstacle = checksumObstacle(context);
    if (obstacle) {
      throw new ConfigurationError(`comparison "${definition.name}" sets strategy: checksum, but ${obstacle}`, {
        hint: 'checksums compare exact canonical text only: remove `strategy` (the planner streams such a comparison).',
      });
    }
    // Forced: no switch to streaming for a small table or many differing buckets (repeated keys still switch: exactness).
    const tuning = { ...DEFAULT_TUNING, smallTableRows: 0, mostRowsDiffer: Number.POSITIVE_INFINITY };
    return {
      kind: 'checksum',
      reason: `${because}: each database checksums its rows in buckets of keys and only differing buckets are fetched.`,
      run: async (c) => {
        const outcome = await runChecksumDiff(c, tuning);
        return outcome.replanned ? { ...outcome, replanned: { ...outcome.replanned, reason: `${because}. ${outcome.replanned.reason}` } } : outcome;
      },
    };
  }
  return { kind: 'stream', reason: `${because}, so both sides are streamed ordered by key and merged in bounded memory.`, run: runStreamMerge };
}
