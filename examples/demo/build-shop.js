// Builds the demo shop database: a "legacy" copy of a small shop and the "migrated" copy a
// migration produced, with the kind of differences a migration really introduces. Deterministic
// (no randomness), so the demo's result is the same on every machine and a test pins it.
import { rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';

const FIRST = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Margaret', 'Ken', 'Frances', 'Niklaus'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Hamilton', 'Thompson', 'Allen', 'Wirth'];
const COUNTRIES = ['GB', 'US', 'NL', 'CH', 'DE'];
const STATUSES = ['paid', 'shipped', 'delivered', 'refunded'];

/** The differences the migration introduced, told in the demo's output. */
export const STORY = {
  changedPriceOrder: 42, // total 19.99 → 21.99 (a currency-rounding bug in the migration)
  missingOrder: 137, // never copied
  duplicatedOrder: 256, // copied twice (the migrated table has no primary key constraint)
  caseOnlyCustomer: 7, // name re-cased by the new system: ignored, string comparison is case-insensitive by default
};

export function customers() {
  return Array.from({ length: 40 }, (_, i) => {
    const id = i + 1;
    const name = `${FIRST[i % 10]} ${LAST[(i * 3) % 10]}`;
    return { id, name, email: `${name.toLowerCase().replace(' ', '.')}@example.com`, country: COUNTRIES[i % 5] };
  });
}

export function orders() {
  return Array.from({ length: 300 }, (_, i) => {
    const id = i + 1;
    const cents = id === STORY.changedPriceOrder ? 1999 : ((id * 1373) % 19000) + 500;
    const hours = id * 7;
    const at = new Date(Date.UTC(2024, 0, 1) + hours * 3_600_000).toISOString().replace('T', ' ').slice(0, 19);
    return { id, customer_id: ((id * 7) % 40) + 1, total: (cents / 100).toFixed(2), status: STATUSES[id % 4], ordered_at: at };
  });
}

/** Creates (or replaces) the demo database at `file`. */
export function buildShop(file) {
  rmSync(file, { force: true });
  const db = new DatabaseSync(file);
  try {
    db.exec(`
      CREATE TABLE legacy_customers (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL, email VARCHAR(120), country CHAR(2));
      CREATE TABLE customers (id INTEGER PRIMARY KEY, name VARCHAR(80) NOT NULL, email VARCHAR(120), country CHAR(2));
      CREATE TABLE legacy_orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL, total DECIMAL(10,2) NOT NULL, status VARCHAR(20), ordered_at TIMESTAMP);
      CREATE TABLE orders (id INTEGER, customer_id INTEGER NOT NULL, total DECIMAL(10,2) NOT NULL, status VARCHAR(20), ordered_at TIMESTAMP);
    `);
    const insertCustomer = (table) => db.prepare(`INSERT INTO ${table} (id, name, email, country) VALUES (?, ?, ?, ?)`);
    const legacyCustomer = insertCustomer('legacy_customers');
    const migratedCustomer = insertCustomer('customers');
    for (const c of customers()) {
      legacyCustomer.run(c.id, c.name, c.email, c.country);
      migratedCustomer.run(c.id, c.id === STORY.caseOnlyCustomer ? c.name.toUpperCase() : c.name, c.email, c.country);
    }
    const insertOrder = (table) => db.prepare(`INSERT INTO ${table} (id, customer_id, total, status, ordered_at) VALUES (?, ?, ?, ?, ?)`);
    const legacyOrder = insertOrder('legacy_orders');
    const migratedOrder = insertOrder('orders');
    for (const o of orders()) {
      legacyOrder.run(o.id, o.customer_id, o.total, o.status, o.ordered_at);
      if (o.id === STORY.missingOrder) continue;
      const total = o.id === STORY.changedPriceOrder ? '21.99' : o.total;
      migratedOrder.run(o.id, o.customer_id, total, o.status, o.ordered_at);
      if (o.id === STORY.duplicatedOrder) migratedOrder.run(o.id, o.customer_id, total, o.status, o.ordered_at);
    }
  } finally {
    db.close();
  }
}
