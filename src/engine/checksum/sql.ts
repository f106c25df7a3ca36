/**
 * The checksum diff's SQL, built only from the dialect's compiler hooks (`normalize`, `rowText`,
 * `md5AsInteger`, `binaryText`), so the same text is produced on every engine for equal rows:
 * - key text / row text = the normalised fields joined with `|`, each field encoded so that the
 *   whole is uniquely decodable: NULL is `-`; a field whose canonical text can contain any character
 *   (text, json, float, unknown) is `<byte length>:<text>`; a field of a fixed alphabet (integer,
 *   decimal, boolean, date, time, timestamp, uuid, hex bytes: digits, `-.: `, hex) is its text as is,
 *   since it can never be `-` alone nor contain `|`. So NULL ≠ '' ≠ '-', ('a|b','c') ≠ ('a','b|c')
 *   and (1,11) ≠ (11,1) by construction, and each expression is evaluated once or twice, not thrice
 *   (a digested field thrice: its length twice). Under the ordered row hash a long free-text field is
 *   `#<md5 of its text>` (`digestAbove`).
 *   Lengths are in bytes (the compiler's `byteLength`, the same on every engine for the same UTF-8 text).
 * - bucket    = see `Bucketing`; NULL when a key column is NULL (those rows are counted, never
 *               compared, like the other plans)
 * - checksum  = sum(md5AsInteger(row text)) per bucket, with count(*); or, for range and key-order
 *               buckets where both engines can (`orderedRows`), md5 of the bucket's row texts joined
 *               by `;` in key order (a text key's: its bytes'): one md5 per bucket rather than per
 *               row, about a third of both scans' CPU (1M rows, PostgreSQL 2.0 → 1.4 s, MariaDB 1.7 →
 *               1.2 s). `;` never occurs in a fixed-alphabet field and free text is length-prefixed,
 *               so the joined text stays decodable.
 */
import type { ColumnType, NormalizeOptions, SqlCompiler, TextKeyOrder } from '../../dialects/types.js';
import { InternalError } from '../../shared/errors.js';
import { PrefixBuckets, type PrefixBucketing } from './prefix.js';
import { tailCodeSql } from './tail.js';
import type { ColumnPair } from '../resolve.js';

export interface ChecksumColumn {
  /** An SQL expression for the column in `from` (usually the quoted column name). */
  expr: string;
  column: ColumnType;
  options: NormalizeOptions;
  /**
   * Written as is (see above) rather than length-prefixed: only when BOTH sides' values are sure to be
   * of the fixed alphabet (`fixedPair`). Absent: length-prefixed, which is always unambiguous.
   */
  fixed?: boolean;
  /**
   * The ordered row hash only: a length-prefixed field longer than this many bytes is written as `#`
   * and the md5 of its text (32 hex digits), so that every row's text is bounded (row-bound.ts) and a
   * range's joined texts cannot reach an engine's cap, whatever the column holds. `#` never starts a
   * length prefix nor NULL's `-`, so the row text stays decodable; two long values then read alike
   * only if their md5s collide.
   */
  digestAbove?: number;
}

/** One side of a checksum diff, as SQL pieces. */
export interface ChecksumRelation {
  compiler: SqlCompiler;
  /** A FROM item: a quoted table or a derived table `(query) AS alias`. */
  from: string;
  /** True when a sampling clause may follow `from` (a table); false or absent for a query, or a view the catalog names. */
  samplable?: boolean;
  /** A WHERE condition (the side's filter), or undefined. */
  filter?: string;
  keys: ChecksumColumn[];
  /** The compared (checksummed) columns, paired by position with the other side's. */
  values: ChecksumColumn[];
  /** How rows are put into buckets (see `Bucketing`). */
  bucketing: Bucketing;
  /**
   * The ordered row hash: a bucket's checksum is the md5 of its row texts joined in key order
   * (`SqlCompiler.orderedMd5`), one md5 per bucket, instead of the sum of one md5 per row. Only for
   * range buckets (integers, and the keys' canonical bytes, order the rows the same way on every
   * engine) and key-order buckets, and only where both engines have the aggregate and a bucket's texts
   * cannot be cut unseen (ordered-rows.ts).
   */
  orderedRows?: boolean;
  /**
   * The ordered row hash of buckets whose rows are not bounded in advance (ordered-rows.ts
   * `orderedGroups`): a bucket holding more rows may have had its joined texts cut, and is taken as
   * differing whatever its checksum (slices.ts `uncutSummary`).
   */
  maxBucketRows?: number;
}

