/**
 * Real TLS database servers for the TLS tests, made from scratch: a certificate authority and a
 * server certificate (for `localhost` and 127.0.0.1, not 127.0.0.2) made with openssl, then a
 * PostgreSQL cluster (initdb, `ssl=on`, TLS-only pg_hba) and a MariaDB server (`mariadb-install-db`,
 * `--ssl-*`, a user created `REQUIRE SSL`), each in a temporary folder on a free port, stopped and
 * removed afterwards. Nothing of the machine's own servers is touched.
 *
 * They need openssl, PostgreSQL's initdb/postgres, MariaDB's mariadb-install-db/mariadbd and root (the
 * PostgreSQL server runs as the `postgres` user). Without them the tests skip loudly;
 * DATACOMPARE_REQUIRE_DATABASES=1 (set by .ci/run) turns that skip into a failure.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Certificates {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
}

function run(command: string, args: string[], options: { cwd?: string } = {}): string {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', ...options });
}

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  const bin = version ? path.join(root, version, 'bin') : undefined;
  return bin && existsSync(path.join(bin, 'initdb')) ? bin : undefined;
}

function has(command: string): boolean {
  try {
    run('sh', ['-c', `command -v ${command}`]);
    return true;
  } catch {
    return false;
  }
}

/** Why TLS servers cannot be started here, or undefined when they can. */
export function tlsServersMissing(): string | undefined {
  if (process.getuid?.() !== 0) return 'the TLS tests start database servers and must run as root';
  if (!has('openssl')) return 'openssl is not installed';
  if (!postgresBin()) return "PostgreSQL's initdb is not installed (/usr/lib/postgresql/*/bin)";
  if (!has('mariadb-install-db') || !existsSync('/usr/sbin/mariadbd')) return 'MariaDB (mariadb-install-db, /usr/sbin/mariadbd) is not installed';
  return undefined;
}

/** True when TLS servers can be started; a loud skip otherwise, or a failure where databases are required. */
export function tlsServersAvailable(): boolean {
  const missing = tlsServersMissing();
  if (!missing) return true;
  const message = `TLS servers cannot be started (${missing}): the TLS tests are SKIPPED.`;
  if (process.env.DATACOMPARE_REQUIRE_DATABASES === '1') throw new Error(`${message} DATACOMPARE_REQUIRE_DATABASES=1 turns this skip into a failure.`);
  console.warn(`\n!!!!!!!!!! ${message} !!!!!!!!!!\n`);
  return false;
}

/** A CA and a server certificate for localhost / 127.0.0.1, in a new folder readable by the postgres user. */
export function makeCertificates(): Certificates {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-tls-'));
  chmodSync(dir, 0o755);
  const file = (name: string) => path.join(dir, name);
  run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=datacompare test CA']);
  run('openssl', ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=localhost']);
  writeFileSync(file('san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  run('openssl', ['x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-CAcreateserial', '-out', file('server.pem'), '-days', '2', '-extfile', file('san.ext')]);
  for (const name of ['ca.pem', 'server.pem']) chmodSync(file(name), 0o644);
  chmodSync(file('server.key'), 0o600);
  return { dir, ca: file('ca.pem'), serverCert: file('server.pem'), serverKey: file('server.key') };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, name: string, log: () => string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not listen on ${port} in 30 s: ${log()}`);
}

export interface TlsServer {
  port: number;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A PostgreSQL cluster with `ssl=on` listening on 127.0.0.1 and 127.0.0.2, whose pg_hba lets every user
 * in (trust) over TLS only: a plain connection is refused with "SSL off".
 */
export async function startPostgresTls(certs: Certificates): Promise<TlsServer> {
  const bin = postgresBin()!;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-tls-pg-'));
  const data = path.join(dir, 'data');
  const postgres = { uid: Number(run('id', ['-u', 'postgres']).trim()), gid: Number(run('id', ['-g', 'postgres']).trim()) };
  chownSync(dir, postgres.uid, postgres.gid);
  // The server reads its key as its own user, with no access for others.
  const key = path.join(dir, 'server.key');
  writeFileSync(key, run('cat', [certs.serverKey]), { mode: 0o600 });
  chownSync(key, postgres.uid, postgres.gid);
  run('runuser', ['-u', 'postgres', '--', path.join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhostssl all all 127.0.0.0/8 trust\nhostnossl all all 127.0.0.0/8 reject\n');
  const port = await freePort();
  let output = '';
  const child = spawn(
    'runuser',
    ['-u', 'postgres', '--', path.join(bin, 'postgres'), '-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1,127.0.0.2', '-c', 'ssl=on', '-c', `ssl_cert_file=${certs.serverCert}`, '-c', `ssl_key_file=${key}`, '-c', 'fsync=off'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForPort(port, child, 'the TLS PostgreSQL server', () => output);
  return {
    port,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A MariaDB server with TLS on 127.0.0.1 and 127.0.0.2, and a user `tls_user` (no password) created `REQUIRE SSL`. */
export async function startMariadbTls(certs: Certificates): Promise<TlsServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-tls-my-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'mysqld.sock');
  run('mariadb-install-db', ['--no-defaults', '--user=root', `--datadir=${data}`, '--auth-root-authentication-method=normal', '--skip-test-db']);
  const port = await freePort();
  let output = '';
  const child = spawn(
    '/usr/sbin/mariadbd',
    ['--no-defaults', '--user=root', `--datadir=${data}`, `--socket=${socket}`, `--pid-file=${path.join(dir, 'mysqld.pid')}`, `--port=${port}`, '--bind-address=127.0.0.1,127.0.0.2', `--ssl-ca=${certs.ca}`, `--ssl-cert=${certs.serverCert}`, `--ssl-key=${certs.serverKey}`, '--skip-log-bin', '--innodb-buffer-pool-size=16M'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForPort(port, child, 'the TLS MariaDB server', () => output);
  run('mariadb', ['--no-defaults', `--socket=${socket}`, '-uroot', '-e', "CREATE USER tls_user@'%' REQUIRE SSL; GRANT SELECT ON *.* TO tls_user@'%'; CREATE DATABASE tls_test;"]);
  return {
    port,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
