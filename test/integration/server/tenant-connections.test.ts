/**
 * Issue 32, the connection half: a tenant's data source connects only where the operator allows
 * (url_env names, per-workspace folders, URL parameters, hosts, never the store), one tenant cannot
 * stall the server (connect timeout, per-workspace worker limit, terminate frees the worker at once),
 * and what a tenant sends is neither added to the process-wide secret list nor able to censor others.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../../src/server/app.js';
import { redact, registeredSecrets } from '../../../src/shared/redact.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { comparisonBody, sqliteOrders, startTestServer, tempDir, waitForJob, type TestServer } from './harness.js';

const hasPostgres = await databaseAvailable('postgres');
const hasMysql = await databaseAvailable('mysql');

/** A TCP server that accepts connections, reads what comes and never says a word; `open()` counts the connections the client has not closed yet. */
async function silentServer(): Promise<{ port: number; accepted(): number; open(): number; close(): Promise<void> }> {
  const sockets: net.Socket[] = [];
  const live = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.push(socket);
    live.add(socket);
    socket.on('close', () => live.delete(socket));
    socket.on('error', () => undefined);
    // read (and drop) what the client sends: unread bytes would hold back the client's end of the connection
    socket.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    accepted: () => sockets.length,
    open: () => live.size,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP server that answers every connection with an HTTP response and hangs up (the wrong protocol). */
async function httpServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    sockets.push(socket);
    socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const source = (t: TestServer, body: Record<string, unknown>, workspace?: string, key?: string) =>
  t.request('POST', '/sources', { body: { name: `s-${randomUUID().slice(0, 8)}`, ...body }, ...(workspace ? { workspace } : {}), ...(key ? { key } : {}) });

describe('url_env names only what the operator allows, per workspace', () => {
  const other = randomUUID();
  let t: TestServer;
  let otherKey: string;
  beforeAll(async () => {
    t = await startTestServer({
      scanOnCreate: false,
      env: { ...process.env, TC_WAREHOUSE_URL: 'postgres://u:pw-of-the-warehouse@127.0.0.1:1/w', TC_SHARED_URL: 'postgres://u@127.0.0.1:1/s', DATACOMPARE_DATABASE_URL: 'postgres://store@127.0.0.1/x' },
      allowEnv: ['TC_SHARED_URL', `${other}=TC_WAREHOUSE_URL`],
    });
    otherKey = (await t.newKey(['write'], { workspaces: [other] })).key;
  });
  afterAll(() => t?.stop());

  it('refuses a variable not allowed for the workspace, and the service\'s own, without storing anything', async () => {
    for (const name of ['TC_WAREHOUSE_URL', 'DATACOMPARE_DATABASE_URL', 'PATH']) {
      const answer = await source(t, { type: 'postgres', url_env: name });
      expect(answer.status, name).toBe(422);
      expect(answer.json.detail[0].loc).toEqual(['body', 'url_env']);
      expect(answer.json.detail[0].msg).toContain(`may not read the environment variable ${name}`);
    }
    expect((await t.request('GET', '/sources')).json.data.total).toBe(0);
  });

  it('accepts a variable allowed for every workspace, and one allowed for this workspace alone', async () => {
    expect((await source(t, { type: 'postgres', url_env: 'TC_SHARED_URL' })).status).toBe(201);
    expect((await source(t, { type: 'postgres', url_env: 'TC_WAREHOUSE_URL' }, other, otherKey)).status).toBe(201);
  });

  it('will not start when told to allow one of its own variables', async () => {
    await expect(startServer({ dataDir: tempDir('own-env'), port: 0, workers: 0, logger: silentLogger, log: () => {}, allowEnv: ['DATACOMPARE_DATABASE_URL'] })).rejects.toThrow(
      "--allow-env DATACOMPARE_DATABASE_URL: the service's own variables (DATACOMPARE_*) can never be data sources.",
    );
  });
});

describe('files: a workspace opens only its own folders', () => {
  it('gives each workspace its own subfolder of --allow-path DIR, and refuses the other workspace\'s file', async () => {
    const shared = tempDir('per-ws');
    const t = await startTestServer({ allowPaths: [shared], scanOnCreate: false });
    try {
      const other = randomUUID();
      const otherKey = (await t.newKey(['write'], { workspaces: [other] })).key;
      mkdirSync(path.join(shared, t.workspace));
      const mine = sqliteOrders(path.join(shared, t.workspace, 'a.db'), [[1, '1.00', 'x']]);
      expect((await source(t, { type: 'sqlite', path: mine })).status).toBe(201);
      const stolen = await source(t, { type: 'sqlite', path: mine }, other, otherKey);
      expect(stolen.status).toBe(422);
      expect(stolen.json.detail[0].msg).toContain('it is outside the folders this workspace may read');
      const viaUrl = await source(t, { type: 'sqlite', url: `sqlite://${mine}` }, other, otherKey);
      expect(viaUrl.status).toBe(422);
    } finally {
      await t.stop();
    }
  });
});

describe('URL parameters are vetted before anything is read', () => {
  let t: TestServer;
  let folder: string;
  beforeAll(async () => {
    t = await startTestServer({ allowPaths: [], scanOnCreate: false });
    // the folder DATA_DIR/sources/<workspace> is this workspace's
    folder = path.join(t.dataDir, 'sources', t.workspace);
    mkdirSync(folder, { recursive: true });
  });
  afterAll(() => t?.stop());

  it('refuses a file-reading parameter outside the workspace\'s folders: a FIFO or /dev/zero never reaches the driver', async () => {
    const fifo = path.join(tempDir('fifo'), 'pipe');
    execFileSync('mkfifo', [fifo]);
    for (const file of [fifo, '/dev/zero', '/etc/passwd']) {
      const answer = await source(t, { type: 'postgres', url: `postgres://u:pw-x1@127.0.0.1:5432/db?sslrootcert=${file}` });
      expect(answer.status, file).toBe(422);
      expect(answer.json.detail[0]).toMatchObject({ loc: ['body', 'url'], input: '***' });
      expect(answer.json.detail[0].msg).toContain('outside the folders this workspace may read');
      expect(answer.text).not.toContain('pw-x1');
    }
    const mysqlKey = await source(t, { type: 'mariadb', url: 'mysql://u@127.0.0.1:3306/db?ssl-key=/etc/ssl/private/x.key' });
    expect(mysqlKey.status).toBe(422);
  });

  it('refuses a FIFO or a large file even inside the folder, without blocking the server', async () => {
    const fifo = path.join(folder, 'pipe.pem');
    execFileSync('mkfifo', [fifo]);
    const big = path.join(folder, 'big.pem');
    writeFileSync(big, 'x'.repeat(70 * 1024));
    const [fromFifo, health] = await Promise.all([source(t, { type: 'postgres', url: `postgres://u@127.0.0.1:5432/db?sslrootcert=${fifo}` }), fetch(`${t.url}/healthz`)]);
    expect(health.status).toBe(200);
    expect(fromFifo.status).toBe(422);
    expect(fromFifo.json.detail[0].msg).toContain('it is not a regular file');
    const fromBig = await source(t, { type: 'postgres', url: `postgres://u@127.0.0.1:5432/db?sslrootcert=${big}` });
    expect(fromBig.json.detail[0].msg).toContain('it is larger than 65536 bytes');
  });

  it('refuses unknown parameters by name, socket paths and host lists', async () => {
    const cases: [string, string][] = [
      ['postgres://u@127.0.0.1:5432/db?options=-c%20default_transaction_read_only%3Doff', 'has the parameter "options", which the service does not accept'],
      ['postgres://u@127.0.0.1:5432/db?host=/var/run/postgresql', 'has the parameter "host"'],
      ['postgres://u@%2Fvar%2Frun%2Fpostgresql/db', 'must name one host'],
      ['postgres://u@a,b/db', 'must name one host'],
      ['postgres://127.0.0.1:5432/db', 'must name the user'],
      ['postgres://u@127.0.0.1/db?sslmode=sometimes', 'has sslmode=sometimes, which is not one of'],
      ['mysql://u@127.0.0.1/db?socketPath=/tmp/mysql.sock', 'has the parameter "socketPath"'],
      ['mysql://u@127.0.0.1/db?debug=true', 'has the parameter "debug"'],
    ];
    for (const [url, why] of cases) {
      const answer = await source(t, { type: url.startsWith('mysql') ? 'mysql' : 'postgres', url });
      expect(answer.status, url).toBe(422);
      expect(answer.json.detail[0].msg, url).toContain(why);
    }
  });
});

describe('--allow-host', () => {
  it('admits only listed hosts and networks', async () => {
    const t = await startTestServer({ allowHosts: ['10.0.0.0/8', 'localhost', 'db.invalid'], scanOnCreate: false });
    try {
      const refused = await source(t, { type: 'postgres', url: 'postgres://u@127.0.0.1:5432/db' });
      expect(refused.status).toBe(422);
      expect(refused.json.detail[0].msg).toContain('names the host 127.0.0.1, which the operator has not allowed');
      expect((await source(t, { type: 'postgres', url: 'postgres://u@127.1:5432/db' })).status).toBe(422);
      expect((await source(t, { type: 'postgres', url: 'postgres://u@10.1.2.3:5432/db' })).status).toBe(201);
      expect((await source(t, { type: 'mysql', url: 'mysql://u@localhost:3306/db' })).status).toBe(201);
      // a listed name is still resolved (and reached at its address): one that resolves to nothing is refused
      const unresolved = await source(t, { type: 'mysql', url: 'mysql://u@db.invalid:3306/db' });
      expect(unresolved.status).toBe(422);
      expect(unresolved.json.detail[0].msg).toContain('names the host db.invalid, which the service cannot resolve to an address');
    } finally {
      await t.stop();
    }
  });
});

describe.runIf(hasPostgres)('a PostgreSQL store', () => {
  it('is never a data source: the store\'s URL is refused', async () => {
    const t = await startTestServer({ workers: 0, databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: 'dc_tenant_conn_store' });
    try {
      const answer = await source(t, { type: 'postgres', url: TEST_DATABASE_URLS.postgres });
      expect(answer.status).toBe(422);
      expect(answer.json.detail[0].msg).toContain("reaches the service's own store");
    } finally {
      await t.stop();
    }
  });
});

describe('no tenant can stall the server', () => {
  it.each(['postgres', 'mysql'] as const)('limits a workspace to its share of workers, and terminate frees the worker at once (%s)', async (type) => {
    const silent = await silentServer();
    // a connect timeout far longer than the test: only terminate can free the worker in time
    const t = await startTestServer({ workers: 2, scanOnCreate: false, connectTimeoutMs: 300_000 });
    try {
      const hang = (await source(t, { type, url: `${type}://u:pw@127.0.0.1:${silent.port}/db` })).json.data.id;
      const first = (await t.request('POST', '/comparisons', { body: comparisonBody(hang, hang, { name: 'hang-1' }) })).json;
      const second = (await t.request('POST', '/comparisons', { body: comparisonBody(hang, hang, { name: 'hang-2' }) })).json;
      await waitForJob(t, first.run_id, ['STARTED']);

      const other = randomUUID();
      const otherKey = (await t.newKey(['write'], { workspaces: [other] })).key;
      const file = sqliteOrders(path.join(tempDir('other-ws'), 'o.db'), [[1, '1.00', 'x']]);
      const own = (await source(t, { type: 'sqlite', path: file }, other, otherKey)).json.data.id;
      const job = await t.request('POST', '/comparisons', { body: comparisonBody(own, own), workspace: other, key: otherKey });
      expect(job.status).toBe(201);
      const done = await waitForOther(t, job.json.run_id, other, otherKey);
      expect(done.status).toBe('SUCCESS');
      // the hanging workspace's second job waited: the other worker was not its to take
      expect((await waitForJob(t, second.run_id, ['PENDING', 'STARTED'])).status).toBe('PENDING');

      const terminated = await t.request('POST', `/jobs/${first.worker_task_id}/terminate`);
      expect(terminated.json.status).toBe('REVOKED');
      expect((await waitForJob(t, second.run_id, ['STARTED'])).status).toBe('STARTED');
      await t.request('POST', `/jobs/${second.worker_task_id}/terminate`);
    } finally {
      await t.stop();
      await silent.close();
    }
  });

  // The connect timeout (300 s) is far longer than the test: only the end of the work can close these connections.
  it.each(['postgres', 'mysql'] as const)('leaves no connection to a host that never answers once a scan reached its time limit, or a job failed on its other side (%s)', async (type) => {
    const silent = await silentServer();
    const t = await startTestServer({ workers: 1, scanOnCreate: false, connectTimeoutMs: 300_000 });
    try {
      const hang = (await source(t, { type, url: `${type}://u:pw@127.0.0.1:${silent.port}/db` })).json.data.id;
      const scan = await t.request('POST', `/sources/${hang}/scan?time_limit_seconds=1`);
      expect(scan.json.data.scan.status).toBe('failed');
      expect(await settles(() => silent.open() === 0, 2000)).toBe(true);

      // the SQLite side fails at once (no such table) while this side is still connecting
      const file = sqliteOrders(path.join(tempDir('fails-first'), 'f.db'), [[1, '1.00', 'x']]);
      const fails = (await source(t, { type: 'sqlite', path: file })).json.data.id;
      const run = (await t.request('POST', '/comparisons', { body: comparisonBody(fails, hang, { source_dataset_id: 'no_such_table' }) })).json;
      const job = await waitForJob(t, run.run_id);
      expect(job.failure_reason).toMatch(/^The source table `no_such_table` does not exist/);
      expect(silent.accepted()).toBe(2);
      expect(await settles(() => silent.open() === 0, 2000)).toBe(true);
    } finally {
      await t.stop();
      await silent.close();
    }
  });

  it.each(['postgres', 'mysql'] as const)('gives up connecting after the connect timeout (%s)', async (type) => {
    const silent = await silentServer();
    const t = await startTestServer({ workers: 1, scanOnCreate: false, connectTimeoutMs: 1000 });
    try {
      const hang = (await source(t, { type, url: `${type}://u:pw@127.0.0.1:${silent.port}/db` })).json.data.id;
      const created = (await t.request('POST', '/comparisons', { body: comparisonBody(hang, hang) })).json;
      const job = await waitForJob(t, created.run_id);
      expect(job.status).toBe('FAILURE');
      expect(job.failure_reason).toMatch(/^Could not connect to data source "s-[0-9a-f]{8}"\. /);
    } finally {
      await t.stop();
      await silent.close();
    }
  });
});

/** Waits (at most `withinMs`) until `settled()`; its last answer. */
async function settles(settled: () => boolean, withinMs: number): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (!settled() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return settled();
}

async function waitForOther(t: TestServer, runId: number, workspace: string, key: string): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const answer = await t.request('POST', '/jobs/comparison/details', { body: [runId], workspace, key });
    const job = answer.json?.data?.[0];
    if (job && ['SUCCESS', 'FAILURE', 'REVOKED'].includes(job.status)) return job;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`job ${runId} of the other workspace did not finish`);
}

