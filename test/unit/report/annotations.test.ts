import { describe, expect, it } from 'vitest';
import { bigResult, loadResult } from '../../fixtures/results/load.js';
import { runAnnotations, specErrorAnnotations } from '../../../src/report/annotations.js';
import { SpecError } from '../../../src/shared/errors.js';
import type { RunResult } from '../../../src/engine/model.js';

const specFile = '.github/data-comparisons.yml';

describe('annotations', () => {
  it('put the tool error first, then the mismatch, then the difference within thresholds', () => {
    const run = loadResult('error');
    run.comparisons.push(...loadResult('mismatch').comparisons);
    expect(runAnnotations(run, { specFile, failOn: 'mismatch' })).toMatchInlineSnapshot(`
      [
        {
          "file": ".github/data-comparisons.yml",
          "level": "error",
          "line": 40,
          "message": "Could not compare (connection error): Could not connect to datasource warehouse (postgres://app:***@db.internal:5432/prod): connection refused.
      What to do: Check that the database is reachable from the runner and that the WAREHOUSE_URL secret is set.",
          "title": "inventory",
        },
        {
          "file": ".github/data-comparisons.yml",
          "level": "error",
          "line": 8,
          "message": "The data differs. 4 differing rows: 2 changed, 1 only in source, 1 only in target.
      2 rows have different values in column amount.
      1 row has different values in column status.
      1 row exists only in the source.
      1 row exists only in the target.
      Column note exists only in the source.",
          "title": "orders",
        },
        {
          "file": ".github/data-comparisons.yml",
          "level": "error",
          "line": 8,
          "message": "The data differs. 1 differing row: 0 changed, 0 only in source, 1 only in target.
      1 row exists only in the target.",
          "title": "orders",
        },
        {
          "file": ".github/data-comparisons.yml",
          "level": "notice",
          "line": 30,
          "message": "The data differs within the comparison's thresholds. 1 differing row: 1 changed, 0 only in source, 0 only in target.
      1 row has different values in column fee.",
          "title": "payments",
        },
      ]
    `);
  });

  it('make mismatches warnings when they do not fail the run', () => {
    const levels = runAnnotations(loadResult('error'), { specFile, failOn: 'error' }).map((a) => `${a.level} ${a.title}`);
    expect(levels).toEqual(['error inventory', 'warning orders']);
  });

  it('keep 9 per level and add one notice counting the rest', () => {
    const run: RunResult = bigResult({ comparisons: 14, rows: 1, width: 5 });
    const annotations = runAnnotations(run, { specFile, failOn: 'mismatch' });
    expect(annotations).toHaveLength(10);
    expect(annotations.filter((a) => a.level === 'error')).toHaveLength(9);
    expect(annotations.at(-1)).toEqual({ level: 'notice', title: 'datacompare', message: '5 more (5 errors) — see the job summary.', file: specFile });
  });

  it('cut a message at 4,096 characters', () => {
    const run = loadResult('error');
    run.comparisons[0]!.error!.message = 'x'.repeat(10_000);
    const [first] = runAnnotations(run, { specFile, failOn: 'mismatch' });
    expect(first!.message).toHaveLength(4_096);
    expect(first!.message.endsWith('…')).toBe(true);
  });

  it('point at each problem of an invalid spec', () => {
    const error = new SpecError([
      { path: 'comparisons[0].source.dataset', message: 'must not be empty', file: specFile, line: 7, column: 16 },
      { path: 'datasources.warehouse', message: 'unknown type "oracle"', hint: 'use sqlite, postgres, mysql, mariadb or service', file: specFile, line: 3, column: 11 },
    ]);
    expect(specErrorAnnotations(error, { specFile })).toMatchInlineSnapshot(`
      [
        {
          "file": ".github/data-comparisons.yml",
          "level": "error",
          "line": 7,
          "message": "comparisons[0].source.dataset: must not be empty",
          "title": "Invalid spec",
        },
        {
          "file": ".github/data-comparisons.yml",
          "level": "error",
          "line": 3,
          "message": "datasources.warehouse: unknown type "oracle"
      What to do: use sqlite, postgres, mysql, mariadb or service",
          "title": "Invalid spec",
        },
      ]
    `);
  });
});
