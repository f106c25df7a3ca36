/**
 * The invariants between a service result's accounts of the same facts (status, reasons, counters,
 * totals, differing rows, per-column counts, schema diff): each broken one named, each counter a
 * threshold needs and the service did not send named as a gap.
 */
import { describe, expect, it } from 'vitest';
import type { DiffDetailsData } from '../../../src/api/contract.js';
import { checkServiceResult, type ServiceResult } from '../../../src/api/result-checks.js';

/** A consistent full comparison as `datacompare serve` reports it: 20 and 20 rows, 1 changed, 1 only in each side. */
const STATS = {
  source_rows: 20,
  target_rows: 20,
  matched_rows: 18,
  mismatched_rows: 1,
  only_in_source: 1,
  only_in_target: 1,
  duplicate_keys_source: 0,
  duplicate_keys_target: 0,
  null_keys_source: 0,
  null_keys_target: 0,
};
const DIFF: DiffDetailsData = {
  primary_key_columns: ['id'],
  column_mapping: { id: 'id', amount: 'amount' },
  mismatched_columns_mapping: { amount: { mismatch_count: 1, details: '1 of 19 rows differ' } },
  diff_rows: [
    { id: 3, _diff_type: 'changed', source_amount: '3.25', target_amount: '30.50' },
    { id: 5, _diff_type: 'only_in_source', source_amount: '5.25' },
    { id: 21, _diff_type: 'only_in_target', target_amount: '1.00' },
  ],
  diff_rows_total: 3,
  truncated: false,
};
const MISMATCH: ServiceResult = {
  diffStatus: 'MISMATCH',
  reasons: ['1 row exists only in the source.', '1 row exists only in the target.', '1 row has a different value in column `amount`.'],
  stats: STATS,
  total: 3,
  schemaDiff: undefined,
  diff: DIFF,
  kind: 'full',
  schemaDiffAsked: false,
};
const MATCH: ServiceResult = {
  ...MISMATCH,
  diffStatus: 'MATCH',
  reasons: [],
  stats: { ...STATS, matched_rows: 20, mismatched_rows: 0, only_in_source: 0, only_in_target: 0 },
  total: 0,
  diff: { ...DIFF, mismatched_columns_mapping: {}, diff_rows: [], diff_rows_total: 0 },
};

const contradictions = (result: Partial<ServiceResult>, base: ServiceResult = MISMATCH) => checkServiceResult({ ...base, ...result }).contradictions;
const gaps = (result: Partial<ServiceResult>, base: ServiceResult = MISMATCH) => checkServiceResult({ ...base, ...result }).thresholdGaps;