/**
 * - `hash`: bucket = md5AsInteger(key text) mod `buckets`: independent of collation, key type and
 *   number of key columns; a bucket's rows are fetched by a scan filtering on the same expression.
 * - `range` (an integer key column on both sides, both tables): bucket = the lower bound of the
 *   column's slice of width `width` starting at `lo`, computed as `key - (key - lo) mod width`
 *   (integers are the same numbers on every engine; no division, whose rounding differs). The column
 *   is the key's first (`keyIndex` 0 or absent: a single key, or a composite key led by an integer),
 *   whose index gives a bucket's rows (`key BETWEEN a AND b`), so differences clustered in key ranges
 *   fall into few buckets; or another integer column of a composite key (`keyIndex` > 0), whose
 *   buckets cost one subtraction and one modulo a row where a key hash costs an md5 (MariaDB, 100k
 *   rows: the scan 0.55 → 0.35 s, the fetch's filtered scan 0.27 → 0.03 s).
 * - `prefix` ("key-order buckets" in the plan's reason; a single text key, engines with
 *   `textKeyOrder`): bucket = where the key's bytes fall
 *   among bounds sampled from the data (prefix.ts), so buckets hold about the same number of rows
 *   and follow the keys' byte order, whatever the engines' collations. Each side's scan also returns
 *   a bucket's smallest and largest key in its own collation, so a differing bucket's rows are
 *   fetched through the key's index (`key BETWEEN low AND high`, then exactly, by bucket).
 * - `tail` ("key-tail buckets"; engines with `textKeyOrder`): bucket = the integer of the last
 *   characters of key column `keyIndex`'s canonical text mod `buckets` (tail.ts), where a sample shows
 *   those tell the keys apart; fetched, like `hash`, by a scan filtering on the same expression.
 * NULL keys go to the NULL bucket: counted, never compared (like the other plans).
 */
export type Bucketing =
  | { kind: 'hash'; buckets: number }
  | { kind: 'tail'; buckets: number; keyIndex: number }
  | { kind: 'range'; lo: bigint; width: bigint; keyIndex?: number }
  | PrefixBucketing;

/** The key column range buckets are cut on (`keyIndex`, the first when absent). */
export function rangeKey(relation: ChecksumRelation): ChecksumColumn {
  const index = relation.bucketing.kind === 'range' ? (relation.bucketing.keyIndex ?? 0) : 0;
  const key = relation.keys[index];
  if (!key) throw new InternalError(`Range buckets on key column ${index + 1}, of ${relation.keys.length}.`);
  return key;
}

/** True when range buckets are cut on the key's first column, whose index reads a range (see `Bucketing`). */
export function rangeOnLeadingKey(bucketing: Bucketing): boolean {
  return bucketing.kind === 'range' && (bucketing.keyIndex ?? 0) === 0;
}

/** A key range of one side, in its own collation: a bucket's smallest and largest key there. */
export type KeyRange = readonly [low: string, high: string];

function normalised(relation: ChecksumRelation, column: ChecksumColumn): string {
  return relation.compiler.normalize(column.expr, column.column, column.options);
}

const FIXED_ALPHABET = new Set(['integer', 'decimal', 'boolean', 'date', 'time', 'timestamp', 'timestamptz', 'uuid', 'bytes']);

/**
 * True when both sides' canonical texts of a column pair are sure to be of the fixed alphabet: the
 * pair's family is one of them AND both declared types are of such a family too (a text column paired
 * with a uuid one is compared as uuid, but holds any text; PostgreSQL's `timestamp` paired with
 * MariaDB's `TIMESTAMP`, a `timestamptz` there, is written as is), and neither side is SQLite (any
 * column holds any value there, and text that is not a number or a date passes through its canonical
 * functions).
 */
export function fixedPair(pair: ColumnPair, dynamicTyping: boolean): boolean {
  return !dynamicTyping && fixedAlphabet(pair.family) && fixedAlphabet(pair.sourceType.family) && fixedAlphabet(pair.targetType.family);
}

