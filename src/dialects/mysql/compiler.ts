/**
 * MySQL / MariaDB SQL: backticks, `?`, DATE_FORMAT. Canonical texts are cast to BINARY: string
 * comparison in MySQL follows collations (case-insensitive, trailing spaces ignored), bytes do not.
 * No FULL OUTER JOIN: the join diff uses LEFT JOIN + anti-join.
 */
import { BaseSqlCompiler, SAME_VALUE_FAMILIES, sampleThreshold } from '../../sql/compiler.js';
import { canonicalLower, compareCodePoints } from '../../sql/canonical.js';
import { collectionToken } from '../../sql/collection.js';
import type { ColumnType, NormalizeOptions, TextKeyOrder } from '../types.js';

export class MysqlCompiler extends BaseSqlCompiler {
  readonly dialect = 'mysql' as const;
  override readonly supportsFullOuterJoin: boolean = false;

  override quoteIdentifier(name: string): string {
    return `\`${name.replaceAll('`', '``')}\``;
  }
  /**
   * A backslash escapes in '…' unless the session's sql_mode has NO_BACKSLASH_ESCAPES: a text with a
   * backslash is written as UTF-8 bytes in hex with the utf8mb4 introducer, read the same either way
   * and, like any literal, compared in the column's collation.
   */
  override stringLiteral(text: string): string {
    if (text.includes('\\')) return `_utf8mb4 X'${Buffer.from(text, 'utf8').toString('hex')}'`;
    return `'${text.replaceAll("'", "''")}'`;
  }
  override normalize(expr: string, column: ColumnType, options: NormalizeOptions): string {
    return this.binaryText(this.hashText(expr, column, options));
  }
  /**
   * MD5 reads a string's bytes, and every canonical text is in the connection's utf8mb4: no byte cast
   * needed. A utf8mb4 column compared case-sensitively is its own canonical text: it is only given a
   * binary collation (so that columns of different collations can be concatenated), where a cast to
   * the connection's character set would copy every value (MariaDB, 1M rows of 80–400 characters:
   * 1.9 s against 1.4 s for the length-prefixed md5 of them).
   */
  override hashText(expr: string, column: ColumnType, options: NormalizeOptions): string {
    if (column.family === 'text' && options.caseSensitive && column.charset === 'utf8mb4') return `(${expr} COLLATE utf8mb4_bin)`;
    const date = declaredDateText(expr, column);
    if (date !== undefined) return date;
    const own = declaredTimestampText(expr, column);
    // Digits beyond the declared precision are zeros already: cut only to a lower compared precision.
    if (own !== undefined) return (options.precision ?? 6) >= (column.precision ?? 6) ? own : this.truncateFraction(own, 19, options.precision);
    return super.normalize(expr, column, options);
  }
  protected override integerText(expr: string): string {
    return `CAST(${expr} AS CHAR)`;
  }
  protected decimalText(expr: string, scale: number | undefined): string {
    // MariaDB keeps up to 38 fraction digits (MySQL 30, whose columns never have more; a wider
    // scale from the other side is then an error there, never digits silently cut).
    if (scale !== undefined) return `CAST(CAST(${expr} AS DECIMAL(65, ${Math.min(38, scale)})) AS CHAR)`;
    const wide = `CAST(CAST(${expr} AS DECIMAL(65, 30)) AS CHAR)`;
    return `TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM ${wide}))`;
  }
  protected floatText(expr: string): string {
    return `CASE WHEN (${expr}) = 0 THEN '0' ELSE CAST(${expr} AS CHAR) END`;
  }
  /**
   * MySQL shows a FLOAT with 6 significant digits (1.234567 and 1.234568 both read `1.23457`):
   * widened to DOUBLE its text is exact and unique per 4-byte value (canonicalFloat finishes it).
   */
  protected override singleFloatText(expr: string): string {
    return `CASE WHEN (${expr}) = 0 THEN '0' ELSE CAST(CAST(CAST(${expr} AS FLOAT) AS DOUBLE) AS CHAR) END`;
  }
  protected override booleanText(expr: string): string {
    return `CASE WHEN ${expr} IS NULL THEN NULL WHEN ${expr} <> 0 THEN '1' ELSE '0' END`;
  }
  protected dateText(expr: string): string {
    return `DATE_FORMAT(${expr}, '%Y-%m-%d')`;
  }
  protected timestampText(expr: string, _withTimeZone: boolean): string {
    // TIMESTAMP columns are shown in the session time zone, which the connection sets to UTC.
    return `DATE_FORMAT(${expr}, '%Y-%m-%d %H:%i:%s.%f')`;
  }
  protected timeText(expr: string): string {
    return `TIME_FORMAT(${expr}, '%H:%i:%s.%f')`;
  }
  protected override textText(expr: string): string {
    return `CAST(${expr} AS CHAR)`;
  }
  protected override lowerText(expr: string): string {
    return `LOWER(${expr})`;
  }
  protected jsonText(expr: string): string {
    return `CAST(${expr} AS CHAR)`;
  }
  protected bytesText(expr: string): string {
    return `LOWER(HEX(${expr}))`;
  }
  /**
   * A SET with declared members: one token per member whose bit the value has (`value & bits`, no
   * string splitting), in declaration order (a list) or distinct and sorted bytewise (a set); the
   * tokens are written here, lowercased as `canonicalLower` does when case does not count.
   */
  protected override collectionText(expr: string, column: ColumnType, options: NormalizeOptions): string {
    if (!column.members) return super.collectionText(expr, column, options);
    const member = this.memberOf(column, options);
    const lower = !member.options.caseSensitive;
    const bits = new Map<string, bigint>();
    column.members.forEach((name, i) => {
      const token = collectionToken(lower ? canonicalLower(name) : name);
      bits.set(token, (bits.get(token) ?? 0n) | (1n << BigInt(i)));
    });
    const tokens = column.family === 'set' ? [...bits.keys()].sort(compareCodePoints) : [...bits.keys()];
    const present = tokens.map((token) => `IF((${expr} & ${bits.get(token)}) <> 0, ${this.stringLiteral(token)}, NULL)`);
    return `CASE WHEN ${expr} IS NULL THEN NULL ELSE CONCAT('[', CONCAT_WS(',', ${present.join(', ')}), ']') END`;
  }
  override binaryText(expr: string): string {
    return expr.startsWith('CAST(') && expr.endsWith(' AS BINARY)') ? expr : `CAST(${expr} AS BINARY)`;
  }
  /** Numbers, booleans, dates and times (text compares by collation here: case- and accent-insensitive, PAD SPACE). */
  override sameValue(a: string, b: string, column: ColumnType): string | undefined {
    return SAME_VALUE_FAMILIES.has(column.family) ? `${a} <=> ${b}` : undefined;
  }
  override isDistinct(a: string, b: string): string {
    return `NOT (${this.binaryText(a)} <=> ${this.binaryText(b)})`;
  }
  override textToNumber(expr: string): string {
    return `CAST(${expr} AS DECIMAL(65, 30))`;
  }
  override charLength(expr: string): string {
    return `CHAR_LENGTH(${expr})`;
  }
  override concat(parts: string[]): string {
    return parts.length === 1 ? (parts[0] ?? "''") : `CONCAT(${parts.join(', ')})`;
  }
  md5AsInteger(expr: string): string {
    return `CAST(CONV(SUBSTRING(MD5(${expr}), 21), 16, 10) AS UNSIGNED)`;
  }
  /**
   * GROUP_CONCAT cuts its text SILENTLY at group_concat_max_len or max_allowed_packet (with only a
   * warning): the checksum diff uses it only where a group's texts cannot reach that (mysqlChecksumHooks).
   */
  orderedMd5(text: string, orderBy: string): string {
    return `MD5(GROUP_CONCAT(${text} ORDER BY ${orderBy} SEPARATOR ';'))`;
  }
  /** A LIMIT keeps MariaDB from merging the derived table into the grouping query: it is materialized. */
  materializedTable(sql: string, alias: string): string {
    return this.derivedTable(`${sql} LIMIT 18446744073709551615`, alias);
  }
  /**
   * In the order the rows come: MariaDB drops a derived table's ORDER BY, and InnoDB reads a range of
   * its clustered (primary key) index in key order; another engine's or a partitioned table's order
   * only makes chunks look different (chunks.ts). Cut like orderedMd5's.
   */
  joinedMd5(text: string): string {
    return `MD5(GROUP_CONCAT(${text} SEPARATOR ';'))`;
  }
  md5Hex(text: string): string {
    return `MD5(${text})`;
  }
  override readonly textKeyOrder: TextKeyOrder = {
    utf8: (text) => this.binaryText(text),
    bytes: (hex) => `X'${hex}'`,
    // On binary strings SUBSTRING and RPAD count bytes; RPAD pads with NUL bytes and cuts to 7.
    prefixCode: (bytes, skip) => `CAST(CONV(HEX(RPAD(${skip === 0 ? bytes : `SUBSTRING(${bytes}, ${skip + 1})`}, 7, X'00')), 16, 10) AS UNSIGNED)`,
    // RIGHT counts characters on a utf8mb4 string (the canonical texts are).
    tail: (text, characters) => `RIGHT(${text}, ${characters})`,
    // INTERVAL binary-searches its integer arguments.
    boundsReached: (value, bounds) => (bounds.length === 0 ? '0' : `INTERVAL(${value}, ${bounds.join(', ')})`),
    // CRC32 of the key costs what RAND() does (1M rows: 0.10–0.11 s both).
    sample: (fraction, keyText) => `CRC32(${keyText}) < ${sampleThreshold(fraction)}`,
  };
}