describe('checkServiceResult', () => {
  it('finds nothing wrong in a consistent MISMATCH or MATCH, and no gap when every counter was sent', () => {
    expect(checkServiceResult(MISMATCH)).toMatchObject({ contradictions: [], thresholdGaps: [], counters: STATS });
    expect(checkServiceResult(MATCH)).toMatchObject({ contradictions: [], thresholdGaps: [] });
    // a duplicated key: its rows are neither matched nor only in a side, and are at least two
    const duplicated = { ...STATS, target_rows: 22, duplicate_keys_target: 1 };
    expect(contradictions({ stats: duplicated, reasons: [...MISMATCH.reasons, "Key (id) = 7 occurs twice in the target."] })).toEqual([]);
  });

  it('a MISMATCH whose counters are all 0 while diff_rows_total is 5 (the counters contradict the total)', () => {
    const zero = { source_rows: 0, target_rows: 0, matched_rows: 0, mismatched_rows: 0, only_in_source: 0, only_in_target: 0 };
    expect(contradictions({ stats: zero, total: 5, diff: undefined })).toMatchInlineSnapshot(`
      [
        "diff_rows_total is 5 but mismatched_rows + only_in_source + only_in_target is 0",
      ]
    `);
    // and with every counter sent, the status itself has nothing to stand on
    expect(contradictions({ stats: { ...zero, duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0 }, total: undefined, diff: undefined })).toMatchInlineSnapshot(`
      [
        "diff_status is MISMATCH but no counter, differing row or schema difference shows what differs",
      ]
    `);
  });

  it('a MATCH that any other account contradicts: a counter, the totals, the rows, the columns, the row counts, the reasons, the schema diff', () => {
    expect(contradictions({ stats: { ...MATCH.stats!, only_in_target: 1, target_rows: 21 } }, MATCH)).toMatchInlineSnapshot(`
      [
        "diff_rows_total is 0 but mismatched_rows + only_in_source + only_in_target is 1",
        "diff_status is MATCH but only_in_target is 1, source_rows is 20 but target_rows is 21",
      ]
    `);
    expect(contradictions({ total: undefined, diff: DIFF, stats: undefined }, MATCH)).toMatchInlineSnapshot(`
      [
        "diff_status is MATCH but diff_rows_total is 3, the diff details hold 3 differing rows, the columns' mismatch_count add up to 1",
      ]
    `);
    expect(contradictions({ reasons: ['Column `note` exists only in the target.'], schemaDiff: { only_in_source: [], only_in_target: [{ name: 'note', type: 'text' }], type_mismatches: [] } }, MATCH)).toMatchInlineSnapshot(`
      [
        "diff_status is MATCH but schema_diff lists 1 difference",
        "diff_status is MATCH but diff_reasons gives 1 reason why the data differ",
      ]
    `);
  });

  it('a MISMATCH without a reason', () => {
    expect(contradictions({ reasons: [] })).toEqual(['diff_status is MISMATCH but diff_reasons gives no reason']);
  });

  it('a counter or total that is not a count', () => {
    expect(contradictions({ stats: { ...STATS, only_in_source: -1, matched_rows: 18.5, null_keys_target: '0' }, total: 3, diff: { ...DIFF, diff_rows_total: -3 } })).toMatchInlineSnapshot(`
      [
        "stats.matched_rows is 18.5, not a count",
        "stats.only_in_source is -1, not a count",
        "stats.null_keys_target is "0", not a count",
        "diff_rows_total in the diff details is -3, not a count",
      ]
    `);
  });

  it('the totals of the result and of the diff details, and the rows they hold', () => {
    expect(contradictions({ total: 5 })).toMatchInlineSnapshot(`
      [
        "diff_rows_total is 5 in the result but 3 in the diff details",
        "diff_rows_total is 5 but mismatched_rows + only_in_source + only_in_target is 3",
      ]
    `);
    expect(contradictions({ stats: undefined, total: undefined, diff: { ...DIFF, diff_rows_total: 2, truncated: undefined } })).toEqual(['the diff details hold 3 rows but diff_rows_total is 2']);
    expect(contradictions({ stats: undefined, total: 4, diff: { ...DIFF, diff_rows_total: undefined } })).toEqual([
      'the diff details hold 3 of 4 differing rows yet say they are complete (truncated: false)',
    ]);
    // capped by the service's max_diff_rows: fewer rows than the total, and it says so
    expect(contradictions({ diff: { ...DIFF, diff_rows: DIFF.diff_rows.slice(0, 2), truncated: true } })).toEqual([]);
  });

  it('rows of a _diff_type beyond its counter, and a _diff_type nobody knows', () => {
    const rows = [...DIFF.diff_rows, { id: 6, _diff_type: 'only_in_source' }, { id: 7, _diff_type: 'deleted' }];
    expect(contradictions({ stats: { ...STATS, only_in_source: 1 }, total: undefined, diff: { ...DIFF, diff_rows: rows, diff_rows_total: undefined, truncated: undefined } })).toMatchInlineSnapshot(`
      [
        "diff row 5 has _diff_type "deleted", which is none of changed, only_in_source, only_in_target",
        "the diff details hold 2 rows of _diff_type only_in_source but only_in_source is 1",
      ]
    `);
    // the hosted service sends no _diff_type: nothing to count by type
    const untyped = DIFF.diff_rows.map(({ _diff_type: _type, ...row }) => row);
    expect(contradictions({ diff: { ...DIFF, diff_rows: untyped } })).toEqual([]);
  });

  it('the columns\' mismatch counts against mismatched_rows', () => {
    expect(contradictions({ diff: { ...DIFF, mismatched_columns_mapping: { amount: { mismatch_count: 4, details: '' } } } })).toEqual([
      'column "amount" has mismatch_count 4 but mismatched_rows is 1',
    ]);
    expect(contradictions({ diff: { ...DIFF, mismatched_columns_mapping: {} } })).toEqual(["mismatched_rows is 1 but the columns' mismatch_count add up to 0"]);
  });

  it('every row of each side accounted for', () => {
    expect(contradictions({ stats: { ...STATS, source_rows: 19 } })).toEqual(['matched_rows + mismatched_rows + only_in_source + null_keys_source is 20, more than source_rows (19)']);
    expect(contradictions({ stats: { ...STATS, target_rows: 23, duplicate_keys_target: 2 }, reasons: ['x'] })).toEqual([
      'matched_rows + mismatched_rows + only_in_target + null_keys_target + 2 × duplicate_keys_target is 24, more than target_rows (23)',
    ]);
    // with no duplicated key, a full comparison's rows add up exactly
    expect(contradictions({ stats: { ...STATS, source_rows: 25 } })).toEqual(['with no duplicated key, matched_rows + mismatched_rows + only_in_source + null_keys_source (20) must equal source_rows (25)']);
  });

  it('a threshold cannot excuse what the service did not count', () => {
    const { duplicate_keys_source: _ds, duplicate_keys_target: _dt, null_keys_source: _ns, null_keys_target: _nt, ...six } = STATS;
    expect(gaps({ stats: six })).toEqual(['the service did not send duplicate_keys_source, duplicate_keys_target, null_keys_source, null_keys_target']);
    expect(gaps({ stats: undefined })).toEqual(['the service sent no counters (stats)']);
    expect(gaps({ schemaDiffAsked: true })).toEqual(['the service did not send the schema differences, which thresholds never excuse']);
    // a quick comparison counts rows only; its other counters are 0 because nothing counted them
    const quick = { ...STATS, matched_rows: 0, mismatched_rows: 0, only_in_source: 0, only_in_target: 0, target_rows: 21 };
    expect(checkServiceResult({ ...MISMATCH, kind: 'quick', stats: quick, total: 0, diff: undefined })).toMatchObject({
      contradictions: [],
      thresholdGaps: ['a quick comparison counts rows, not differing rows'],
    });
    // a comparison stored on the service whose configuration could not be read: whether it is quick, or diffs the schema, is not known
    const unknownWhy = "the stored comparison's configuration could not be read (GET /comparisons/{comparison_id} failed with HTTP 404)";
    expect(checkServiceResult({ ...MISMATCH, kind: 'unknown', schemaDiffAsked: undefined, unknownWhy, stats: quick, total: 0, diff: undefined })).toMatchObject({
      contradictions: [],
      thresholdGaps: [
        'no counter shows a differing row (thresholds never excuse a difference they cannot count)',
        `the service sent no schema differences (thresholds never excuse one), and ${unknownWhy}`,
        'the counters account for 0 of the 20 source rows',
        'the counters account for 0 of the 21 target rows',
      ],
    });
    // a MATCH needs no threshold
    expect(gaps({ stats: undefined }, MATCH)).toEqual([]);
  });
});