/** A family whose canonical text is of a fixed alphabet (digits, `-.: `, hex). */
export function fixedAlphabet(family: string): boolean {
  return FIXED_ALPHABET.has(family);
}

/** A field of the key or row text (see above); free text is prefixed with its length in bytes or characters. */
function field(compiler: SqlCompiler, column: ChecksumColumn, length: 'bytes' | 'characters'): string {
  const text = compiler.hashText(column.expr, column.column, column.options);
  if (column.fixed) return `COALESCE(${text}, '-')`;
  const measured = length === 'bytes' ? compiler.byteLength(text) : compiler.charLength(text);
  const prefix = compiler.hashText(measured, { name: 'length', type: 'bigint', family: 'integer' }, { caseSensitive: true });
  const prefixed = compiler.concat([prefix, "':'", text]);
  if (column.digestAbove === undefined || length !== 'bytes') return `COALESCE(${prefixed}, '-')`;
  if (!compiler.md5Hex) throw new InternalError(`${compiler.dialect} cannot digest a long field.`);
  // NULL: the condition is NULL, so the ELSE branch, NULL too, and COALESCE's '-'.
  return `COALESCE(CASE WHEN ${measured} > ${Math.trunc(column.digestAbove)} THEN ${compiler.concat(["'#'", compiler.md5Hex(text)])} ELSE ${prefixed} END, '-')`;
}

/**
 * The uniquely decodable text of `columns` (their fields joined with `|`). The checksum's row text
 * counts bytes (the same on every engine for the same UTF-8 text); the streaming merge's packed text
 * counts characters, which survive a server encoding other than UTF-8 (see packed-values.ts).
 */
export function fieldsText(compiler: SqlCompiler, columns: ChecksumColumn[], length: 'bytes' | 'characters' = 'bytes'): string {
  const parts = columns.map((column) => field(compiler, column, length));
  return compiler.concat(parts.flatMap((part, i) => (i === 0 ? [part] : ["'|'", part])));
}

export function keyText(relation: ChecksumRelation): string {
  return fieldsText(relation.compiler, relation.keys);
}

export function rowText(relation: ChecksumRelation): string {
  return fieldsText(relation.compiler, [...relation.keys, ...relation.values]);
}

/** True for a row whose key has a NULL column (counted apart, never compared). */
export function nullKeyCondition(relation: Pick<ChecksumRelation, 'keys'>): string {
  return relation.keys.map((key) => `${key.expr} IS NULL`).join(' OR ');
}

function textKeyOrder(relation: ChecksumRelation): TextKeyOrder {
  const order = relation.compiler.textKeyOrder;
  if (!order) throw new InternalError(`${relation.compiler.dialect} cannot bucket rows by text key order.`);
  return order;
}

function singleKey(relation: ChecksumRelation): ChecksumColumn {
  const [key, ...rest] = relation.keys;
  if (!key || rest.length > 0) throw new InternalError('Prefix buckets need exactly one key column.');
  return key;
}

function tailKey(relation: ChecksumRelation, index: number): ChecksumColumn {
  const key = relation.keys[index];
  if (!key) throw new InternalError(`Key-tail buckets on key column ${index + 1}, of ${relation.keys.length}.`);
  return key;
}

/** The SQL of prefix buckets on the (single) key's canonical text. */
export function prefixBuckets(relation: ChecksumRelation, bucketing: PrefixBucketing): PrefixBuckets {
  return new PrefixBuckets(textKeyOrder(relation), bucketing, normalised(relation, singleKey(relation)));
}

export function bucketExpression(relation: ChecksumRelation): string {
  const bucketing = relation.bucketing;
  let bucket: string;
  if (bucketing.kind === 'range') {
    const key = rangeKey(relation).expr;
    bucket = `${key} - ((${key} - (${bucketing.lo})) % ${bucketing.width})`;
  } else if (bucketing.kind === 'prefix') bucket = prefixBuckets(relation, bucketing).bucket();
  else if (bucketing.kind === 'tail') bucket = `${tailCodeSql(textKeyOrder(relation), normalised(relation, tailKey(relation, bucketing.keyIndex)))} % ${bucketing.buckets}`;
  else bucket = `${relation.compiler.md5AsInteger(keyText(relation))} % ${bucketing.kind === 'hash' ? bucketing.buckets : 1}`;
  return `CASE WHEN ${nullKeyCondition(relation)} THEN NULL ELSE ${bucket} END`;
}

