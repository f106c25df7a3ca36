/**
 * The SQL of the join diff (both sides on one connection). Everything is computed in the database
 * from the canonical texts; only counts, a few duplicated keys, every changed row (whose value pairs'
 * kinds are counted, column-patterns.ts) and at most max_diff_rows rows on one side only come back.
 *
 * Duplicate keys: a key that occurs more than once on EITHER side is left out of the row matching
 * (the join of its rows would be a cross product that cannot say which row corresponds to which).
 * Its rows count in source_rows/target_rows and the key counts once in duplicate_keys_<side>; it is
 * neither matched, mismatched nor "only in" a side, and any duplicate makes the result MISMATCH.
 * NULL keys: rows with a NULL in a key column match nothing; they are counted in null_keys_<side>.
 * The CTE chain (named dc_*, so no user table of the same name is shadowed): dc_s/dc_t (canonical
 * rows) → dc_sn/dc_tn (non-NULL keys, with their multiplicity n) → dc_j (the outer join;
 * MySQL/MariaDB: LEFT JOIN + UNION ALL + anti-join) → dc_c (class and per-column flags).
 */
import type { SqlCompiler } from '../dialects/types.js';
import type { ColumnPair, ResolvedColumns } from './resolve.js';
import { selectItems, sideSelect, type SideSelect } from './side-select.js';
import { columnRef, fromClause, type Side } from './sides.js';

/**
 * Two passes (the general forms): one query for the counts, one for the differing rows, and the
 * duplicated keys' examples. One pass (the key-index form: keys unique and never NULL): ONE query
 * returns both sides' row counts and the differing rows (at least one row: the counts), each carrying
 * the totals of all differing rows (window sums computed before rows on one side only are cut to
 * max_diff_rows); matched rows are source rows minus the rows only in the source and the mismatched.
 * The rows come in no order: the engine keeps them by key.
 */
export type JoinDiffSql =
  | { passes: 'two'; stats: string; samples: string; duplicates: { source: string; target: string } }
  | { passes: 'one'; query: string };

/**
 * The fast path: both sides are tables whose declared primary key is the comparison's key (so keys
 * are unique and never NULL: no multiplicity window, no NULL-key scan) and every key is an integer
 * or a text on both sides, so the join runs on the raw key columns and uses their indexes instead of
 * joining materialised canonical texts (MariaDB, 1M rows: 11 s instead of 227 s). For text keys the
 * raw equality (which follows the collation: case-insensitive in MySQL) is refined by the bytewise
 * equality of the canonical texts, so 'a' never pairs with 'A' or 'a '.
 */
/** Key families whose raw equality (refined bytewise for text) is exactly canonical equality. */
const INDEX_FAMILIES = new Set(['integer', 'text']);

export function canUseKeyIndexes(source: Side, target: Side, resolved: ResolvedColumns): boolean {
  const declared = (side: Side, names: string[]) => {
    if (side.definition.query) return false;
    const pk = side.schema.primaryKey.map((n) => n.toLowerCase()).sort();
    const keys = names.map((n) => n.toLowerCase()).sort();
    return pk.length > 0 && pk.length === keys.length && pk.every((n, i) => n === keys[i]);
  };
  // SQLite: a PRIMARY KEY other than the rowid accepts NULL, more than once, unless NOT NULL.
  if (source.schema.primaryKeyNullable || target.schema.primaryKeyNullable) return false;
  return (
    resolved.keys.length > 0 &&
    resolved.keys.every((k) => INDEX_FAMILIES.has(k.family) && k.sourceType.family === k.family && k.targetType.family === k.family) &&
    declared(source, resolved.keys.map((k) => k.source)) &&
    declared(target, resolved.keys.map((k) => k.target))
  );
}

