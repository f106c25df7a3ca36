/**
 * The benchmark: generates the datasets, then for each scenario runs every contender in its own child
 * process (one after the other, so they never compete for the 2 cores), optionally through the
 * throttling proxy (`--link`), and prints + writes the results (bench/results.md by default).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs, type BenchArgs, type ScenarioName } from './args.js';
import { generateDatasets, scenarioTables } from './dataset.js';
import { sharedLink, startThrottlingProxy, type ThrottlingProxy } from './proxy.js';
import { blockMarkers, renderResults, renderSummary, renderTable, replaceBlock, type Measurement } from './report.js';
import type { ContenderOutput } from './contenders/types.js';
import mysql from 'mysql2/promise';
import pg from 'pg';

const benchDir = fileURLToPath(new URL('.', import.meta.url));

interface ChildOutput extends ContenderOutput {
  /** Spawn to exit: the whole process, as a user would time the command (the ratios use it). */
  wallMs: number;
  /** Inside the child, from calling the contender to its answer (module loading and connecting excluded). */
  inProcessMs: number;
  bytes: { source: number; target: number };
  maxRssMb: number;
}

function runChild(task: object): Promise<ChildOutput> {
  const spawned = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--experimental-transform-types', '--no-warnings', '--import', `${benchDir}register.js`, `${benchDir}child.ts`], {
      env: { ...process.env, BENCH_TASK: JSON.stringify(task) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`contender exited with ${code}: ${stdout}`));
      try {
        const output = JSON.parse(line) as Omit<ChildOutput, 'inProcessMs'> & { wallMs: number };
        resolve({ ...output, inProcessMs: output.wallMs, wallMs: performance.now() - spawned });
      } catch {
        reject(new Error(`contender printed no result: ${stdout}`));
      }
    });
  });
}

function withPort(url: string, port: number): string {
  const parsed = new URL(url);
  parsed.port = String(port);
  return parsed.toString();
}

async function serverVersions(args: BenchArgs): Promise<string> {
  const client = new pg.Client({ connectionString: args.postgresUrl });
  await client.connect();
  const pgVersion = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v;
  await client.end();
  const my = await mysql.createConnection({ uri: args.mysqlUrl });
  const [rows] = await my.query('select version() as v');
  await my.end();
  return `PostgreSQL ${pgVersion}, MariaDB ${(rows as { v: string }[])[0]?.v}`;
}

export async function main(argv: string[]): Promise<number> {
  let args: BenchArgs;
  try {
    args = parseArgs(argv);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const log = (line: string): void => console.log(line);
  await generateDatasets({ ...args, log });
  const proxies: ThrottlingProxy[] = [];
  let postgresUrl = args.postgresUrl;
  let mysqlUrl = args.mysqlUrl;
  if (args.link) {
    const link = sharedLink(args.link);
    const pgProxy = await startThrottlingProxy({ host: new URL(args.postgresUrl).hostname, port: Number(new URL(args.postgresUrl).port || 5432) }, link);
    const myProxy = await startThrottlingProxy({ host: new URL(args.mysqlUrl).hostname, port: Number(new URL(args.mysqlUrl).port || 3306) }, link);
    proxies.push(pgProxy, myProxy);
    postgresUrl = withPort(args.postgresUrl, pgProxy.port);
    mysqlUrl = withPort(args.mysqlUrl, myProxy.port);
    log(`link: ${args.link.label} (throttling proxy on 127.0.0.1:${pgProxy.port} and :${myProxy.port})`);
  }
  const measurements: Measurement[] = [];
  try {
    for (const scenario of args.scenarios as ScenarioName[]) {
      for (const contender of args.contenders) {
        // The hand-written join needs both tables in one database: same-db only.
        if (contender === 'join-sql' && scenarioTables(scenario).targetEngine !== 'postgres') continue;
        log(`${scenario}: ${contender}…`);
        const output = await runChild({ contender, scenario: scenarioTables(scenario), postgresUrl, mysqlUrl });
        const measurement: Measurement = { scenario, contender, ...output };
        measurements.push(measurement);
        log(
          `  ${(output.wallMs / 1000).toFixed(2)} s whole process (${(output.inProcessMs / 1000).toFixed(2)} s in process), rows ${output.rows.source}/${output.rows.target}, ` +
            `bytes ${output.bytes.source}/${output.bytes.target}, RSS ${output.maxRssMb.toFixed(0)} MB` +
            (output.found ? `, found ${JSON.stringify(output.found)}` : '') +
            (output.plan ? `, plan ${output.plan}` : '') +
            (output.note ? `, ${output.note}` : ''),
        );
      }
    }
  } finally {
    for (const proxy of proxies) await proxy.close();
  }
  const command = `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`;
  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.versions.node}, ${await serverVersions(args)}`;
  console.log(`\n${renderTable(measurements)}`);
  await writeFile(args.output, renderResults({ command, machine, rows: args.rows, link: args.link?.label, measurements, date: new Date().toISOString() }));
  log(`\nwritten: ${args.output}`);
  // The run's block in docs/benchmarks.md, when it has one for this row count and link.
  const docs = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
  const markers = blockMarkers(args.rows, args.link?.label);
  const updated = replaceBlock(await readFile(docs, 'utf8'), markers, renderSummary({ command, machine, date: new Date().toISOString(), measurements }));
  if (updated) {
    await writeFile(docs, updated);
    log(`updated: docs/benchmarks.md (${markers[0]})`);
  } else log(`docs/benchmarks.md has no block ${markers[0]} … ${markers[1]}: not updated`);
  const wrong = measurements.filter((m) => m.found && m.wrong);
  if (wrong.length > 0) {
    console.error(`WRONG RESULTS: ${wrong.map((m) => `${m.scenario}/${m.contender}`).join(', ')}`);
    return 1;
  }
  return 0;
}
