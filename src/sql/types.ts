/**
 * The types the SQL layer works in: column types and their canonical families, how a value is
 * normalised, and the compiler every dialect implements. The lowest room of the engine's stack:
 * dialects/ and engine/ import these; this file imports nothing of theirs.
 */

/** The databases (and file kinds) datacompare reads. */
export type DialectName = 'sqlite' | 'postgres' | 'mysql' | 'duckdb' | 'csv' | 'parquet';

/**
 * The canonical type family of a column. Two columns of the same family compare by the same
 * canonical text (see `SqlCompiler.normalize`), whatever their engines and exact type names.
 */
export type TypeFamily =
  | 'integer'
  | 'decimal'
  | 'float'
  | 'boolean'
  | 'date'
  | 'timestamp' // without time zone
  | 'timestamptz' // with time zone (an instant; rendered in UTC)
  | 'time'
  | 'text'
  | 'uuid'
  | 'json'
  | 'bytes'
  | 'list' // an ordered collection: PostgreSQL arrays, DuckDB LIST/ARRAY (a JSON array or text paired with one)
  | 'set' // an unordered collection of distinct members: MySQL/MariaDB SET, or a list with `compare_as: set`
  | 'unknown'; // compared as the engine's own text of the value

/** A column as introspected. */
export interface ColumnType {
  name: string;
  /** The database's own type name, e.g. `numeric(12,2)`, `varchar(40)`, `timestamp(3) with time zone`. */
  type: string;
  family: TypeFamily;
  /** Decimals: digits after the point, when declared. */
  scale?: number;
  /** Timestamps and times: fractional-second digits (0–6), when declared. */
  precision?: number;
  /** Floats: a 4-byte IEEE float (PostgreSQL `real`, MySQL `FLOAT`); absent for 8-byte doubles. */
  singlePrecision?: boolean;
  /**
   * Text: the column's character set where the engine declares one per column and the catalog says
   * which (MySQL/MariaDB, e.g. `utf8mb4`); absent for a query's result columns.
   */
  charset?: string;
  /**
   * True when the type is the column's declared type, read from the catalog; absent for a query's
   * result columns, whose metadata may not say how the engine writes a value as text.
   */
  declared?: boolean;
  /** Arrays and lists: the type of their members (PostgreSQL `text[]` → `text`, DuckDB `INTEGER[]` → `INTEGER`). */
  element?: ColumnType;
  /** MySQL/MariaDB SET: its declared members, in declaration order (bit i of the value is member i). */
  members?: string[];
  /**
   * The column's own family when it is compared as another one (set by the engine where a pair's
   * family replaces it): a JSON or text column compared as a list is read as a JSON array.
   */
  stored?: TypeFamily;
}

/** How to render one value as canonical text. */
export interface NormalizeOptions {
  /** false: text is case-folded (lower) so 'ABC' equals 'abc'. Keys are always normalised case-sensitively. */
  caseSensitive: boolean;
  /** Decimals: render with exactly this many fraction digits (pad, never lose digits); undefined: strip trailing zeros. */
  scale?: number;
  /** Timestamps/times: keep this many fraction digits (truncate, never round), then pad to 6. Default 6. */
  precision?: number;
  /**
   * Floats: compare at single precision (either side is a 4-byte float): both values are rounded to
   * the nearest 4-byte float and rendered by `canonicalFloat(value, true)` where two engines meet.
   */
  singlePrecision?: boolean;
  /** Collections (`list`, `set`): the family and options each member is normalised with. */
  member?: {
    family: TypeFamily;
    options: NormalizeOptions;
    /**
     * A set whose other side is a SET with declared members: those members, in declaration order. An
     * engine may test each of them (PostgreSQL `@>`) instead of sorting every value's members; a value
     * holding any other member takes the general path.
     */
    known?: string[];
  };
}