function where(relation: ChecksumRelation, extra?: string): string {
  const conditions = [relation.filter ? `(${relation.filter})` : undefined, extra].filter((c): c is string => c !== undefined);
  return conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
}

/** An integer column, for the text of a bucket id or an aggregate (exact whatever the driver does with big numbers). */
export const INTEGER_TEXT: ColumnType = { name: 'checksum', type: 'bigint', family: 'integer' };

/** Text of an integer aggregate (exact on every engine, whatever the driver does with big numbers). */
function integerText(relation: ChecksumRelation, expr: string): string {
  return relation.compiler.normalize(expr, INTEGER_TEXT, { caseSensitive: true });
}

/**
 * One scan: per bucket `bucket` (as text: exact whatever the driver does with big integers), `row_count`,
 * `checksum` (text), ordered by bucket; prefix buckets also `low` and `high`, the bucket's smallest and
 * largest key in the side's own collation. `condition` restricts the scan to a slice of the rows.
 */
export function bucketScanSql(relation: ChecksumRelation, condition?: string): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  const ordered = orderedMd5(relation);
  const keyRange = relation.bucketing.kind === 'prefix';
  const lowHigh = keyRange ? `, min(${q('key_value')}) AS ${q('low')}, max(${q('key_value')}) AS ${q('high')}` : '';
  const keyValue = keyRange ? `, ${singleKey(relation).expr} AS ${q('key_value')}` : '';
  if (ordered) {
    // The NULL-key rows are only counted: their texts are left out of the aggregate (which skips NULLs).
    const text = `CASE WHEN ${nullKeyCondition(relation)} THEN NULL ELSE ${rowText(relation)} END`;
    const byIndex = inIndexOrder(relation);
    const name = (count: number, i: number) => `${byIndex ? 'key_value' : 'order_key'}${count === 1 ? '' : `_${i}`}`;
    const keys = orderingKeys(relation).map((expr, i, all) => [expr, q(name(all.length, i))] as const);
    const inner = `SELECT ${bucketExpression(relation)} AS ${q('bucket_id')}, ${text} AS ${q('row_text')}, ${keys.map(([expr, name]) => `${expr} AS ${name}`).join(', ')}${keyValue} FROM ${relation.from}${where(relation, condition)}`;
    const compiler = relation.compiler;
    // Rows grouped by sorting them: computed once first where the engine would re-read each row.
    const rows = !byIndex && compiler.materializedTable ? compiler.materializedTable(inner, 'dc_rows') : compiler.derivedTable(inner, 'dc_rows');
    return (
      `SELECT ${integerText(relation, q('bucket_id'))} AS ${q('bucket')}, count(*) AS ${q('row_count')}, ${ordered(q('row_text'), keys.map(([, name]) => name).join(', '))} AS ${q('checksum')}${lowHigh}` +
      ` FROM ${rows} GROUP BY ${q('bucket_id')} ORDER BY ${q('bucket_id')}`
    );
  }
  const inner = `SELECT ${bucketExpression(relation)} AS ${q('bucket_id')}, ${relation.compiler.md5AsInteger(rowText(relation))} AS ${q('row_hash')}${keyValue} FROM ${relation.from}${where(relation, condition)}`;
  return (
    `SELECT ${integerText(relation, q('bucket_id'))} AS ${q('bucket')}, count(*) AS ${q('row_count')}, ${integerText(relation, `sum(${q('row_hash')})`)} AS ${q('checksum')}${lowHigh}` +
    ` FROM ${relation.compiler.derivedTable(inner, 'dc_rows')} GROUP BY ${q('bucket_id')} ORDER BY ${q('bucket_id')}`
  );
}

/** The compiler's ordered md5 aggregate when the relation hashes its rows in key order (range or key-order buckets), else undefined. */
function orderedMd5(relation: ChecksumRelation): ((text: string, orderBy: string) => string) | undefined {
  if (!relation.orderedRows) return undefined;
  const aggregate = relation.compiler.orderedMd5?.bind(relation.compiler);
  const kind = relation.bucketing.kind;
  if (!aggregate || (kind !== 'range' && kind !== 'prefix')) throw new InternalError('The ordered row hash needs range or key-order buckets, and an ordered text aggregate.');
  return aggregate;
}