export const mysqlCompiler = new MysqlCompiler();

/**
 * A declared DATE column's own text, `YYYY-MM-DD` (a zero date, zero parts and years below 1000 written
 * as DATE_FORMAT writes them): the canonical text without DATE_FORMAT's format (MariaDB, 100k rows:
 * 0.096 → 0.056 s). Undefined for anything else (a DATETIME compared as a date keeps DATE_FORMAT).
 */
function declaredDateText(expr: string, column: ColumnType): string | undefined {
  const ownDate = column.stored === undefined || column.stored === 'date';
  if (column.family !== 'date' || !ownDate || !column.declared || !/^date$/i.test(column.type.trim())) return undefined;
  return `CONCAT(${expr})`;
}

/**
 * A declared DATETIME(p) or TIMESTAMP(p) column's own text, `YYYY-MM-DD HH:MM:SS` and p fraction
 * digits (zero dates and years below 1000 written as DATE_FORMAT writes them), padded to six: the
 * canonical text without DATE_FORMAT (MariaDB, 1M rows: 0.18 s less of a 0.8 s row text). Undefined
 * for anything else, and for a query's columns, whose metadata may not give the digits the value has.
 */
function declaredTimestampText(expr: string, column: ColumnType): string | undefined {
  const temporal = column.family === 'timestamp' || column.family === 'timestamptz';
  const precision = column.precision;
  if (!temporal || !column.declared || precision === undefined || precision < 0 || precision > 6 || !/^(datetime|timestamp)\b/i.test(column.type)) return undefined;
  if (precision === 6) return `CONCAT(${expr})`;
  return `CONCAT(${expr}, '${precision === 0 ? '.000000' : '0'.repeat(6 - precision)}')`;
}