export function buildJoinDiffSql(source: Side, target: Side, resolved: ResolvedColumns, maxDiffRows: number): JoinDiffSql {
  if (canUseKeyIndexes(source, target, resolved)) return buildKeyIndexJoinSql(source, target, resolved, maxDiffRows);
  if (!source.connection.compiler.supportsFullOuterJoin) return buildGroupedSql(source, target, resolved, maxDiffRows);
  const c = source.connection.compiler;
  const q = (name: string) => c.quoteIdentifier(name);
  const sourceSelect = sideSelect(source, resolved, 'b');
  const targetSelect = sideSelect(target, resolved, 'b');
  const keyAliases = sourceSelect.keys.map((k) => k.alias);
  const sideCte = (select: SideSelect, side: Side) =>
    `SELECT ${selectItems(select).map((item) => `${item.sql} AS ${q(item.alias)}`).join(', ')} ${fromClause(side, 'b')}`;
  const notNullKeys = (alias: string) => keyAliases.map((k) => `${alias}.${q(k)} IS NOT NULL`).join(' AND ');
  const anyNullKey = keyAliases.map((k) => `${q(k)} IS NULL`).join(' OR ');
  const partition = keyAliases.map(q).join(', ');
  const withMultiplicity = (from: string) =>
    `SELECT ${from}.*, COUNT(*) OVER (PARTITION BY ${partition}) AS ${q('n')} FROM ${from} WHERE ${notNullKeys(from)}`;

  const joined: string[] = [
    ...keyAliases.flatMap((k) => [`dc_sn.${q(k)} AS ${q(`s${k}`)}`, `dc_tn.${q(k)} AS ${q(`t${k}`)}`]),
    `dc_sn.${q('n')} AS ${q('sn_n')}`,
    `dc_tn.${q('n')} AS ${q('tn_n')}`,
    ...sourceSelect.values.flatMap((v, j) => [
      `dc_sn.${q(v.alias)} AS ${q(`s${v.alias}`)}`,
      `dc_tn.${q(v.alias)} AS ${q(`t${v.alias}`)}`,
      ...(sourceSelect.shown[j] ? [`dc_sn.${q(`w${j}`)} AS ${q(`sw${j}`)}`] : []),
      ...(targetSelect.shown[j] ? [`dc_tn.${q(`w${j}`)} AS ${q(`tw${j}`)}`] : []),
    ]),
  ];
  const on = keyAliases.map((k) => `dc_sn.${q(k)} = dc_tn.${q(k)}`).join(' AND ');
  const firstKey = q(keyAliases[0] ?? 'k0');
  const join = c.supportsFullOuterJoin
    ? `SELECT ${joined.join(', ')} FROM dc_sn FULL OUTER JOIN dc_tn ON ${on}`
    : `SELECT ${joined.join(', ')} FROM dc_sn LEFT JOIN dc_tn ON ${on}
       UNION ALL SELECT ${joined.join(', ')} FROM dc_tn LEFT JOIN dc_sn ON ${on} WHERE dc_sn.${firstKey} IS NULL`;

  const ctes = [
    `dc_s AS (${sideCte(sourceSelect, source)})`,
    `dc_t AS (${sideCte(targetSelect, target)})`,
    `dc_sn AS (${withMultiplicity('dc_s')})`,
    `dc_tn AS (${withMultiplicity('dc_t')})`,
    `dc_j AS (${join})`,
  ];
  const duplicateCount = (from: string) =>
    `(SELECT COUNT(*) FROM (SELECT ${partition} FROM ${from} WHERE ${q('n')} > 1 GROUP BY ${partition}) AS x)`;
  const counts = {
    source_rows: '(SELECT COUNT(*) FROM dc_s)',
    target_rows: '(SELECT COUNT(*) FROM dc_t)',
    null_keys_source: `(SELECT COUNT(*) FROM dc_s WHERE ${anyNullKey})`,
    null_keys_target: `(SELECT COUNT(*) FROM dc_t WHERE ${anyNullKey})`,
    duplicate_keys_source: duplicateCount('dc_sn'),
    duplicate_keys_target: duplicateCount('dc_tn'),
  };
  const duplicateOrder = resolved.keys
    .map((pair, i) => (pair.family === 'integer' ? c.textToNumber(q(`k${i}`)) : c.binaryText(q(`k${i}`))))
    .join(', ');
  const duplicates = (from: string) =>
    `WITH ${ctes.join(',\n')}\nSELECT ${partition}, MAX(${q('n')}) AS ${q('n')} FROM ${from} WHERE ${q('n')} > 1 GROUP BY ${partition} ORDER BY ${duplicateOrder} ${c.limit(5)}`;
  return { passes: 'two', ...twoPasses(classified(c, resolved, ctes), counts, maxDiffRows), duplicates: { source: duplicates('dc_sn'), target: duplicates('dc_tn') } };
}

