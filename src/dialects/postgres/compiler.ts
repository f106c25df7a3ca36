/** PostgreSQL SQL: `$n` placeholders, `::` casts, to_char for dates, `COLLATE "C"` for byte order. */
import { BaseSqlCompiler, SAME_VALUE_FAMILIES, SAMPLE_SEED, sampleThreshold } from '../../sql/compiler.js';
import { canonicalLower, compareCodePoints } from '../../sql/canonical.js';
import { collectionToken } from '../../sql/collection.js';
import type { ColumnType, NormalizeOptions, TextKeyOrder } from '../types.js';

export class PostgresCompiler extends BaseSqlCompiler {
  readonly dialect = 'postgres' as const;

  override placeholder(index: number): string {
    return `$${index}`;
  }
  /**
   * With `standard_conforming_strings = off` (a server's or role's legacy setting) a backslash in
   * '…' escapes the next character: a text with a backslash is written as E'…', whose escapes are
   * the same under either setting.
   */
  override stringLiteral(text: string): string {
    const quoted = text.replaceAll("'", "''");
    return text.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
  }
  protected override integerText(expr: string): string {
    return `(${expr})::text`;
  }
  /**
   * Free text keeps its column's collation through `::text`, and a nondeterministic one (ICU,
   * `deterministic = false`) says 'Ada' = 'ADA': canonical texts compare, join and group bytewise.
   */
  override normalize(expr: string, column: ColumnType, options: NormalizeOptions): string {
    const text = super.normalize(expr, column, options);
    return column.family === 'text' || column.family === 'unknown' || column.family === 'list' || column.family === 'set' ? this.binaryText(text) : text;
  }
  /** md5 reads bytes: no collation needed. */
  override hashText(expr: string, column: ColumnType, options: NormalizeOptions): string {
    return super.normalize(expr, column, options);
  }
  /**
   * Equality is identity for these types (numeric 1.0 = 1.00 differ only in scale, which trim_scale or
   * the declared scale removes; float 0 = -0 and NaN = NaN print alike canonically), and for text and
   * varchar under the deterministic, bytewise "C" collation; not for char(n) (padding), citext,
   * time with time zone (equal instants, different texts), json or unknown types.
   */
  override sameValue(a: string, b: string, column: ColumnType): string | undefined {
    // Arrays: equal arrays (same members, same order) give the same list, and the same set.
    if ((column.family === 'list' || column.family === 'set') && column.element) {
      const member = this.sameValue('dc_a', 'dc_b', column.element);
      if (member === undefined) return undefined;
      return member.includes('COLLATE') ? `${a} COLLATE "C" IS NOT DISTINCT FROM ${b} COLLATE "C"` : `${a} IS NOT DISTINCT FROM ${b}`;
    }
    const type = column.type.toLowerCase();
    if (column.family === 'text') return type === 'text' || type.startsWith('character varying') ? `${a} COLLATE "C" IS NOT DISTINCT FROM ${b} COLLATE "C"` : undefined;
    if (column.family === 'time' && type.includes('with time zone')) return undefined;
    return SAME_VALUE_FAMILIES.has(column.family) || column.family === 'uuid' || column.family === 'bytes' ? `${a} IS NOT DISTINCT FROM ${b}` : undefined;
  }
  protected decimalText(expr: string, scale: number | undefined): string {
    // round() to a scale at least the column's own only pads; trim_scale strips trailing zeros.
    return scale === undefined ? `trim_scale((${expr})::numeric)::text` : `round((${expr})::numeric, ${scale})::text`;
  }
  protected floatText(expr: string): string {
    return `CASE WHEN (${expr}) = 0 THEN '0' ELSE (${expr})::text END`;
  }
  /** `real`'s text is the shortest that reads back as the same 4-byte float. */
  protected override singleFloatText(expr: string): string {
    return `CASE WHEN (${expr}) = 0 THEN '0' ELSE ((${expr})::real)::text END`;
  }
  protected override booleanText(expr: string): string {
    return `((${expr})::boolean)::int::text`;
  }
  // Years 1 to 9999 read YYYY-MM-DD: `::text` in the sessions' DateStyle ISO (connection.ts), a third
  // of to_char's cost. Past them, to_char: ±infinity (to_char's NULL would equal NULL) read 'infinity',
  // '-infinity'; a BC year reads like the AD one with a leading '-' (ISO's negative years, one off).
  protected dateText(expr: string): string {
    return `CASE WHEN ${expr} BETWEEN DATE '0001-01-01' AND DATE '9999-12-31' THEN (${expr})::text WHEN NOT isfinite(${expr}) THEN (${expr})::text WHEN ${expr} < DATE '0001-01-01' THEN '-' || to_char(${expr}, 'YYYY-MM-DD') ELSE to_char(${expr}, 'YYYY-MM-DD') END`;
  }
  protected timestampText(expr: string, withTimeZone: boolean): string {
    const value = withTimeZone ? `(${expr}) AT TIME ZONE 'UTC'` : expr;
    const text = `to_char(${value}, 'YYYY-MM-DD HH24:MI:SS.US')`;
    return `CASE WHEN NOT isfinite(${value}) THEN (${value})::text WHEN ${value} < TIMESTAMP '0001-01-01 00:00:00' THEN '-' || ${text} ELSE ${text} END`;
  }
  protected timeText(expr: string): string {
    return `to_char((${expr})::time::interval, 'HH24:MI:SS.US')`;
  }
  protected override textText(expr: string): string {
    return `(${expr})::text`;
  }
  protected jsonText(expr: string): string {
    return `(${expr})::jsonb::text`;
  }
  protected bytesText(expr: string): string {
    return `encode(${expr}, 'hex')`;
  }
  /**
   * An array: its members unnested in order (a multidimensional array reads as the flat list of its
   * members), each as its token, aggregated in order (a list) or distinct in byte order (a set). A
   * subquery per row costs (200k rows: 2.4 s against 0.27 s to read the arrays' text), so text members
   * take a shortcut where it gives the same text: a list as `array_to_string` escaped as a whole (0.9 s;
   * members holding the separators \x01 or \x02 take the general path), a set paired with a declared
   * SET by testing each of its members (`@>`, 0.45 s; an array holding any other member, or NULL, takes
   * the general path).
   */
  protected override collectionText(expr: string, column: ColumnType, options: NormalizeOptions): string {
    if (!column.element) return super.collectionText(expr, column, options);
    const member = this.memberOf(column, options);
    const token = this.memberToken(super.normalize('dc_u.e', member.column, member.options));
    const set = column.family === 'set';
    const aggregate = set ? `string_agg(DISTINCT dc_t.tok COLLATE "C", ',' ORDER BY dc_t.tok COLLATE "C")` : `string_agg(dc_t.tok, ',' ORDER BY dc_t.n)`;
    const members = `SELECT ${aggregate} FROM (SELECT ${token} AS tok, dc_u.n FROM unnest(${expr}) WITH ORDINALITY AS dc_u(e, n)) AS dc_t`;
    const general = `'[' || COALESCE((${members}), '') || ']'`;
    const textual = member.column.family === 'text' || member.column.family === 'unknown';
    // char(n) members print padded in array_to_string, unpadded as ::text: no list shortcut for them.
    const padded = /^(character|char|bpchar)\b(?! varying)/i.test(column.element.type);
    const shortcut = !textual ? undefined : set ? this.knownMembersText(expr, member.options, options.member?.known) : padded ? undefined : this.textListText(expr, member.options);
    return shortcut ? `CASE WHEN ${expr} IS NULL THEN NULL ${shortcut} ELSE ${general} END` : `CASE WHEN ${expr} IS NULL THEN NULL ELSE ${general} END`;
  }
  /** `WHEN …` branches giving a list of text members at once: the members joined by \x01 (NULL as \x02), escaped, the separators turned into token boundaries. */
  private textListText(expr: string, options: NormalizeOptions): string {
    const joined = `array_to_string(${expr}, chr(1), chr(2))`;
    const text = options.caseSensitive ? joined : `lower(${joined})`;
    const escaped = `replace(replace(${text}, E'\\\\', E'\\\\\\\\'), '"', E'\\\\"')`;
    const tokens = `replace(replace('["' || ${escaped} || '"]', chr(1), '","'), '"' || chr(2) || '"', 'null')`;
    return `WHEN cardinality(${expr}) = 0 THEN '[]' WHEN array_to_string(${expr}, '', '') !~ ('[' || chr(1) || chr(2) || ']') THEN ${tokens}`;
  }
  /** A `WHEN …` branch giving a set whose members are all among `known` (a SET's): one test per token, in token order. */
  private knownMembersText(expr: string, options: NormalizeOptions, known: string[] | undefined): string | undefined {
    if (!known || known.length === 0) return undefined;
    const spellings = new Map<string, string[]>();
    for (const name of known) {
      const token = collectionToken(options.caseSensitive ? name : canonicalLower(name));
      spellings.set(token, [...(spellings.get(token) ?? []), name]);
    }
    const array = (names: string[]) => `ARRAY[${names.map((n) => this.stringLiteral(n)).join(', ')}]::text[]`;
    const present = [...spellings.keys()].sort(compareCodePoints).map((token) => `CASE WHEN (${expr})::text[] && ${array(spellings.get(token) ?? [])} THEN ${this.stringLiteral(token)} END`);
    return `WHEN (${expr})::text[] <@ ${array(known)} THEN '[' || concat_ws(',', ${present.join(', ')}) || ']'`;
  }
  override binaryText(expr: string): string {
    return expr.endsWith(' COLLATE "C"') ? expr : `(${expr}) COLLATE "C"`;
  }
  override textToNumber(expr: string): string {
    return `(${expr})::numeric`;
  }
  md5AsInteger(expr: string): string {
    return `('x' || substr(md5(${expr}), 21))::bit(48)::bigint`;
  }
  /** string_agg fails past 1 GB rather than cutting the text. */
  orderedMd5(text: string, orderBy: string): string {
    return `md5(string_agg(${text}, ';' ORDER BY ${orderBy}))`;
  }
  /** Fed by a subquery ordered by key (the chunk pass): an index scan in key order, no sort. */
  joinedMd5(text: string): string {
    return `md5(string_agg(${text}, ';'))`;
  }
  md5Hex(text: string): string {
    return `md5(${text})`;
  }
  /** A CTE read twice is materialised once, lazily, and its rows shared (PostgreSQL 12+: unless NOT MATERIALIZED; before: always). */
  override readonly sharesRepeatedCtes: boolean = true;
  override readonly textKeyOrder: TextKeyOrder = {
    utf8: (text) => `convert_to(${text}, 'UTF8')`,
    bytes: (hex) => `decode('${hex}', 'hex')`,
    prefixCode: (bytes, skip) => `('x' || encode(substr(${bytes} || decode('00000000000000', 'hex'), ${skip + 1}, 7), 'hex'))::bit(56)::bigint`,
    tail: (text, characters) => `right(${text}, ${characters})`,
    // width_bucket with an array of thresholds binary-searches it (the array is a constant, built once).
    boundsReached: (value, bounds) => (bounds.length === 0 ? '0' : `width_bucket(${value}, ARRAY[${bounds.join(', ')}]::bigint[])`),
    // hashtextextended costs what random() does (1M rows: 47–69 ms against 68 ms; md5 took 1–1.5 s).
    sample: (fraction, keyText) => `(hashtextextended(${keyText}, ${SAMPLE_SEED}) & 4294967295) < ${sampleThreshold(fraction)}`,
    // Whole pages at random: 4.4 s → a fraction of it for 10M rows (a condition reads every row).
    tableSample: (fraction) => `TABLESAMPLE SYSTEM (${(100 * fraction).toPrecision(6)}) REPEATABLE (${SAMPLE_SEED})`,
    rowSample: (fraction) => `TABLESAMPLE BERNOULLI (${(100 * fraction).toPrecision(6)}) REPEATABLE (${SAMPLE_SEED})`,
  };
}

export const postgresCompiler = new PostgresCompiler();
