/**
 * MySQL/MariaDB's checksum-diff hooks: InnoDB's row estimate of a table (information_schema, no
 * scan), two key-range slices per checksum scan (one query runs on one core), and where GROUP_CONCAT
 * would cut a bucket's row texts.
 */
import { splitQualifiedName } from '../../sql/compiler.js';
import type { ChecksumHooks } from '../types.js';

export const mysqlChecksumHooks: ChecksumHooks = {
  parallelScans: 2,
  orderedTextCapQuery: 'SELECT LEAST(@@session.group_concat_max_len, @@session.max_allowed_packet) AS cap',
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