/**
 * The cheap first test of column j (`SqlCompiler.sameValue`) on raw columns `a` and `b`, where both
 * sides declare the same type and nothing is compared with a tolerance; undefined elsewhere.
 */
function sameValueTest(c: SqlCompiler, pair: ColumnPair, a: string, b: string): string | undefined {
  if (pair.tolerance !== undefined || pair.sourceType.family !== pair.family || pair.targetType.family !== pair.family) return undefined;
  if (pair.sourceType.type.toLowerCase() !== pair.targetType.type.toLowerCase()) return undefined;
  return c.sameValue(a, b, { ...pair.sourceType, family: pair.family });
}

/** The key-index fast path (see canUseKeyIndexes): the same columns as the general chain's `dc_j`. */
function buildKeyIndexJoinSql(source: Side, target: Side, resolved: ResolvedColumns, maxDiffRows: number): JoinDiffSql {
  const c = source.connection.compiler;
  const q = (name: string) => c.quoteIdentifier(name);
  const sourceSelect = sideSelect(source, resolved, 's');
  const targetSelect = sideSelect(target, resolved, 't');
  const raw = (side: Side, alias: string, i: number) => {
    const pair = resolved.keys[i];
    return columnRef(side, alias, (side.role === 'source' ? pair?.source : pair?.target) ?? '');
  };
  const present = (side: Side, alias: string) => `CASE WHEN ${raw(side, alias, 0)} IS NULL THEN NULL ELSE 1 END`;
  // Raw values for the cheap first test: the canonical texts are computed only for the rows it does not settle.
  const same = resolved.columns.map((pair, j) => sameValueTest(c, pair, q(`sr${j}`), q(`tr${j}`)));
  const joined: string[] = [
    ...sourceSelect.keys.flatMap((k, i) => [`${k.sql} AS ${q(`s${k.alias}`)}`, `${targetSelect.keys[i]?.sql} AS ${q(`t${k.alias}`)}`]),
    `${present(source, 's')} AS ${q('sn_n')}`,
    `${present(target, 't')} AS ${q('tn_n')}`,
    ...sourceSelect.values.flatMap((v, j) => [
      `${v.sql} AS ${q(`s${v.alias}`)}`,
      `${targetSelect.values[j]?.sql} AS ${q(`t${v.alias}`)}`,
      ...(sourceSelect.shown[j] ? [`${sourceSelect.shown[j]?.sql} AS ${q(`sw${j}`)}`] : []),
      ...(targetSelect.shown[j] ? [`${targetSelect.shown[j]?.sql} AS ${q(`tw${j}`)}`] : []),
    ]),
    ...resolved.columns.flatMap((pair, j) =>
      same[j] ? [`${columnRef(source, 's', pair.source)} AS ${q(`sr${j}`)}`, `${columnRef(target, 't', pair.target)} AS ${q(`tr${j}`)}`] : [],
    ),
  ];
  const on = resolved.keys
    .map((pair, i) => {
      const equal = `${raw(source, 's', i)} = ${raw(target, 't', i)}`;
      if (pair.family !== 'text') return equal;
      return `${equal} AND ${c.binaryText(sourceSelect.keys[i]?.sql ?? '')} = ${c.binaryText(targetSelect.keys[i]?.sql ?? '')}`;
    })
    .join(' AND ');
  const from = (side: Side, alias: string) => `(SELECT * ${fromClause(side, 'b')}) AS ${q(alias)}`;
  const join = c.supportsFullOuterJoin
    ? `SELECT ${joined.join(', ')} FROM ${from(source, 's')} FULL OUTER JOIN ${from(target, 't')} ON ${on}`
    : `SELECT ${joined.join(', ')} FROM ${from(source, 's')} LEFT JOIN ${from(target, 't')} ON ${on}
       UNION ALL SELECT ${joined.join(', ')} FROM ${from(target, 't')} LEFT JOIN ${from(source, 's')} ON ${on} WHERE ${raw(source, 's', 0)} IS NULL`;
  const counts = {
    source_rows: `(SELECT COUNT(*) ${fromClause(source, 'b')})`,
    target_rows: `(SELECT COUNT(*) ${fromClause(target, 'b')})`,
  };
  // The raw values stay inside the query (SQLite cannot hand an integer beyond 2^53 to JavaScript).
  const returned = [
    ...sourceSelect.keys.flatMap((k) => [`s${k.alias}`, `t${k.alias}`]),
    'sn_n',
    'tn_n',
    ...sourceSelect.values.flatMap((v, j) => [`s${v.alias}`, `t${v.alias}`, ...(sourceSelect.shown[j] ? [`sw${j}`] : []), ...(targetSelect.shown[j] ? [`tw${j}`] : [])]),
  ];
  return { passes: 'one', query: onePass(classified(c, resolved, [`dc_j AS (${join})`], undefined, same), counts, maxDiffRows, returned) };
}

