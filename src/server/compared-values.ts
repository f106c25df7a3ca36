/**
 * Comparing is itself a question about values: a row missing from a diff says that its two sides are
 * equal, masked or not. When one side's values are written by the comparison itself (a query: its
 * literals and expressions, `SELECT id, 'bob@corp.example' AS email FROM customers`), comparing a
 * sensitive column of the other side with them, or keying on one, answers yes or no about that
 * column's values: an oracle a key without `read:sensitive` may not have. So, for such a key, a side
 * compared as a dataset may compare or key on a column against a side that is a query only when the
 * catalog proves the column not sensitive (neither marked by the last scan, nor named so); a column,
 * a dataset or a view's marks the catalog cannot vouch for are unproven, and refused too.
 *
 * What is not chosen: a dataset's values (only keys with `write`, which holds `read:sensitive`, create
 * data sources, and a comparison's SQL only reads), and a filter's (it selects rows, never makes
 * values; one that reads a sensitive column is refused itself: sensitive-reads.ts). Two datasets
 * compared stay allowed: that is what masking is for. A comparison of this shape written by a trusted
 * key is shown fully masked to keys without `read:sensitive` (viewer-masking.ts).
 */
import { datasetTables, withName } from '../catalog/names.js';
import type { CatalogTable } from '../catalog/scan.js';
import { unresolvedView } from '../catalog/view-reads.js';
import { nameSays, type SqlReadCheck } from './sensitive-reads.js';

/** One side of a comparison: what it compares (its dataset, or its query) and the columns it names. */
export interface ComparedSide {
  side: 'source' | 'target';
  /** The dataset (table or view) it compares; absent when it compares a query. */
  dataset?: string | null;
  query?: unknown;
  /** Its key columns and compared columns, as the comparison names them on this side. */
  keys: readonly string[];
  columns: readonly string[];
  /** Its data source's last catalog scan (undefined: never scanned). */
  catalog: CatalogTable[] | undefined;
}

/**
 * The sensitive (or unproven) columns a side compared as a dataset compares or keys on against the
 * values of a side that is a query, in the shape of what a query reads: `field` names the list
 * (`source_columns`, `primary_keys_target`), `via` the query whose values they meet.
 */
export function sensitiveComparedWithQuery(sides: readonly [ComparedSide, ComparedSide]): SqlReadCheck {
  const check: SqlReadCheck = { sensitive: [], unproven: [] };
  for (const [side, other] of [sides, [sides[1], sides[0]]] as const) {
    if (isQuery(side) || !isQuery(other)) continue;
    const via = `${other.side}_query`;
    const lists = [
      { field: `primary_keys_${side.side}`, names: side.keys },
      { field: `${side.side}_columns`, names: side.columns },
    ];
    if (lists.every((list) => list.names.length === 0)) continue;
    const tables = datasetTables(side.catalog, side.dataset);
    const unproven = unprovenDataset(side, tables);
    if (unproven) {
      check.unproven.push({ field: `${side.side}_dataset_id`, why: `${unproven}, so whether the columns it compares with ${via}'s values are sensitive is unknown` });
      continue;
    }
    for (const { field, names } of lists) {
      for (const name of names) {
        const columns = tables.flatMap((table) => withName(table.columns, name).map((column) => ({ table, column })));
        if (columns.length === 0) {
          check.unproven.push({ field, why: `\`${name}\` is a column the catalog does not list for \`${side.dataset}\` (one added since the last scan shows once the data source is scanned again)` });
          continue;
        }
        for (const { table, column } of columns) {
          const why = column.sensitive ? `marked ${column.sensitive.kind} by the catalog` : nameSays(column.name) ?? nameSays(name);
          if (why) check.sensitive.push({ field, table: table.name, column: column.name, via, why });
        }
      }
    }
  }
  return check;
}

/** The refusal for a key without read:sensitive (403), or undefined when the comparison may be made. */
export function comparedWithQueryRefusal(check: SqlReadCheck): { message: string; code: 'sensitive_columns' | 'unproven_reads' } | undefined {
  const why = 'whether a row differs answers yes or no about a sensitive value, masked or not, when the other side holds values the comparison chooses';
  const fix = 'Compare the column against a dataset instead of a query, leave it out of the compared columns and keys, or use a key with read:sensitive.';
  if (check.sensitive.length > 0) {
    const listed = check.sensitive.slice(0, 5).map((found) => `${found.field} names \`${found.table}.${found.column}\` (${found.why}), compared with ${found.via}'s values`);
    const more = check.sensitive.length > 5 ? `; and ${check.sensitive.length - 5} more` : '';
    return {
      code: 'sensitive_columns',
      message: `This comparison compares sensitive columns with values its own SQL writes: ${listed.join('; ')}${more}. A key without the scope read:sensitive may not: ${why}. ${fix}`,
    };
  }
  if (check.unproven.length > 0) {
    const listed = check.unproven.map((found) => `in ${found.field}, ${found.why}`);
    return {
      code: 'unproven_reads',
      message: `The service cannot prove that the columns this comparison compares with values its own SQL writes are not sensitive: ${listed.join('; ')}. A key without the scope read:sensitive may compare only columns the catalog proves not sensitive there: ${why}. ${fix}`,
    };
  }
  return undefined;
}

function isQuery(side: ComparedSide): boolean {
  return typeof side.query === 'string' && side.query.trim() !== '';
}

/** Why the catalog cannot vouch for the marks of the side's dataset, or undefined. */
function unprovenDataset(side: ComparedSide, tables: readonly CatalogTable[]): string | undefined {
  if (!side.catalog) return 'its data source has never been scanned (scan it: POST /sources/{id}/scan, or Scan now on its page)';
  if (tables.length === 0) return `\`${side.dataset ?? ''}\` is a table the data source's catalog does not list`;
  const view = tables.map((table) => unresolvedView(table, side.catalog ?? [])).find((found) => found !== undefined);
  return view ? `its columns' marks are not known: ${view}` : undefined;
}
