/** What route handlers are given (built once in app.ts, the composition root). */
import type { CatalogScan } from '../catalog/scan.js';
import type { Logger } from '../shared/logger.js';
import type { JobService } from './jobs/job-service.js';
import type { SecretBox } from './secret-box.js';
import type { SourcePolicy } from './connections.js';
import type { DatasourceRecord, Store } from './storage/store.js';

export interface ServerServices {
  store: Store;
  jobs: JobService;
  box: SecretBox;
  /** What data sources may connect to and open. */
  sources: SourcePolicy;
  logger: Logger;
  now: () => Date;
  /** Scans a data source's catalog (undefined: scanning is off, as in tests that have no real source). */
  scan(source: DatasourceRecord, timeLimitMs?: number): Promise<CatalogScan | undefined>;
  /** Why a new data source is refused for a role that can do more than read; null when it only reads or the operator allows it. */
  privilegedRefusal(source: DatasourceRecord): Promise<string | null>;
}
