/**
 * The action's inputs (see action.yml): read once, validated with zod, secrets masked the moment
 * they are read, and the resolved values debug-logged (secrets redacted).
 */
import os from 'node:os';
import path from 'node:path';
import * as core from './workflow-commands.js';
import { z } from 'zod';
import { ConfigurationError } from '../shared/errors.js';
import type { Logger } from '../shared/logger.js';
import { addSecret, redact } from '../shared/redact.js';
import { DEFAULT_SPEC_PATH } from '../spec/schema.js';

/** The action's inputs, resolved and typed (see action.yml). */
export interface ActionInputs {
  spec: string; // input `spec`, default '.github/data-comparisons.yml'
  comparisons: string[]; // input `comparisons`: names, newline- or comma-separated; [] = all
  mode: 'local' | 'api' | 'auto'; // default auto: api when api-key is set, else local
  apiUrl?: string;
  apiKey?: string;
  workspaceId?: string;
  agentRunId?: string;
  failOn: 'mismatch' | 'error' | 'never'; // default mismatch
  comment: 'always' | 'on-mismatch' | 'never'; // default always (only acts on pull requests)
  commentKey: string; // default: the spec path
  githubToken?: string; // default ${{ github.token }}
  maxDiffRows: number; // default 100
  timeoutMinutes: number; // default 30
  reportDir: string; // default `${RUNNER_TEMP}/datacompare`
  dbtManifest?: string; // overrides the spec's dbt.manifest
  dbtBaseManifest?: string; // overrides the spec's dbt.base_manifest
  issue: 'never' | 'on-mismatch' | 'on-error'; // default never: keep a tracking issue of drift
  issueKey: string; // default: the spec path
  issueLabels: string[]; // default ['data-drift']
  webhookUrl?: string; // a secret: alerts on drift state changes (Slack / Teams incoming webhook)
  checkRuns: boolean; // default false: one check run per comparison
  maskSensitive: 'auto' | 'true' | 'false'; // default auto: mask on pull requests
  reportUnmasked: boolean; // default false: the report files are masked too
}

/** Every input name, as written in action.yml and in workflows. */
export const Input = {
  spec: 'spec',
  comparisons: 'comparisons',
  mode: 'mode',
  apiUrl: 'api-url',
  apiKey: 'api-key',
  workspaceId: 'workspace-id',
  agentRunId: 'agent-run-id',
  failOn: 'fail-on',
  comment: 'comment',
  commentKey: 'comment-key',
  githubToken: 'github-token',
  maxDiffRows: 'max-diff-rows',
  timeoutMinutes: 'timeout-minutes',
  reportDir: 'report-dir',
  dbtManifest: 'dbt-manifest',
  dbtBaseManifest: 'dbt-base-manifest',
  issue: 'issue',
  issueKey: 'issue-key',
  issueLabels: 'issue-labels',
  webhookUrl: 'webhook-url',
  checkRuns: 'check-runs',
  maskSensitive: 'mask-sensitive',
  reportUnmasked: 'report-unmasked',
} as const;

const choice = <T extends string>(name: string, values: readonly [T, ...T[]], fallback: T) =>
  z
    .string()
    .transform((v) => v.trim().toLowerCase() || fallback)
    .pipe(z.enum(values, { error: (issue) => `input \`${name}\` must be one of ${values.join(', ')}, not "${String(issue.input)}"` }));

const wholeNumber = (name: string, fallback: number, range: { min: number; max: number }) =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? fallback : /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN))
    .pipe(
      z
        .number({ error: `input \`${name}\` must be a whole number` })
        .int({ error: `input \`${name}\` must be a whole number` })
        .min(range.min, { error: `input \`${name}\` must be at least ${range.min}` })
        .max(range.max, { error: `input \`${name}\` must be at most ${range.max}` }),
    );

const optional = z.string().transform((v) => v.trim() || undefined);

