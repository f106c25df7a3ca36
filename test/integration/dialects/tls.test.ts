/**
 * TLS the way cloud databases document it, against real TLS servers the test starts (a PostgreSQL
 * cluster with ssl=on and TLS-only pg_hba, a MariaDB with a `REQUIRE SSL` user, certificates from a CA
 * made here) and the machine's plain servers: each mode connects (encrypted where it says so) or fails
 * with a connection error naming the certificate problem and the setting that fixes it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { loadDialect } from '../../../src/dialects/registry.js';
import type { ConnectionConfig } from '../../../src/engine/model.js';
import { ConfigurationError, ConnectionError } from '../../../src/shared/errors.js';
import { silentLogger } from '../../../src/shared/logger.js';
import { databaseAvailable, TEST_DATABASE_URLS } from '../../helpers/databases.js';
import { startTcpRelay } from '../../helpers/tcp-relay.js';
import { makeCertificates, startMariadbTls, startPostgresTls, tlsServersAvailable, type Certificates, type TlsServer } from '../../helpers/tls-servers.js';

const available = tlsServersAvailable() && (await databaseAvailable('postgres')) && (await databaseAvailable('mysql'));

async function query(config: ConnectionConfig, sql: string): Promise<Record<string, unknown>[]> {
  const db = (await loadDialect(config.type)).connect(config, { logger: silentLogger, datasourceName: 'cloud' });
  try {
    return await db.query(sql);
  } finally {
    await db.close();
  }
}

async function failure(config: ConnectionConfig): Promise<Error> {
  const error = await query(config, 'SELECT 1 AS one').then(
    () => undefined,
    (caught: unknown) => caught as Error,
  );
  if (!error) throw new Error(`expected ${JSON.stringify(config)} to fail`);
  return error;
}

describe.runIf(available)('TLS', () => {
  let certs: Certificates;
  let pg: TlsServer;
  let my: TlsServer;
  const warn = vi.spyOn(process, 'emitWarning');
  beforeAll(async () => {
    certs = makeCertificates();
    [pg, my] = await Promise.all([startPostgresTls(certs), startMariadbTls(certs)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([pg?.stop(), my?.stop()]);
    if (certs) rmSync(certs.dir, { recursive: true, force: true });
  });

  describe('PostgreSQL', () => {
    const url = (host: string, params: string) => ({ type: 'postgres', url: `postgres://postgres@${host}:${pg.port}/postgres?${params}` }) as ConnectionConfig;
    const encrypted = 'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()';

    it('sslmode=require encrypts without checking the certificate, and prints no node-pg warning', async () => {
      expect(await query(url('127.0.0.1', 'sslmode=require'), encrypted)).toEqual([{ ssl: true }]);
      expect(warn.mock.calls.map((call) => String(call[0]))).not.toContainEqual(expect.stringMatching(/SSL|sslmode/i));
    });

    it('verify-full with sslrootcert connects by the certificate\'s name and address', async () => {
      expect(await query(url('localhost', `sslmode=verify-full&sslrootcert=${certs.ca}`), encrypted)).toEqual([{ ssl: true }]);
      expect(await query(url('127.0.0.1', `sslmode=verify-full&sslrootcert=${certs.ca}`), encrypted)).toEqual([{ ssl: true }]);
    });

    it('verify-full without the CA names the certificate problem and sslrootcert', async () => {
      const error = await failure(url('127.0.0.1', 'sslmode=verify-full'));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toMatch(/^The connection to data source "cloud" at 127\.0\.0\.1:\d+ failed: the server's TLS certificate is not signed by a certificate authority this process trusts/);
      expect((error as ConnectionError).hint).toContain('sslrootcert=/path/to/ca.pem');
    });

    it('verify-full refuses an address the certificate does not name; verify-ca accepts it', async () => {
      const error = await failure(url('127.0.0.2', `sslmode=verify-full&sslrootcert=${certs.ca}`));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toContain('the host name in the url is not one the server\'s TLS certificate names');
      expect((error as ConnectionError).hint).toContain('sslmode=verify-ca');
      expect(await query(url('127.0.0.2', `sslmode=verify-ca&sslrootcert=${certs.ca}`), encrypted)).toEqual([{ ssl: true }]);
    });

    it('require with sslrootcert checks the certificate (libpq: as verify-ca)', async () => {
      const other = makeCertificates();
      try {
        const error = await failure(url('127.0.0.1', `sslmode=require&sslrootcert=${other.ca}`));
        expect(error.message).toContain('not signed by a certificate authority this process trusts');
      } finally {
        rmSync(other.dir, { recursive: true, force: true });
      }
    });

    it('the default (prefer) encrypts where the server offers TLS and falls back to plain text where it does not', async () => {
      expect(await query(url('127.0.0.1', ''), encrypted)).toEqual([{ ssl: true }]);
      expect(await query({ type: 'postgres', url: TEST_DATABASE_URLS.postgres }, encrypted)).toEqual([{ ssl: false }]);
    });

    it('sslmode=disable against a TLS-only server says to ask for TLS', async () => {
      const error = await failure(url('127.0.0.1', 'sslmode=disable'));
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).hint).toContain('sslmode=require');
    });

    it('sslmode=require against a server without TLS never goes out in plain text', async () => {
      const plain = new URL(TEST_DATABASE_URLS.postgres);
      plain.searchParams.set('sslmode', 'require');
      const error = await failure({ type: 'postgres', url: plain.toString() });
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toContain('the url asks for TLS (sslmode) and the server does not offer it');
    });

    it('a FIFO or device as sslrootcert is refused at once, without reading it', async () => {
      const fifo = path.join(certs.dir, 'fifo');
      execFileSync('mkfifo', [fifo]);
      for (const file of [fifo, '/dev/zero']) {
        const error = await failure(url('127.0.0.1', `sslmode=verify-full&sslrootcert=${file}`));
        expect(error).toBeInstanceOf(ConfigurationError);
        expect(error.message).toBe(`sslrootcert=${file} in the url of data source "cloud" is not a regular file.`);
      }
    });

    it('an unknown sslmode names the modes', async () => {
      const error = await failure(url('127.0.0.1', 'sslmode=required'));
      expect(error).toBeInstanceOf(ConfigurationError);
      expect(error.message).toContain('sslmode=required');
      expect((error as ConfigurationError).hint).toContain('disable, allow, prefer, require, verify-ca, verify-full');
    });
  });

  describe('MariaDB', () => {
    const url = (user: string, params: string, host = '127.0.0.1') => ({ type: 'mysql', url: `mysql://${user}@${host}:${my.port}/mysql?${params}` }) as ConnectionConfig;
    const cipher = "SELECT VARIABLE_VALUE AS cipher FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'SSL_CIPHER'";
    const encryptedOn = async (config: ConnectionConfig) => String((await query(config, cipher))[0]?.cipher ?? '');

    it('ssl-mode=REQUIRED encrypts, for a user created REQUIRE SSL', async () => {
      expect(await encryptedOn(url('tls_user', 'ssl-mode=REQUIRED'))).not.toBe('');
    });

    it('VERIFY_IDENTITY with ssl-ca connects; VERIFY_CA without the CA names ssl-ca', async () => {
      expect(await encryptedOn(url('tls_user', `ssl-mode=VERIFY_IDENTITY&ssl-ca=${certs.ca}`))).not.toBe('');
      const error = await failure(url('tls_user', 'ssl-mode=VERIFY_CA'));
      expect(error).toBeInstanceOf(ConnectionError);
      expect((error as ConnectionError).hint).toContain('ssl-ca=/path/to/ca.pem');
    });

    it('VERIFY_IDENTITY refuses an address the certificate does not name; VERIFY_CA accepts it', async () => {
      const error = await failure(url('tls_user', `ssl-mode=VERIFY_IDENTITY&ssl-ca=${certs.ca}`, '127.0.0.2'));
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toContain("the host name in the url is not one the server's TLS certificate names");
      expect((error as ConnectionError).hint).toContain('ssl-mode=VERIFY_CA');
      expect(await encryptedOn(url('tls_user', `ssl-mode=VERIFY_CA&ssl-ca=${certs.ca}`, '127.0.0.2'))).not.toBe('');
    });

    it('the default (PREFERRED) encrypts where the server offers TLS and falls back where it does not', async () => {
      expect(await encryptedOn(url('tls_user', ''))).not.toBe('');
      expect(await encryptedOn({ type: 'mysql', url: TEST_DATABASE_URLS.mysql })).toBe('');
    });

    it('REQUIRED against a server without TLS never goes out in plain text', async () => {
      const plain = new URL(TEST_DATABASE_URLS.mysql);
      plain.searchParams.set('ssl-mode', 'REQUIRED');
      const error = await failure({ type: 'mysql', url: plain.toString() });
      expect(error).toBeInstanceOf(ConnectionError);
      expect(error.message).toContain('the url asks for TLS (ssl-mode) and the server does not offer it');
    });

    it('mysql2\'s ssl=true and libpq spellings work; DISABLED for a REQUIRE SSL user is a connection error', async () => {
      expect(await encryptedOn(url('tls_user', 'ssl=true'))).not.toBe('');
      expect(await encryptedOn(url('tls_user', `sslmode=verify-ca&ssl_ca=${certs.ca}`))).not.toBe('');
      expect(await failure(url('tls_user', 'ssl-mode=DISABLED'))).toBeInstanceOf(ConnectionError);
    });
  });
});

describe.runIf(await databaseAvailable('postgres') && await databaseAvailable('mysql'))('the default TLS mode on a server without TLS', () => {
  it.each(['postgres', 'mysql'] as const)('%s: many first queries at once all fall back to plain text together', async (type) => {
    const db = (await loadDialect(type)).connect({ type, url: TEST_DATABASE_URLS[type] } as ConnectionConfig, { logger: silentLogger, datasourceName: 'plain', poolSize: 4 });
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => db.query(`SELECT ${i} AS n`)));
      expect(answers.map((rows) => Number(rows[0]?.n))).toEqual(Array.from({ length: 12 }, (_, i) => i));
    } finally {
      await db.close();
    }
  });

  it('postgres: a session goes on in plain text on the socket the server refused TLS on, and later sessions do not ask again', async () => {
    const relay = await startTcpRelay(TEST_DATABASE_URLS.postgres, 5432);
    const db = (await loadDialect('postgres')).connect({ type: 'postgres', url: relay.url }, { logger: silentLogger, datasourceName: 'plain', poolSize: 4 });
    try {
      expect(await db.query('SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()')).toEqual([{ ssl: false }]);
      expect(relay.accepted()).toBe(1);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => db.query(`SELECT ${i} AS n, pg_sleep(0.05)::text AS slept`)));
      expect(answers.map((rows) => Number(rows[0]?.n))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(relay.accepted()).toBe(4);
      const SSL_REQUEST = Buffer.from([0, 0, 0, 8, 0x04, 0xd2, 0x16, 0x2f]);
      expect(relay.firstChunks.filter((first) => first.subarray(0, 8).equals(SSL_REQUEST))).toHaveLength(1);
    } finally {
      await db.close();
      await relay.close();
    }
  });

  it('mysql: the first connection goes on in plain text when the greeting offers no TLS, and later connections do not ask', async () => {
    const relay = await startTcpRelay(TEST_DATABASE_URLS.mysql, 3306);
    const db = (await loadDialect('mysql')).connect({ type: 'mysql', url: relay.url }, { logger: silentLogger, datasourceName: 'plain', poolSize: 4 });
    try {
      const cipher = "SELECT VARIABLE_VALUE AS cipher FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'SSL_CIPHER'";
      expect(await db.query(cipher)).toEqual([{ cipher: '' }]);
      expect(relay.accepted()).toBe(1);
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => db.query(`SELECT ${i} AS n, SLEEP(0.05) AS slept`)));
      expect(answers.map((rows) => Number(rows[0]?.n))).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect(relay.accepted()).toBe(4);
    } finally {
      await db.close();
      await relay.close();
    }
  });
});