describe('connection errors say only "could not connect"', () => {
  it('tells a closed port, a silent one and the wrong protocol apart in nothing but the log', async () => {
    const silent = await silentServer();
    const http = await httpServer();
    const closed = await closedPort();
    const t = await startTestServer({ workers: 2, workspaceWorkers: 2, connectTimeoutMs: 1500, scanTimeLimitMs: 5000 });
    try {
      const reasons: string[] = [];
      const scans: string[] = [];
      const targets = [['postgres', closed], ['postgres', silent.port], ['postgres', http.port], ['mysql', closed], ['mysql', silent.port], ['mysql', http.port]] as const;
      for (const [i, [type, port]] of targets.entries()) {
        const created = await t.request('POST', '/sources', { body: { name: `probe${i}`, type, url: `${type}://u:pw@127.0.0.1:${port}/db` } });
        expect(created.status).toBe(201);
        scans.push(created.json.data.scan.message.replace(`probe${i}`, 'probe'));
        const id = created.json.data.id;
        const run = (await t.request('POST', '/comparisons', { body: comparisonBody(id, id, { name: `probe-${i}` }) })).json;
        reasons.push((await waitForJob(t, run.run_id)).failure_reason.replace(`probe${i}`, 'probe'));
      }
      // a scan says what a job says
      expect(new Set(reasons).size).toBe(1);
      expect(new Set(scans)).toEqual(new Set(reasons));
      expect(reasons[0]).toMatch(/^Could not connect to data source "probe"\. Check the URL's host, port/);
    } finally {
      await t.stop();
      await silent.close();
      await http.close();
    }
  });
});

describe('a scan of an unreachable data source', () => {
  // the same answer whatever keeps the service's state: a PostgreSQL store asks its own question on the scan's session first
  const stores: [string, () => { options: Record<string, string>; drop(): Promise<void> }][] = [['a SQLite store', () => ({ options: {}, drop: async () => undefined })]];
  if (hasPostgres) {
    stores.push([
      'a PostgreSQL store',
      () => {
        const schema = `dc_scan_text_${randomUUID().slice(0, 8)}`;
        return { options: { databaseUrl: TEST_DATABASE_URLS.postgres, databaseSchema: schema }, drop: () => dropSchema(schema) };
      },
    ]);
  }

  it.each(stores)('says "could not connect" and what to check, in one sentence each, on %s', async (_, store) => {
    const { options, drop } = store();
    const t = await startTestServer({ workers: 0, scanOnCreate: false, ...options });
    try {
      const created = await t.request('POST', '/sources', { body: { name: 'gone', type: 'postgres', url: `postgres://u:pw@127.0.0.1:${await closedPort()}/db` } });
      expect(created.status, created.text).toBe(201);
      const scan = await t.request('POST', `/sources/${created.json.data.id}/scan`);
      expect(scan.json.message).toMatchInlineSnapshot(`"Scan of "gone": failed (0 datasets, 0 columns, 0 sensitive): Could not connect to data source "gone". Check the URL's host, port, user, password and TLS settings, and that the database accepts connections from the service; the service's operator sees the details in its log."`);
    } finally {
      await t.stop();
      await drop();
    }
  });
});

async function dropSchema(schema: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URLS.postgres });
  await admin.connect();
  try {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await admin.end();
  }
}

