import { describe, expect, it } from 'vitest';
import { closest, editDistance, suggestionHint } from '../../../src/spec/suggest.js';

const comparisonKeys = ['name', 'source', 'target', 'columns', 'primary_keys', 'primary_keys_source', 'tolerance'];

describe('did you mean', () => {
  it('counts a swap of neighbours as one edit', () => {
    expect(editDistance('primray_keys', 'primary_keys')).toBe(1);
    expect(editDistance('colums', 'columns')).toBe(1);
    expect(editDistance('', 'abc')).toBe(3);
  });

  it('suggests the closest allowed key for typos, case and known aliases', () => {
    expect(closest('primery_keys', comparisonKeys)).toBe('primary_keys');
    expect(closest('Columns', comparisonKeys)).toBe('columns');
    expect(closest('primary-keys', comparisonKeys)).toBe('primary_keys');
    expect(closest('table', ['datasource', 'dataset', 'query', 'filter'])).toBe('dataset');
    expect(closest('sql', ['datasource', 'dataset', 'query', 'filter'])).toBe('query');
  });

  it('does not suggest a far-away word', () => {
    expect(closest('zzz', comparisonKeys)).toBeUndefined();
    expect(suggestionHint('zzz', ['a', 'b'])).toBe('allowed keys: `a`, `b`');
    expect(suggestionHint('tolerence', comparisonKeys)).toBe('did you mean `tolerance`?');
  });
});
