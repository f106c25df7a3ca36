import { afterEach, describe, expect, it } from 'vitest';
import { renderFailureSummary } from '../../../src/report/markdown-failure.js';
import { ConfigurationError, InternalError } from '../../../src/shared/errors.js';
import { addSecret, clearSecrets } from '../../../src/shared/redact.js';

afterEach(() => clearSecrets());

describe('the job summary of a run that compared nothing', () => {
  it('says what went wrong and what to do', () => {
    const error = new ConfigurationError('mode api needs the input(s) api-url', { hint: 'set them in the step\'s `with:`' });
    expect(renderFailureSummary(error)).toMatchInlineSnapshot(`
      "## datacompare: error

      💥 **Nothing was compared**: mode api needs the input(s) api-url

      **What to do**: set them in the step's \`with:\`
      "
    `);
  });

  it('asks for a bug report when the error is ours, and never shows a secret or raw markup', () => {
    addSecret('postgres://app:s3cr3t-pw@db:5432/prod');
    const error = new InternalError('crashed reading postgres://app:s3cr3t-pw@db:5432/prod <script>@alice');
    const markdown = renderFailureSummary(error);
    expect(markdown).not.toContain('s3cr3t-pw');
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toMatch(/(^|[^\u200b])@alice/);
    expect(markdown).toContain('This looks like a bug in datacompare');
  });
});
