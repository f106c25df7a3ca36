/**
 * Sources that stall mid-stream, for the stop tests (cli-cancel, action-stop): PostgreSQL and MariaDB
 * queries that send rows, then sleep 120 s on one row. Each test's connections are told apart from
 * everyone else's on the shared servers: PostgreSQL by its application_name (set in the URL), MariaDB
 * by a user of the test file's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { runScoped, TEST_DATABASE_URLS } from '../helpers/databases.js';
import { ensureNap, NAP } from '../helpers/pg-nap.js';
import { childrenOf } from '../helpers/processes.js';
import { runAction, type ActionRun, type Repo } from './action-report-harness.js';

/** MariaDB's nap, as PostgreSQL's: user SQL may not call SLEEP, but a function of the database's own may. */
const MARIADB_NAP = 'dc_test_nap';
const mariadbDatabase = () => decodeURIComponent(new URL(TEST_DATABASE_URLS.mysql).pathname.slice(1)) || 'test';

/** The stalling sources of one test file: its own PostgreSQL schema and MariaDB user (files run in parallel). */
export function stallingSources(name: string) {
  const schema = `dc_e2e_${name}`;
  const user = runScoped(`dc_e2e_${name}`);
  return {
    schema,
    user,
    /** A PostgreSQL URL whose sessions carry `application`. */
    postgresUrl(application: string): string {
      const url = new URL(TEST_DATABASE_URLS.postgres);
      url.searchParams.set('application_name', application);
      return url.toString();
    },
    /** The MariaDB URL of this file's own user. */
    mariadbUrl(): string {
      const url = new URL(TEST_DATABASE_URLS.mysql);
      url.username = user;
      url.password = '';
      return url.toString();
    },
    /** 60,000 rows; the query stalls 120 s on id 20,000. */
    pgStallingQuery: `select id, v from ${schema}.t where id <> 20000 or ${NAP}(120) is not null`,
    /** 60,000 rows; the query stalls 120 s on id 30,000. */
    mariadbStallingQuery: `select seq as id, concat('v', seq) as v from seq_1_to_60000 where seq <> 30000 or ${MARIADB_NAP}(120) = 0`,
    pgQuery: `select id, v from ${schema}.t`,
    mariadbQuery: "select seq as id, concat('v', seq) as v from seq_1_to_60000",
    /** A view whose checksum scan takes minutes (60,000 rows, 2 ms each). */
    pgSlowView: `${schema}.slow_v`,
    async create(): Promise<void> {
      await ensureNap();
      const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
      await client.connect();
      try {
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        await client.query(`DROP TABLE IF EXISTS ${schema}.t CASCADE`);
        await client.query(`CREATE TABLE ${schema}.t AS SELECT g AS id, 'v' || g AS v FROM generate_series(1, 60000) AS g`);
        await client.query(`ALTER TABLE ${schema}.t ADD PRIMARY KEY (id)`);
        // A view as slow as the issue's: cheap to count, 2 ms a row to checksum (about 2 min for the table).
        await client.query(
          `CREATE OR REPLACE FUNCTION ${schema}.stall(i int) RETURNS int LANGUAGE plpgsql VOLATILE AS $$
             BEGIN IF current_query() LIKE '%row_count%' THEN PERFORM pg_sleep(0.002); END IF; RETURN i; END $$`,
        );
        await client.query(`CREATE VIEW ${schema}.slow_v AS SELECT ${schema}.stall(id) AS id, v FROM ${schema}.t`);
      } finally {
        await client.end();
      }
      const my = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
      try {
        await my.query(`CREATE USER IF NOT EXISTS '${user}'@'%'`);
        await my.query(`GRANT SELECT, EXECUTE ON \`${mariadbDatabase()}\`.* TO '${user}'@'%'`);
        await my.query(`CREATE FUNCTION IF NOT EXISTS ${MARIADB_NAP}(seconds INT) RETURNS INT NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER BEGIN DO SLEEP(seconds); RETURN 0; END`);
      } finally {
        await my.end();
      }
    },
    /** Drops what create() made at server level (the schema and table live in the run's database). */
    async drop(): Promise<void> {
      const my = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
      try {
        await my.query(`DROP USER IF EXISTS '${user}'@'%'`);
      } finally {
        await my.end();
      }
    },
    /** This file's sessions still open on each server (PostgreSQL: by application_name; MariaDB: by user). */
    async openSessions(application: string): Promise<{ postgres: number; mariadb: number }> {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
      await client.connect();
      const my = await mysql.createConnection({ uri: TEST_DATABASE_URLS.mysql });
      try {
        const p = await client.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [application]);
        const [rows] = await my.query('SELECT count(*) AS n FROM information_schema.processlist WHERE user = ?', [user]);
        return { postgres: Number(p.rows[0]?.n), mariadb: Number((rows as { n: number }[])[0]?.n) };
      } finally {
        await client.end();
        await my.end();
      }
    },
    /** Sessions left once the servers had up to 2 s to see sockets close (a session ends when its server notices). */
    async sessionsLeft(application: string): Promise<{ postgres: number; mariadb: number }> {
      let left = await this.openSessions(application);
      for (let i = 0; i < 20 && left.postgres + left.mariadb > 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        left = await this.openSessions(application);
      }
      return left;
    },
  };
}