/**
 * MySQL/MariaDB without usable key indexes: no FULL JOIN, and every reference to a CTE is computed
 * again, so the LEFT JOIN + anti-join over materialised canonical sides scans each side many times
 * (minutes on 1M rows). Instead both sides are stacked (UNION ALL, tagged by side) and grouped by
 * the canonical key, once: a group holds a key's row count per side (duplicates: > 1) and, when it
 * has one row per side, both rows' values. All counts come from that single pass. Same classes and
 * columns as the join (`dc_j`), plus a `null` class for groups whose key has a NULL.
 */
function buildGroupedSql(source: Side, target: Side, resolved: ResolvedColumns, maxDiffRows: number): JoinDiffSql {
  const c = source.connection.compiler;
  const q = (name: string) => c.quoteIdentifier(name);
  const sourceSelect = sideSelect(source, resolved, 'b');
  const targetSelect = sideSelect(target, resolved, 'b');
  const keyAliases = sourceSelect.keys.map((k) => k.alias);
  const hasShown = resolved.columns.map((_, j) => sourceSelect.shown[j] !== undefined || targetSelect.shown[j] !== undefined);
  const stacked = (select: SideSelect, side: Side, mark: [number, number]) => {
    const items = [
      ...select.keys.map((k) => `${k.sql} AS ${q(k.alias)}`),
      ...select.values.map((v) => `${v.sql} AS ${q(v.alias)}`).concat(
        resolved.columns.flatMap((_, j) => (hasShown[j] ? [`${select.shown[j]?.sql ?? select.values[j]?.sql} AS ${q(`w${j}`)}`] : [])),
      ),
      `${mark[0]} AS ${q('sd')}`,
      `${mark[1]} AS ${q('td')}`,
    ];
    return `SELECT ${items.join(', ')} ${fromClause(side, 'b')}`;
  };
  const keys = keyAliases.map(q).join(', ');
  const pick = (flag: string, column: string, alias: string) => `MIN(CASE WHEN ${q(flag)} = 1 THEN ${q(column)} END) AS ${q(alias)}`;
  const grouped = [
    keys,
    `SUM(${q('sd')}) AS ${q('sn_n')}`,
    `SUM(${q('td')}) AS ${q('tn_n')}`,
    ...resolved.columns.flatMap((_, j) => [
      pick('sd', `v${j}`, `sv${j}`),
      pick('td', `v${j}`, `tv${j}`),
      ...(hasShown[j] ? [pick('sd', `w${j}`, `sw${j}`), pick('td', `w${j}`, `tw${j}`)] : []),
    ]),
  ];
  const joined = [
    'dc_g.*',
    ...keyAliases.flatMap((k) => [
      `CASE WHEN ${q('sn_n')} > 0 THEN ${q(k)} END AS ${q(`s${k}`)}`,
      `CASE WHEN ${q('tn_n')} > 0 THEN ${q(k)} END AS ${q(`t${k}`)}`,
    ]),
  ];
  const anyNullKey = keyAliases.map((k) => `${q(k)} IS NULL`).join(' OR ');
  const chain = [
    `dc_u AS (${stacked(sourceSelect, source, [1, 0])} UNION ALL ${stacked(targetSelect, target, [0, 1])})`,
    `dc_g AS (SELECT ${grouped.join(', ')} FROM dc_u GROUP BY ${keys})`,
    `dc_j AS (SELECT ${joined.join(', ')} FROM dc_g)`,
  ];
  const sum = (condition: string, value: string) => `COALESCE(SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END), 0)`;
  const counts = {
    source_rows: `COALESCE(SUM(${q('sn_n')}), 0)`,
    target_rows: `COALESCE(SUM(${q('tn_n')}), 0)`,
    null_keys_source: sum(`cls = 'null'`, q('sn_n')),
    null_keys_target: sum(`cls = 'null'`, q('tn_n')),
    duplicate_keys_source: sum(`cls <> 'null' AND ${q('sn_n')} > 1`, '1'),
    duplicate_keys_target: sum(`cls <> 'null' AND ${q('tn_n')} > 1`, '1'),
  };
  const duplicateOrder = resolved.keys
    .map((pair, i) => (pair.family === 'integer' ? c.textToNumber(q(`k${i}`)) : c.binaryText(q(`k${i}`))))
    .join(', ');
  const duplicates = (count: string) =>
    `WITH ${chain.slice(0, 2).join(',\n')}\nSELECT ${keys}, ${q(count)} AS ${q('n')} FROM dc_g WHERE NOT (${anyNullKey}) AND ${q(count)} > 1 ORDER BY ${duplicateOrder} ${c.limit(5)}`;
  return { passes: 'two', ...twoPasses(classified(c, resolved, chain, anyNullKey), counts, maxDiffRows), duplicates: { source: duplicates('sn_n'), target: duplicates('tn_n') } };
}

