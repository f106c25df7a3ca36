/**
 * The job summary for a run that stopped before any comparison ran (a bad input, a missing spec
 * file, mode api without its settings): what went wrong and what to do. Pure; redacted.
 */
import type { DatacompareError } from '../shared/errors.js';
import { redact } from '../shared/redact.js';
import { sentenceText } from './escape.js';

export function renderFailureSummary(error: Pick<DatacompareError, 'message' | 'hint' | 'isUserError'>): string {
  const lines = [
    '## datacompare: error',
    '',
    `💥 **Nothing was compared**: ${sentenceText(error.message, 2_000)}`,
    ...(error.hint ? ['', `**What to do**: ${sentenceText(error.hint, 1_000)}`] : []),
    ...(error.isUserError
      ? []
      : ['', 'This looks like a bug in datacompare: please report it with the debug log (re-run with debug logging).']),
  ];
  return redact(lines.join('\n')) + '\n';
}
