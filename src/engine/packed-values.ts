/**
 * Packed values: the streaming merge reads the columns compared as exact canonical text as ONE field
 * per row, built like the checksum diff's row text (`fieldsText` in checksum/sql.ts: NULL `-`, a value
 * sure to be of a fixed alphabet on both sides as is, any other `<length>:<text>`, joined with `|`),
 * compares that one string per row, and decodes it into the columns' values only for the rows that
 * differ. Lengths count characters (code points), not bytes: the driver hands over text converted to
 * UTF-16, whatever the server's encoding, and characters survive that where bytes do not.
 * Equal texts mean equal values and different texts different values (the text is uniquely
 * decodable), so the answer is the one column-by-column comparison gives, with one string a row
 * to receive, decode from the driver and compare instead of one a column.
 * Columns compared in JavaScript (a tolerance, float and JSON canonicalisation, a JSON or text column
 * read as a collection) stay separate.
 */
import { isHighSurrogate } from '../shared/characters.js';
import { InternalError } from '../shared/errors.js';
import type { ColumnPair } from './resolve.js';
import { isCollectionFamily } from '../sql/type-family.js';
import { fieldsText, type ChecksumColumn } from './checksum/sql.js';
import type { SqlCompiler } from '../dialects/types.js';

/** A column whose canonical text decides equality by itself (no comparing in JavaScript). */
export function packable(pair: ColumnPair): boolean {
  const sqlCollection = (type: ColumnPair['sourceType']) => type.element !== undefined || type.members !== undefined;
  if (isCollectionFamily(pair.family) && !(sqlCollection(pair.sourceType) && sqlCollection(pair.targetType))) return false;
  return pair.tolerance === undefined && pair.family !== 'float' && pair.family !== 'json';
}

export interface PackedColumns {
  /** The SELECT expression of the packed text. */
  sql: string;
  /** The indexes (in the resolved columns) of the packed columns, in packing order. */
  columns: readonly number[];
  /** Per packed column: written as is (fixed alphabet on both sides) rather than `<length>:<text>`. */
  fixed: readonly boolean[];
}

/**
 * The packed text of the packable columns, or undefined when fewer than two are packable (packing one
 * column saves nothing). `column(j)` gives column j's expression, type, normalisation and `fixed` on this side.
 */
export function packedColumns(compiler: SqlCompiler, pairs: readonly ColumnPair[], column: (j: number) => ChecksumColumn): PackedColumns | undefined {
  const columns = pairs.flatMap((pair, j) => (packable(pair) ? [j] : []));
  if (columns.length < 2) return undefined;
  const packed = columns.map(column);
  return {
    sql: compiler.binaryText(fieldsText(compiler, packed, 'characters')),
    columns,
    fixed: packed.map((c) => c.fixed === true),
  };
}

/** Writes the packed text's values into `values` at the packed columns' indexes. */
export function unpack(text: string, packing: PackedColumns, values: (string | null)[]): void {
  let at = 0;
  const { columns, fixed } = packing;
  for (let f = 0; f < columns.length; f++) {
    if (f > 0) {
      if (text[at] !== '|') throw malformed(text, at);
      at++;
    }
    let value: string | null;
    if (text[at] === '-' && (at + 1 === text.length || text[at + 1] === '|')) {
      value = null;
      at++;
    } else if (fixed[f]) {
      const end = text.indexOf('|', at);
      value = text.slice(at, end < 0 ? text.length : end);
      at += value.length;
    } else {
      const colon = text.indexOf(':', at);
      const length = colon < 0 ? NaN : Number(text.slice(at, colon));
      if (!Number.isInteger(length) || colon === at) throw malformed(text, at);
      let end = colon + 1;
      for (let characters = 0; characters < length; characters++) {
        if (end >= text.length) throw malformed(text, at);
        end += isHighSurrogate(text.charCodeAt(end)) ? 2 : 1; // a pair is one character, as the databases count
      }
      if (end > text.length) throw malformed(text, at);
      value = text.slice(colon + 1, end);
      at = end;
    }
    values[columns[f]!] = value;
  }
  if (at !== text.length) throw malformed(text, at);
}

function malformed(text: string, at: number): InternalError {
  return new InternalError(`A packed row text could not be decoded at character ${at} (${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}).`);
}