type Counts = Record<'source_rows' | 'target_rows' | 'null_keys_source' | 'null_keys_target' | 'duplicate_keys_source' | 'duplicate_keys_target', string>;

/** The chain up to `dc_c` (each row's class and per-column flags `d<j>`), and what the queries over it share. */
interface Classified {
  c: SqlCompiler;
  resolved: ResolvedColumns;
  ctes: string[];
  /** The number of differing columns of a row. */
  differences: string;
  /** The differing rows' order: by key (numerically for integers, bytewise for text). */
  order: string;
}

/**
 * Classes and per-column flags (`dc_c`). `nullKey` marks rows of the `null` class (keys with a NULL),
 * when `dc_j` holds them; `same[j]`, a cheap test on raw columns that settles equal values first.
 */
function classified(c: SqlCompiler, resolved: ResolvedColumns, chain: string[], nullKey?: string, same?: (string | undefined)[]): Classified {
  const q = (name: string) => c.quoteIdentifier(name);
  const keyAliases = resolved.keys.map((_, i) => `k${i}`);
  const flags = resolved.columns.map((pair, j) => {
    const a = q(`sv${j}`);
    const b = q(`tv${j}`);
    if (pair.tolerance !== undefined) {
      // The same text first: NaN or Infinity on both sides is equal, though no difference of them is within a tolerance.
      return `CASE WHEN ${a} IS NULL AND ${b} IS NULL THEN 0 WHEN ${a} IS NULL OR ${b} IS NULL THEN 1 WHEN ${c.binaryText(a)} = ${c.binaryText(b)} THEN 0 WHEN ${c.withinTolerance(a, b, pair.tolerance)} THEN 0 ELSE 1 END AS ${q(`d${j}`)}`;
    }
    const first = same?.[j] ? `WHEN ${same[j]} THEN 0 ` : '';
    return `CASE ${first}WHEN ${c.isDistinct(a, b)} THEN 1 ELSE 0 END AS ${q(`d${j}`)}`;
  });
  const cls = `CASE ${nullKey ? `WHEN ${nullKey} THEN 'null' ` : ''}WHEN sn_n > 1 OR tn_n > 1 THEN 'dup' WHEN ${q(`t${keyAliases[0]}`)} IS NULL THEN 'source' WHEN ${q(`s${keyAliases[0]}`)} IS NULL THEN 'target' ELSE 'both' END AS cls`;
  const differences = resolved.columns.length === 0 ? '0' : resolved.columns.map((_, j) => q(`d${j}`)).join(' + ');
  const order = resolved.keys
    .map((pair, i) => {
      const key = `COALESCE(${q(`sk${i}`)}, ${q(`tk${i}`)})`;
      return pair.family === 'integer' ? c.textToNumber(key) : c.binaryText(key);
    })
    .join(', ');
  return { c, resolved, ctes: [...chain, `dc_c AS (SELECT dc_j.*, ${[cls, ...flags].join(', ')} FROM dc_j)`], differences, order };
}

