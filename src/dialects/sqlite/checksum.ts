/** SQLite's checksum-diff hooks: no row statistics without ANALYZE, so no estimate (count(*) is used). */
import type { ChecksumHooks } from '../types.js';

export const sqliteChecksumHooks: ChecksumHooks = {
  estimatedRowsQuery: () => undefined,
};
