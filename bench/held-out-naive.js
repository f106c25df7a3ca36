// The naive download for bench/held-out.js, as a user would write it in twenty lines: stream both
// tables ordered by key (PostgreSQL through a cursor, MariaDB through mysql2's row stream), each row's
// values as one canonical text made in SQL, merged in Node. Prints the counts as JSON.
// node bench/held-out-naive.js POSTGRES_URL MYSQL_URL
import pg from 'pg';
import mysql from 'mysql2';

const [postgresUrl, mysqlUrl] = process.argv.slice(2);
const NULL = `'\\N'`;
const pgRow = `concat_ws('|', sku, qty::text, weight::text, to_char(shipped_on, 'YYYY-MM-DD'), coalesce(note, ${NULL}), priority::text)`;
const myRow = `concat_ws('|', sku, cast(qty as char), cast(weight as char), date_format(shipped_on, '%Y-%m-%d'), coalesce(note, '\\\\N'), cast(priority as char))`;

async function* postgresRows() {
  const client = new pg.Client({ connectionString: postgresUrl, types: { getTypeParser: () => (value) => value } });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`declare naive no scroll cursor for select depot, seq, ${pgRow} from dc_heldout.shipments order by depot collate "C", seq`);
    for (;;) {
      const batch = await client.query({ text: 'fetch 10000 from naive', rowMode: 'array' });
      if (batch.rows.length === 0) break;
      yield* batch.rows;
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

async function* mysqlRows() {
  const connection = mysql.createConnection({ uri: mysqlUrl, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  try {
    const sql = `select depot, seq, ${myRow} from dc_heldout_shipments order by depot collate utf8mb4_bin, seq`;
    yield* connection.query({ sql, rowsAsArray: true }).stream({ highWaterMark: 10_000 });
  } finally {
    await connection.promise().end();
  }
}

const compareKeys = (a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : Number(a[1]) - Number(b[1]));
const found = { changed: 0, onlyInSource: 0, onlyInTarget: 0 };
const source = postgresRows();
const target = mysqlRows();
let [s, t] = await Promise.all([source.next(), target.next()]);
while (!s.done || !t.done) {
  const order = s.done ? 1 : t.done ? -1 : compareKeys(s.value, t.value);
  if (order < 0) {
    found.onlyInSource++;
    s = await source.next();
  } else if (order > 0) {
    found.onlyInTarget++;
    t = await target.next();
  } else {
    if (s.value[2] !== t.value[2]) found.changed++;
    [s, t] = await Promise.all([source.next(), target.next()]);
  }
}
console.log(JSON.stringify(found));
