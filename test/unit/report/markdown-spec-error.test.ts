import { describe, expect, it } from 'vitest';
import { renderSpecErrorSummary } from '../../../src/report/markdown-spec-error.js';
import { SpecError } from '../../../src/shared/errors.js';

describe('the job summary of an invalid spec', () => {
  it('lists every problem with its place and fix, escaped', () => {
    const error = new SpecError([
      { path: 'comparisons[0].colour', message: 'unknown key `colour`', hint: 'allowed keys: `name`, `source`', file: '.github/data-comparisons.yml', line: 11, column: 5 },
      { path: 'datasources.db.url', message: 'environment variable WAREHOUSE_URL is not set <here>', file: '.github/data-comparisons.yml', line: 4, column: 10 },
    ]);
    expect(renderSpecErrorSummary(error, '.github/data-comparisons.yml')).toMatchInlineSnapshot(`
      "## datacompare: error

      💥 **The spec file \`.github/data-comparisons.yml\` is invalid** (2 problems); nothing was compared.

      | Where | Field | Problem | What to do |
      | --- | --- | --- | --- |
      | line 11, column 5 | \`comparisons[0].colour\` | unknown key \`colour\` | allowed keys: \`name\`, \`source\` |
      | line 4, column 10 | \`datasources.db.url\` | environment variable WAREHOUSE_URL is not set \\<here\\> |  |
      "
    `);
  });
});
