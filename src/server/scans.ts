/** Catalog scans of a stored data source: what a scan changes on the source, and a scan run on demand. */
import type { CatalogScan } from '../catalog/scan.js';
import type { ServerServices } from './services.js';
import type { DatasourceRecord } from './storage/store.js';

/** A scan's connection facts onto the data source: reachable (a version was read) or not. */
export function applyScan(record: DatasourceRecord, scan: CatalogScan): void {
  record.status = scan.databaseVersion !== null ? 'connected' : 'unreachable';
  record.database_version = scan.databaseVersion ?? record.database_version;
  record.last_scanned_at = scan.status === 'failed' ? record.last_scanned_at : scan.startedAt;
}

/** Scans a stored data source now, in one of its workspace's connection places, and keeps the result (status, version, counts, catalog). */
export async function rescan(services: ServerServices, record: DatasourceRecord, timeLimitMs: number): Promise<CatalogScan> {
  const scan = (await services.connecting(record.workspace_id, (tenant) => tenant.scan(record, timeLimitMs)))!;
  applyScan(record, scan);
  await services.store.updateDatasourceStatus(record);
  await services.store.catalogs.save(record.workspace_id, record.id, scan, services.now().toISOString());
  return scan;
}
