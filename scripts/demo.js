// `npm run demo`: builds the demo shop database (examples/demo/shop.db) and runs
//   datacompare run --spec examples/demo/data-comparisons.yml
// printing the report a newcomer would see. A mismatch is the point of the demo, so it exits 0.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildShop, STORY } from '../examples/demo/build-shop.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const spec = 'examples/demo/data-comparisons.yml';
const json = path.join(mkdtempSync(path.join(tmpdir(), 'datacompare-demo-')), 'result.json');

buildShop(path.join(root, 'examples/demo/shop.db'));
console.log(`Built examples/demo/shop.db: a shop with legacy_* tables and their migrated copies (300 orders, 40 customers).
The migration changed the price of order ${STORY.changedPriceOrder}, lost order ${STORY.missingOrder}, copied order ${STORY.duplicatedOrder} twice,
and re-cased the name of customer ${STORY.caseOnlyCustomer}. Let's see what datacompare finds.

$ datacompare run --spec ${spec}
`);

const cli = spawnSync(process.execPath, ['bin/datacompare.js', 'run', '--spec', spec, '--mode', 'local', '--json', json], {
  cwd: root,
  stdio: 'inherit',
});
if (cli.error) throw cli.error;
if (cli.status === 2) {
  console.error('\nThe demo failed with an error (exit status 2); see above.');
  process.exit(2);
}
const result = JSON.parse(readFileSync(json, 'utf8'));
const byName = Object.fromEntries(result.comparisons.map((c) => [c.name, c.status]));
console.log(`
datacompare exited with status ${cli.status} (${cli.status === 1 ? 'a difference was found' : 'everything matched'}): in CI the exit status would be ${cli.status} and ${cli.status === 1 ? 'the build would fail' : 'the build would pass'}.
  customers:        ${byName.customers} (the re-cased name is not a difference: case_sensitive is false by default)
  orders:           ${byName.orders} (the changed price, the missing order and the duplicated key)
  orders-row-count: ${byName['orders-row-count']} (counts alone miss both the lost and the duplicated order: 300 = 300)
The full result is in ${json}. The demo itself exits 0.`);
