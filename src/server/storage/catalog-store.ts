/**
 * Catalog scans on the store: the last scan of each data source (its counts, its tables as one JSON
 * text read page by page, and the functions the database defines itself), and every table it found
 * registered as a dataset of the source, so a comparison can name it by id and `dataset_count` counts
 * what is really there.
 */
import { randomUUID } from 'node:crypto';
import type { CatalogRoutine, CatalogScan, CatalogTable } from '../../catalog/scan.js';
import type { SqlDb, SqlParam } from './sql-db.js';

/** Rows per multi-row INSERT (5 parameters each: far under SQLite's and PostgreSQL's limits). */
const BATCH = 500;

export class CatalogStore {
  constructor(private readonly db: SqlDb) {}

  /** Replaces the source's last scan and registers its tables as datasets (in one transaction). */
  async save(workspaceId: string, datasourceId: string, scan: CatalogScan, now: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM datasource_scans WHERE datasource_id = ?', [datasourceId]);
      await tx.run(
        `INSERT INTO datasource_scans (datasource_id, status, message, dataset_count, column_count, sensitive_column_count, started_at, duration_ms, tables, routines)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          datasourceId,
          scan.status,
          scan.message,
          scan.datasetCount,
          scan.columnCount,
          scan.sensitiveColumnCount,
          scan.startedAt,
          Math.round(scan.durationMs),
          JSON.stringify(scan.tables),
          scan.routines === null ? null : JSON.stringify(scan.routines),
        ],
      );
      for (let start = 0; start < scan.tables.length; start += BATCH) {
        const slice = scan.tables.slice(start, start + BATCH);
        const params: SqlParam[] = slice.flatMap((table) => [randomUUID(), workspaceId, datasourceId, table.name, now]);
        await tx.run(
          `INSERT INTO datasets (id, workspace_id, datasource_id, name, created_at) VALUES ${slice.map(() => '(?, ?, ?, ?, ?)').join(', ')}
           ON CONFLICT (datasource_id, name) DO NOTHING`,
          params,
        );
      }
    });
  }

  /** The tables of the source's last scan (undefined when never scanned), optionally only those with sensitive columns. */
  async tables(datasourceId: string, options: { sensitiveOnly?: boolean; filter?: string } = {}): Promise<CatalogTable[] | undefined> {
    const rows = await this.db.all<{ tables: string }>('SELECT tables FROM datasource_scans WHERE datasource_id = ?', [datasourceId]);
    if (!rows[0]) return undefined;
    let tables = JSON.parse(rows[0].tables) as CatalogTable[];
    if (options.sensitiveOnly) tables = tables.filter((table) => table.columns.some((column) => column.sensitive));
    const filter = options.filter?.toLowerCase();
    if (filter) tables = tables.filter((table) => table.name.toLowerCase().includes(filter));
    return tables;
  }

  /**
   * The functions the source's last scan found the database defining itself: undefined when never
   * scanned, null when that scan did not list them (made before scans listed them, or cut short).
   */
  async routines(datasourceId: string): Promise<CatalogRoutine[] | null | undefined> {
    const rows = await this.db.all<{ routines: string | null }>('SELECT routines FROM datasource_scans WHERE datasource_id = ?', [datasourceId]);
    if (!rows[0]) return undefined;
    return rows[0].routines === null ? null : (JSON.parse(rows[0].routines) as CatalogRoutine[]);
  }
}