/**
 * Pure SQL text generation for one dialect. Base implementation: `src/sql/compiler.ts`
 * (`BaseSqlCompiler`); dialects override only the hooks that differ.
 *
 * The heart is `normalize`: an SQL expression giving the CANONICAL TEXT of a value (or SQL NULL for
 * NULL), byte-identical across engines for equal values:
 * - integer: plain digits, `-` sign                         → `-42`
 * - decimal: no exponent; `scale` fraction digits (or trailing zeros stripped); never `-0` → `10.50`
 * - float: the engine's round-trip text (unique per value); NOT byte-identical across engines (exponent
 *   spelling, MySQL's widened FLOAT): run `canonicalFloat` (src/sql/canonical.ts) on values read
 *   from two engines; with `singlePrecision` the value is first rounded to a 4-byte float
 * - boolean: `0` / `1`
 * - date: `YYYY-MM-DD`; time: `HH:MM:SS.ffffff`
 * - timestamp / timestamptz: `YYYY-MM-DD HH:MM:SS.ffffff` (UTC for timestamptz), truncated to
 *   `precision` digits then zero-padded to 6
 * - text: verbatim, or lower() when !caseSensitive
 * - uuid: lowercase 8-4-4-4-12
 * - json: the engine's normalised JSON text; NOT byte-identical across engines: run `canonicalJson`
 * - bytes: lowercase hex
 * - list: `[` + one token per member, joined by `,` + `]`; a member's token is its canonical text
 *   in double quotes, with `\` and `"` escaped by a backslash (nothing else escaped), or `null`:
 *   `["Trailers","Deleted Scenes"]`, `[]`, `[null,"a"]`. set: the same with the tokens distinct and
 *   sorted bytewise. NULL stays NULL. `canonicalCollection` gives the same text in JavaScript.
 * Canonical texts must be compared and ordered BYTEWISE (`binaryText`), never with a collation.
 */
export interface SqlCompiler {
  readonly dialect: DialectName;
  quoteIdentifier(name: string): string;
  /** `schema.table` (or `table`) quoted part by part. */
  quoteTable(name: string): string;
  /** The n-th (1-based) bind parameter: `$1` (postgres), `?` (mysql, sqlite). */
  placeholder(index: number): string;
  stringLiteral(text: string): string;
  /** The canonical text of `expr` (an SQL expression of the given column type); NULL stays NULL. */
  normalize(expr: string, column: ColumnType, options: NormalizeOptions): string;
  /**
   * The canonical text of `expr` as the input of a hash (`md5AsInteger`): the same characters as
   * `normalize` gives, as UTF-8, without what only comparing and ordering need (MySQL's byte casts,
   * about a tenth of its checksum scan).
   */
  hashText(expr: string, column: ColumnType, options: NormalizeOptions): string;
  /** `expr` (a text) made to compare and sort bytewise (no collation, no trailing-space padding). */
  binaryText(expr: string): string;
  /** True when a and b differ, NULL-safe (NULL vs NULL is equal, NULL vs '' differs). */
  isDistinct(a: string, b: string): string;
  /**
   * A NULL-safe condition on two raw columns of the same declared type `column` that is true only
   * when they hold the same value, so that their canonical texts are equal whatever the normalisation:
   * a cheap first test before comparing canonical texts (the join diff). Undefined where equality
   * is not identity on this engine (collations, citext, char padding, SQLite's dynamic types).
   */
  sameValue(a: string, b: string, column: ColumnType): string | undefined;
  /** A canonical numeric text back to a number, for tolerance comparisons. */
  textToNumber(expr: string): string;
  /** True (a condition) when canonical numeric texts a and b (both not NULL) differ by at most `tolerance`, exactly. */
  withinTolerance(a: string, b: string, tolerance: number): string;
  /** Length of a text in characters. */
  charLength(expr: string): string;
  /** Length of a text in UTF-8 bytes: the same number on every engine for the same canonical text. */
  byteLength(expr: string): string;
  /** Concatenation of texts (none of them NULL). */
  concat(parts: string[]): string;
  /**
   * One text for several canonical texts, unambiguous: each part becomes `<byte length>:<text>` and
   * NULL becomes `-`, so ('a|b','c') ≠ ('a','b|c'), NULL ≠ '' ≠ '-' and (1,11) ≠ (11,1).
   */
  rowText(parts: string[]): string;
  /**
   * md5 of a text as a 48-bit non-negative integer (data-diff's trick). SQLite: a function the
   * SQLite connection registers (`dc_md5_int`).
   */
  md5AsInteger(expr: string): string;
  /**
   * An aggregate: the md5 (32 lowercase hex digits) of a group's texts joined by `;` in the order of
   * `orderBy` (integer expressions, or a text key's UTF-8 bytes): one md5 per group instead of one per
   * row (checksum.ts's ordered row hash). Undefined when the engine has no ordered text aggregate.
   */
  orderedMd5?(text: string, orderBy: string): string;
  /**
   * A derived table the engine computes once before grouping, where grouping by sort would otherwise
   * re-read every row by its key (MariaDB: a filesort over a table with a TEXT column sorts row ids,
   * then looks each row up; 50k rows grouped for an ordered aggregate 0.82 s, materialized first
   * 0.69 s). Absent: `derivedTable`.
   */
  materializedTable?(sql: string, alias: string): string;
  /**
   * An aggregate: the md5 of a group's texts joined by `;` in the order the rows come in (the chunk
   * pass feeds it from a subquery ordered by key, without a sort where the key's index gives the
   * order). Undefined where `orderedMd5` is.
   */
  joinedMd5?(text: string): string;
  /** The md5 of a text's bytes as 32 lowercase hex digits (a long field's digest in the ordered row hash). */
  md5Hex?(text: string): string;
  /** `SELECT ... LIMIT n` suffix. */
  limit(n: number): string;
  /** FULL OUTER JOIN available (MySQL/MariaDB: no). */
  readonly supportsFullOuterJoin: boolean;
  /**
   * A CTE that several parts of a query read is computed once, as its first reader pulls rows, and the
   * others read what it kept (PostgreSQL). Lets the join diff send its differing rows while the join
   * still runs, the totals last; elsewhere each reference could compute the join again.
   */
  readonly sharesRepeatedCtes?: boolean;
  /** A subquery wrapped as a derived table `(sql) AS alias`. */
  derivedTable(sql: string, alias: string): string;
  /**
   * True when `normalize` reads a JSON or text column paired with a collection as a collection in
   * SQL (SQLite's registered dc_collection); elsewhere such a column's JSON text is finished in
   * JavaScript by `canonicalCollection`, so only the streaming merge compares it.
   */
  readonly jsonCollections?: boolean;
  /** Key-order buckets for text keys (the checksum diff); absent where the engine has no such functions. */
  readonly textKeyOrder?: TextKeyOrder;
}

