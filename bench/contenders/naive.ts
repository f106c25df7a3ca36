/**
 * The baseline: stream both tables ordered by key (PostgreSQL through a server-side cursor, MariaDB
 * through mysql2's row stream), merge in Node and compare the normalised values. String keys are
 * ordered by bytes on both sides (`collate "C"` / `utf8mb4_bin`) so the merge sees one order.
 */
import { mysqlStreamingConnection, postgresClient } from './connections.js';
import type { Contender } from './types.js';

type Row = unknown[];

function normalise(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value);
  if (text === 't') return '1';
  if (text === 'f') return '0';
  const timestamp = /^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/.exec(text);
  if (timestamp) return `${timestamp[1]}.${(timestamp[2] ?? '').padEnd(6, '0')}`;
  return text;
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
  const columns = [scenario.key, ...scenario.columns].join(', ');
  const sourceCount = { rows: 0 };
  const targetCount = { rows: 0 };
  const source = postgresRows(postgresUrl, `select ${columns} from ${scenario.source} order by ${scenario.key}${stringKey ? ' collate "C"' : ''}`, sourceCount);
  const target = mysqlRows(mysqlUrl, `select ${columns} from ${scenario.target} order by ${scenario.key}${stringKey ? ' collate utf8mb4_bin' : ''}`, targetCount);
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
      const a = s.value;
      const b = t.value;
      for (let i = 1; i < a.length; i++) {
        if (normalise(a[i]) !== normalise(b[i])) {
          found.changed++;
          break;
        }
      }
      [s, t] = await Promise.all([source.next(), target.next()]);
    }
  }
  return { rows: { source: sourceCount.rows, target: targetCount.rows }, found };
};
