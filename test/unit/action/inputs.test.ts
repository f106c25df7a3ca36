import { describe, expect, it } from 'vitest';
import { readInputs, resolveMode } from '../../../src/action/inputs.js';
import { ConfigurationError } from '../../../src/shared/errors.js';
import { MemoryLogger } from '../../../src/shared/logger.js';
import { clearSecrets } from '../../../src/shared/redact.js';

function read(values: Record<string, string>, env: NodeJS.ProcessEnv = { RUNNER_TEMP: '/runner/tmp' }) {
  const masked: string[] = [];
  const logger = new MemoryLogger();
  const inputs = readInputs({ getInput: (name) => values[name] ?? '', setSecret: (s) => masked.push(s), env, logger });
  return { inputs, masked, logger };
}

describe('readInputs', () => {
  it('applies the documented defaults', () => {
    expect(read({}).inputs).toEqual({
      spec: '.github/data-comparisons.yml',
      comparisons: [],
      mode: 'auto',
      failOn: 'mismatch',
      comment: 'always',
      commentKey: '.github/data-comparisons.yml',
      maxDiffRows: 100,
      timeoutMinutes: 30,
      reportDir: '/runner/tmp/datacompare',
      issue: 'never',
      issueKey: '.github/data-comparisons.yml',
      issueLabels: ['data-drift'],
      checkRuns: false,
      maskSensitive: 'auto',
      reportUnmasked: false,
    });
  });

  it('reads every input, splitting comparisons on newlines and commas', () => {
    const { inputs } = read({
      spec: 'ci/dc.yml',
      comparisons: 'orders, customers\nrefunds\n',
      mode: 'API',
      'api-url': 'https://dcs.example.com/api/v1',
      'api-key': 'dcs_key_123456',
      'workspace-id': 'ws-1',
      'agent-run-id': 'run-9',
      'fail-on': 'error',
      comment: 'on-mismatch',
      'comment-key': 'nightly',
      'github-token': 'ghs_token_abcdef',
      'max-diff-rows': '25',
      'timeout-minutes': '10',
      'report-dir': 'out/reports',
      issue: 'On-Mismatch',
      'issue-key': 'nightly-orders',
      'issue-labels': 'data-drift, nightly\nowner:data',
      'check-runs': 'true',
      'mask-sensitive': 'false',
      'report-unmasked': 'true',
    });
    expect(inputs).toEqual({
      spec: 'ci/dc.yml',
      comparisons: ['orders', 'customers', 'refunds'],
      mode: 'api',
      apiUrl: 'https://dcs.example.com/api/v1',
      apiKey: 'dcs_key_123456',
      workspaceId: 'ws-1',
      agentRunId: 'run-9',
      failOn: 'error',
      comment: 'on-mismatch',
      commentKey: 'nightly',
      githubToken: 'ghs_token_abcdef',
      maxDiffRows: 25,
      timeoutMinutes: 10,
      reportDir: 'out/reports',
      issue: 'on-mismatch',
      issueKey: 'nightly-orders',
      issueLabels: ['data-drift', 'nightly', 'owner:data'],
      checkRuns: true,
      maskSensitive: 'false',
      reportUnmasked: true,
    });
  });

  it('masks the api key and the token before anything is logged, and logs them redacted', () => {
    clearSecrets();
    const { masked, logger } = read({ 'api-key': 'dcs_key_123456', 'github-token': 'ghs_token_abcdef' });
    expect(masked).toEqual(['dcs_key_123456', 'ghs_token_abcdef']);
    expect(logger.text('debug')).toContain('"apiKey":"***"');
    expect(logger.text()).not.toContain('dcs_key_123456');
    expect(logger.text()).not.toContain('ghs_token_abcdef');
    clearSecrets();
  });

  it('names every bad input at once', () => {
    const error = (() => {
      try {
        read({ mode: 'cloud', 'max-diff-rows': 'ten', 'timeout-minutes': '0', 'api-url': 'not a url' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).message).toMatchInlineSnapshot(`"input \`mode\` must be one of local, api, auto, not "cloud"; input \`api-url\` must be a URL such as https://dcs.example.com; input \`max-diff-rows\` must be a whole number; input \`timeout-minutes\` must be at least 1"`);
  });

  it('resolves mode auto by the presence of an api key', () => {
    expect(resolveMode(read({}).inputs)).toBe('local');
    expect(resolveMode(read({ 'api-key': 'k-123456' }).inputs)).toBe('api');
    expect(resolveMode(read({ mode: 'local', 'api-key': 'k-123456' }).inputs)).toBe('local');
  });
});
