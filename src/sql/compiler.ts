/**
 * The base SQL compiler: ANSI defaults for every hook of `SqlCompiler`; each dialect overrides only
 * what differs. `normalize` dispatches by type family to one small hook per family, and applies the
 * rules that are the same everywhere (timestamp truncation to a common precision, padding to 6).
 */
import { plainNumber } from './canonical.js';
import type { ColumnType, DialectName, NormalizeOptions, SqlCompiler, TextKeyOrder, TypeFamily } from './types.js';

/**
 * The seed of every sample the checksum diff draws (key samples for bucket bounds and pivots): a plan
 * chosen from a sample is then the same plan for the same data on every run, not a draw of chance.
 */
export const SAMPLE_SEED = 20261123;

/** The hashes' (32 bits) threshold below which a row is in a sample of `fraction` of the rows. */
export function sampleThreshold(fraction: number): number {
  return Math.min(2 ** 32, Math.max(0, Math.round(fraction * 2 ** 32)));
}

/** Families whose equality is identity on PostgreSQL and MariaDB for two columns of one declared type (`sameValue`). */
export const SAME_VALUE_FAMILIES: ReadonlySet<TypeFamily> = new Set<TypeFamily>(['integer', 'decimal', 'float', 'boolean', 'date', 'time', 'timestamp', 'timestamptz']);

export abstract class BaseSqlCompiler implements SqlCompiler {
  abstract readonly dialect: DialectName;
  readonly supportsFullOuterJoin: boolean = true;
  readonly sharesRepeatedCtes: boolean = false;
  declare readonly textKeyOrder?: TextKeyOrder;

  quoteIdentifier(name: string): string {
    return `"${name.replaceAll('"', '""')}"`;
  }

  quoteTable(name: string): string {
    return splitQualifiedName(name)
      .map((part) => this.quoteIdentifier(part))
      .join('.');
  }

  placeholder(_index: number): string {
    return '?';
  }

  /** A text literal read the same way whatever the session's escaping mode (see the dialects' overrides). */
  stringLiteral(text: string): string {
    return `'${text.replaceAll("'", "''")}'`;
  }

  hashText(expr: string, column: ColumnType, options: NormalizeOptions): string {
    return this.normalize(expr, column, options);
  }

  normalize(expr: string, column: ColumnType, options: NormalizeOptions): string {
    switch (column.family) {
      case 'integer':
        return this.integerText(expr);
      case 'decimal':
        return this.decimalText(expr, options.scale);
      case 'float':
        return options.singlePrecision ? this.singleFloatText(expr) : this.floatText(expr);
      case 'boolean':
        return this.booleanText(expr);
      case 'date':
        return this.dateText(expr);
      case 'timestamp':
      case 'timestamptz':
        return this.truncateFraction(this.timestampText(expr, column.family === 'timestamptz'), 19, options.precision);
      case 'time':
        return this.truncateFraction(this.timeText(expr), 8, options.precision);
      case 'text':
        return options.caseSensitive ? this.textText(expr) : this.lowerText(this.textText(expr));
      case 'uuid':
        return this.lowerText(this.textText(expr));
      case 'json':
        return this.jsonText(expr);
      case 'bytes':
        return this.bytesText(expr);
      case 'list':
      case 'set':
        return this.collectionText(expr, column, options);
      case 'unknown':
        return options.caseSensitive ? this.textText(expr) : this.lowerText(this.textText(expr));
    }
  }

  /** `…SS.ffffff` (6 digits) → keep `precision` digits, pad back to 6 with zeros (truncation, never rounding). */
  protected truncateFraction(text6: string, secondsLength: number, precision = 6): string {
    const digits = Math.max(0, Math.min(6, Math.trunc(precision)));
    if (digits === 6) return text6;
    return this.concat([`substr(${text6}, 1, ${secondsLength + 1 + digits})`, this.stringLiteral('0'.repeat(6 - digits))]);
  }

