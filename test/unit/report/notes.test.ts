import { describe, expect, it } from 'vitest';
import type { ComparisonResult, RunResult } from '../../../src/engine/model.js';
import { comparisonDetails, hasDetails } from '../../../src/report/markdown-parts.js';
import { renderText } from '../../../src/report/text.js';

const events: ComparisonResult = {
  name: 'events',
  status: 'match',
  result: { diff_status: 'MATCH', diff_reasons: [], time_taken: 0.1 },
  stats: { source_rows: 2, target_rows: 2, matched_rows: 2, mismatched_rows: 0, only_in_source: 0, only_in_target: 0, duplicate_keys_source: 0, duplicate_keys_target: 0, null_keys_source: 0, null_keys_target: 0 },
  notes: ['Column `at` was compared at whole seconds: timestamp(6) in the source holds microseconds that datetime in the target drops, so values differing only there count as equal. Set `precision: strict` to count them as differences.'],
};
const run: RunResult = { version: 1, status: 'match', mode: 'local', started_at: '2026-11-26T01:00:00.000Z', finished_at: '2026-11-26T01:00:01.000Z', comparisons: [events] };

describe('notes on what a comparison could not see', () => {
  it('are shown under a match, in the text report and in the markdown details', () => {
    expect(renderText(run, { color: false })).toContain('    note: Column `at` was compared at whole seconds');
    expect(hasDetails(events)).toBe(true);
    expect(comparisonDetails(events, { maxRows: 10, examples: 0, chart: false })).toContain('- Note: Column `at` was compared at whole seconds');
    expect(hasDetails({ ...events, notes: undefined })).toBe(false);
  });
});