const inputsSchema = z.object({
  [Input.spec]: z.string().transform((v) => v.trim() || DEFAULT_SPEC_PATH),
  [Input.comparisons]: z.string().transform((v) =>
    v
      .split(/[\n,]/)
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  ),
  [Input.mode]: choice(Input.mode, ['local', 'api', 'auto'], 'auto'),
  [Input.apiUrl]: optional.pipe(z.url({ error: 'input `api-url` must be a URL such as https://dcs.example.com' }).optional()),
  [Input.apiKey]: optional,
  [Input.workspaceId]: optional,
  [Input.agentRunId]: optional,
  [Input.failOn]: choice(Input.failOn, ['mismatch', 'error', 'never'], 'mismatch'),
  [Input.comment]: choice(Input.comment, ['always', 'on-mismatch', 'never'], 'always'),
  [Input.commentKey]: optional,
  [Input.githubToken]: optional,
  [Input.maxDiffRows]: wholeNumber(Input.maxDiffRows, 100, { min: 0, max: 100_000 }),
  [Input.timeoutMinutes]: wholeNumber(Input.timeoutMinutes, 30, { min: 1, max: 360 }),
  [Input.reportDir]: optional,
  [Input.dbtManifest]: optional,
  [Input.dbtBaseManifest]: optional,
  [Input.issue]: choice(Input.issue, ['never', 'on-mismatch', 'on-error'], 'never'),
  [Input.issueKey]: optional,
  [Input.issueLabels]: z.string().transform((text) => {
    const labels = text.split(/[\n,]/).map((label) => label.trim()).filter((label) => label !== '');
    return labels.length > 0 ? labels : ['data-drift'];
  }),
  [Input.checkRuns]: choice(Input.checkRuns, ['true', 'false'], 'false').transform((value) => value === 'true'),
  [Input.maskSensitive]: choice(Input.maskSensitive, ['auto', 'true', 'false'], 'auto'),
  [Input.reportUnmasked]: choice(Input.reportUnmasked, ['true', 'false'], 'false').transform((value) => value === 'true'),
  [Input.webhookUrl]: optional.pipe(z.url({ error: 'input `webhook-url` must be a URL (your Slack or Teams incoming webhook)' }).optional()),
});

export interface ReadInputsOptions {
  /** Reads one input ('' when unset); default INPUT_<NAME> in the environment, trimmed (./workflow-commands.ts). */
  getInput?: (name: string) => string;
  /** Masks a secret in the runner's log; default core.setSecret. */
  setSecret?: (secret: string) => void;
  env?: NodeJS.ProcessEnv;
  logger: Logger;
}

export function readInputs(options: ReadInputsOptions): ActionInputs {
  const getInput = options.getInput ?? ((name: string) => core.getInput(name));
  const setSecret = options.setSecret ?? ((secret: string) => core.setSecret(secret));
  const env = options.env ?? process.env;
  // Mask the secrets before anything else can print them.
  for (const name of [Input.apiKey, Input.githubToken, Input.webhookUrl]) {
    const secret = getInput(name).trim();
    if (secret) {
      setSecret(secret);
      addSecret(secret);
    }
  }
  const raw = Object.fromEntries(Object.values(Input).map((name) => [name, getInput(name)]));
  // parsed once: zod's compiled fast path would cost more to build than it saves (issue #30)
  const parsed = inputsSchema.safeParse(raw, { jitless: true });
  if (!parsed.success) {
    const messages = parsed.error.issues.map((issue) => issue.message);
    throw new ConfigurationError(messages.join('; '), { hint: 'fix the `with:` block of the datacompare step in your workflow' });
  }
  const v = parsed.data;
  const spec = v[Input.spec];
  const inputs: ActionInputs = {
    spec,
    comparisons: v[Input.comparisons],
    mode: v[Input.mode],
    failOn: v[Input.failOn],
    comment: v[Input.comment],
    commentKey: v[Input.commentKey] ?? spec,
    maxDiffRows: v[Input.maxDiffRows],
    timeoutMinutes: v[Input.timeoutMinutes],
    reportDir: v[Input.reportDir] ?? path.join(env.RUNNER_TEMP || os.tmpdir(), 'datacompare'),
    issue: v[Input.issue],
    issueKey: v[Input.issueKey] ?? spec,
    issueLabels: v[Input.issueLabels],
    checkRuns: v[Input.checkRuns],
    maskSensitive: v[Input.maskSensitive],
    reportUnmasked: v[Input.reportUnmasked],
    ...(v[Input.apiUrl] !== undefined && { apiUrl: v[Input.apiUrl] }),
    ...(v[Input.apiKey] !== undefined && { apiKey: v[Input.apiKey] }),
    ...(v[Input.workspaceId] !== undefined && { workspaceId: v[Input.workspaceId] }),
    ...(v[Input.agentRunId] !== undefined && { agentRunId: v[Input.agentRunId] }),
    ...(v[Input.githubToken] !== undefined && { githubToken: v[Input.githubToken] }),
    ...(v[Input.dbtManifest] !== undefined && { dbtManifest: v[Input.dbtManifest] }),
    ...(v[Input.dbtBaseManifest] !== undefined && { dbtBaseManifest: v[Input.dbtBaseManifest] }),
    ...(v[Input.webhookUrl] !== undefined && { webhookUrl: v[Input.webhookUrl] }),
  };
  options.logger.debug(`inputs: ${redact(JSON.stringify(inputs))}`);
  return inputs;
}

/** `auto` → api when an API key is given, else local. */
export function resolveMode(inputs: ActionInputs): 'local' | 'api' {
  if (inputs.mode !== 'auto') return inputs.mode;
  return inputs.apiKey ? 'api' : 'local';
}
