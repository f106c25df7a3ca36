import { describe, expect, it } from 'vitest';
import { SpecError } from '../../../src/shared/errors.js';
import { parseSpec } from '../../../src/spec/load.js';
import { formatProblems } from '../../../src/spec/problems.js';

function problemsOf(text: string): string {
  try {
    parseSpec(text, { file: 'spec.yml', env: {}, cwd: '/repo' });
  } catch (error) {
    if (error instanceof SpecError) return formatProblems('spec.yml', error.problems);
    throw error;
  }
  return 'accepted';
}

const header = 'version: 1\ndatasources:\n  a: { type: sqlite, path: a.db }\n  b: { type: postgres, url: "postgres://x@h/db" }\ncomparisons:\n';

describe('hostile SQL in the spec', () => {
  it('is refused at the line of the filter or query, before anything runs', () => {
    const spec =
      header +
      '  - name: break-out\n' +
      '    source: { datasource: b, dataset: orders, filter: "1=1) LIMIT 0; delete from orders; select 1 where (1=1" }\n' +
      '    target: { datasource: a, dataset: orders }\n' +
      '  - name: writer\n' +
      '    source: { datasource: b, query: "WITH d AS (DELETE FROM orders RETURNING *) SELECT * FROM d" }\n' +
      '    target: { datasource: a, dataset: orders }\n' +
      '    target_filter: "1=1; DELETE FROM orders"\n';
    expect(problemsOf(spec)).toMatchInlineSnapshot(`
      "spec.yml: 3 problems; nothing was run.
      spec.yml:7:55  comparisons[0].source.filter: the filter closes a parenthesis it never opened (at character 4): it cannot step out of the parentheses it is placed in
          hint: Balance the parentheses of the filter.
      spec.yml:10:37  comparisons[1].source.query: the query uses \`DELETE\`: a comparison only reads the data it compares, so a query may not write, lock or copy rows
          hint: Write a plain SELECT; a column with that name is written quoted.
      spec.yml:12:20  comparisons[1].target_filter: the filter has a \`;\` (at character 4): it must be a single condition, and a second statement is never run
          hint: Remove the \`;\` and whatever follows it."
    `);
  });

  it('lets a filter through that only looks alarming inside its strings', () => {
    const spec = header + '  - name: ok\n    source: { datasource: b, dataset: orders, filter: "note <> \'; DROP TABLE x --\'" }\n    target: { datasource: a, dataset: orders }\n';
    expect(problemsOf(spec)).toBe('accepted');
  });
});