const sum = (condition: string, value = '1') => `COALESCE(SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END), 0)`;

/**
 * The rank of a row on one side only among those rows, by key (`dc_rn`): every changed row comes back
 * (its values' kinds are counted over all of them, column-patterns.ts), rows on one side only as many
 * as the samples keep, in any order (the engine orders what it keeps).
 */
function oneSidedRank(order: string): string {
  return `ROW_NUMBER() OVER (PARTITION BY CASE WHEN cls = 'both' THEN 0 ELSE 1 END ORDER BY ${order}) AS dc_rn`;
}

/** The stats query and the samples query over `dc_c`. */
function twoPasses({ c, resolved, ctes, differences, order }: Classified, counts: Counts, maxDiffRows: number): { stats: string; samples: string } {
  const q = (name: string) => c.quoteIdentifier(name);
  const prefix = `WITH ${ctes.join(',\n')}\n`;
  const stats = `${prefix}SELECT
  ${counts.source_rows} AS source_rows,
  ${counts.target_rows} AS target_rows,
  ${counts.null_keys_source} AS null_keys_source,
  ${counts.null_keys_target} AS null_keys_target,
  ${counts.duplicate_keys_source} AS duplicate_keys_source,
  ${counts.duplicate_keys_target} AS duplicate_keys_target,
  ${sum(`cls = 'both' AND (${differences}) = 0`)} AS matched_rows,
  ${sum(`cls = 'both' AND (${differences}) > 0`)} AS mismatched_rows,
  ${sum(`cls = 'source'`)} AS only_in_source,
  ${sum(`cls = 'target'`)} AS only_in_target${resolved.columns.map((_, j) => `,\n  ${sum(`cls = 'both'`, q(`d${j}`))} AS ${q(`m${j}`)}`).join('')}
FROM dc_c`;
  const samples = `${prefix}SELECT * FROM (SELECT dc_c.*, ${oneSidedRank(order)} FROM dc_c
WHERE cls IN ('source', 'target') OR (cls = 'both' AND (${differences}) > 0)) AS dc_r
WHERE cls = 'both' OR dc_rn <= ${Math.max(0, maxDiffRows)}`;
  return { stats, samples };
}