/**
 * True when a bucket's rows are ranges of the leading key column and the key is all integers: the
 * rows then come in key order through the key's index (the chunk pass reads them so), and are ordered
 * by the integers themselves.
 */
export function inIndexOrder(relation: Pick<ChecksumRelation, 'bucketing' | 'keys'>): boolean {
  return rangeOnLeadingKey(relation.bucketing) && relation.keys.length > 0 && relation.keys.every((key) => key.column.family === 'integer');
}

/**
 * The expressions that order a bucket's rows alike on every engine, for the ordered row hash and the
 * chunk pass: the integer key columns of ranges read in index order (`inIndexOrder`), whose order is
 * the numbers' everywhere; for other buckets, each key column's canonical text as UTF-8 bytes, whose
 * order is the bytes' everywhere, where the text itself would follow each engine's collation.
 */
export function orderingKeys(relation: ChecksumRelation): string[] {
  if (inIndexOrder(relation)) return relation.keys.map((key) => key.expr);
  if (relation.keys.length === 0) throw new InternalError('Rows are hashed in key order only with a key.');
  return relation.keys.map((key) => textKeyOrder(relation).utf8(normalised(relation, key)));
}

/**
 * How a sample is drawn: `pages`, a share of a table's pages (`tableSample`); `rows`, each row of an
 * unfiltered table with the chance asked (`rowSample`); `condition`, a condition true for that share of
 * the rows (`sample`), which any relation takes. A form the engine or the relation lacks gives the next one.
 */
export type Sampling = 'pages' | 'rows' | 'condition';

/**
 * The canonical key texts (as bytes where the engine gives them so) of a `fraction` of a side's rows,
 * at most `limit` of them (a row estimate far too low must not bring a table), the first in the
 * keys' byte order: prefix buckets' sample (a single key's text, `key_text`); with `whole`, each key
 * column's text (`key_text_0`, … : key-tail buckets').
 *
 * What decides which keys: the `fraction` (from the row estimates, which ANALYZE changes), and a
 * hash of each key (`condition`, MariaDB and views) or, on PostgreSQL tables, a seeded sampling
 * clause that picks rows (`rows`) or pages (`pages`) by where they lie, so the same table gives the
 * same sample until its rows are rewritten (UPDATE, VACUUM FULL, a reload) or its estimate changes.
 * Never the order or timing in which the scan returns rows: the limit cuts in byte order.
 */
export function sampleKeysSql(relation: ChecksumRelation, fraction: number, limit: number, sampling: Sampling = 'condition', whole = false): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  const order = textKeyOrder(relation);
  // Pages hold neighbouring rows: PAGE_OVERSAMPLE times the pages, one row in PAGE_OVERSAMPLE of them
  // kept, spreads the sample over that many more pages while reading a small share of the table.
  const oversampled = fraction * PAGE_OVERSAMPLE;
  const pages = sampling === 'pages' && relation.samplable && order.tableSample && oversampled < 1 ? order.tableSample(oversampled) : undefined;
  // Not with a filter: the share is of the filtered rows, and a sampling clause reads every page, where
  // the filter alone may read a few through an index.
  const rows = !pages && sampling !== 'condition' && relation.samplable && !relation.filter && order.rowSample && fraction < 1 ? order.rowSample(fraction) : undefined;
  const notNull = (whole ? relation.keys : [singleKey(relation)]).map((key) => `${key.expr} IS NOT NULL`).join(' AND ');
  // Decided by a hash of the key, not by chance (the clauses are seeded).
  const hashed = whole ? keyText(relation) : normalised(relation, singleKey(relation));
  const condition = rows ? notNull : `${notNull} AND ${order.sample(pages ? 1 / PAGE_OVERSAMPLE : fraction, hashed)}`;
  const sampled = (whole ? relation.keys : [singleKey(relation)]).map((key) => normalised(relation, key));
  const texts = whole ? sampled.map((text, i) => `${text} AS ${q(`key_text_${i}`)}`).join(', ') : `${sampled[0]} AS ${q('key_text')}`;
  // Cut in the keys' byte order: without it the limit keeps the rows the scan happens to return first
  // (a parallel scan's order is its workers' timing).
  const ordered = sampled.map((text) => order.utf8(text)).join(', ');
  const clause = pages ?? rows;
  return `SELECT ${texts} FROM ${relation.from}${clause ? ` ${clause}` : ''}${where(relation, condition)} ORDER BY ${ordered} ${relation.compiler.limit(limit)}`;
}