/**
 * What the checksum diff needs to bucket rows by a text key in byte order, identically on every
 * engine (see engine/checksum/prefix.ts): the key's bytes, an integer of some of them, and the
 * number of bucket bounds that integer has reached.
 */
export interface TextKeyOrder {
  /** A canonical text's UTF-8 bytes, as a value that compares bytewise. */
  utf8(text: string): string;
  /** A literal of those bytes (hex digits; '' for none), comparable with `utf8`'s value. */
  bytes(hex: string): string;
  /**
   * The 7 bytes of a `utf8` value from byte `skip` on, zero-padded, as a big-endian integer
   * (0 … 2^56 − 1): the same number on every engine for the same bytes.
   */
  prefixCode(bytes: string, skip: number): string;
  /** The last `characters` characters (code points) of a text, all of it when shorter. */
  tail(text: string, characters: number): string;
  /** How many of `bounds` (ascending integers) are ≤ `value`: a binary search in the database. */
  boundsReached(value: string, bounds: readonly bigint[]): string;
  /**
   * A condition true for about `fraction` (0 … 1) of the rows, decided by a hash of `keyText` (the
   * row's key as text): the same rows for the same data on every run, whatever the scan's order.
   */
  sample(fraction: number, keyText: string): string;
  /**
   * A sampling clause after a table's FROM item that reads only about `fraction` of its pages
   * (PostgreSQL `TABLESAMPLE SYSTEM`), where `sample` reads every row; tables only, not queries.
   * Seeded (SAMPLE_SEED): the same pages of an unchanged table on every run.
   */
  tableSample?(fraction: number): string;
  /**
   * A sampling clause after a table's FROM item that keeps each row with the chance `fraction`, as
   * `sample` does, decided as the scan reads it (PostgreSQL `TABLESAMPLE BERNOULLI`: 1.4 ms for 100k
   * rows where `random() < …` took 5–8 ms); tables only, not queries. Seeded (SAMPLE_SEED): the same
   * rows of an unchanged table on every run.
   */
  rowSample?(fraction: number): string;
}

/** A JSON value as reported: decimals and bigints as strings (no float rounding), timestamps as ISO text. */
export type ReportedValue = string | number | boolean | null;
