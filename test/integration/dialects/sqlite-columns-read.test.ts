/**
 * SQLite's own account of what a side's SQL reads, from a dry prepare against a real file: views as
 * the columns under them, `*` and CTE column lists as every column, a filter's reads apart from its
 * query's, and what SQLite will not compile (or its authorizer denies) as unproven. Nothing is run.
 */
import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteColumnsRead } from '../../../src/dialects/sqlite/columns-read.js';
import type { ColumnReads } from '../../../src/sql/column-reads.js';

let dir: string;
let file: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dc-columns-read-'));
  file = path.join(dir, 'shop.db');
  const db = new DatabaseSync(file);
  db.exec(`CREATE TABLE customers (id INTEGER PRIMARY KEY, email TEXT, card TEXT);
    CREATE TABLE orders (id INTEGER PRIMARY KEY, cid INTEGER, amount REAL);
    CREATE VIEW contacts AS SELECT id, hex(email) AS handle FROM customers;
    INSERT INTO customers VALUES (1, 'a@example.org', '4111111111111111')`);
  db.close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const columns = (found: ColumnReads | undefined): string[] | string =>
  !found ? 'none' : 'unproven' in found ? `unproven: ${found.unproven}` : found.read.map((read) => `${read.table}.${read.column}`).sort();

describe('sqliteColumnsRead', () => {
  it('reads views as the columns under them, and `*` behind a CTE column list as every column', () => {
    expect(columns(sqliteColumnsRead(file, { query: 'SELECT id, handle FROM contacts' }).query)).toEqual(['contacts.handle', 'contacts.id', 'customers.email', 'customers.id']);
    expect(columns(sqliteColumnsRead(file, { query: 'WITH s(a, b, c) AS (SELECT DISTINCT * FROM customers) SELECT a FROM s' }).query)).toEqual(['customers.card', 'customers.email', 'customers.id']);
    expect(columns(sqliteColumnsRead(file, { query: 'SELECT count(*) AS n FROM customers' }).query)).toEqual([]);
  });

  it('reads a filter where the engine places it, apart from what its query reads', () => {
    const onTable = sqliteColumnsRead(file, { dataset: 'orders', filter: "amount > 1 AND cid IN (SELECT id FROM customers WHERE card LIKE '4%')" });
    expect(columns(onTable.filter)).toEqual(['customers.card', 'customers.id', 'orders.amount', 'orders.cid']);
    const onQuery = sqliteColumnsRead(file, { query: 'SELECT o.id, o.amount FROM orders o', filter: 'b.amount > 1' });
    expect(columns(onQuery.query)).toEqual(['orders.amount', 'orders.id']);
    expect(columns(onQuery.filter)).toEqual([]);
  });

  it('leaves what SQLite will not compile, or its authorizer denies, unproven', () => {
    expect(columns(sqliteColumnsRead(file, { query: 'SELECT id FROM customers WHERE emial IS NULL' }).query)).toBe('unproven: SQLite does not compile it (no such column: emial)');
    expect(columns(sqliteColumnsRead(file, { query: "SELECT load_extension('x') AS x" }).query)).toMatch(/^unproven: SQLite does not compile it \(.*not authorized/);
    expect(columns(sqliteColumnsRead(path.join(dir, 'missing.db'), { filter: 'id > 1', dataset: 'orders' }).filter)).toBe('unproven: its SQLite file could not be opened to ask SQLite what it reads');
  });
});
