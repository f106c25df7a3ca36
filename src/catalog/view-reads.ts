/**
 * A view read as what is under it (its body, view-bodies.ts), down to tables through views of views:
 *
 * - a statement reading a view (a column of it, `*`, or a whole row) reads every column its body reads,
 *   its WHERE and joins included (`throughViews`), so no view hides a sensitive column from the
 *   masking of keys without read:sensitive, whatever the view calls its columns;
 * - a view's column is marked sensitive when a column it is computed from is (`markViewColumns`): by
 *   its definition where that shows it, else by every column the body reads; so a view compared as a
 *   dataset masks what it derives from an e-mail, as the table's own column is masked.
 *
 * A view without a body, or whose body is unproven, is unproven to read through, and none of its
 * columns can be marked from below: `unresolvedView` names it for the masking of datasets.
 */
import { withName } from './names.js';
import type { BodyColumn, CatalogTable } from './types.js';

/** A column read by a statement (the shape of src/sql's ColumnRead). */
interface Read {
  table: string;
  column: string;
  via: string;
}

/**
 * The reads with each read of a view's column followed by every column that view's body reads (and
 * theirs, for views of views), each `via` the view the statement named; unproven when a view read has
 * no proven body. Reads of tables, and of columns the catalog does not list, pass unchanged.
 */
export function throughViews(reads: readonly Read[], catalog: readonly CatalogTable[]): { read: Read[] } | { unproven: string } {
  const found = new Map(reads.map((read) => [key(read), read]));
  for (const read of reads) {
    for (const view of viewsNamed(catalog, read.table)) {
      const below = bodyReads(view, catalog);
      if ('unproven' in below) return below;
      const via = `the view \`${view.name}\``;
      for (const column of below.reads) if (!found.has(key(column))) found.set(key(column), { table: column.table, column: column.column, via });
    }
  }
  return { read: [...found.values()] };
}

/**
 * Every column under a view (those of the views its body reads, and theirs), each once; unproven for
 * a view without a proven body, here or below.
 */
function bodyReads(view: CatalogTable, catalog: readonly CatalogTable[], expanded = new Set<string>()): { reads: BodyColumn[] } | { unproven: string } {
  const body = view.body;
  if (!body) return { unproven: `it reads \`${view.name}\`, a view whose body the data source's last scan did not resolve (scan it again: POST /sources/{id}/scan, or Scan now on its page)` };
  if ('unproven' in body) return { unproven: `it reads \`${view.name}\`, a view: ${body.unproven}` };
  expanded.add(view.name);
  const reads: BodyColumn[] = [];
  for (const column of body.reads) {
    reads.push(column);
    for (const inner of viewsNamed(catalog, column.table)) {
      if (expanded.has(inner.name)) continue;
      const below = bodyReads(inner, catalog, expanded);
      if ('unproven' in below) return { unproven: `it reads \`${view.name}\`, over ${below.unproven.replace(/^it reads /, '')}` };
      reads.push(...below.reads);
    }
  }
  return { reads };
}

/**
 * Marks each column of each view with a proven body as sensitive when a column it is computed from is
 * (a view's column below, marked first). A column already marked keeps its own mark.
 */
export function markViewColumns(tables: readonly CatalogTable[]): void {
  const done = new Set<string>();
  const mark = (view: CatalogTable, visiting: Set<string>): void => {
    const body = view.body;
    if (done.has(view.name) || visiting.has(view.name) || !body || 'unproven' in body) return;
    visiting.add(view.name);
    for (const column of body.reads) for (const inner of viewsNamed(tables, column.table)) mark(inner, visiting);
    view.columns.forEach((column, i) => {
      if (column.sensitive) return;
      const sources = body.lineage?.[i] ?? body.reads;
      for (const source of sources) {
        const marked = withName(tables, source.table)
          .flatMap((table) => withName(table.columns, source.column))
          .find((candidate) => candidate.sensitive)?.sensitive;
        if (!marked) continue;
        const how = body.lineage ? 'computed from' : 'in a view that reads';
        column.sensitive = { kind: marked.kind, confidence: marked.confidence, reason: `${how} \`${source.table}.${source.column}\` (${marked.kind})` };
        return;
      }
    });
    visiting.delete(view.name);
    done.add(view.name);
  };
  for (const table of tables) if (table.kind === 'view') mark(table, new Set());
}

/** Why a view's columns cannot be marked from what is under it (no body, or an unproven one, here or below); undefined for a table. */
export function unresolvedView(table: CatalogTable, catalog: readonly CatalogTable[]): string | undefined {
  if (table.kind !== 'view') return undefined;
  const below = bodyReads(table, catalog);
  return 'unproven' in below ? below.unproven : undefined;
}

/** A column by its exact names: `T.v` and `t.v` are two columns wherever the database tells them apart. */
function key(column: BodyColumn): string {
  return `${column.table}\u0000${column.column}`;
}

/** The views of the catalog a read's table name denotes (withName). */
function viewsNamed(catalog: readonly CatalogTable[], name: string): CatalogTable[] {
  return withName(catalog, name).filter((table) => table.kind === 'view');
}