  // ── per-family hooks: each returns canonical text (NULL for NULL) ──
  protected integerText(expr: string): string {
    return `CAST(${expr} AS VARCHAR(40))`;
  }
  protected abstract decimalText(expr: string, scale: number | undefined): string;
  protected abstract floatText(expr: string): string;
  /**
   * A float rounded to a 4-byte float, as text unique per 4-byte value (`canonicalFloat(text, true)`
   * finishes it where two engines meet). Default: the engine's own float text.
   */
  protected singleFloatText(expr: string): string {
    return this.floatText(expr);
  }
  protected booleanText(expr: string): string {
    return `CASE WHEN ${expr} IS NULL THEN NULL WHEN ${expr} THEN '1' ELSE '0' END`;
  }
  protected abstract dateText(expr: string): string;
  /** `YYYY-MM-DD HH:MM:SS.ffffff`, in UTC when `withTimeZone`. */
  protected abstract timestampText(expr: string, withTimeZone: boolean): string;
  /** `HH:MM:SS.ffffff`. */
  protected abstract timeText(expr: string): string;
  protected textText(expr: string): string {
    return `CAST(${expr} AS VARCHAR)`;
  }
  protected lowerText(expr: string): string {
    return `lower(${expr})`;
  }
  protected abstract jsonText(expr: string): string;
  protected abstract bytesText(expr: string): string;
  /**
   * A collection's canonical text (see src/sql/collection.ts). Here: a column that is no collection
   * of this engine (JSON, or text holding a JSON array) as its JSON text or text, which JavaScript
   * finishes with `canonicalCollection` (`jsonCollections` false). Dialects override it for their
   * own collection types (`column.element`, `column.members`).
   */
  protected collectionText(expr: string, column: ColumnType, _options: NormalizeOptions): string {
    return column.stored === 'json' ? this.jsonText(expr) : this.textText(expr);
  }
  /** The column type and options a collection's members are normalised with. */
  protected memberOf(column: ColumnType, options: NormalizeOptions): { column: ColumnType; options: NormalizeOptions } {
    const element = column.element ?? { name: column.name, type: 'text', family: 'text' as const };
    return {
      column: { ...element, family: options.member?.family ?? element.family },
      options: options.member?.options ?? { caseSensitive: options.caseSensitive },
    };
  }
  /** A member's token (`collectionToken`): NULL → `null`, else `"` + the text with `\` and `"` escaped + `"`. */
  protected memberToken(member: string): string {
    const escaped = `replace(replace(${member}, ${this.stringLiteral('\\')}, ${this.stringLiteral('\\\\')}), '"', ${this.stringLiteral('\\"')})`;
    return `CASE WHEN ${member} IS NULL THEN 'null' ELSE ${this.concat([`'"'`, escaped, `'"'`])} END`;
  }

  // ── comparison and composition ──
  binaryText(expr: string): string {
    return expr;
  }

  sameValue(_a: string, _b: string, _column: ColumnType): string | undefined {
    return undefined;
  }

  isDistinct(a: string, b: string): string {
    return `(${a}) IS DISTINCT FROM (${b})`;
  }

  textToNumber(expr: string): string {
    return `CAST(${expr} AS NUMERIC)`;
  }

  withinTolerance(a: string, b: string, tolerance: number): string {
    return `ABS(${this.textToNumber(a)} - ${this.textToNumber(b)}) <= ${plainNumber(String(tolerance))}`;
  }

  charLength(expr: string): string {
    return `char_length(${expr})`;
  }

  byteLength(expr: string): string {
    return `octet_length(${expr})`;
  }

  concat(parts: string[]): string {
    return parts.length === 1 ? (parts[0] ?? "''") : `(${parts.join(' || ')})`;
  }

  rowText(parts: string[]): string {
    const pieces = parts.map((part) =>
      `CASE WHEN ${part} IS NULL THEN '-' ELSE ${this.concat([this.integerText(this.byteLength(part)), "':'", part])} END`,
    );
    return this.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : ["'|'", piece])));
  }

  abstract md5AsInteger(expr: string): string;

  limit(n: number): string {
    return `LIMIT ${Math.max(0, Math.trunc(n))}`;
  }

  derivedTable(sql: string, alias: string): string {
    return `(${sql}) AS ${this.quoteIdentifier(alias)}`;
  }
}

/**
 * `schema.table` → ['schema', 'table']; a part may be quoted with "…" or `…` to contain dots.
 * `a.b.c` (catalog.schema.table) keeps three parts.
 */
export function splitQualifiedName(name: string): string[] {
  return qualifiedNameParts(name).map((part) => part.text);
}

/** `splitQualifiedName`, saying of each part whether it was quoted (PostgreSQL folds only unquoted names to lower case). */
export function qualifiedNameParts(name: string): { text: string; quoted: boolean }[] {
  const parts: { text: string; quoted: boolean }[] = [];
  let current = '';
  let quoted = false;
  let quote: string | undefined;
  for (let i = 0; i < name.length; i++) {
    const ch = name[i] as string;
    if (quote) {
      if (ch === quote && name[i + 1] === quote) {
        current += ch;
        i++;
      } else if (ch === quote) quote = undefined;
      else current += ch;
    } else if (ch === '"' || ch === '`') {
      quote = ch;
      quoted = true;
    } else if (ch === '.') {
      parts.push({ text: current.trim(), quoted });
      current = '';
      quoted = false;
    } else current += ch;
  }
  parts.push({ text: current.trim(), quoted });
  return parts;
}