/** A page sample reads this many times the sampled share of pages (see sampleKeysSql). */
export const PAGE_OVERSAMPLE = 10;

/** The whole relation's count and checksum in one query: the bench's "checksum floor". */
export function fullChecksumSql(relation: ChecksumRelation): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  return (
    `SELECT count(*) AS ${q('row_count')}, ${integerText(relation, `sum(${relation.compiler.md5AsInteger(rowText(relation))})`)} AS ${q('checksum')}` +
    ` FROM ${relation.from}${where(relation)}`
  );
}

/**
 * Key values occurring more than once (NULL keys excluded): `duplicate_keys`. One scan; used when the
 * key is not declared unique. Keys are grouped by their canonical text, bytewise, as every plan
 * matches them: 'a' and 'A' in a case-insensitive MariaDB column are two keys, two timestamps equal
 * once truncated to the compared precision one.
 */
export function duplicateKeysSql(relation: ChecksumRelation): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  const keys = relation.keys.map((key) => relation.compiler.binaryText(normalised(relation, key))).join(', ');
  const notNull = relation.keys.map((key) => `${key.expr} IS NOT NULL`).join(' AND ');
  const inner = `SELECT 1 AS ${q('one')} FROM ${relation.from}${where(relation, notNull)} GROUP BY ${keys} HAVING count(*) > 1`;
  return `SELECT count(*) AS ${q('duplicate_keys')} FROM ${relation.compiler.derivedTable(inner, 'dc_dups')}`;
}

/**
 * The smallest and largest value of key columns `indexes` (the first by default: through the key's
 * index), as `lo`, `hi` for one column, else `lo_<i>`, `hi_<i>` for each (one scan for all).
 */
export function keyRangeSql(relation: ChecksumRelation, indexes: readonly number[] = [0]): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  const integer: ColumnType = { name: 'bound', type: 'bigint', family: 'integer' };
  const bound = (expr: string) => relation.compiler.normalize(expr, integer, { caseSensitive: true });
  const parts = indexes.map((index) => {
    const key = relation.keys[index]?.expr ?? 'NULL';
    const suffix = indexes.length === 1 ? '' : `_${index}`;
    return `${bound(`min(${key})`)} AS ${q(`lo${suffix}`)}, ${bound(`max(${key})`)} AS ${q(`hi${suffix}`)}`;
  });
  return `SELECT ${parts.join(', ')} FROM ${relation.from}${where(relation)}`;
}

/**
 * A side's row count (`n`) for a side without a row estimate, with from the same scan what would
 * otherwise take scans of their own: the key range (`lo`, `hi`, as keyRangeSql) and, for a single key
 * not declared unique, its non-NULL and distinct canonical keys (`nk`, `dk`: equal when no key repeats).
 */
export function rowCountSql(relation: ChecksumRelation, also: { keyRange: boolean; distinctKeys: boolean }): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  const parts = [`count(*) AS ${q('n')}`];
  if (also.keyRange) parts.push(keyRangeSql(relation).replace(/^SELECT /, '').replace(/ FROM [\s\S]*$/, ''));
  const key = relation.keys[0];
  if (also.distinctKeys && key && relation.keys.length === 1) {
    const integer: ColumnType = { name: 'n', type: 'bigint', family: 'integer' };
    const counted = (expr: string) => relation.compiler.normalize(expr, integer, { caseSensitive: true });
    parts.push(`${counted(`count(${key.expr})`)} AS ${q('nk')}`, `${counted(`count(DISTINCT ${relation.compiler.binaryText(normalised(relation, key))})`)} AS ${q('dk')}`);
  }
  return `SELECT ${parts.join(', ')} FROM ${relation.from}${where(relation)}`;
}
