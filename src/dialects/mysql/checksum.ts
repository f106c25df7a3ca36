/**
 * MySQL/MariaDB's checksum-diff hooks: InnoDB's row estimate of a table (information_schema, no
 * scan) and two key-range slices per checksum scan (one query runs on one core). Where GROUP_CONCAT
 * would cut a bucket's row texts, the connection says (`textAggregateCap`).
 */
import { splitQualifiedName } from '../../sql/compiler.js';
import type { ChecksumHooks } from '../types.js';

export const mysqlChecksumHooks: ChecksumHooks = {
  parallelScans: 2,
  estimatedRowsQuery: (table) => {
    const parts = splitQualifiedName(table);
    const name = parts[parts.length - 1] ?? table;
    const schema = parts.length > 1 ? parts[parts.length - 2] : undefined;
    return {
      sql: 'SELECT table_rows AS estimate FROM information_schema.tables WHERE table_schema = COALESCE(?, DATABASE()) AND table_name = ?',
      params: [schema ?? null, name],
    };
  },
};