export type StallingSources = ReturnType<typeof stallingSources>;

export interface StoppedProcess {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from the signal to the process's exit. */
  afterSignalMs: number;
  sessionsAtSignal: { postgres: number; mariadb: number };
}

/**
 * Runs `command`, sends `signal` once `ready` matches its output so far (stdout + stderr) and the
 * stall has the test's sessions open, and waits for it to exit.
 */
export async function runUntilStopped(
  sources: StallingSources,
  command: { args: string[]; cwd: string; env: NodeJS.ProcessEnv },
  options: { ready: RegExp; signal: NodeJS.Signals; application: string },
): Promise<StoppedProcess> {
  const child: ChildProcess = spawn(process.execPath, command.args, { cwd: command.cwd, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  let signalled: Promise<{ at: number; sessions: { postgres: number; mariadb: number } }> | undefined;
  const check = () => {
    if (signalled || !options.ready.test(stdout + stderr)) return;
    signalled = (async () => {
      const sessions = await sources.openSessions(options.application);
      child.kill(options.signal);
      return { at: Date.now(), sessions };
    })();
  };
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    check();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
    check();
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  const exitedAt = Date.now();
  if (!signalled) throw new Error(`the process ended before ${options.ready} showed in its output:\n${stdout}\n${stderr}`);
  const { at, sessions } = await signalled;
  return { code, stdout, stderr, afterSignalMs: exitedAt - at, sessionsAtSignal: sessions };
}

/** The process is gone (not only its pipes closed). */
export function processGone(pid: number | undefined): boolean {
  try {
    process.kill(pid ?? 0, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

export interface SignalledRun {
  /** Exit status, null when a signal ended it (then `endSignal`). */
  code: number | null;
  endSignal: NodeJS.Signals | null;
  /** stdout and stderr as they came. */
  output: string;
  stdout: string;
  /** Milliseconds from the signal to the process's exit. */
  afterSignalMs: number;
  pid: number | undefined;
  /** Its child processes when it was signalled (a SQLite query's worker process). */
  childrenAtSignal: number[];
}

/** Runs `node <args>`, sends `signal` `afterMs` (default 0) after `ready` matched its output so far (stdout + stderr), and waits for it to end. */
export async function runAndSignal(
  command: { args: string[]; cwd: string; env: NodeJS.ProcessEnv },
  options: { ready: RegExp; signal: NodeJS.Signals; afterMs?: number },
): Promise<SignalledRun> {
  const child = spawn(process.execPath, command.args, { cwd: command.cwd, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let stdout = '';
  let signalledAt = 0;
  let childrenAtSignal: number[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (signalledAt === 0 && options.ready.test(output)) {
      signalledAt = -1;
      setTimeout(() => {
        signalledAt = Date.now();
        childrenAtSignal = childrenOf(child.pid!);
        child.kill(options.signal);
      }, options.afterMs ?? 0);
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    onData(chunk);
  });
  child.stderr.on('data', onData);
  const [code, endSignal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  if (signalledAt <= 0) throw new Error(`the process ended before ${options.ready} showed in its output:\n${output}`);
  return { code, endSignal, output, stdout, afterSignalMs: Date.now() - signalledAt, pid: child.pid, childrenAtSignal };
}

export interface SignalledActionRun {
  run: ActionRun;
  /** Milliseconds from the signal to the step's end. */
  afterSignalMs: number;
  /** The signal was sent (`ready` showed in the step's stdout). */
  signalled: boolean;
  /** The signal that ended the step, null when it exited with a status. */
  endSignal: NodeJS.Signals | null;
  pid: number | undefined;
  /** The step's child processes when it was signalled (a SQLite query's worker process). */
  childrenAtSignal: number[];
}

/**
 * Runs the bundled action on `repo` (a scheduled run, local mode, the given grace period) and sends
 * `signal` `afterMs` (default 0) after `ready` matched its stdout so far, as the runner cancels a step.
 */
export async function runActionAndSignal(repo: Repo, options: { ready: RegExp; signal: NodeJS.Signals; graceSeconds: number; afterMs?: number }): Promise<SignalledActionRun> {
  let log = '';
  let signalledAt = 0;
  let pid: number | undefined;
  let endSignal: NodeJS.Signals | null = null;
  let childrenAtSignal: number[] = [];
  const run = await runAction({
    repo,
    event: 'schedule',
    apiUrl: 'http://127.0.0.1:9',
    inputs: { mode: 'local' },
    env: { DATACOMPARE_STOP_GRACE_SECONDS: String(options.graceSeconds), DATACOMPARE_PROGRESS_SECONDS: '1' },
    onChild: (child) => {
      pid = child.pid;
      child.on('exit', (_code, signal) => (endSignal = signal));
      child.stdout?.on('data', (chunk: Buffer) => {
        log += chunk.toString('utf8');
        if (signalledAt !== 0 || !options.ready.test(log)) return;
        signalledAt = -1;
        setTimeout(() => {
          signalledAt = Date.now();
          childrenAtSignal = childrenOf(child.pid!);
          child.kill(options.signal);
        }, options.afterMs ?? 0);
      });
    },
  });
  return { run, afterSignalMs: Date.now() - signalledAt, signalled: signalledAt > 0, endSignal, pid, childrenAtSignal };
}
