/**
 * SQLite SQL. SQLite has no date types, no md5 and an ASCII-only lower(): the SQLite connection
 * registers JavaScript functions (see functions.ts) that apply the same canonical rules as the SQL
 * of the other engines (src/sql/canonical.ts).
 */
import { BaseSqlCompiler } from '../../sql/compiler.js';
import type { ColumnType, NormalizeOptions } from '../types.js';

export class SqliteCompiler extends BaseSqlCompiler {
  readonly dialect = 'sqlite' as const;
  readonly jsonCollections = true;
  /**
   * SQLite has FULL OUTER JOIN (3.39), but it neither flattens nor indexes a subquery on its right
   * side: the join scans the whole right side once per left row (20,000 rows: 37 s). The join diff
   * writes it as LEFT JOIN + UNION ALL + anti-join, whose subqueries SQLite flattens, so each row
   * is found through the right table's primary key (or the sides are grouped, see join-diff-sql.ts).
   */
  override readonly supportsFullOuterJoin: boolean = false;

  protected override integerText(expr: string): string {
    return `CAST(${expr} AS TEXT)`;
  }
  protected decimalText(expr: string, scale: number | undefined): string {
    return `dc_decimal(${expr}, ${scale ?? -1})`;
  }
  protected floatText(expr: string): string {
    return `dc_float(${expr})`;
  }
  protected override singleFloatText(expr: string): string {
    return `dc_float32(${expr})`;
  }
  /**
   * SQLite has no boolean type: a BOOLEAN column holds 1/0, or the text a dump wrote ('t', 'true',
   * 'f'...), which SQLite's own truth test reads as false. dc_boolean reads each spelling.
   */
  protected override booleanText(expr: string): string {
    return `dc_boolean(${expr})`;
  }
  protected dateText(expr: string): string {
    return `substr(dc_timestamp(${expr}), 1, 10)`;
  }
  protected timestampText(expr: string, _withTimeZone: boolean): string {
    return `dc_timestamp(${expr})`;
  }
  protected timeText(expr: string): string {
    return `dc_time(${expr})`;
  }
  protected override textText(expr: string): string {
    return `CAST(${expr} AS TEXT)`;
  }
  protected override lowerText(expr: string): string {
    return `dc_lower(${expr})`;
  }
  protected jsonText(expr: string): string {
    return `dc_json(${expr})`;
  }
  /** SQLite has no collection type: a column paired with one holds a JSON array, read by dc_collection (collection.ts). */
  protected override collectionText(expr: string, column: ColumnType, options: NormalizeOptions): string {
    const member = this.memberOf(column, options);
    const o = member.options;
    const args = [column.family === 'set' ? 1 : 0, this.stringLiteral(member.column.family), o.caseSensitive ? 1 : 0, o.scale ?? -1, o.precision ?? 6, o.singlePrecision ? 1 : 0];
    return `dc_collection(${expr}, ${args.join(', ')})`;
  }
  protected bytesText(expr: string): string {
    // hex(NULL) is '' in SQLite: keep NULL apart from an empty blob.
    return `CASE WHEN ${expr} IS NULL THEN NULL ELSE lower(hex(${expr})) END`;
  }
  override binaryText(expr: string): string {
    return `(${expr}) COLLATE BINARY`;
  }
  /**
   * The same storage class and the same value (bytes, for text and blobs) is the same stored value,
   * so the canonical texts, deterministic functions of it, are equal: the canonical functions
   * (JavaScript, the costly part) then run only for the rows that differ.
   */
  override sameValue(a: string, b: string, _column: ColumnType): string {
    return `(typeof(${a}) = typeof(${b}) AND ${a} IS ${b} COLLATE BINARY)`;
  }
  override textToNumber(expr: string): string {
    return `CAST(${expr} AS REAL)`;
  }
  /** SQLite's arithmetic is binary floating point; dc_within compares the decimal texts exactly. */
  override withinTolerance(a: string, b: string, tolerance: number): string {
    return `dc_within(${a}, ${b}, ${this.stringLiteral(String(tolerance))}) = 1`;
  }
  override charLength(expr: string): string {
    return `length(${expr})`;
  }
  md5AsInteger(expr: string): string {
    return `dc_md5_int(${expr})`;
  }
}

export const sqliteCompiler = new SqliteCompiler();
