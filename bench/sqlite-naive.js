// The naive baseline of the SQLite scenario (bench/sqlite-same-file.ts): node:sqlite reads both
// tables ordered by key and merges them, comparing the raw values. Usage: node sqlite-naive.js FILE
import { DatabaseSync } from 'node:sqlite';

const db = new DatabaseSync(process.argv[2], { readOnly: true });
const a = db.prepare('SELECT id, name, amount, qty FROM source_rows ORDER BY id').iterate();
const b = db.prepare('SELECT id, name, amount, qty FROM target_rows ORDER BY id').iterate();
let x = a.next();
let y = b.next();
let differing = 0;
while (!x.done || !y.done) {
  if (y.done || (!x.done && x.value.id < y.value.id)) {
    differing += 1;
    x = a.next();
  } else if (x.done || y.value.id < x.value.id) {
    differing += 1;
    y = b.next();
  } else {
    if (x.value.name !== y.value.name || x.value.amount !== y.value.amount || x.value.qty !== y.value.qty) differing += 1;
    x = a.next();
    y = b.next();
  }
}
db.close();
console.log(JSON.stringify({ differing }));
