// The naive download for bench/held-out.js, as a user would write it in twenty lines: stream both
// tables ordered by key (PostgreSQL through a cursor, MariaDB through mysql2's row stream), each row's
// values as one canonical text made in SQL, merged in Node. Prints the counts as JSON.
// node bench/held-out-naive.js POSTGRES_URL MYSQL_URL PG_TABLE MYSQL_TABLE '[{"name":"depot","text":true},{"name":"seq"}]'
import pg from 'pg';
import mysql from 'mysql2';

const [postgresUrl, mysqlUrl, pgTable, myTable, keysJson] = process.argv.slice(2);
const keys = JSON.parse(keysJson);
const NULL = `'\\N'`;
const pgRow = `concat_ws('|', sku, qty::text, weight::text, to_char(shipped_on, 'YYYY-MM-DD'), coalesce(note, ${NULL}), priority::text)`;
const myRow = `concat_ws('|', sku, cast(qty as char), cast(weight as char), date_format(shipped_on, '%Y-%m-%d'), coalesce(note, '\\\\N'), cast(priority as char))`;
const pgOrder = keys.map((key) => (key.text ? `${key.name} collate "C"` : key.name)).join(', ');
const myOrder = keys.map((key) => (key.text ? `${key.name} collate utf8mb4_bin` : key.name)).join(', ');
const names = keys.map((key) => key.name).join(', ');

async function* postgresRows() {
  const client = new pg.Client({ connectionString: postgresUrl, types: { getTypeParser: () => (value) => value } });
  await client.connect();
  try {
    await client.query('begin');
    await client.query(`declare naive no scroll cursor for select ${names}, ${pgRow} from ${pgTable} order by ${pgOrder}`);
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
    const sql = `select ${names}, ${myRow} from ${myTable} order by ${myOrder}`;
    yield* connection.query({ sql, rowsAsArray: true }).stream({ highWaterMark: 10_000 });
  } finally {
    await connection.promise().end();
  }
}

const compareKeys = (a, b) => {
  for (let i = 0; i < keys.length; i++) {
    const order = keys[i].text ? (a[i] < b[i] ? -1 : a[i] > b[i] ? 1 : 0) : Number(a[i]) - Number(b[i]);
    if (order !== 0) return order;
  }
  return 0;
};
const value = keys.length;
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
    if (s.value[value] !== t.value[value]) found.changed++;
    [s, t] = await Promise.all([source.next(), target.next()]);
  }
}
console.log(JSON.stringify(found));
