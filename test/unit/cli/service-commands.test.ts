/** What `datacompare diff`, `jobs` and `sources` print, pinned; values from the service cannot drive the terminal. */
import { describe, expect, it } from 'vitest';
import type { DiffDetailsData, JobDetail } from '../../../src/api/contract.js';
import type { CliContext } from '../../../src/cli/command.js';
import { renderJob } from '../../../src/cli/commands/diff.js';
import { parseStatuses } from '../../../src/cli/commands/jobs.js';
import { cell, renderTable, when } from '../../../src/cli/commands/sources.js';
import { silentLogger } from '../../../src/shared/logger.js';

const context = {
  stdout: { write: () => {}, color: false },
  stderr: { write: () => {}, color: false },
  env: {},
  cwd: '/',
  signal: new AbortController().signal,
  logger: silentLogger,
} satisfies CliContext;

const detail: JobDetail = {
  run_id: 42,
  comparison_id: 'c-1',
  comparison_name: 'orders',
  status: 'SUCCESS',
  failure_reason: null,
  result: { diff_status: 'MISMATCH', diff_reasons: ['1 row has a different value in column `amount`.', '1 row is only in the source.'], time_taken: 1.5 },
};
const diff: DiffDetailsData = {
  primary_key_columns: ['id'],
  column_mapping: { id: 'id', amount: 'amount' },
  mismatched_columns_mapping: { amount: { mismatch_count: 1, details: '1 row differs' } },
  diff_rows: [
    { id: 3, _diff_type: 'changed', source_amount: '3.25', target_amount: '30.50' },
    { id: 5, _diff_type: 'only_in_source', source_amount: '5.25', source_status: 'open\u001b[2J' },
  ],
  diff_rows_total: 3,
  truncated: true,
};

describe('datacompare diff', () => {
  it('prints the job, its reasons, the mismatched columns and the rows', () => {
    expect(renderJob(context, detail, diff, 50)).toMatchInlineSnapshot(`
      "Job 42  orders  SUCCESS · MISMATCH
        • 1 row has a different value in column \`amount\`.
        • 1 row is only in the source.

      Key: id

      COLUMN  MISMATCHES  DETAILS
      amount  1           1 row differs

      ID  _DIFF_TYPE      SOURCE_AMOUNT  TARGET_AMOUNT  SOURCE_STATUS
      3   changed         3.25           30.50
      5   only_in_source  5.25                          open�[2J
      2 of 3 differing rows shown (the service kept 2).
      "
    `);
  });

  it('prints the failure reason of a failed job', () => {
    expect(renderJob(context, { ...detail, status: 'FAILURE', result: null, failure_reason: 'relation "orders" does not exist' }, undefined, 50)).toMatchInlineSnapshot(`
      "Job 42  orders  FAILURE
      Failure: relation "orders" does not exist
      "
    `);
  });
});

describe('service command helpers', () => {
  it('reads --status in any case, comma-separated or repeated', () => {
    expect(parseStatuses(['failure,started', 'PENDING', 'failure'])).toEqual(['FAILURE', 'STARTED', 'PENDING']);
    expect(() => parseStatuses(['finished'])).toThrowErrorMatchingInlineSnapshot(`[ConfigurationError: --status "finished" is not a job status]`);
  });

  it('makes service values safe and short for a terminal', () => {
    expect(cell('a\u001b]0;pwned\u0007b')).toBe('a�]0;pwned�b');
    expect(cell(null)).toBe('');
    expect(cell({ x: 1 })).toBe('{"x":1}');
    expect(cell('x'.repeat(80))).toHaveLength(60);
  });

  it('shows naive timestamps as UTC', () => {
    expect(when('2026-03-01T12:30:45.123456')).toBe('2026-03-01 12:30 UTC');
    expect(when(null)).toBe('');
  });

  it('aligns a table', () => {
    expect(renderTable(context, ['NAME', 'TYPE'], [['warehouse', 'postgres'], ['lake', 'sqlite']])).toMatchInlineSnapshot(`
      "NAME       TYPE
      warehouse  postgres
      lake       sqlite
      "
    `);
  });
});
