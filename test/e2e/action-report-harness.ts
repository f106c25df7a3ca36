/**
 * Runs the bundled action (`node dist/index.js`) the way the GitHub runner does: every input as an
 * INPUT_<NAME> variable (uppercase, hyphens kept, defaults filled in from action.yml since the
 * runner does that, not the action), the runner's files (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY,
 * GITHUB_STATE), an event file, and GITHUB_API_URL pointed at the recording stub.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BUNDLE = path.join(ROOT, 'dist/index.js');

export function requireBundle(): void {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run bundle\` before the e2e tests.`);
}

/** The defaults action.yml declares, as the runner would pass them. */
function actionDefaults(): Record<string, string> {
  const action = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, { default?: string }> };
  return Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, String(input.default ?? '')]));
}

export type EventKind = 'pull_request' | 'fork_pull_request' | 'schedule';

export interface Repo {
  dir: string;
  runnerTemp: string;
}

/** A temporary repository checkout (GITHUB_WORKSPACE) with a spec file. */
export function makeRepo(spec: string): Repo {
  const dir = mkdtempSync(path.join(tmpdir(), 'dc-reports-repo-'));
  mkdirSync(path.join(dir, '.github'), { recursive: true });
  writeFileSync(path.join(dir, '.github/data-comparisons.yml'), spec);
  const runnerTemp = mkdtempSync(path.join(tmpdir(), 'dc-reports-runner-'));
  return { dir, runnerTemp };
}

export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  runnerDir: string;
}

/** Parses the runner's GITHUB_OUTPUT file (`name<<delimiter … delimiter`). */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? '');
    if (!m?.[1] || !m[2]) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i] ?? '');
    outputs[m[1]] = value.join('\n');
  }
  return outputs;
}

export interface RunActionOptions {
  repo: Repo;
  inputs?: Record<string, string>;
  event: EventKind;
  apiUrl: string;
  headSha?: string;
  env?: Record<string, string>;
  /** Sees the process as soon as it started (to signal it, as the runner's cancel does). */
  onChild?: (child: ChildProcess) => void;
}

export async function runAction(options: RunActionOptions): Promise<ActionRun> {
  const runnerDir = mkdtempSync(path.join(options.repo.runnerTemp, 'step-'));
  const files = {
    output: path.join(runnerDir, 'output'),
    summary: path.join(runnerDir, 'summary.md'),
    state: path.join(runnerDir, 'state'),
    event: path.join(runnerDir, 'event.json'),
  };
  for (const file of [files.output, files.summary, files.state]) writeFileSync(file, '');
  const headSha = options.headSha ?? 'c0ffee'.padEnd(40, '0');
  const eventName = options.event === 'schedule' ? 'schedule' : 'pull_request';
  const payload =
    options.event === 'schedule'
      ? { schedule: '17 3 * * *', repository: { full_name: 'acme/shop' } }
      : {
          action: 'synchronize',
          number: 7,
          pull_request: {
            number: 7,
            head: { sha: headSha, ref: 'feature', repo: { full_name: options.event === 'fork_pull_request' ? 'stranger/shop' : 'acme/shop' } },
            base: { ref: 'main', repo: { full_name: 'acme/shop' } },
          },
          repository: { full_name: 'acme/shop' },
        };
  writeFileSync(files.event, JSON.stringify(payload));

  const inputs = { ...actionDefaults(), 'github-token': 'ghs_e2eTestToken0000', ...options.inputs };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_EVENT_NAME: eventName,
    GITHUB_REPOSITORY: 'acme/shop',
    GITHUB_SHA: 'feed'.padEnd(40, '0'),
    GITHUB_API_URL: options.apiUrl,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '4242',
    GITHUB_WORKSPACE: options.repo.dir,
    RUNNER_TEMP: options.repo.runnerTemp,
    ...Object.fromEntries(Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value])),
    ...options.env,
  };
  const child = spawn(process.execPath, [BUNDLE], { cwd: options.repo.dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  options.onChild?.(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  return { code, stdout, stderr, outputs: parseOutputs(readFileSync(files.output, 'utf8')), summary: readFileSync(files.summary, 'utf8'), runnerDir };
}
