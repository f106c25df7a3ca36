/**
 * `datacompare run` as a process on two PostgreSQL tables holding 640,000,000 characters of long values
 * (2 × 64 values of 5,000,000 characters, built on the server: this test holds none of them), compared
 * case-insensitively (each value is read twice: as compared and as shown, 1.28 GB in all): every fetch
 * is bounded by bytes and a kept row holds only its kept characters, so the process's peak memory
 * stays far below the data it reads: 305–320 MiB (reading 5,000 rows a round trip, before #43: 1,420 MiB).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminRun } from '../helpers/admin.js';
import { databaseAvailable, runScoped, TEST_DATABASE_URLS } from '../helpers/databases.js';
import { memoryKb } from '../helpers/processes.js';

const bin = path.resolve('bin/datacompare.js');
const schema = runScoped('dc_e2e_fetch_memory');
const postgres = { type: 'postgres' as const, url: TEST_DATABASE_URLS.postgres };
const LENGTH = 5_000_000;
const LONG = 64;
let dir: string;

/** Runs the CLI, sampling its peak resident memory (VmHWM) every 20 ms; the last sample before it ends is its peak. */
function runSampled(args: string[], cwd: string): Promise<{ status: number | null; stdout: string; stderr: string; peakMiB: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1' } });
    let stdout = '';
    let stderr = '';
    let peakKb = 0;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const sample = () => {
      try {
        peakKb = Math.max(peakKb, memoryKb(child.pid!, 'VmHWM') || 0);
      } catch {
        // ended between two samples
      }
    };
    const timer = setInterval(sample, 20);
    child.on('error', reject);
    child.on('exit', (status) => {
      clearInterval(timer);
      resolve({ status, stdout, stderr, peakMiB: peakKb / 1024 });
    });
  });
}

describe.runIf(await databaseAvailable('postgres'))('two PostgreSQL tables of 320,000,000 characters each', () => {
  beforeAll(async () => {
    // 64 long values a side (the server compresses them: a few MB on disk), then 1,000 ordinary rows;
    // every sixteenth long value differs in its last characters.
    await adminRun(postgres, [
      `DROP SCHEMA IF EXISTS ${schema} CASCADE`,
      `CREATE SCHEMA ${schema}`,
      `CREATE TABLE ${schema}.a (id int PRIMARY KEY, v text)`,
      `CREATE TABLE ${schema}.b (id int PRIMARY KEY, v text)`,
      `INSERT INTO ${schema}.a SELECT i, repeat('x', ${LENGTH}) || i FROM generate_series(1, ${LONG}) AS i`,
      `INSERT INTO ${schema}.b SELECT i, repeat('x', ${LENGTH}) || CASE WHEN i % 16 = 0 THEN i + 1000 ELSE i END FROM generate_series(1, ${LONG}) AS i`,
      `INSERT INTO ${schema}.a SELECT i, 'row ' || i FROM generate_series(${LONG + 1}, ${LONG + 1000}) AS i`,
      `INSERT INTO ${schema}.b SELECT i, 'row ' || i FROM generate_series(${LONG + 1}, ${LONG + 1000}) AS i`,
    ]);
    dir = mkdtempSync(path.join(os.tmpdir(), 'dc-e2e-fetch-memory-'));
    writeFileSync(
      path.join(dir, 'spec.yml'),
      [
        'version: 1',
        'datasources:',
        `  pg: { type: postgres, url: "${TEST_DATABASE_URLS.postgres}", allow_privileged: true }`,
        'comparisons:',
        '  - name: long',
        // both sides streamed and merged by the engine: every value is fetched
        '    strategy: stream',
        `    source: { datasource: pg, dataset: ${schema}.a }`,
        `    target: { datasource: pg, dataset: ${schema}.b }`,
        '    primary_keys: [id]',
        '',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await adminRun(postgres, [`DROP SCHEMA IF EXISTS ${schema} CASCADE`]);
  });

  it('compares them with a peak memory far below the data it reads, the verdict and counts exact', { timeout: 90_000 }, async () => {
    const result = await runSampled(['run', '--spec', 'spec.yml', '--json', 'out.json'], dir);
    console.log(`640,000,000 characters of long values compared: the CLI's peak resident memory was ${result.peakMiB.toFixed(0)} MiB`);
    expect(result.stderr).not.toContain('bug in datacompare');
    expect(result.status, result.stderr).toBe(1);
    const comparison = JSON.parse(readFileSync(path.join(dir, 'out.json'), 'utf8')).comparisons[0];
    expect(comparison.status).toBe('mismatch');
    expect(comparison.stats).toMatchObject({ source_rows: 1064, target_rows: 1064, matched_rows: 1060, mismatched_rows: 4, only_in_source: 0, only_in_target: 0 });
    const diff = comparison.diff;
    expect(diff.diff_rows_total).toBe(4);
    expect(diff.diff_rows.map((row: { id: number }) => row.id)).toEqual([16, 32, 48, 64]);
    expect(diff.cut_values).toHaveLength(8);
    // each side kept from 8,192 characters before the first difference ('16' against '1016'), with its length and SHA-256
    expect(diff.diff_rows[0]).toMatchObject({ source_v: `${'x'.repeat(8_191)}16`, target_v: `${'x'.repeat(8_191)}1016` });
    expect(diff.cut_values[0]).toMatchObject({ row: 0, field: 'source_v', length: LENGTH + 2, start: LENGTH + 1 - 8_192 });
    expect(result.peakMiB).toBeLessThan(400);
  });
});
