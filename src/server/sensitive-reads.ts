/**
 * Which sensitive columns a comparison's own SQL reads (its source/target query and filter): found
 * on PostgreSQL's parse tree (every column reference, inside any expression, and `*`), elsewhere by
 * every name the SQL mentions. A column is sensitive when the data source's catalog marks it or its
 * name says so. Renaming (`replace(email, '@', ' at ') AS contact`) hides a column from masking by
 * name, not from this: a key without `read:sensitive` may not create such a comparison, and sees the
 * results of one fully masked.
 */
import type { CatalogTable } from '../catalog/scan.js';
import { detectSensitive } from '../sensitive/detect.js';
import { checkUserSql } from '../sql/check-sql.js';
import { guardDialectOf, identifiersOf } from '../sql/guard.js';

export interface SensitiveRead {
  /** `source_query`, `target_filter`… */
  field: string;
  column: string;
  /** "marked e-mail by the catalog", "the name says email". */
  why: string;
}

export interface SideSql {
  side: 'source' | 'target';
  datasourceType: string;
  query?: unknown;
  filter?: unknown;
  /** The data source's last catalog scan (undefined: never scanned). */
  catalog: CatalogTable[] | undefined;
}

/** The sensitive columns each side's SQL reads (empty when it reads none, or has no SQL). */
export async function sensitiveReads(sides: readonly SideSql[]): Promise<SensitiveRead[]> {
  const found: SensitiveRead[] = [];
  for (const side of sides) {
    const dialect = guardDialectOf(side.datasourceType);
    if (!dialect) continue;
    const marked = new Map<string, string>();
    for (const table of side.catalog ?? []) {
      for (const column of table.columns) {
        if (column.sensitive && !marked.has(column.name.toLowerCase())) marked.set(column.name.toLowerCase(), `marked ${column.sensitive.kind} by the catalog (\`${table.name}\`)`);
      }
    }
    for (const what of ['query', 'filter'] as const) {
      const text = side[what];
      if (typeof text !== 'string' || text.trim() === '') continue;
      const field = `${side.side}_${what}`;
      let columns: string[];
      let star: boolean;
      let relations: string[] | undefined;
      const checked = dialect === 'postgres' ? await checkUserSql(text, dialect, what) : {};
      if ('reads' in checked && checked.reads) {
        ({ columns, star, relations } = checked.reads);
      } else {
        ({ names: columns, star } = identifiersOf(text, dialect));
      }
      for (const column of columns) {
        const why = marked.get(column) ?? nameSays(column);
        if (why) found.push({ field, column, why });
      }
      if (star) {
        const tables = (side.catalog ?? []).filter((table) => readsTable(table.name, relations ?? columns));
        const sensitive = tables.flatMap((table) => table.columns.filter((c) => c.sensitive).map((c) => c.name));
        if (!side.catalog) found.push({ field, column: '*', why: 'reads every column of a data source never scanned, so which are sensitive is unknown' });
        for (const column of new Set(sensitive)) found.push({ field, column, why: `read through \`*\`, ${marked.get(column.toLowerCase()) ?? 'marked by the catalog'}` });
      }
    }
  }
  return found;
}

function nameSays(column: string): string | undefined {
  const detection = detectSensitive(column);
  return detection.sensitive ? detection.reason : undefined;
}

/** Whether a catalog table (`crm.customers`) is among the names read (`customers`, `crm.customers`). */
function readsTable(table: string, names: readonly string[]): boolean {
  const lower = table.toLowerCase();
  const bare = lower.split('.').at(-1)!;
  return names.some((name) => name === lower || name === bare || name.endsWith(`.${bare}`));
}

/** The refusal for a key without read:sensitive. */
export function sensitiveReadsMessage(reads: readonly SensitiveRead[]): string {
  const listed = reads.slice(0, 5).map((read) => `${read.field} reads \`${read.column}\` (${read.why})`);
  return (
    `This comparison's SQL reads sensitive columns: ${listed.join('; ')}${reads.length > 5 ? `; and ${reads.length - 5} more` : ''}. ` +
    'A key without the scope read:sensitive may not read them through a query or filter, where a renamed or computed column would escape masking. ' +
    'Compare the table as a dataset (its sensitive columns are masked in results), leave those columns out of the query and filter, or use a key with read:sensitive.'
  );
}
