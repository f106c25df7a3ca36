/**
 * Writing test data: the engine's own connections are read-only by construction, so tests build and
 * drop their tables through a plain driver connection of their own (several statements allowed).
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { DatabaseSync } from 'node:sqlite';
import type { ConnectionConfig } from '../../src/engine/model.js';

/** Runs `statements` one after the other on the data source `config` points at, then disconnects. */
export async function adminRun(config: ConnectionConfig, statements: readonly string[]): Promise<void> {
  switch (config.type) {
    case 'postgres': {
      const client = new pg.Client({ connectionString: config.url });
      await client.connect();
      try {
        for (const sql of statements) await client.query(sql);
      } finally {
        await client.end();
      }
      return;
    }
    case 'mysql': {
      const connection = await mysql.createConnection({ uri: config.url });
      try {
        for (const sql of statements) await connection.query(sql);
      } finally {
        await connection.end();
      }
      return;
    }
    case 'sqlite': {
      const db = new DatabaseSync(config.path);
      try {
        for (const sql of statements) db.exec(sql);
      } finally {
        db.close();
      }
      return;
    }
    default:
      throw new Error(`adminRun: no writer for ${config.type} data sources`);
  }
}
