/**
 * The checksum diff's SQL, built only from the dialect's compiler hooks (`normalize`, `rowText`,
 * `md5AsInteger`, `binaryText`), so the same text is produced on every engine for equal rows:
 * - key text / row text = the normalised fields joined with `|`, each field encoded so that the
 *   whole is uniquely decodable: NULL is `-`; a field whose canonical text can contain any character
 *   (text, json, float, unknown) is `<byte length>:<text>`; a field of a fixed alphabet (integer,
 *   decimal, boolean, date, time, timestamp, uuid, hex bytes: digits, `-.: `, hex) is its text as is,
 *   since it can never be `-` alone nor contain `|`. So NULL ≠ '' ≠ '-', ('a|b','c') ≠ ('a','b|c')
 *   and (1,11) ≠ (11,1) by construction, and each expression is evaluated once or twice, not thrice.
 *   Lengths are in bytes (`octet_length`, the same on every engine for the same UTF-8 text).
 * - bucket    = md5AsInteger(key text) mod N (a single integer key: abs(key mod N), N prime), or -1
 *               when a key column is NULL (those rows are counted, never compared, like the other plans)
 * - checksum  = sum(md5AsInteger(row text)) per bucket, with count(*)
 */
import type { ColumnType, NormalizeOptions, SqlCompiler } from '../../dialects/types.js';

export interface ChecksumColumn {
  /** An SQL expression for the column in `from` (usually the quoted column name). */
  expr: string;
  column: ColumnType;
  options: NormalizeOptions;
}

/** One side of a checksum diff, as SQL pieces. */
export interface ChecksumRelation {
  compiler: SqlCompiler;
  /** A FROM item: a quoted table or a derived table `(query) AS alias`. */
  from: string;
  /** A WHERE condition (the side's filter), or undefined. */
  filter?: string;
  keys: ChecksumColumn[];
  /** The compared (checksummed) columns, paired by position with the other side's. */
  values: ChecksumColumn[];
  /** Bucket a single integer key by `abs(key mod N)` instead of the md5 of its text. */
  integerBucket?: boolean;
}

export const NULL_KEY_BUCKET = -1;

function normalised(relation: ChecksumRelation, column: ChecksumColumn): string {
  return relation.compiler.normalize(column.expr, column.column, column.options);
}

const FIXED_ALPHABET = new Set(['integer', 'decimal', 'boolean', 'date', 'time', 'timestamp', 'timestamptz', 'uuid', 'bytes']);

function field(relation: ChecksumRelation, column: ChecksumColumn): string {
  const c = relation.compiler;
  const text = normalised(relation, column);
  if (FIXED_ALPHABET.has(column.column.family)) return `COALESCE(${text}, '-')`;
  const length = c.normalize(`octet_length(${text})`, { name: 'length', type: 'bigint', family: 'integer' }, { caseSensitive: true });
  return `COALESCE(${c.concat([length, "':'", text])}, '-')`;
}

function fields(relation: ChecksumRelation, columns: ChecksumColumn[]): string {
  const parts = columns.map((column) => field(relation, column));
  return relation.compiler.concat(parts.flatMap((part, i) => (i === 0 ? [part] : ["'|'", part])));
}

export function keyText(relation: ChecksumRelation): string {
  return fields(relation, relation.keys);
}

export function rowText(relation: ChecksumRelation): string {
  return fields(relation, [...relation.keys, ...relation.values]);
}

function nullKeyCondition(relation: ChecksumRelation): string {
  return relation.keys.map((key) => `${key.expr} IS NULL`).join(' OR ');
}

export function bucketExpression(relation: ChecksumRelation, buckets: number): string {
  const [key] = relation.keys;
  const hash = relation.integerBucket && key ? `abs(${key.expr} % ${buckets})` : `${relation.compiler.md5AsInteger(keyText(relation))} % ${buckets}`;
  return `CASE WHEN ${nullKeyCondition(relation)} THEN ${NULL_KEY_BUCKET} ELSE ${hash} END`;
}

function where(relation: ChecksumRelation, extra?: string): string {
  const conditions = [relation.filter ? `(${relation.filter})` : undefined, extra].filter((c): c is string => c !== undefined);
  return conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
}

const integer: ColumnType = { name: 'checksum', type: 'bigint', family: 'integer' };

/** Text of an integer aggregate (exact on every engine, whatever the driver does with big numbers). */
function integerText(relation: ChecksumRelation, expr: string): string {
  return relation.compiler.normalize(expr, integer, { caseSensitive: true });
}

/** One scan: per bucket `bucket`, `row_count`, `checksum` (text), ordered by bucket. */
export function bucketScanSql(relation: ChecksumRelation, buckets: number): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  const inner =
    `SELECT ${bucketExpression(relation, buckets)} AS ${q('bucket')}, ${relation.compiler.md5AsInteger(rowText(relation))} AS ${q('row_hash')}` +
    ` FROM ${relation.from}${where(relation)}`;
  return (
    `SELECT ${q('bucket')}, count(*) AS ${q('row_count')}, ${integerText(relation, `sum(${q('row_hash')})`)} AS ${q('checksum')}` +
    ` FROM ${relation.compiler.derivedTable(inner, 'dc_rows')} GROUP BY ${q('bucket')} ORDER BY ${q('bucket')}`
  );
}

/** The whole relation's count and checksum in one query: the bench's "checksum floor". */
export function fullChecksumSql(relation: ChecksumRelation): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  return (
    `SELECT count(*) AS ${q('row_count')}, ${integerText(relation, `sum(${relation.compiler.md5AsInteger(rowText(relation))})`)} AS ${q('checksum')}` +
    ` FROM ${relation.from}${where(relation)}`
  );
}

/** Key values occurring more than once (NULL keys excluded): `duplicate_keys`. One scan; used when the key is not declared unique. */
export function duplicateKeysSql(relation: ChecksumRelation): string {
  const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
  const keys = relation.keys.map((key) => key.expr).join(', ');
  const notNull = relation.keys.map((key) => `${key.expr} IS NOT NULL`).join(' AND ');
  const inner = `SELECT 1 AS ${q('one')} FROM ${relation.from}${where(relation, notNull)} GROUP BY ${keys} HAVING count(*) > 1`;
  return `SELECT count(*) AS ${q('duplicate_keys')} FROM ${relation.compiler.derivedTable(inner, 'dc_dups')}`;
}

/** A condition selecting the rows of the given buckets (never the NULL-key bucket). */
export function inBuckets(relation: ChecksumRelation, bucketCount: number, buckets: readonly number[]): string {
  return `${bucketExpression(relation, bucketCount)} IN (${buckets.join(', ')})`;
}