describe('secrets: per job, only after validation, never another tenant\'s censor', () => {
  it('does not grow the process-wide list from what tenants send', async () => {
    const t = await startTestServer({ workers: 1 });
    try {
      const before = registeredSecrets().length;
      const url = 'postgres://u:comparisons@127.0.0.1:1/db';
      expect((await source(t, { type: 'postgres', url: 'postgres://u@127.0.0.1:1/db?x=1' + 'y'.repeat(5000) })).status).toBe(422);
      const first = await t.request('POST', '/sources', { body: { name: 'dup', type: 'postgres', url } });
      expect(first.status).toBe(201);
      // a taken name is told before the URL is read or its host looked up
      expect((await t.request('POST', '/sources', { body: { name: 'dup', type: 'postgres', url: `${url}?again` } })).status).toBe(409);
      expect((await t.request('POST', '/sources', { body: { name: 'dup', type: 'postgres', url: 'postgres://u:other-secret@127.0.0.1:1/db' } })).status).toBe(409);
      const run = (await t.request('POST', '/comparisons', { body: comparisonBody(first.json.data.id, first.json.data.id) })).json;
      const job = await waitForJob(t, run.run_id);
      expect(job.status).toBe('FAILURE');
      expect(registeredSecrets().length).toBe(before);
      expect(registeredSecrets()).not.toContain('comparisons');
      // another tenant's text is not censored by this tenant's "password"
      expect(redact('GET /comparisons')).toBe('GET /comparisons');
      expect(job.failure_reason).not.toContain('comparisons@');
    } finally {
      await t.stop();
    }
  });
});

describe.runIf(hasPostgres && hasMysql)('vetted URLs still connect', () => {
  it('reaches PostgreSQL and MariaDB with sslmode/ssl-mode off, without the environment\'s defaults', async () => {
    const t = await startTestServer({ workers: 0 });
    try {
      const pgUrl = `${TEST_DATABASE_URLS.postgres}?sslmode=disable`;
      const myUrl = `${TEST_DATABASE_URLS.mysql}?ssl-mode=DISABLED`;
      for (const [type, url] of [['postgres', pgUrl], ['mariadb', myUrl]] as const) {
        const created = await source(t, { type, url });
        expect(created.status, created.text).toBe(201);
        expect(created.json.data.status, JSON.stringify(created.json.data.scan)).toBe('connected');
      }
    } finally {
      await t.stop();
    }
  });
});
