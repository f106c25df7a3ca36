import { describe, expect, it } from 'vitest';
import { loadResult } from '../../fixtures/results/load.js';
import { decideOutcome } from '../../../src/report/outcome.js';

describe('the fail policy', () => {
  it('passes a run where everything matches, naming thresholds that let a difference pass', () => {
    expect(decideOutcome(loadResult('match'), 'mismatch')).toEqual({ failed: false, message: 'All 2 comparisons match.' });
  });

  it('fails a mismatch under fail-on: mismatch, naming the worst comparison', () => {
    expect(decideOutcome(loadResult('mismatch'), 'mismatch')).toMatchInlineSnapshot(`
      {
        "failed": true,
        "message": "The data of comparison "orders" differs: 4 differing rows (2 changed, 1 only in source, 1 only in target).",
      }
    `);
  });

  it('does not fail a mismatch under fail-on: error or never, and says why', () => {
    expect(decideOutcome(loadResult('mismatch'), 'error')).toMatchInlineSnapshot(`
      {
        "failed": false,
        "message": "The data of comparison "orders" differs: 4 differing rows (2 changed, 1 only in source, 1 only in target) — not failing the run because fail-on is "error".",
      }
    `);
    expect(decideOutcome(loadResult('mismatch'), 'never').failed).toBe(false);
  });

  it('reports a tool error as an error, never as a mismatch, and redacts it', () => {
    const outcome = decideOutcome(loadResult('error'), 'error');
    expect(outcome).toMatchInlineSnapshot(`
      {
        "failed": true,
        "message": "Comparison "inventory" could not run (connection error: Could not connect to datasource warehouse (postgres://app:***@db.internal:5432/prod): connection refused); the data of comparison "orders" differs: 1 differing row (0 changed, 0 only in source, 1 only in target).",
      }
    `);
  });

  it('never fails under fail-on: never, even on an error', () => {
    expect(decideOutcome(loadResult('error'), 'never').failed).toBe(false);
  });

  it('does not call a pure error run a mismatch', () => {
    const run = loadResult('error');
    run.comparisons = run.comparisons.filter((c) => c.status === 'error');
    const { message } = decideOutcome(run, 'mismatch');
    expect(message).toContain('could not run');
    expect(message).not.toContain('differ');
  });
});
