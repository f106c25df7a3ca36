/**
 * DuckDB SQL: ANSI quoting and `?` placeholders as in the base compiler; strftime for dates and
 * times (sessions are in UTC, so TIMESTAMPTZ renders in UTC); md5 as a 48-bit integer through a
 * hex-literal cast. DuckDB compares and sorts VARCHAR bytewise by default, so canonical texts need
 * no collation. DuckDB has no octet_length(VARCHAR): `strlen` counts the bytes.
 */
import { BaseSqlCompiler } from '../../sql/compiler.js';
import type { ColumnType, NormalizeOptions } from '../types.js';

const TIMESTAMP_FORMAT = "'%Y-%m-%d %H:%M:%S.%f'";

export class DuckdbCompiler extends BaseSqlCompiler {
  override byteLength(expr: string): string {
    return `strlen(${expr})`;
  }

  readonly dialect = 'duckdb' as const;

  protected override integerText(expr: string): string {
    return `CAST(${expr} AS VARCHAR)`;
  }
  protected decimalText(expr: string, scale: number | undefined): string {
    if (scale !== undefined) return `CAST(CAST(${expr} AS DECIMAL(38, ${Math.min(38, Math.max(0, scale))})) AS VARCHAR)`;
    // Trailing zeros stripped, only after a decimal point ('100' stays '100', '10.50' → '10.5', '0.00' → '0').
    const text = `CAST(${expr} AS VARCHAR)`;
    return `CASE WHEN ${text} LIKE '%.%' THEN rtrim(rtrim(${text}, '0'), '.') ELSE ${text} END`;
  }
  protected floatText(expr: string): string {
    return `CASE WHEN (${expr}) = 0 THEN '0' ELSE CAST(${expr} AS VARCHAR) END`;
  }
  protected override booleanText(expr: string): string {
    return `CASE WHEN ${expr} IS NULL THEN NULL WHEN CAST(${expr} AS BOOLEAN) THEN '1' ELSE '0' END`;
  }
  protected dateText(expr: string): string {
    return `strftime(${expr}, '%Y-%m-%d')`;
  }
  protected timestampText(expr: string, _withTimeZone: boolean): string {
    // TIMESTAMPTZ is formatted in the session time zone, which the connection sets to UTC;
    // TIMESTAMP_NS is truncated to microseconds by %f.
    return `strftime(${expr}, ${TIMESTAMP_FORMAT})`;
  }
  protected timeText(expr: string): string {
    return `strftime(DATE '2000-01-01' + (${expr}), '%H:%M:%S.%f')`;
  }
  protected jsonText(expr: string): string {
    return `CAST(${expr} AS VARCHAR)`;
  }
  protected bytesText(expr: string): string {
    return `lower(hex(${expr}))`;
  }
  /** A LIST (or a fixed-size ARRAY, read as a LIST): each member as its token, in order or distinct and sorted (bytewise). */
  protected override collectionText(expr: string, column: ColumnType, options: NormalizeOptions): string {
    if (!column.element) return super.collectionText(expr, column, options);
    const member = this.memberOf(column, options);
    const list = /\[\d+\]\s*$/.test(column.type) ? `CAST(${expr} AS ${column.element.type}[])` : expr;
    const tokens = `list_transform(${list}, lambda dc_x: ${this.memberToken(this.normalize('dc_x', member.column, member.options))})`;
    const ordered = column.family === 'set' ? `list_sort(list_distinct(${tokens}))` : tokens;
    return `CASE WHEN ${expr} IS NULL THEN NULL ELSE '[' || array_to_string(${ordered}, ',') || ']' END`;
  }
  override textToNumber(expr: string): string {
    return `CAST(${expr} AS DECIMAL(38, 10))`;
  }
  md5AsInteger(expr: string): string {
    return `CAST(('0x' || substring(md5(${expr}), 21, 12)) AS BIGINT)`;
  }
}

export const duckdbCompiler = new DuckdbCompiler();
