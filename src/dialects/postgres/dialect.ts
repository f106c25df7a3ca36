/**
 * PostgreSQL through `pg` (tested with PostgreSQL 15.20). A Pool per data source; sessions in UTC;
 * reads stream through a portal of the extended protocol in batches of at most 4 MiB (fetch-cursor.ts);
 * an aborted query is cancelled on the server with pg_cancel_backend from a separate connection.
 */
import { columnTypeOf } from '../../sql/type-family.js';
import { POSTGRES_SINGLE_FLOAT } from './type-names.js';
import type { Dialect } from '../types.js';
import { POSTGRES_CATALOG_QUERY, POSTGRES_VIEWS_QUERY, postgresRoutinesQuery } from './catalog.js';
import { postgresCompiler } from './compiler.js';
import { PostgresConnection } from './connection.js';

export const postgresDialect: Dialect = {
  name: 'postgres',
  compiler: postgresCompiler,
  typeOf: (name, typeName) => columnTypeOf(name, typeName, [], POSTGRES_SINGLE_FLOAT),
  catalogQuery: POSTGRES_CATALOG_QUERY,
  routinesQuery: postgresRoutinesQuery,
  viewsQuery: POSTGRES_VIEWS_QUERY,
  connect(config, options) {
    if (config.type !== 'postgres') throw new TypeError(`postgres dialect given a ${config.type} connection`);
    return new PostgresConnection(config.url, options, config);
  },
};
