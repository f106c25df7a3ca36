/**
 * How a URL's TLS parameters become driver options, before any connection: libpq's sslmode for
 * PostgreSQL, the mysql client's ssl-mode for MySQL/MariaDB, and the parameters taken out of the URL
 * the driver sees (so node-pg never reads a file or overrides them).
 */
import { describe, expect, it } from 'vitest';
import { mysqlTls } from '../../../src/dialects/mysql/tls.js';
import { postgresTls } from '../../../src/dialects/postgres/tls.js';
import { ConfigurationError } from '../../../src/shared/errors.js';

describe('PostgreSQL sslmode', () => {
  it('defaults to prefer: encrypted when offered, unchecked, with a plain-text fallback', async () => {
    const tls = await postgresTls('postgres://u@db.example.com/app', 'warehouse', {});
    expect(tls).toEqual({ connectionString: 'postgres://u@db.example.com/app', ssl: { rejectUnauthorized: false }, mode: 'prefer', plainFallback: true });
  });

  it('takes PGSSLMODE as the default, and the URL over it', async () => {
    expect((await postgresTls('postgres://u@h/app', 'w', { PGSSLMODE: 'disable' })).ssl).toBe(false);
    expect((await postgresTls('postgres://u@h/app?sslmode=require', 'w', { PGSSLMODE: 'disable' })).mode).toBe('require');
  });

  it('checks the certificate and host name only for verify-full; verify-ca skips the name', async () => {
    const full = await postgresTls('postgres://u@h/app?sslmode=verify-full', 'w', {});
    expect(full.ssl).toEqual({ rejectUnauthorized: true });
    const ca = await postgresTls('postgres://u@h/app?sslmode=verify-ca', 'w', {});
    expect(ca.ssl && ca.ssl.rejectUnauthorized).toBe(true);
    expect(ca.ssl && ca.ssl.checkServerIdentity?.('h', {} as never)).toBeUndefined();
    expect(ca.plainFallback).toBe(false);
  });

  it('removes every TLS parameter from the URL node-pg parses, keeping the others', async () => {
    const tls = await postgresTls('postgres://u:p@h:6543/app?sslmode=require&application_name=x&sslcrl=&ssl=true', 'w', {});
    expect(tls.connectionString).toBe('postgres://u:p@h:6543/app?application_name=x');
  });

  it("reads node-pg's ssl=true as verify-full and ssl=no-verify as require", async () => {
    expect((await postgresTls('postgres://u@h/app?ssl=true', 'w', {})).mode).toBe('verify-full');
    expect((await postgresTls('postgres://u@h/app?ssl=no-verify', 'w', {})).mode).toBe('require');
  });

  it('never uses TLS over a Unix socket', async () => {
    expect((await postgresTls('postgres:///app?host=/var/run/postgresql&sslmode=require', 'w', {})).ssl).toBe(false);
  });

  it('refuses a missing certificate file, naming the setting and the data source', async () => {
    await expect(postgresTls('postgres://u@h/app?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem', 'warehouse', {})).rejects.toThrow(ConfigurationError);
    await expect(postgresTls('postgres://u@h/app?sslmode=verify-full&sslrootcert=/nonexistent/ca.pem', 'warehouse', {})).rejects.toThrow(
      'Cannot read sslrootcert=/nonexistent/ca.pem in the url of data source "warehouse" (ENOENT).',
    );
  });
});

describe('MySQL/MariaDB ssl-mode', () => {
  it('defaults to PREFERRED, and to VERIFY_CA when ssl-ca is given (as the mysql client does)', async () => {
    expect(await mysqlTls('mysql://u@h/app', 'w')).toMatchObject({ mode: 'PREFERRED', plainFallback: true, ssl: { rejectUnauthorized: false } });
    await expect(mysqlTls('mysql://u@h/app?ssl-ca=/nonexistent.pem', 'w')).rejects.toThrow('ssl-ca=/nonexistent.pem');
  });

  it('reads every spelling of the names and libpq spellings of the modes', async () => {
    for (const query of ['ssl-mode=VERIFY_IDENTITY', 'ssl_mode=verify_identity', 'sslmode=verify-full', 'sslMode=VERIFY-IDENTITY']) {
      const tls = await mysqlTls(`mysql://u@h/app?${query}&charset=utf8mb4`, 'w');
      expect(tls.mode).toBe('VERIFY_IDENTITY');
      expect(tls.ssl).toEqual({ rejectUnauthorized: true, verifyIdentity: true });
      expect(tls.uri).toBe('mysql://u@h/app?charset=utf8mb4');
    }
  });

  it("keeps mysql2's ssl={json} as it is, and reads ssl=true as REQUIRED", async () => {
    expect(await mysqlTls('mysql://u@h/app?ssl={"rejectUnauthorized":true}', 'w')).toMatchObject({ mode: 'custom', ssl: { rejectUnauthorized: true } });
    expect((await mysqlTls('mysql://u@h/app?ssl=true', 'w')).mode).toBe('REQUIRED');
  });

  it('names the modes when one is misspelt', async () => {
    await expect(mysqlTls('mysql://u@h/app?ssl-mode=ON', 'w')).rejects.toThrow('ssl-mode=ON in the url of data source "w" is not a MySQL SSL mode.');
  });
});
