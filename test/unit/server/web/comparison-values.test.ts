/**
 * Editing a stored comparison in the web form keeps what the form does not show: a comparison made
 * through the API with quick_comparison or max_diff_rows keeps them when its columns are edited.
 */
import { describe, expect, it } from 'vitest';
import { comparisonBody, comparisonToForm, settingsBeyondForm } from '../../../../src/server/web/comparison-values.js';
import type { ComparisonRecord } from '../../../../src/server/storage/records.js';

const stored: ComparisonRecord = {
  id: 'c1',
  workspace_id: 'w1',
  user_id: 'u1',
  name: 'orders',
  source_datasource_id: 's1',
  target_datasource_id: 't1',
  source_dataset_id: null,
  target_dataset_id: null,
  source_dataset_name: 'public.orders',
  target_dataset_name: 'public.orders',
  configuration: {
    source_columns: ['amount', 'status'],
    target_columns: ['amount', 'status'],
    primary_keys_source: ['id'],
    primary_keys_target: ['id'],
    source_filter: null,
    case_sensitive: true,
    quick_comparison: true,
    schema_diff: false,
    max_diff_rows: 25,
    tolerance: { amount: 0.01 },
    accept: ['whitespace'],
  },
  created_at: '2026-11-29T00:00:00Z',
};

describe('a comparison edited in the web form', () => {
  it('keeps the settings the form does not show, as stored', () => {
    expect(settingsBeyondForm(stored)).toEqual({ quick_comparison: true, max_diff_rows: 25 });
  });

  it('sends them with what the form edits, the form winning on its own settings', () => {
    const values = comparisonToForm(stored);
    values.caseSensitive = false;
    values.accept = [];
    values.columns = values.columns.map((column) => (column.source === 'status' ? { ...column, compared: false } : column));
    const body = comparisonBody(values, settingsBeyondForm(stored)) as { configuration: Record<string, unknown> };
    expect(body.configuration).toEqual({
      quick_comparison: true,
      max_diff_rows: 25,
      source_columns: ['amount'],
      target_columns: ['amount'],
      primary_keys_source: ['id'],
      primary_keys_target: ['id'],
      source_query: undefined,
      source_filter: undefined,
      target_query: undefined,
      target_filter: undefined,
      case_sensitive: false,
      schema_diff: false,
      tolerance: { amount: 0.01 },
    });
  });

  it('a new comparison carries nothing beyond the form', () => {
    const body = comparisonBody(comparisonToForm(stored)) as { configuration: Record<string, unknown> };
    expect(body.configuration).not.toHaveProperty('quick_comparison');
    expect(body.configuration).not.toHaveProperty('max_diff_rows');
  });
});
