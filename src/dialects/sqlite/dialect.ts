/**
 * SQLite through Node's built-in `node:sqlite` (no native addon): `path` is a file or `:memory:`.
 * One DatabaseSync per data source (SQLite has no server to pool against); reads stream with
 * `iterate()` and stop between rows when the AbortSignal fires.
 */
import { columnTypeOf } from '../../sql/type-family.js';
import type { Dialect } from '../types.js';
import { SQLITE_CATALOG_QUERY } from './catalog.js';
import { sqliteCompiler } from './compiler.js';
import { SqliteConnection } from './connection.js';

export const sqliteDialect: Dialect = {
  name: 'sqlite',
  compiler: sqliteCompiler,
  typeOf: (name, typeName) => columnTypeOf(name, typeName),
  catalogQuery: SQLITE_CATALOG_QUERY,
  connect(config, options) {
    if (config.type !== 'sqlite') throw new TypeError(`sqlite dialect given a ${config.type} connection`);
    return new SqliteConnection(config.path, options);
  },
  async columnsRead(config, side) {
    if (config.type !== 'sqlite') throw new TypeError(`sqlite dialect given a ${config.type} connection`);
    return (await import('./columns-read.js')).sqliteColumnsRead(config.path, side);
  },
};
