import { describe, expect, it } from 'vitest';
import { SpecError } from '../../../src/shared/errors.js';
import { parseSpec } from '../../../src/spec/load.js';
import { formatProblems } from '../../../src/spec/problems.js';

const spec = (comparison: string, defaults = '') =>
  `version: 1\ndatasources: { d: { type: sqlite, path: a.db } }\n${defaults}comparisons:\n  - name: films\n    source: { datasource: d, dataset: film }\n    target: { datasource: d, dataset: film2 }\n${comparison}`;

describe('compare_as and precision in the spec', () => {
  it('resolves compare_as per column and precision from the comparison or the defaults', () => {
    const [film] = parseSpec(spec('    columns: [special_features, tags]\n    compare_as: { special_features: set, tags: list }\n'), { file: 's.yml' }).definitions;
    expect(film?.compareAs).toEqual({ special_features: 'set', tags: 'list' });
    expect(film?.precision).toBeUndefined();
    const [strict] = parseSpec(spec('    precision: strict\n'), { file: 's.yml' }).definitions;
    expect(strict?.precision).toBe('strict');
    const [byDefault] = parseSpec(spec('', 'defaults: { precision: strict }\n'), { file: 's.yml' }).definitions;
    expect(byDefault?.precision).toBe('strict');
    const [overridden] = parseSpec(spec('    precision: common\n', 'defaults: { precision: strict }\n'), { file: 's.yml' }).definitions;
    expect(overridden?.precision).toBeUndefined();
  });

  it('reports an unknown way to compare and a column that is not compared, with where they are', () => {
    let error: unknown;
    try {
      parseSpec(spec('    columns: [special_features]\n    primary_keys: [film_id]\n    compare_as: { special_featurs: set, film_id: text, special_features: array }\n'), { file: 's.yml' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(SpecError);
    expect(formatProblems('s.yml', (error as SpecError).problems)).toMatchInlineSnapshot(`
      "s.yml: 2 problems; nothing was run.
      s.yml:9:19  comparisons[0].compare_as.special_featurs: \`special_featurs\` is not a compared source column
          hint: did you mean \`special_features\`?
      s.yml:9:74  comparisons[0].compare_as.special_features: must be "list" or "set" or "json" or "text", not the string "array""
    `);
  });
});
