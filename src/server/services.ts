/** What route handlers are given (built once in app.ts, the composition root). */
import type { CatalogScan } from '../catalog/scan.js';
import type { Logger } from '../shared/logger.js';
import type { JobService } from './jobs/job-service.js';
import type { SecretBox } from './secret-box.js';
import type { SourcePolicy } from './connections.js';
import type { SourceRefusedError } from './source-privileges.js';
import type { StreamSlots } from './stream-slots.js';
import type { StreamLimits } from './streamed-response.js';
import type { DatasourceRecord, Store } from './storage/store.js';

export interface ServerServices {
  store: Store;
  jobs: JobService;
  box: SecretBox;
  /** What data sources may connect to and open. */
  sources: SourcePolicy;
  logger: Logger;
  now: () => Date;
  /** How long a streamed response (diff details, downloads) may wait on its client, and take in all. */
  streamLimits: StreamLimits;
  /** How many streamed responses may be sent at once, per key and in all. */
  streams: StreamSlots;
  /**
   * Runs `work` in one of the workspace's connection places (workspace-slots.ts: 429 when they are all
   * taken, before any name is looked up). Only there can a request look a tenant's host up or connect to
   * its database: `tenant` is how.
   */
  connecting<T>(workspaceId: string, work: (tenant: TenantConnections) => Promise<T>): Promise<T>;
}

/** What a request may do with a tenant's data source, inside one of the workspace's connection places. */
export interface TenantConnections {
  /** Vets its connection as a job would make it (variable, file, URL parameters; its host looked up and checked). */
  vet(source: DatasourceRecord): Promise<void>;
  /** Scans its catalog (undefined: scanning is off, as in tests that have no real source). */
  scan(source: DatasourceRecord, timeLimitMs?: number): Promise<CatalogScan | undefined>;
  /**
   * Why a new data source is refused: its role can read the service's store, or can do more than read
   * (unless the operator allows that); null otherwise, or when it cannot be reached yet (its scan says so).
   */
  refusal(source: DatasourceRecord): Promise<SourceRefusedError | null>;
}
