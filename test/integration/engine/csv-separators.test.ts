/**
 * CSV numbers written with a thousands separator or a decimal comma: `thousands` and
 * `decimal_separator` read them as numbers, and without those options the file error is one sentence
 * naming the file, the line and the option to set (not DuckDB's 900-character dump).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runComparison } from '../../../src/engine/index.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { parseSpec } from '../../../src/spec/load.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-csv-separators-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, 'us.csv'), 'id,amount\n1,"1,234.50"\n2,"12,000.00"\n3,7.25\n');
writeFileSync(path.join(dir, 'eu.csv'), 'id;amount\n1;1.234,50\n2;12.000,00\n3;7,25\n');

function comparison(us: string, eu: string) {
  const { definitions } = parseSpec(
    `version: 1
datasources:
  us: { type: csv, path: us.csv${us} }
  eu: { type: csv, path: eu.csv, delimiter: ";"${eu} }
comparisons:
  - { name: amounts, primary_keys: [id], source: { datasource: us }, target: { datasource: eu } }
`,
    { file: 'spec.yml', cwd: dir, env: {} },
  );
  return definitions[0]!;
}

describe('CSV numbers with separators', () => {
  it('reads "1,234.50" with thousands: "," and "1.234,50" with thousands: "." and decimal_separator: "," as the same numbers', async () => {
    const result = await runComparison(
      comparison(', thousands: ",", column_types: { amount: "DECIMAL(12,2)" }', ', thousands: ".", decimal_separator: ",", column_types: { amount: "DECIMAL(12,2)" }'),
      { logger: silentLogger },
    );
    expect(result.error).toBeUndefined();
    expect(result.status).toBe('match');
    expect(result.stats?.matched_rows).toBe(3);
  });

  it('without the option, says in one sentence which file and line, and which option to set', async () => {
    const result = await runComparison(comparison(', column_types: { amount: "DECIMAL(12,2)" }', ', thousands: ".", decimal_separator: ","'), { logger: silentLogger });
    expect(result.status).toBe('error');
    expect(result.error).toEqual({
      kind: 'configuration',
      message: `CSV file ${path.join(dir, 'us.csv')}, line 2: "1,234.50" in column amount is not a DECIMAL: it has "," as a thousands separator.`,
      hint: 'set thousands: "," on data source "us"',
    });
  });

  it('names decimal_separator too for a decimal comma', async () => {
    const result = await runComparison(comparison(', thousands: ","', ', column_types: { amount: "DECIMAL(12,2)" }'), { logger: silentLogger });
    expect(result.error?.message).toBe(`CSV file ${path.join(dir, 'eu.csv')}, line 2: "1.234,50" in column amount is not a DECIMAL: it has "." as a thousands separator.`);
    expect(result.error?.hint).toBe('set thousands: "." and decimal_separator: "," on data source "eu"');
  });
});