/**
 * The one-pass query (see `JoinDiffSql`): keys unique and never NULL, so no `null` or `dup` class.
 * Where a CTE read twice is computed once (`sharesRepeatedCtes`), the changed rows stream out while
 * the join runs, then the rows on one side only (the first max_diff_rows by key), then one row of
 * totals (`cls` = 'totals'): the engine classifies rows while the database still joins. Elsewhere
 * every row carries the totals (window sums: nothing comes before the join has ended).
 */
function onePass(classified: Classified, counts: Pick<Counts, 'source_rows' | 'target_rows'>, maxDiffRows: number, returned: string[]): string {
  const { c, resolved, ctes, differences, order } = classified;
  const q = (name: string) => c.quoteIdentifier(name);
  const flags = resolved.columns.map((_, j) => `d${j}`);
  const totalNames = ['only_in_source', 'only_in_target', 'mismatched_rows', ...resolved.columns.map((_, j) => `m${j}`)];
  const totalSums = (total: (condition: string, value?: string) => string) => [
    `${total(`cls = 'source'`)} AS only_in_source`,
    `${total(`cls = 'target'`)} AS only_in_target`,
    `${total(`cls = 'both'`)} AS mismatched_rows`,
    ...resolved.columns.map((_, j) => `${total(`cls = 'both'`, q(`d${j}`))} AS ${q(`m${j}`)}`),
  ];
  const differing = `dc_d AS (SELECT * FROM dc_c WHERE cls <> 'both' OR (${differences}) > 0)`;
  if (c.sharesRepeatedCtes) {
    // A changed row sends the values of the columns that differ in it only (a report shows no others).
    const differingOnly = (name: string) => {
      const column = /^[st][vw](\d+)$/.exec(name)?.[1];
      return column === undefined ? q(name) : `CASE WHEN ${q(`d${column}`)} = 1 THEN ${q(name)} END AS ${q(name)}`;
    };
    const changedColumns = [...returned.map(differingOnly), 'cls', ...flags.map(q)];
    const oneSidedColumns = [...returned, 'cls', ...flags].map(q);
    // Typed: two NULLs of unknown type meet as text in a UNION before the totals' numbers come.
    const noTotals = ['source_rows', 'target_rows', ...totalNames].map((name) => `CAST(NULL AS BIGINT) AS ${q(name)}`);
    const rowsOf = (columns: string[], from: string) => `SELECT ${[...columns, ...noTotals].join(', ')} FROM ${from}`;
    const totalsRow = [
      ...returned.map((name) => `NULL AS ${q(name)}`),
      `'totals' AS cls`,
      ...flags.map((name) => `NULL AS ${q(name)}`),
      `${counts.source_rows} AS source_rows`,
      `${counts.target_rows} AS target_rows`,
      ...totalSums((condition, value = '1') => `COALESCE(SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END), 0)`),
    ];
    return `WITH ${[...ctes, differing].join(',\n')}
${rowsOf(changedColumns, `dc_d WHERE cls = 'both'`)}
UNION ALL ${rowsOf(oneSidedColumns, `(SELECT * FROM dc_d WHERE cls <> 'both' ORDER BY ${order} LIMIT ${Math.max(0, maxDiffRows)}) AS dc_o`)}
UNION ALL SELECT ${totalsRow.join(', ')} FROM dc_d`;
  }
  const columns = [...returned, 'cls', ...flags, ...totalNames].map((name) => `f.${q(name)}`).join(', ');
  const totals = totalSums((condition, value = '1') => `SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END) OVER ()`);
  return `WITH ${[...ctes, differing, `dc_w AS (SELECT dc_d.*, ${totals.join(', ')} FROM dc_d)`].join(',\n')}
SELECT x.source_rows, x.target_rows, ${columns} FROM (SELECT ${counts.source_rows} AS source_rows, ${counts.target_rows} AS target_rows) AS x
LEFT JOIN (SELECT * FROM (SELECT dc_w.*, ${oneSidedRank(order)} FROM dc_w) AS dc_r WHERE cls = 'both' OR dc_rn <= ${Math.max(1, maxDiffRows)}) AS f ON 1 = 1`;
}

export type { SqlCompiler };
