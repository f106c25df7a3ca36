/**
 * The baseline, the fastest version a competent user would write in twenty lines: stream both tables
 * ordered by key (PostgreSQL through a server-side cursor, MariaDB through mysql2's row stream), each
 * row's values cast to one canonical text IN SQL, and merge in Node comparing one string per row.
 * String keys are ordered by bytes on both sides (`collate "C"` / `utf8mb4_bin`) so the merge sees one
 * order.
 */
import { mysqlStreamingConnection, postgresClient } from './connections.js';
import type { Contender } from './types.js';

type Row = unknown[];

/**
 * Each value as the same canonical text on both engines, in SQL (what a competent user writes: no
 * per-value work in JavaScript): decimals as the database prints them, timestamps with 6 fraction
 * digits, booleans as 0/1, NULL as \N; the row's values joined into one string per row.
 */
const CANONICAL: Record<string, { postgres: (c: string) => string; mysql: (c: string) => string }> = {
  name: { postgres: (c) => `coalesce(${c}, '\\N')`, mysql: (c) => `coalesce(${c}, '\\\\N')` },
  amount: { postgres: (c) => `coalesce(${c}::text, '\\N')`, mysql: (c) => `coalesce(cast(${c} as char), '\\\\N')` },
  created_at: {
    postgres: (c) => `coalesce(to_char(${c}, 'YYYY-MM-DD HH24:MI:SS.US'), '\\N')`,
    mysql: (c) => `coalesce(date_format(${c}, '%Y-%m-%d %H:%i:%s.%f'), '\\\\N')`,
  },
  active: { postgres: (c) => `coalesce(${c}::int::text, '\\N')`, mysql: (c) => `coalesce(cast(${c} as char), '\\\\N')` },
};
// The mixed-shape table's columns: text as it is, the rest as above (seconds-only timestamps).
CANONICAL.digest = CANONICAL.name!;
CANONICAL.body = CANONICAL.name!;
CANONICAL.price = CANONICAL.amount!;
CANONICAL.flag = CANONICAL.active!;
CANONICAL.seen_at = {
  postgres: (c) => `coalesce(to_char(${c}, 'YYYY-MM-DD HH24:MI:SS'), '\\N')`,
  mysql: (c) => `coalesce(date_format(${c}, '%Y-%m-%d %H:%i:%s'), '\\\\N')`,
};

function rowText(engine: 'postgres' | 'mysql', columns: readonly string[]): string {
  return `concat_ws('|', ${columns.map((column) => CANONICAL[column]![engine](column)).join(', ')})`;
}

async function* postgresRows(url: string, sql: string, counter: { rows: number }): AsyncGenerator<Row> {
  const client = await postgresClient(url);
  try {
    await client.query('begin');
    await client.query(`declare naive no scroll cursor for ${sql}`);
    for (;;) {
      const batch = await client.query<Row>({ text: 'fetch 10000 from naive', rowMode: 'array' });
      if (batch.rows.length === 0) break;
      counter.rows += batch.rows.length;
      yield* batch.rows;
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

async function* mysqlRows(url: string, sql: string, counter: { rows: number }): AsyncGenerator<Row> {
  const connection = await mysqlStreamingConnection(url);
  try {
    const stream = connection.query({ sql, rowsAsArray: true }).stream({ highWaterMark: 10_000 });
    for await (const row of stream) {
      counter.rows++;
      yield row as Row;
    }
  } finally {
    await connection.promise().end();
  }
}

export const naiveMerge: Contender = async ({ scenario, postgresUrl, mysqlUrl }) => {
  const stringKey = scenario.key !== 'id';
  const sourceCount = { rows: 0 };
  const targetCount = { rows: 0 };
  const source = postgresRows(postgresUrl, `select ${scenario.key}, ${rowText('postgres', scenario.columns)} from ${scenario.source} order by ${scenario.key}${stringKey ? ' collate "C"' : ''}`, sourceCount);
  const target =
    scenario.targetEngine === 'postgres'
      ? postgresRows(postgresUrl, `select ${scenario.key}, ${rowText('postgres', scenario.columns)} from ${scenario.target} order by ${scenario.key}${stringKey ? ' collate "C"' : ''}`, targetCount)
      : mysqlRows(mysqlUrl, `select ${scenario.key}, ${rowText('mysql', scenario.columns)} from ${scenario.target} order by ${scenario.key}${stringKey ? ' collate utf8mb4_bin' : ''}`, targetCount);
  const keyOf = (row: Row): string | number => (stringKey ? String(row[0]) : Number(row[0]));
  const found = { changed: 0, onlyInSource: 0, onlyInTarget: 0 };
  let s = await source.next();
  let t = await target.next();
  while (!s.done || !t.done) {
    if (t.done || (!s.done && keyOf(s.value) < keyOf(t.value))) {
      found.onlyInSource++;
      s = await source.next();
    } else if (s.done || keyOf(t.value) < keyOf(s.value)) {
      found.onlyInTarget++;
      t = await target.next();
    } else {
      if (s.value[1] !== t.value[1]) found.changed++;
      [s, t] = await Promise.all([source.next(), target.next()]);
    }
  }
  return { rows: { source: sourceCount.rows, target: targetCount.rows }, found };
};
