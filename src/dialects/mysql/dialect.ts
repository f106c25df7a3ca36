/**
 * MySQL and MariaDB through `mysql2` (tested with MariaDB 10.11.19; MySQL 8 uses the same SQL). A pool
 * per data source; sessions in UTC (`time_zone = '+00:00'`); reads stream with `.stream()`; an
 * aborted query is stopped with `KILL QUERY <thread id>` from a separate connection.
 */
import type { Dialect } from '../types.js';
import { MYSQL_CATALOG_QUERY, MYSQL_VIEWS_QUERY, mysqlRoutinesQuery } from './catalog.js';
import { mysqlCompiler } from './compiler.js';
import { MysqlConnection } from './connection.js';
import { mysqlColumnType } from './type-names.js';


export const mysqlDialect: Dialect = {
  name: 'mysql',
  compiler: mysqlCompiler,
  typeOf: mysqlColumnType,
  catalogQuery: MYSQL_CATALOG_QUERY,
  routinesQuery: mysqlRoutinesQuery,
  viewsQuery: MYSQL_VIEWS_QUERY,
  connect(config, options) {
    if (config.type !== 'mysql') throw new TypeError(`mysql dialect given a ${config.type} connection`);
    return new MysqlConnection(config.url, options, config);
  },
};
